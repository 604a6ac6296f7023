import{a as t}from"./chunk.OBX55XBE.js";import{r as i}from"./chunk.N7NUIOLM.js";import"./chunk.CSRHGKTO.js";function e(){return i(t,{title:"ApiKeys"})}export{e as ApiKeys};
