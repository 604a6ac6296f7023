import{a as i}from"./chunk.OBX55XBE.js";import{r as t}from"./chunk.N7NUIOLM.js";import"./chunk.CSRHGKTO.js";function o(){return t(i,{title:"Settings"})}export{o as Settings};
