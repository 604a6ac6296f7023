import{a as t}from"./chunk.CCICZVEW.js";import{p as o}from"./chunk.GN2CFGHL.js";import"./chunk.CSRHGKTO.js";function e(){return o(t,{title:"Webhooks"})}export{e as Webhooks};
