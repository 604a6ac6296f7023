import{a as i}from"./chunk.OLP6LBAL.js";import{p as t}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function u(){return t(i,{title:"Audit"})}export{u as Audit};
