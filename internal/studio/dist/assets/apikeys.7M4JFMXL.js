import{a as t}from"./chunk.CCICZVEW.js";import{p as i}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function e(){return i(t,{title:"ApiKeys"})}export{e as ApiKeys};
