import{a as i}from"./chunk.OLP6LBAL.js";import{p as o}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function e(){return o(i,{title:"Video"})}export{e as Video};
