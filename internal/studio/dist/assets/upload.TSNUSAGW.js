import{a as t}from"./chunk.OLP6LBAL.js";import{p as o}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function i(){return o(t,{title:"Upload"})}export{i as Upload};
