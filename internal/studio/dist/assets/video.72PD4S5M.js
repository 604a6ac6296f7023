import{a as i}from"./chunk.IU3KHG62.js";import{t as o}from"./chunk.LQKK7EJF.js";import"./chunk.CSRHGKTO.js";function e(){return o(i,{title:"Video"})}export{e as Video};
