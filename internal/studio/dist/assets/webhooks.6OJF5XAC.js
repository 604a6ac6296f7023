import{a as t}from"./chunk.6CGPPMQI.js";import{p as o}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function e(){return o(t,{title:"Webhooks"})}export{e as Webhooks};
