import{a as i}from"./chunk.CCICZVEW.js";import{p as t}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function l(){return t(i,{title:"Analytics"})}export{l as Analytics};
