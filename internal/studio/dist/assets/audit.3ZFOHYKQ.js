import{a as i}from"./chunk.MRBRA3TO.js";import{t}from"./chunk.LHMPOLTL.js";import"./chunk.CSRHGKTO.js";function u(){return t(i,{title:"Audit"})}export{u as Audit};
