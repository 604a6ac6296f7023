import{a as i}from"./chunk.OLP6LBAL.js";import{p as t}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function l(){return t(i,{title:"Analytics"})}export{l as Analytics};
