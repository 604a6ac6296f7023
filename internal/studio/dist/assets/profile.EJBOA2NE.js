import{a as i}from"./chunk.CCICZVEW.js";import{p as o}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function t(){return o(i,{title:"Profile"})}export{t as Profile};
