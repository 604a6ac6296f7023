import{a as t}from"./chunk.MRBRA3TO.js";import{t as o}from"./chunk.LHMPOLTL.js";import"./chunk.CSRHGKTO.js";function i(){return o(t,{title:"Upload"})}export{i as Upload};
