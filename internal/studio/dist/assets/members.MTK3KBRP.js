import{a as r}from"./chunk.MRBRA3TO.js";import{t as e}from"./chunk.LHMPOLTL.js";import"./chunk.CSRHGKTO.js";function o(){return e(r,{title:"Members"})}export{o as Members};
