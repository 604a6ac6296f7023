import{a as k,b as T,f as D}from"./chunk.CSRHGKTO.js";var p,s,j,N,L=Object.is,$=0,K=[],A=[],l=T,M=l.__b,B=l.__r,z=l.diffed,J=l.__c,Q=l.unmount,U=l.__;function m(e,n){l.__h&&l.__h(s,e,$||n),$=0;var t=s.__H||(s.__H={__:[],__h:[]});return e>=t.__.length&&t.__.push({}),t.__[e]}function h(e){return $=1,ae(Z,e)}function ae(e,n,t){var r=m(p++,2);if(r.t=e,!r.__c&&(r.__=[t?t(n):Z(void 0,n),function(i){var u=(r.__N||r.__)[0],c=r.t(u,i);L(u,c)||(r.__N=[c,r.__[1]],r.__c.setState({}))}],r.__c=s,!s.__f)){s.__f=!0;var o=s.shouldComponentUpdate;s.shouldComponentUpdate=function(i,u,c){var f=this.__H;if(!f)return!0;var d=!1,v=this.props!=i;if(f.__.some(function(C){C.__N&&(d=!0,L(C.__[0],C.__N[0])||(v=!0))}),o){var V=o.call(this,i,u,c);return d?V||v:V}return!d||v}}return r.__}function y(e,n){var t=m(p++,3);!l.__s&&R(t.__H,n)&&(t.__P=!0,t.__=e,t.u=n,s.__H.__h.push(t))}function he(e,n){var t=m(p++,4);!l.__s&&R(t.__H,n)&&(t.__P=!1,t.__=e,t.u=n,s.__h.push(t))}function P(e){return $=5,W(function(){return{current:e}},[])}function W(e,n){var t=m(p++,7);return R(t.__H,n)&&(t.__=e(),t.__H=n),t.__}function E(e,n){return $=8,W(function(){return e},n)}function ye(e){var n=s.context[e.__c],t=m(p++,9);return t.c=e,n?(t.__==null&&(t.__=!0,n.sub(s)),n.props.value):e.__}function F(){var e=m(p++,11);if(!e.__){for(var n=s.__v;!n.__m&&n.__;)n=n.__;var t=n.__m||(n.__m=[0,0]);e.__="P"+t[0]+"-"+t[1]++}return e.__}function se(){var e;do{for(;e=A.shift();)try{b(e)}catch(t){l.__e(t,{__:(e=e.__P)&&e.__v})}for(;e=K.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(b),n.__h.some(O),n.__h=[]}catch(t){n.__h=[],l.__e(t,e.__v)}}}while(A.length)}l.__b=function(e){s=null,M&&M(e)},l.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),U&&U(e,n)},l.__r=function(e){B&&B(e),p=0;var n=(s=e.__c).__H;n&&(j==s?s.__h=[]:(n.__h.some(b),n.__h.some(O),p=0),n.__h=[],n.__.some(function(t){t.__N&&(t.__=t.__N),t.u=t.__N=void 0})),j=s},l.diffed=function(e){z&&z(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&X(K.push(n)),n.__H.__.some(function(t){t.u&&(t.__H=t.u)})),j=s=null},l.__c=function(e,n){n.some(function(t){try{t.__h.some(b),t.__h=t.__h.filter(function(r){return!r.__||O(r)})}catch(r){t.__h=[function(){throw r}]}}),J&&J(e,n)},l.unmount=function(e){Q&&Q(e);var n,t,r=e.__c;r&&r.__H&&(r.__H.__.some(function(o){try{if(o.__P&&o.__c){if(t===void 0){for(t=e.__;t&&(!t.__c||!t.__c.__P);)t=t.__;t=t&&t.__c}o.__P=t,X(A.push(o))}else b(o)}catch(i){n=i}}),r.__H=void 0,n&&l.__e(n,r.__v))};var G=typeof requestAnimationFrame=="function";function ue(e){var n,t=function(){clearTimeout(r),G&&cancelAnimationFrame(n),setTimeout(e)},r=setTimeout(t,35);G&&(n=requestAnimationFrame(t))}function X(e){e!=1&&N==l.requestAnimationFrame||((N=l.requestAnimationFrame)||ue)(se)}function b(e){var n=s,t=e.__c;typeof t=="function"&&(e.__c=void 0,t()),s=n}function O(e){var n=s;e.__c=e.__(),s=n}function R(e,n){return!e||e.length!=n.length||n.some(function(t,r){return!L(t,e[r])})}function Z(e,n){return typeof n=="function"?n(e):n}function x(e){let n=e,t=new Set;return{get:()=>n,set(r){n=r,t.forEach(o=>o(r))},subscribe(r){return t.add(r),()=>t.delete(r)}}}function Y(e){let[n,t]=h(e.get());return y(()=>e.subscribe(t),[e]),n}var S="vidra.studio.session";function ee(){try{let e=JSON.parse(localStorage.getItem(S)||"null");return e&&e.accessToken&&e.refreshToken?e:null}catch{return null}}var _=x(ee());function ne(e){localStorage.setItem(S,JSON.stringify({accessToken:e.accessToken,refreshToken:e.refreshToken})),_.set({accessToken:e.accessToken,refreshToken:e.refreshToken})}function te(){localStorage.removeItem(S),_.set(null)}function Ie(){let e=_.get();if(!e)return"";try{let n=e.accessToken.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(n)).org||""}catch{return""}}addEventListener("storage",e=>{e.key===S&&_.set(ee())});var re={Login:`mutation Login($email: String!, $password: String!) {
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
}`,LibraryVideos:`query LibraryVideos($first: Int!, $after: Cursor, $orderBy: VideoOrder, $where: VideoWhereInput) {
  videos(first: $first, after: $after, orderBy: $orderBy, where: $where) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        ...LibraryVideoRow
      }
    }
  }
}

fragment LibraryVideoRow on Video {
  id
  title
  status
  duration
  size
  createdAt
  folderID
  thumbnailURL(width: 160)
  tags(first: 10, orderBy: {field: NAME, direction: ASC}) {
    totalCount
    edges {
      node {
        id
        name
      }
    }
  }
}`,LibraryFolderTree:`query LibraryFolderTree($projectID: ID!) {
  folderTree(projectID: $projectID) {
    id
    name
    parentID
    depth
    path
    childCount
    videoCount
  }
}`,LibraryTags:`query LibraryTags($projectID: ID!) {
  tags(
    first: 100
    where: {projectID: $projectID}
    orderBy: {field: NAME, direction: ASC}
  ) {
    totalCount
    edges {
      node {
        id
        name
      }
    }
  }
}`,LibraryCreateFolder:`mutation LibraryCreateFolder($input: CreateFolderInput!) {
  createFolder(input: $input) {
    id
    name
  }
}`,LibraryRenameFolder:`mutation LibraryRenameFolder($id: ID!, $projectID: ID!, $name: String!) {
  updateFolder(id: $id, projectID: $projectID, input: {name: $name}) {
    id
    name
  }
}`,LibraryMoveFolder:`mutation LibraryMoveFolder($id: ID!, $toFolderID: ID, $projectID: ID!) {
  moveFolder(id: $id, toFolderID: $toFolderID, projectID: $projectID) {
    id
    parentID
  }
}`,LibraryDeleteFolder:`mutation LibraryDeleteFolder($id: ID!, $contents: FolderContentAction!, $projectID: ID!) {
  deleteFolder(id: $id, contents: $contents, projectID: $projectID)
}`,LibraryMoveVideos:`mutation LibraryMoveVideos($projectID: ID!, $videoIDs: [ID!]!, $folderID: ID) {
  assignVideosToFolder(
    projectID: $projectID
    videoIDs: $videoIDs
    folderID: $folderID
  ) {
    id
    folderID
  }
}`,LibraryDeleteVideo:`mutation LibraryDeleteVideo($id: ID!, $projectID: ID!) {
  deleteVideo(id: $id, projectID: $projectID)
}`,LibraryTagVideo:`mutation LibraryTagVideo($id: ID!, $projectID: ID!, $tagID: ID!) {
  updateVideo(id: $id, projectID: $projectID, input: {addTagIDs: [$tagID]}) {
    id
  }
}`,LibraryCreateTag:`mutation LibraryCreateTag($input: CreateTagInput!) {
  createTag(input: $input) {
    id
    name
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
}`};var g=class extends Error{constructor(t,r,o="",i=0){super(t);k(this,"code");k(this,"field");k(this,"retryAfter");this.code=r,this.field=o,this.retryAfter=i}};async function H(e,n,t){let r={"Content-Type":"application/json"};t&&(r.Authorization="Bearer "+t);let o;try{o=await fetch("/graphql",{method:"POST",headers:r,body:JSON.stringify({operationName:e,query:re[e],variables:n})})}catch{throw new g("The server cannot be reached. Check your connection and try again.","NETWORK")}if(!(o.headers.get("Content-Type")||"").includes("json"))throw new g(`The server answered ${o.status}.`,"HTTP_"+o.status);return o.json()}var w=null;function ie(){let e=_.get();return e?(w??(w=H("RefreshToken",{refreshToken:e.refreshToken}).then(n=>n.data?.refreshToken?(ne(n.data.refreshToken),!0):(te(),!1)).catch(()=>!1).finally(()=>{w=null})),w):Promise.resolve(!1)}function le(e){try{return JSON.parse(atob(e.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))).exp-Date.now()/1e3}catch{return 0}}async function ce(){let e=_.get();return e&&le(e.accessToken)<60&&await ie(),_.get()?.accessToken}async function q(e,n={}){let t=e==="RefreshToken"||e==="Login"?void 0:await ce(),r=await H(e,n,t);if(r.errors?.[0]?.extensions?.code==="UNAUTHENTICATED"&&_.get()&&e!=="Login"&&await ie()&&(r=await H(e,n,_.get()?.accessToken)),r.errors?.length){let o=r.errors[0];throw new g(o.message,o.extensions?.code||"ERROR",o.extensions?.field||"",o.extensions?.retryAfter||0)}return r.data}var oe=null;function we(){oe?.dispose(),oe=null}var de=Symbol.for("pv"),fe=0;function a(e,n,t,r,o,i){n||(n={});var u,c,f=n;if("ref"in f&&typeof e!="function")for(c in f={},n)c=="ref"?u=n[c]:f[c]=n[c];var d={type:e,props:f,key:t,ref:u,__k:null,__:null,__b:0,__e:null,__c:null,constructor:de,__v:--fe,__i:-1,__u:0};return(o||i)&&(d.__source=o,d.__self=i),T.vnode&&T.vnode(d),d}function Re(e){return y(()=>{document.title=`${e.title} · Vidra Studio`},[e.title]),a("section",{class:"page","aria-labelledby":"page-title",children:[a("header",{class:"page-head",children:[a("h1",{id:"page-title",tabIndex:-1,children:e.title}),e.actions&&a("div",{class:"page-actions",children:e.actions})]}),e.children]})}function He(e){let{label:n,error:t,hint:r,...o}=e,i=F(),u=_e(t,e.name);return a("div",{class:"field",children:[a("label",{for:i,children:n}),a("input",{id:i,...o,"aria-invalid":u?"true":void 0,"aria-describedby":u?i+"-err":r?i+"-hint":void 0}),r&&!u&&a("small",{id:i+"-hint",children:r}),u&&a("small",{id:i+"-err",class:"error-text",children:u})]})}function qe(e){let{label:n,options:t,...r}=e,o=F();return a("div",{class:"field",children:[a("label",{for:o,children:n}),a("select",{id:o,...r,children:t.map(([i,u])=>a("option",{value:i,children:u},i))})]})}function _e(e,n){return e?typeof e=="string"?e:e instanceof g&&e.field&&n&&e.field.split(".").pop()===n?e.message:"":""}function pe(e){let n=e.error;if(!n||n instanceof g&&n.field&&e.fields?.includes(n.field.split(".").pop()||""))return null;let t=n instanceof Error?n.message:String(n);return a("p",{class:"error-box",role:"alert",children:t})}function Ve(e){let{busy:n,kind:t="plain",children:r,...o}=e;return a("button",{type:"button",class:`btn btn-${t}`,disabled:n||o.disabled,"aria-busy":n?"true":void 0,...o,children:r})}var I=x([]),ge=0;function Ne(e){let n=++ge;I.set([...I.get(),{id:n,text:e}]),setTimeout(()=>I.set(I.get().filter(t=>t.id!==n)),4e3)}function Me(){let e=Y(I);return a("div",{class:"toasts",role:"status","aria-live":"polite",children:e.map(n=>a("div",{class:"toast",children:n.text},n.id))})}function Be(e,n={},t=!1){let[r,o]=h({data:null,error:null,loading:!t}),i=JSON.stringify(n),u=P(0),c=E(async()=>{if(t)return;let f=++u.current;o(d=>({...d,loading:!0}));try{let d=await q(e,JSON.parse(i));f===u.current&&o({data:d,error:null,loading:!1})}catch(d){f===u.current&&o(v=>({data:v.data,error:d,loading:!1}))}},[e,i,t]);return y(()=>{c()},[c]),{...r,reload:c}}function ze(e){let[n,t]=h(!1),[r,o]=h(null);return{run:E(async(u={})=>{t(!0),o(null);try{return await q(e,u)}catch(c){return o(c),null}finally{t(!1)}},[e]),busy:n,error:r,setError:o}}function Je(e){return e.q.error&&!e.q.data?a(pe,{error:e.q.error}):e.q.data?a(D,{children:e.children()}):a("p",{class:"muted","aria-busy":"true",children:"Loading…"})}function Qe(e){let n=P(null);return y(()=>{let t=n.current;t&&(e.open&&!t.open&&t.showModal(),!e.open&&t.open&&t.close())},[e.open]),a("dialog",{ref:n,"aria-label":e.title,onClose:e.onClose,children:[a("h2",{children:e.title}),e.open&&e.children]})}function Ue(e){return e?new Date(e).toLocaleString():"—"}function Ge(e){if(e==null)return"—";let n=["B","KB","MB","GB","TB"],t=0,r=e;for(;r>=1024&&t<n.length-1;)r/=1024,t++;return`${r.toFixed(t?1:0)} ${n[t]}`}function Xe(e){if(e==null)return"—";let n=Math.round(e),t=Math.floor(n/3600),r=Math.floor(n%3600/60),o=n%60,i=t?String(r).padStart(2,"0"):String(r);return(t?t+":":"")+i+":"+String(o).padStart(2,"0")}export{h as a,ae as b,y as c,he as d,P as e,W as f,ye as g,F as h,Y as i,_ as j,ne as k,te as l,Ie as m,q as n,we as o,a as p,Re as q,He as r,qe as s,pe as t,Ve as u,Ne as v,Me as w,Be as x,ze as y,Je as z,Qe as A,Ue as B,Ge as C,Xe as D};
