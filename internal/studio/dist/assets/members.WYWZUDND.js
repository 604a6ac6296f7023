import{a as r}from"./chunk.6CGPPMQI.js";import{p as e}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function o(){return e(r,{title:"Members"})}export{o as Members};
