import{a as t}from"./chunk.MRBRA3TO.js";import{t as o}from"./chunk.LHMPOLTL.js";import"./chunk.CSRHGKTO.js";function e(){return o(t,{title:"Webhooks"})}export{e as Webhooks};
