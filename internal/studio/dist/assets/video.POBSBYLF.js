import{a as i}from"./chunk.OBX55XBE.js";import{r as o}from"./chunk.N7NUIOLM.js";import"./chunk.CSRHGKTO.js";function e(){return o(i,{title:"Video"})}export{e as Video};
