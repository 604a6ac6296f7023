import{a as t}from"./chunk.IU3KHG62.js";import{t as o}from"./chunk.LQKK7EJF.js";import"./chunk.CSRHGKTO.js";function i(){return o(t,{title:"Upload"})}export{i as Upload};
