import{a as i}from"./chunk.OLP6LBAL.js";import{p as r}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function o(){return r(i,{title:"Library"})}export{o as Library};
