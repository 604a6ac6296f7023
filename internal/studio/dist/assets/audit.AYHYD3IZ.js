import{a as i}from"./chunk.OBX55XBE.js";import{r as t}from"./chunk.N7NUIOLM.js";import"./chunk.CSRHGKTO.js";function u(){return t(i,{title:"Audit"})}export{u as Audit};
