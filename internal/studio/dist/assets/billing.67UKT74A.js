import{a as l}from"./chunk.OBX55XBE.js";import{r as i}from"./chunk.N7NUIOLM.js";import"./chunk.CSRHGKTO.js";function t(){return i(l,{title:"Billing"})}export{t as Billing};
