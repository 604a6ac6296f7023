import{a as i}from"./chunk.CCICZVEW.js";import{p as t}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function o(){return t(i,{title:"Settings"})}export{o as Settings};
