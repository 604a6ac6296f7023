import{a as i}from"./chunk.6CGPPMQI.js";import{p as o}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function e(){return o(i,{title:"Video"})}export{e as Video};
