import{a as i}from"./chunk.6CGPPMQI.js";import{p as t}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function u(){return t(i,{title:"Audit"})}export{u as Audit};
