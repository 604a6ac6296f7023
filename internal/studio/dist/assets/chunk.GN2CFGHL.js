import{a as S,b as T,f as w}from"./chunk.CSRHGKTO.js";var p,s,A,F,E=Object.is,k=0,X=[],H=[],a=T,M=a.__b,D=a.__r,z=a.diffed,J=a.__c,V=a.unmount,Q=a.__;function m(e,n){a.__h&&a.__h(s,e,k||n),k=0;var t=s.__H||(s.__H={__:[],__h:[]});return e>=t.__.length&&t.__.push({}),t.__[e]}function h(e){return k=1,se(Z,e)}function se(e,n,t){var r=m(p++,2);if(r.t=e,!r.__c&&(r.__=[t?t(n):Z(void 0,n),function(i){var l=(r.__N||r.__)[0],c=r.t(l,i);E(l,c)||(r.__N=[c,r.__[1]],r.__c.setState({}))}],r.__c=s,!s.__f)){s.__f=!0;var o=s.shouldComponentUpdate;s.shouldComponentUpdate=function(i,l,c){var _=this.__H;if(!_)return!0;var f=!1,v=this.props!=i;if(_.__.some(function($){$.__N&&(f=!0,E($.__[0],$.__N[0])||(v=!0))}),o){var B=o.call(this,i,l,c);return f?B||v:B}return!f||v}}return r.__}function y(e,n){var t=m(p++,3);!a.__s&&L(t.__H,n)&&(t.__P=!0,t.__=e,t.u=n,s.__H.__h.push(t))}function he(e,n){var t=m(p++,4);!a.__s&&L(t.__H,n)&&(t.__P=!1,t.__=e,t.u=n,s.__h.push(t))}function R(e){return k=5,K(function(){return{current:e}},[])}function K(e,n){var t=m(p++,7);return L(t.__H,n)&&(t.__=e(),t.__H=n),t.__}function I(e,n){return k=8,K(function(){return e},n)}function ye(e){var n=s.context[e.__c],t=m(p++,9);return t.c=e,n?(t.__==null&&(t.__=!0,n.sub(s)),n.props.value):e.__}function W(){var e=m(p++,11);if(!e.__){for(var n=s.__v;!n.__m&&n.__;)n=n.__;var t=n.__m||(n.__m=[0,0]);e.__="P"+t[0]+"-"+t[1]++}return e.__}function ae(){var e;do{for(;e=H.shift();)try{b(e)}catch(t){a.__e(t,{__:(e=e.__P)&&e.__v})}for(;e=X.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(b),n.__h.some(j),n.__h=[]}catch(t){n.__h=[],a.__e(t,e.__v)}}}while(H.length)}a.__b=function(e){s=null,M&&M(e)},a.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),Q&&Q(e,n)},a.__r=function(e){D&&D(e),p=0;var n=(s=e.__c).__H;n&&(A==s?s.__h=[]:(n.__h.some(b),n.__h.some(j),p=0),n.__h=[],n.__.some(function(t){t.__N&&(t.__=t.__N),t.u=t.__N=void 0})),A=s},a.diffed=function(e){z&&z(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&U(X.push(n)),n.__H.__.some(function(t){t.u&&(t.__H=t.u)})),A=s=null},a.__c=function(e,n){n.some(function(t){try{t.__h.some(b),t.__h=t.__h.filter(function(r){return!r.__||j(r)})}catch(r){t.__h=[function(){throw r}]}}),J&&J(e,n)},a.unmount=function(e){V&&V(e);var n,t,r=e.__c;r&&r.__H&&(r.__H.__.some(function(o){try{if(o.__P&&o.__c){if(t===void 0){for(t=e.__;t&&(!t.__c||!t.__c.__P);)t=t.__;t=t&&t.__c}o.__P=t,U(H.push(o))}else b(o)}catch(i){n=i}}),r.__H=void 0,n&&a.__e(n,r.__v))};var G=typeof requestAnimationFrame=="function";function ue(e){var n,t=function(){clearTimeout(r),G&&cancelAnimationFrame(n),setTimeout(e)},r=setTimeout(t,35);G&&(n=requestAnimationFrame(t))}function U(e){e!=1&&F==a.requestAnimationFrame||((F=a.requestAnimationFrame)||ue)(ae)}function b(e){var n=s,t=e.__c;typeof t=="function"&&(e.__c=void 0,t()),s=n}function j(e){var n=s;e.__c=e.__(),s=n}function L(e,n){return!e||e.length!=n.length||n.some(function(t,r){return!E(t,e[r])})}function Z(e,n){return typeof n=="function"?n(e):n}function C(e){let n=e,t=new Set;return{get:()=>n,set(r){n=r,t.forEach(o=>o(r))},subscribe(r){return t.add(r),()=>t.delete(r)}}}function Y(e){let[n,t]=h(e.get());return y(()=>e.subscribe(t),[e]),n}var O="vidra.studio.session";function ee(){try{let e=JSON.parse(localStorage.getItem(O)||"null");return e&&e.accessToken&&e.refreshToken?e:null}catch{return null}}var d=C(ee());function ne(e){localStorage.setItem(O,JSON.stringify({accessToken:e.accessToken,refreshToken:e.refreshToken})),d.set({accessToken:e.accessToken,refreshToken:e.refreshToken})}function te(){localStorage.removeItem(O),d.set(null)}function xe(){let e=d.get();if(!e)return"";try{let n=e.accessToken.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(n)).org||""}catch{return""}}addEventListener("storage",e=>{e.key===O&&d.set(ee())});var re={Login:`mutation Login($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    ...Tokens
  }
}

fragment Tokens on AuthPayload {
  accessToken
  refreshToken
  expiresIn
  user {
    id
    email
    name
  }
}`,Register:`mutation Register($input: RegisterInput!) {
  register(input: $input) {
    ...Tokens
  }
}

fragment Tokens on AuthPayload {
  accessToken
  refreshToken
  expiresIn
  user {
    id
    email
    name
  }
}`,RefreshToken:`mutation RefreshToken($refreshToken: String!) {
  refreshToken(refreshToken: $refreshToken) {
    ...Tokens
  }
}

fragment Tokens on AuthPayload {
  accessToken
  refreshToken
  expiresIn
  user {
    id
    email
    name
  }
}`,Logout:`mutation Logout {
  logout
}`,ForgotPassword:`mutation ForgotPassword($email: String!) {
  forgotPassword(email: $email)
}`,VerifyPasswordResetOtp:`mutation VerifyPasswordResetOtp($email: String!, $otp: String!) {
  verifyPasswordResetOtp(email: $email, otp: $otp) {
    resetToken
    expiresIn
  }
}`,SetForgottenPassword:`mutation SetForgottenPassword($resetToken: String!, $password: String!) {
  setForgottenPassword(resetToken: $resetToken, password: $password)
}`,ResendOtp:`mutation ResendOtp($email: String!) {
  resendOtp(email: $email)
}`,OAuthRedirect:`mutation OAuthRedirect($provider: String!) {
  oauthRedirect(provider: $provider) {
    url
    state
  }
}`,OAuthCallback:`mutation OAuthCallback($provider: String!, $code: String!, $state: String) {
  oauthCallback(provider: $provider, code: $code, state: $state) {
    ...Tokens
  }
}

fragment Tokens on AuthPayload {
  accessToken
  refreshToken
  expiresIn
  user {
    id
    email
    name
  }
}`,Service:`query Service {
  service {
    name
    version
    oauthProviders
    captionEngine
  }
}`,Organizations:`query Organizations {
  organizations(first: 100) {
    edges {
      node {
        id
        name
      }
    }
  }
}`,SwitchOrganization:`mutation SwitchOrganization($id: ID!) {
  switchOrganization(id: $id) {
    accessToken
    refreshToken
    expiresIn
  }
}`,Projects:`query Projects {
  projects(first: 100, orderBy: {field: NAME, direction: ASC}) {
    edges {
      node {
        id
        name
        description
        createdAt
      }
    }
  }
}`,CreateProject:`mutation CreateProject($input: CreateProjectInput!) {
  createProject(input: $input) {
    id
    name
  }
}`};var g=class extends Error{constructor(t,r,o="",i=0){super(t);S(this,"code");S(this,"field");S(this,"retryAfter");this.code=r,this.field=o,this.retryAfter=i}};async function q(e,n,t){let r={"Content-Type":"application/json"};t&&(r.Authorization="Bearer "+t);let o;try{o=await fetch("/graphql",{method:"POST",headers:r,body:JSON.stringify({operationName:e,query:re[e],variables:n})})}catch{throw new g("The server cannot be reached. Check your connection and try again.","NETWORK")}if(!(o.headers.get("Content-Type")||"").includes("json"))throw new g(`The server answered ${o.status}.`,"HTTP_"+o.status);return o.json()}var P=null;function ie(){let e=d.get();return e?(P??(P=q("RefreshToken",{refreshToken:e.refreshToken}).then(n=>n.data?.refreshToken?(ne(n.data.refreshToken),!0):(te(),!1)).catch(()=>!1).finally(()=>{P=null})),P):Promise.resolve(!1)}function le(e){try{return JSON.parse(atob(e.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))).exp-Date.now()/1e3}catch{return 0}}async function ce(){let e=d.get();return e&&le(e.accessToken)<60&&await ie(),d.get()?.accessToken}async function N(e,n={}){let t=e==="RefreshToken"||e==="Login"?void 0:await ce(),r=await q(e,n,t);if(r.errors?.[0]?.extensions?.code==="UNAUTHENTICATED"&&d.get()&&e!=="Login"&&await ie()&&(r=await q(e,n,d.get()?.accessToken)),r.errors?.length){let o=r.errors[0];throw new g(o.message,o.extensions?.code||"ERROR",o.extensions?.field||"",o.extensions?.retryAfter||0)}return r.data}var oe=null;function Pe(){oe?.dispose(),oe=null}var fe=Symbol.for("pv"),_e=0;function u(e,n,t,r,o,i){n||(n={});var l,c,_=n;if("ref"in _&&typeof e!="function")for(c in _={},n)c=="ref"?l=n[c]:_[c]=n[c];var f={type:e,props:_,key:t,ref:l,__k:null,__:null,__b:0,__e:null,__c:null,constructor:fe,__v:--_e,__i:-1,__u:0};return(o||i)&&(f.__source=o,f.__self=i),T.vnode&&T.vnode(f),f}function qe(e){return y(()=>{document.title=`${e.title} · Vidra Studio`},[e.title]),u("section",{class:"page","aria-labelledby":"page-title",children:[u("header",{class:"page-head",children:[u("h1",{id:"page-title",tabIndex:-1,children:e.title}),e.actions&&u("div",{class:"page-actions",children:e.actions})]}),e.children]})}function Ne(e){let{label:n,error:t,hint:r,...o}=e,i=W(),l=de(t,e.name);return u("div",{class:"field",children:[u("label",{for:i,children:n}),u("input",{id:i,...o,"aria-invalid":l?"true":void 0,"aria-describedby":l?i+"-err":r?i+"-hint":void 0}),r&&!l&&u("small",{id:i+"-hint",children:r}),l&&u("small",{id:i+"-err",class:"error-text",children:l})]})}function de(e,n){return e?typeof e=="string"?e:e instanceof g&&e.field&&n&&e.field.split(".").pop()===n?e.message:"":""}function pe(e){let n=e.error;if(!n||n instanceof g&&n.field&&e.fields?.includes(n.field.split(".").pop()||""))return null;let t=n instanceof Error?n.message:String(n);return u("p",{class:"error-box",role:"alert",children:t})}function Be(e){let{busy:n,kind:t="plain",children:r,...o}=e;return u("button",{type:"button",class:`btn btn-${t}`,disabled:n||o.disabled,"aria-busy":n?"true":void 0,...o,children:r})}var x=C([]),ge=0;function Fe(e){let n=++ge;x.set([...x.get(),{id:n,text:e}]),setTimeout(()=>x.set(x.get().filter(t=>t.id!==n)),4e3)}function Me(){let e=Y(x);return u("div",{class:"toasts",role:"status","aria-live":"polite",children:e.map(n=>u("div",{class:"toast",children:n.text},n.id))})}function De(e,n={},t=!1){let[r,o]=h({data:null,error:null,loading:!t}),i=JSON.stringify(n),l=R(0),c=I(async()=>{if(t)return;let _=++l.current;o(f=>({...f,loading:!0}));try{let f=await N(e,JSON.parse(i));_===l.current&&o({data:f,error:null,loading:!1})}catch(f){_===l.current&&o(v=>({data:v.data,error:f,loading:!1}))}},[e,i,t]);return y(()=>{c()},[c]),{...r,reload:c}}function ze(e){let[n,t]=h(!1),[r,o]=h(null);return{run:I(async(l={})=>{t(!0),o(null);try{return await N(e,l)}catch(c){return o(c),null}finally{t(!1)}},[e]),busy:n,error:r,setError:o}}function Je(e){return e.q.error&&!e.q.data?u(pe,{error:e.q.error}):e.q.data?u(w,{children:e.children()}):u("p",{class:"muted","aria-busy":"true",children:"Loading…"})}function Ve(e){let n=R(null);return y(()=>{let t=n.current;t&&(e.open&&!t.open&&t.showModal(),!e.open&&t.open&&t.close())},[e.open]),u("dialog",{ref:n,"aria-label":e.title,onClose:e.onClose,children:[u("h2",{children:e.title}),e.open&&e.children]})}function Qe(e){return e?new Date(e).toLocaleString():"—"}export{h as a,se as b,y as c,he as d,R as e,K as f,ye as g,W as h,Y as i,d as j,ne as k,te as l,xe as m,N as n,Pe as o,u as p,qe as q,Ne as r,pe as s,Be as t,Fe as u,Me as v,De as w,ze as x,Je as y,Ve as z,Qe as A};
