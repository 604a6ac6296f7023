import{a as t}from"./chunk.OBX55XBE.js";import{r as o}from"./chunk.N7NUIOLM.js";import"./chunk.CSRHGKTO.js";function i(){return o(t,{title:"Upload"})}export{i as Upload};
