import{a as i}from"./chunk.CCICZVEW.js";import{p as t}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function u(){return t(i,{title:"Audit"})}export{u as Audit};
