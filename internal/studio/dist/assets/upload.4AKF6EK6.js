import{a as t}from"./chunk.CCICZVEW.js";import{p as o}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function i(){return o(t,{title:"Upload"})}export{i as Upload};
