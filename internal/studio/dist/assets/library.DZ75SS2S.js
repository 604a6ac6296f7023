import{a as i}from"./chunk.CCICZVEW.js";import{p as r}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function o(){return r(i,{title:"Library"})}export{o as Library};
