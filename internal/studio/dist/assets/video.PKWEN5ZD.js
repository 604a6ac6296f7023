import{a as i}from"./chunk.CCICZVEW.js";import{p as o}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function e(){return o(i,{title:"Video"})}export{e as Video};
