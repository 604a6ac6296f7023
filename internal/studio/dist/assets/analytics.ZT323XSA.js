import{a as i}from"./chunk.6CGPPMQI.js";import{p as t}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function l(){return t(i,{title:"Analytics"})}export{l as Analytics};
