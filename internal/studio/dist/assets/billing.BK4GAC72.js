import{a as l}from"./chunk.CCICZVEW.js";import{p as i}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function t(){return i(l,{title:"Billing"})}export{t as Billing};
