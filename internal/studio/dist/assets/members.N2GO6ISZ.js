import{a as r}from"./chunk.OLP6LBAL.js";import{p as e}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function o(){return e(r,{title:"Members"})}export{o as Members};
