import{a as t}from"./chunk.OLP6LBAL.js";import{p as i}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function e(){return i(t,{title:"ApiKeys"})}export{e as ApiKeys};
