import{a as i}from"./chunk.OLP6LBAL.js";import{p as t}from"./chunk.JQRVSUGO.js";import"./chunk.CSRHGKTO.js";function o(){return t(i,{title:"Settings"})}export{o as Settings};
