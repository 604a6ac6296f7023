import{a as l}from"./chunk.6CGPPMQI.js";import{p as i}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function t(){return i(l,{title:"Billing"})}export{t as Billing};
