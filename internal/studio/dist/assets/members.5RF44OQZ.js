import{a as r}from"./chunk.CCICZVEW.js";import{p as e}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function o(){return e(r,{title:"Members"})}export{o as Members};
