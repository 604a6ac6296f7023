import{a as i}from"./chunk.OBX55XBE.js";import{r as o}from"./chunk.N7NUIOLM.js";import"./chunk.CSRHGKTO.js";function t(){return o(i,{title:"Profile"})}export{t as Profile};
