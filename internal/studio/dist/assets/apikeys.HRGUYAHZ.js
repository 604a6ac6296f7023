import{a as t}from"./chunk.MRBRA3TO.js";import{t as i}from"./chunk.LHMPOLTL.js";import"./chunk.CSRHGKTO.js";function e(){return i(t,{title:"ApiKeys"})}export{e as ApiKeys};
