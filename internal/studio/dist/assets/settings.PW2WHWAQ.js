import{a as i}from"./chunk.6CGPPMQI.js";import{p as t}from"./chunk.V5BENIM4.js";import"./chunk.CSRHGKTO.js";function o(){return t(i,{title:"Settings"})}export{o as Settings};
