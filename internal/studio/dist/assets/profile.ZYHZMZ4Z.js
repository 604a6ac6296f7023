import{a as i}from"./chunk.OLP6LBAL.js";import{p as o}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function t(){return o(i,{title:"Profile"})}export{t as Profile};
