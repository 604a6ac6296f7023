import{a as r}from"./chunk.OBX55XBE.js";import{r as e}from"./chunk.N7NUIOLM.js";import"./chunk.CSRHGKTO.js";function o(){return e(r,{title:"Members"})}export{o as Members};
