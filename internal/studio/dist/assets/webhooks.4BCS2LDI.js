import{a as t}from"./chunk.OLP6LBAL.js";import{p as o}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function e(){return o(t,{title:"Webhooks"})}export{e as Webhooks};
