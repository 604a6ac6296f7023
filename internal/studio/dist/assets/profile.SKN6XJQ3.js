import{a as i}from"./chunk.6CGPPMQI.js";import{p as o}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function t(){return o(i,{title:"Profile"})}export{t as Profile};
