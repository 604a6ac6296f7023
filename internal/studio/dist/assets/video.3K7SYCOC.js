import{a as i}from"./chunk.MRBRA3TO.js";import{t as o}from"./chunk.LHMPOLTL.js";import"./chunk.CSRHGKTO.js";function e(){return o(i,{title:"Video"})}export{e as Video};
