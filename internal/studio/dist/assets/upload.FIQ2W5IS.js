import{a as t}from"./chunk.6CGPPMQI.js";import{p as o}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function i(){return o(t,{title:"Upload"})}export{i as Upload};
