import{a as t}from"./chunk.6CGPPMQI.js";import{p as i}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function e(){return i(t,{title:"ApiKeys"})}export{e as ApiKeys};
