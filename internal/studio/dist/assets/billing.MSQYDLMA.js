import{a as l}from"./chunk.OLP6LBAL.js";import{p as i}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function t(){return i(l,{title:"Billing"})}export{t as Billing};
