import{a as x,b as W,f as ne}from"./chunk.CSRHGKTO.js";var A,f,ue,xe,le=Object.is,G=0,Oe=[],de=[],m=W,Le=m.__b,ke=m.__r,je=m.diffed,Ae=m.__c,Ee=m.unmount,Ce=m.__;function H(e,n){m.__h&&m.__h(f,e,G||n),G=0;var t=f.__H||(f.__H={__:[],__h:[]});return e>=t.__.length&&t.__.push({}),t.__[e]}function N(e){return G=1,Xe(Me,e)}function Xe(e,n,t){var r=H(A++,2);if(r.t=e,!r.__c&&(r.__=[t?t(n):Me(void 0,n),function(s){var d=(r.__N||r.__)[0],h=r.t(d,s);le(d,h)||(r.__N=[h,r.__[1]],r.__c.setState({}))}],r.__c=f,!f.__f)){f.__f=!0;var o=f.shouldComponentUpdate;f.shouldComponentUpdate=function(s,d,h){var D=this.__H;if(!D)return!0;var I=!1,P=this.props!=s;if(D.__.some(function(y){y.__N&&(I=!0,le(y.__[0],y.__N[0])||(P=!0))}),o){var X=o.call(this,s,d,h);return I?X||P:X}return!I||P}}return r.__}function B(e,n){var t=H(A++,3);!m.__s&&ye(t.__H,n)&&(t.__P=!0,t.__=e,t.u=n,f.__H.__h.push(t))}function yn(e,n){var t=H(A++,4);!m.__s&&ye(t.__H,n)&&(t.__P=!1,t.__=e,t.u=n,f.__h.push(t))}function fe(e){return G=5,Ne(function(){return{current:e}},[])}function Ne(e,n){var t=H(A++,7);return ye(t.__H,n)&&(t.__=e(),t.__H=n),t.__}function me(e,n){return G=8,Ne(function(){return e},n)}function gn(e){var n=f.context[e.__c],t=H(A++,9);return t.c=e,n?(t.__==null&&(t.__=!0,n.sub(f)),n.props.value):e.__}function te(){var e=H(A++,11);if(!e.__){for(var n=f.__v;!n.__m&&n.__;)n=n.__;var t=n.__m||(n.__m=[0,0]);e.__="P"+t[0]+"-"+t[1]++}return e.__}function Ze(){var e;do{for(;e=de.shift();)try{z(e)}catch(t){m.__e(t,{__:(e=e.__P)&&e.__v})}for(;e=Oe.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(z),n.__h.some(pe),n.__h=[]}catch(t){n.__h=[],m.__e(t,e.__v)}}}while(de.length)}m.__b=function(e){f=null,Le&&Le(e)},m.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),Ce&&Ce(e,n)},m.__r=function(e){ke&&ke(e),A=0;var n=(f=e.__c).__H;n&&(ue==f?f.__h=[]:(n.__h.some(z),n.__h.some(pe),A=0),n.__h=[],n.__.some(function(t){t.__N&&(t.__=t.__N),t.u=t.__N=void 0})),ue=f},m.diffed=function(e){je&&je(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&Re(Oe.push(n)),n.__H.__.some(function(t){t.u&&(t.__H=t.u)})),ue=f=null},m.__c=function(e,n){n.some(function(t){try{t.__h.some(z),t.__h=t.__h.filter(function(r){return!r.__||pe(r)})}catch(r){t.__h=[function(){throw r}]}}),Ae&&Ae(e,n)},m.unmount=function(e){Ee&&Ee(e);var n,t,r=e.__c;r&&r.__H&&(r.__H.__.some(function(o){try{if(o.__P&&o.__c){if(t===void 0){for(t=e.__;t&&(!t.__c||!t.__c.__P);)t=t.__;t=t&&t.__c}o.__P=t,Re(de.push(o))}else z(o)}catch(s){n=s}}),r.__H=void 0,n&&m.__e(n,r.__v))};var Pe=typeof requestAnimationFrame=="function";function Ye(e){var n,t=function(){clearTimeout(r),Pe&&cancelAnimationFrame(n),setTimeout(e)},r=setTimeout(t,35);Pe&&(n=requestAnimationFrame(t))}function Re(e){e!=1&&xe==m.requestAnimationFrame||((xe=m.requestAnimationFrame)||Ye)(Ze)}function z(e){var n=f,t=e.__c;typeof t=="function"&&(e.__c=void 0,t()),f=n}function pe(e){var n=f;e.__c=e.__(),f=n}function ye(e,n){return!e||e.length!=n.length||n.some(function(t,r){return!le(t,e[r])})}function Me(e,n){return typeof n=="function"?n(e):n}function re(e){let n=e,t=new Set;return{get:()=>n,set(r){n=r,t.forEach(o=>o(r))},subscribe(r){return t.add(r),()=>t.delete(r)}}}function qe(e){let[n,t]=N(e.get());return B(()=>e.subscribe(t),[e]),n}var oe="vidra.studio.session";function Fe(){try{let e=JSON.parse(localStorage.getItem(oe)||"null");return e&&e.accessToken&&e.refreshToken?e:null}catch{return null}}var L=re(Fe());function He(e){localStorage.setItem(oe,JSON.stringify({accessToken:e.accessToken,refreshToken:e.refreshToken})),L.set({accessToken:e.accessToken,refreshToken:e.refreshToken})}function Be(){localStorage.removeItem(oe),L.set(null)}function Sn(){let e=L.get();if(!e)return"";try{let n=e.accessToken.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(n)).org||""}catch{return""}}addEventListener("storage",e=>{e.key===oe&&L.set(Fe())});var ge={AnalyticsDataset:`query AnalyticsDataset($projectId: ID!, $query: AnalyticsQueryInput!) {
  analytics(projectId: $projectId, query: $query) {
    startTime
    endTime
    granularity
    metrics {
      ...AnalyticsMetricRows
    }
  }
}

fragment AnalyticsMetricRows on AnalyticsMetricResult {
  name
  groupBys
  total
  rows {
    keys {
      dimension
      value
    }
    value
  }
}`,AnalyticsNames:`query AnalyticsNames($projectId: ID!, $videoIds: [ID!]!, $folderIds: [ID!]!) {
  videos(first: 100, where: {projectID: $projectId, idIn: $videoIds}) {
    edges {
      node {
        id
        title
      }
    }
  }
  folders(first: 100, where: {projectID: $projectId, idIn: $folderIds}) {
    edges {
      node {
        id
        name
      }
    }
  }
}`,AnalyticsConcurrentViewers:`query AnalyticsConcurrentViewers($projectId: ID!, $videoId: ID) {
  concurrentViewers(projectID: $projectId, videoID: $videoId) {
    count
    asOf
    windowSeconds
  }
}`,AnalyticsConcurrentViewersUpdated:`subscription AnalyticsConcurrentViewersUpdated($projectId: ID!, $videoId: ID) {
  concurrentViewersUpdated(
    projectID: $projectId
    videoID: $videoId
    intervalSeconds: 5
  ) {
    count
    asOf
    windowSeconds
  }
}`,Login:`mutation Login($email: String!, $password: String!) {
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
}`,LiveStreams:`query LiveStreams($projectID: ID!, $first: Int!, $after: Cursor) {
  liveStreams(
    projectID: $projectID
    first: $first
    after: $after
    orderBy: {field: CREATED_AT, direction: DESC}
  ) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        name
        status
        enabled
        keyLast4
        latencyMode
        record
        createdAt
      }
    }
  }
}`,LiveStream:`query LiveStream($projectID: ID!, $id: ID!) {
  liveStream(projectID: $projectID, id: $id) {
    ...LiveStreamSettings
    ingest {
      rtmpURL
      rtmpsURL
      srtURL
    }
    playbackURL
    currentSession {
      ...LiveSessionRow
      video {
        id
        status
        embedURL
      }
    }
  }
}

fragment LiveSessionRow on LiveSession {
  id
  protocol
  remoteAddr
  startedAt
  endedAt
  endReason
  endError
  reconnects
  bytes
  bitrateKbps
  fps
  keyframeIntervalSeconds
  videoCodec
  audioCodec
  width
  height
  warnings
  lastDataAt
  simulcast {
    targetID
    url
    state
    error
    bytes
  }
  video {
    id
    title
    status
    duration
  }
}

fragment LiveStreamSettings on LiveStream {
  id
  name
  status
  enabled
  keyLast4
  latencyMode
  reconnectWindowSeconds
  maxDurationSeconds
  record
  transcode
  createdAt
  updatedAt
  reconnectDeadline
}`,LiveStreamSessions:`query LiveStreamSessions($projectID: ID!, $liveStreamID: ID!, $first: Int!, $after: Cursor) {
  liveStreamSessions(
    projectID: $projectID
    liveStreamID: $liveStreamID
    first: $first
    after: $after
    orderBy: {field: STARTED_AT, direction: DESC}
  ) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        ...LiveSessionRow
      }
    }
  }
}

fragment LiveSessionRow on LiveSession {
  id
  protocol
  remoteAddr
  startedAt
  endedAt
  endReason
  endError
  reconnects
  bytes
  bitrateKbps
  fps
  keyframeIntervalSeconds
  videoCodec
  audioCodec
  width
  height
  warnings
  lastDataAt
  simulcast {
    targetID
    url
    state
    error
    bytes
  }
  video {
    id
    title
    status
    duration
  }
}`,LiveSimulcastTargets:`query LiveSimulcastTargets($projectID: ID!, $liveStreamID: ID!) {
  liveSimulcastTargets(projectID: $projectID, liveStreamID: $liveStreamID) {
    id
    name
    url
    enabled
    streamKeyLast4
    createdAt
  }
}`,CreateLiveStream:`mutation CreateLiveStream($projectID: ID!, $input: CreateLiveStreamInput!) {
  createLiveStream(projectID: $projectID, input: $input) {
    liveStream {
      id
      name
    }
    streamKey
    rtmpPublishURL
    rtmpsPublishURL
    srtPublishURL
  }
}`,UpdateLiveStream:`mutation UpdateLiveStream($projectID: ID!, $id: ID!, $input: UpdateLiveStreamInput!) {
  updateLiveStream(projectID: $projectID, id: $id, input: $input) {
    ...LiveStreamSettings
  }
}

fragment LiveStreamSettings on LiveStream {
  id
  name
  status
  enabled
  keyLast4
  latencyMode
  reconnectWindowSeconds
  maxDurationSeconds
  record
  transcode
  createdAt
  updatedAt
  reconnectDeadline
}`,UpdateLiveStreamStatus:`mutation UpdateLiveStreamStatus($projectID: ID!, $id: ID!, $action: LiveStreamAction!) {
  updateLiveStreamStatus(projectID: $projectID, id: $id, action: $action) {
    ...LiveStreamSettings
  }
}

fragment LiveStreamSettings on LiveStream {
  id
  name
  status
  enabled
  keyLast4
  latencyMode
  reconnectWindowSeconds
  maxDurationSeconds
  record
  transcode
  createdAt
  updatedAt
  reconnectDeadline
}`,ResetLiveStreamKey:`mutation ResetLiveStreamKey($projectID: ID!, $id: ID!) {
  resetLiveStreamKey(projectID: $projectID, id: $id) {
    liveStream {
      id
      keyLast4
    }
    streamKey
    rtmpPublishURL
    rtmpsPublishURL
    srtPublishURL
  }
}`,DeleteLiveStream:`mutation DeleteLiveStream($projectID: ID!, $id: ID!) {
  deleteLiveStream(projectID: $projectID, id: $id)
}`,CreateLiveSimulcastTarget:`mutation CreateLiveSimulcastTarget($projectID: ID!, $liveStreamID: ID!, $input: CreateLiveSimulcastTargetInput!) {
  createLiveSimulcastTarget(
    projectID: $projectID
    liveStreamID: $liveStreamID
    input: $input
  ) {
    id
    name
  }
}`,UpdateLiveSimulcastTarget:`mutation UpdateLiveSimulcastTarget($projectID: ID!, $liveStreamID: ID!, $id: ID!, $input: UpdateLiveSimulcastTargetInput!) {
  updateLiveSimulcastTarget(
    projectID: $projectID
    liveStreamID: $liveStreamID
    id: $id
    input: $input
  ) {
    id
    name
    enabled
  }
}`,DeleteLiveSimulcastTarget:`mutation DeleteLiveSimulcastTarget($projectID: ID!, $liveStreamID: ID!, $id: ID!) {
  deleteLiveSimulcastTarget(
    projectID: $projectID
    liveStreamID: $liveStreamID
    id: $id
  )
}`,LivePreviewAccess:`query LivePreviewAccess($projectID: ID!) {
  accessControl(projectID: $projectID) {
    playback
    tokenTTLMax
  }
}`,LivePreviewToken:`mutation LivePreviewToken($videoID: ID!, $projectID: ID!, $expiresIn: Int) {
  createPlaybackToken(
    videoID: $videoID
    projectID: $projectID
    expiresIn: $expiresIn
  ) {
    token
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
}`};function v(e){return e===null?"null":Array.isArray(e)?"array":typeof e}function E(e){return v(e)==="object"}function en(e){return Array.isArray(e)&&e.length>0&&e.every(n=>"message"in n)}function _e(e,n){return e.length<124?e:n}var Ue="graphql-transport-ws";var w=(e=>(e[e.InternalServerError=4500]="InternalServerError",e[e.InternalClientError=4005]="InternalClientError",e[e.BadRequest=4400]="BadRequest",e[e.BadResponse=4004]="BadResponse",e[e.Unauthorized=4401]="Unauthorized",e[e.Forbidden=4403]="Forbidden",e[e.SubprotocolNotAcceptable=4406]="SubprotocolNotAcceptable",e[e.ConnectionInitialisationTimeout=4408]="ConnectionInitialisationTimeout",e[e.ConnectionAcknowledgementTimeout=4504]="ConnectionAcknowledgementTimeout",e[e.SubscriberAlreadyExists=4409]="SubscriberAlreadyExists",e[e.TooManyInitialisationRequests=4429]="TooManyInitialisationRequests",e))(w||{}),T=(e=>(e.ConnectionInit="connection_init",e.ConnectionAck="connection_ack",e.Ping="ping",e.Pong="pong",e.Subscribe="subscribe",e.Next="next",e.Error="error",e.Complete="complete",e))(T||{});function Ve(e){if(!E(e))throw new Error(`Message is expected to be an object, but got ${v(e)}`);if(!e.type)throw new Error("Message is missing the 'type' property");if(typeof e.type!="string")throw new Error(`Message is expects the 'type' property to be a string, but got ${v(e.type)}`);switch(e.type){case"connection_init":case"connection_ack":case"ping":case"pong":{if(e.payload!=null&&!E(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object or nullish or missing, but got "${e.payload}"`);break}case"subscribe":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${v(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!E(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object, but got ${v(e.payload)}`);if(typeof e.payload.query!="string")throw new Error(`"${e.type}" message payload expects the 'query' property to be a string, but got ${v(e.payload.query)}`);if(e.payload.variables!=null&&!E(e.payload.variables))throw new Error(`"${e.type}" message payload expects the 'variables' property to be a an object or nullish or missing, but got ${v(e.payload.variables)}`);if(e.payload.operationName!=null&&v(e.payload.operationName)!=="string")throw new Error(`"${e.type}" message payload expects the 'operationName' property to be a string or nullish or missing, but got ${v(e.payload.operationName)}`);if(e.payload.extensions!=null&&!E(e.payload.extensions))throw new Error(`"${e.type}" message payload expects the 'extensions' property to be a an object or nullish or missing, but got ${v(e.payload.extensions)}`);break}case"next":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${v(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!E(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object, but got ${v(e.payload)}`);break}case"error":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${v(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!en(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an array of GraphQL errors, but got ${JSON.stringify(e.payload)}`);break}case"complete":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${v(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);break}default:throw new Error(`Invalid message 'type' property "${e.type}"`)}return e}function We(e,n){return Ve(typeof e=="string"?JSON.parse(e,n):e)}function U(e,n){return Ve(e),JSON.stringify(e,n)}function Ie(e){let{url:n,connectionParams:t,lazy:r=!0,onNonLazyError:o=console.error,lazyCloseTimeout:s=0,keepAlive:d=0,disablePong:h,connectionAckWaitTimeout:D=0,retryAttempts:I=5,retryWait:P=async function(p){let i=Math.pow(2,p);await new Promise(u=>setTimeout(u,i*1e3+Math.floor(Math.random()*2700+300)))},shouldRetry:X=he,on:y,webSocketImpl:ae,generateID:Qe=function(){return"xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g,p=>{let i=Math.random()*16|0;return(p=="x"?i:i&3|8).toString(16)})},jsonMessageReplacer:Z,jsonMessageReviver:Je}=e,M;if(ae){if(!tn(ae))throw new Error("Invalid WebSocket implementation provided");M=ae}else typeof WebSocket<"u"?M=WebSocket:typeof global<"u"?M=global.WebSocket||global.MozWebSocket:typeof window<"u"&&(M=window.WebSocket||window.MozWebSocket);if(!M)throw new Error("WebSocket implementation missing; on Node you can `import WebSocket from 'ws';` and pass `webSocketImpl: WebSocket` to `createClient`");let R=M,S=(()=>{let a=(()=>{let i={};return{on(u,g){return i[u]=g,()=>{delete i[u]}},emit(u){"id"in u&&i[u.id]?.(u)}}})(),p={connecting:y?.connecting?[y.connecting]:[],opened:y?.opened?[y.opened]:[],connected:y?.connected?[y.connected]:[],ping:y?.ping?[y.ping]:[],pong:y?.pong?[y.pong]:[],message:y?.message?[a.emit,y.message]:[a.emit],closed:y?.closed?[y.closed]:[],error:y?.error?[y.error]:[]};return{onMessage:a.on,on(i,u){let g=p[i];return g.push(u),()=>{let _=g.indexOf(u);_>-1&&g.splice(_,1)}},emit(i,...u){for(let g of[...p[i]])g(...u)}}})();function se(a){let p=[S.on("error",i=>{p.forEach(u=>u()),a(i)}),S.on("closed",i=>{p.forEach(u=>u()),a(i)})];return()=>p.forEach(i=>i())}let O,j=0,ce,V=!1,Y=0,$e=!1;async function De(){clearTimeout(ce);let[a,p]=await(O??(O=new Promise((g,_)=>(async()=>{if(V){if(await P(Y),!j)return O=void 0,_({code:1e3,reason:"All Subscriptions Gone"});Y++}S.emit("connecting",V);let c=new R(typeof n=="function"?await n():n,Ue),k,q;function ee(){isFinite(d)&&d>0&&(clearTimeout(q),q=setTimeout(()=>{c.readyState===R.OPEN&&(c.send(U({type:T.Ping})),S.emit("ping",!1,void 0))},d))}se($=>{O=void 0,clearTimeout(k),clearTimeout(q),_($),$ instanceof Q&&(c.close(4499,"Terminated"),c.onerror=null,c.onclose=null)}),c.onerror=$=>S.emit("error",$),c.onclose=$=>S.emit("closed",$),c.onopen=async()=>{try{S.emit("opened",c);let $=typeof t=="function"?await t():t;if(c.readyState!==R.OPEN)return;c.send(U($?{type:T.ConnectionInit,payload:$}:{type:T.ConnectionInit},Z)),isFinite(D)&&D>0&&(k=setTimeout(()=>{c.close(w.ConnectionAcknowledgementTimeout,"Connection acknowledgement timeout")},D)),ee()}catch($){S.emit("error",$),c.close(w.InternalClientError,_e($ instanceof Error?$.message:String($),"Internal client error"))}};let F=!1;c.onmessage=({data:$})=>{try{let b=We($,Je);if(S.emit("message",b),b.type==="ping"||b.type==="pong"){S.emit(b.type,!0,b.payload),b.type==="pong"?ee():h||(c.send(U(b.payload?{type:T.Pong,payload:b.payload}:{type:T.Pong},Z)),S.emit("pong",!1,b.payload));return}if(F)return;if(b.type!==T.ConnectionAck)throw new Error(`First message cannot be of type ${b.type}`);clearTimeout(k),F=!0,S.emit("connected",c,b.payload,V),V=!1,Y=0;let Te=new Promise((fn,Ke)=>se(Ke));Te.catch(()=>{}),g([c,Te])}catch(b){c.onmessage=null,S.emit("error",b),c.close(w.BadResponse,_e(b instanceof Error?b.message:String(b),"Bad response"))}}})())));a.readyState===R.CLOSING&&await p;let i=()=>{},u=new Promise(g=>i=g);return[a,i,new Promise((g,_)=>{let c=se(_);a.readyState!==R.OPEN&&p.catch(_),u.then(()=>{if(c(),!j){let k=()=>a.close(1e3,"Normal Closure");isFinite(s)&&s>0?(clearTimeout(ce),ce=setTimeout(()=>{!j&&a.readyState===R.OPEN&&k()},s)):k()}g()})})]}function ve(a){if(he(a)&&(nn(a.code)||[w.InternalServerError,w.InternalClientError,w.BadRequest,w.BadResponse,w.Unauthorized,w.SubprotocolNotAcceptable,w.SubscriberAlreadyExists,w.TooManyInitialisationRequests].includes(a.code)))throw a;if($e)return!1;if(he(a)&&a.code===1e3)return j>0;if(!I||Y>=I||!X(a))throw a;return V=!0}r||(async()=>{for(j++;;)try{let[,,a]=await De();await a}catch(a){try{if(!ve(a))return}catch(p){return o?.(p)}}})();function we(a,p){let i=Qe(a),u=!1,g=!1,_=()=>{j--,u=!0};return(async()=>{for(j++;;)try{let[c,k,q]=await De();if(u)return q.catch(()=>{}),k();let ee=S.onMessage(i,F=>{switch(F.type){case T.Next:{p.next(F.payload);return}case T.Error:{g=!0,u=!0,p.error(F.payload),_();return}case T.Complete:{u=!0,_();return}}});c.send(U({id:i,type:T.Subscribe,payload:a},Z)),_=()=>{!u&&c.readyState===R.OPEN&&c.send(U({id:i,type:T.Complete},Z)),j--,u=!0,k()},await q.finally(ee);return}catch(c){if(!ve(c))return}})().then(()=>{g||p.complete()}).catch(c=>{p.error(c)}),()=>{u||_()}}return{on:S.on,subscribe:we,iterate(a){let p=[],i={done:!1,error:null,resolve:()=>{}},u=we(a,{next(_){p.push(_),i.resolve()},error(_){i.done=!0,i.error=_,i.resolve()},complete(){i.done=!0,i.resolve()}}),g=(async function*(){for(;;){for(p.length||await new Promise(c=>i.resolve=c);p.length;)yield p.shift();if(i.error)throw i.error;if(i.done)return}})();return g.throw=async _=>(i.done||(i.done=!0,i.error=_,i.resolve()),{done:!0,value:void 0}),g.return=async()=>(u(),{done:!0,value:void 0}),g},async dispose(){if($e=!0,O){let[a]=await O;a.close(1e3,"Normal Closure")}},terminate(){O&&S.emit("closed",new Q)}}}var Q=class extends Error{constructor(){super(...arguments);x(this,"name","TerminatedCloseEvent");x(this,"message","4499: Terminated");x(this,"code",4499);x(this,"reason","Terminated");x(this,"wasClean",!1)}};function he(e){return E(e)&&"code"in e&&"reason"in e}function nn(e){return[1e3,1001,1006,1005,1012,1013,1014].includes(e)?!1:e>=1e3&&e<=1999}function tn(e){return typeof e=="function"&&"constructor"in e&&"CLOSED"in e&&"CLOSING"in e&&"CONNECTING"in e&&"OPEN"in e}var C=class extends Error{constructor(t,r,o="",s=0){super(t);x(this,"code");x(this,"field");x(this,"retryAfter");this.code=r,this.field=o,this.retryAfter=s}};async function be(e,n,t){let r={"Content-Type":"application/json"};t&&(r.Authorization="Bearer "+t);let o;try{o=await fetch("/graphql",{method:"POST",headers:r,body:JSON.stringify({operationName:e,query:ge[e],variables:n})})}catch{throw new C("The server cannot be reached. Check your connection and try again.","NETWORK")}if(!(o.headers.get("Content-Type")||"").includes("json"))throw new C(`The server answered ${o.status}.`,"HTTP_"+o.status);return o.json()}var ie=null;function ze(){let e=L.get();return e?(ie??(ie=be("RefreshToken",{refreshToken:e.refreshToken}).then(n=>n.data?.refreshToken?(He(n.data.refreshToken),!0):(Be(),!1)).catch(()=>!1).finally(()=>{ie=null})),ie):Promise.resolve(!1)}function rn(e){try{return JSON.parse(atob(e.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))).exp-Date.now()/1e3}catch{return 0}}async function Ge(){let e=L.get();return e&&rn(e.accessToken)<60&&await ze(),L.get()?.accessToken}async function Se(e,n={}){let t=e==="RefreshToken"||e==="Login"?void 0:await Ge(),r=await be(e,n,t);if(r.errors?.[0]?.extensions?.code==="UNAUTHENTICATED"&&L.get()&&e!=="Login"&&await ze()&&(r=await be(e,n,L.get()?.accessToken)),r.errors?.length){let o=r.errors[0];throw new C(o.message,o.extensions?.code||"ERROR",o.extensions?.field||"",o.extensions?.retryAfter||0)}return r.data}var J=null;function on(){return J??(J=Ie({url:location.origin.replace(/^http/,"ws")+"/graphql",lazy:!0,retryAttempts:1/0,shouldRetry:()=>!0,connectionParams:async()=>{let e=await Ge();return e?{Authorization:"Bearer "+e}:{}}})),J}function Cn(){J?.dispose(),J=null}function Pn(e,n,t,r){return on().subscribe({operationName:e,query:ge[e],variables:n},{next:o=>{o.data&&t(o.data)},error:o=>r?.(o instanceof Error?o:new Error(String(o?.message||o))),complete:()=>{}})}var an=Symbol.for("pv"),sn=0;function l(e,n,t,r,o,s){n||(n={});var d,h,D=n;if("ref"in D&&typeof e!="function")for(h in D={},n)h=="ref"?d=n[h]:D[h]=n[h];var I={type:e,props:D,key:t,ref:d,__k:null,__:null,__b:0,__e:null,__c:null,constructor:an,__v:--sn,__i:-1,__u:0};return(o||s)&&(I.__source=o,I.__self=s),W.vnode&&W.vnode(I),I}function Un(e){return B(()=>{document.title=`${e.title} · Vidra Studio`},[e.title]),l("section",{class:"page","aria-labelledby":"page-title",children:[l("header",{class:"page-head",children:[l("h1",{id:"page-title",tabIndex:-1,children:e.title}),e.actions&&l("div",{class:"page-actions",children:e.actions})]}),e.children]})}function Vn(e){let{label:n,error:t,hint:r,...o}=e,s=te(),d=cn(t,e.name);return l("div",{class:"field",children:[l("label",{for:s,children:n}),l("input",{id:s,...o,"aria-invalid":d?"true":void 0,"aria-describedby":d?s+"-err":r?s+"-hint":void 0}),r&&!d&&l("small",{id:s+"-hint",children:r}),d&&l("small",{id:s+"-err",class:"error-text",children:d})]})}function Wn(e){let{label:n,options:t,...r}=e,o=te();return l("div",{class:"field",children:[l("label",{for:o,children:n}),l("select",{id:o,...r,children:t.map(([s,d])=>l("option",{value:s,children:d},s))})]})}function cn(e,n){return e?typeof e=="string"?e:e instanceof C&&e.field&&n&&e.field.split(".").pop()===n?e.message:"":""}function un(e){let n=e.error;if(!n||n instanceof C&&n.field&&e.fields?.includes(n.field.split(".").pop()||""))return null;let t=n instanceof Error?n.message:String(n);return l("p",{class:"error-box",role:"alert",children:t})}function ln(e){let{busy:n,kind:t="plain",children:r,...o}=e;return l("button",{type:"button",class:`btn btn-${t}`,disabled:n||o.disabled,"aria-busy":n?"true":void 0,...o,children:r})}function zn(e){let n=te(),[t,r]=N(!1),o=async()=>{try{await navigator.clipboard.writeText(e.value)}catch{document.getElementById(n)?.select(),document.execCommand("copy")}r(!0),pn(`${e.label} copied`),setTimeout(()=>r(!1),1500)};return l("div",{class:"field copy-field",children:[l("label",{for:n,children:e.label}),l("div",{class:"copy-row",children:[e.multiline?l("textarea",{id:n,readOnly:!0,rows:3,value:e.value}):l("input",{id:n,readOnly:!0,value:e.value}),l(ln,{onClick:o,"aria-label":`Copy ${e.label}`,children:t?"Copied":"Copy"})]})]})}var K=re([]),dn=0;function pn(e){let n=++dn;K.set([...K.get(),{id:n,text:e}]),setTimeout(()=>K.set(K.get().filter(t=>t.id!==n)),4e3)}function Gn(){let e=qe(K);return l("div",{class:"toasts",role:"status","aria-live":"polite",children:e.map(n=>l("div",{class:"toast",children:n.text},n.id))})}function Qn(e,n={},t=!1){let[r,o]=N({data:null,error:null,loading:!t}),s=JSON.stringify(n),d=fe(0),h=me(async()=>{if(t)return;let D=++d.current;o(I=>({...I,loading:!0}));try{let I=await Se(e,JSON.parse(s));D===d.current&&o({data:I,error:null,loading:!1})}catch(I){D===d.current&&o(P=>({data:P.data,error:I,loading:!1}))}},[e,s,t]);return B(()=>{h()},[h]),{...r,reload:h}}function Jn(e){let[n,t]=N(!1),[r,o]=N(null);return{run:me(async(d={})=>{t(!0),o(null);try{return await Se(e,d)}catch(h){return o(h),null}finally{t(!1)}},[e]),busy:n,error:r,setError:o}}function Kn(e){return e.q.error&&!e.q.data?l(un,{error:e.q.error}):e.q.data?l(ne,{children:e.children()}):l("p",{class:"muted","aria-busy":"true",children:"Loading…"})}function Xn(e){let n=fe(null);return B(()=>{let t=n.current;t&&(e.open&&!t.open&&t.showModal(),!e.open&&t.open&&t.close())},[e.open]),l("dialog",{ref:n,"aria-label":e.title,onClose:e.onClose,children:[l("h2",{children:e.title}),e.open&&e.children]})}function Zn(e){return e?new Date(e).toLocaleString():"—"}function Yn(e){if(e==null)return"—";let n=["B","KB","MB","GB","TB"],t=0,r=e;for(;r>=1024&&t<n.length-1;)r/=1024,t++;return`${r.toFixed(t?1:0)} ${n[t]}`}function et(e){if(e==null)return"—";let n=Math.round(e),t=Math.floor(n/3600),r=Math.floor(n%3600/60),o=n%60,s=t?String(r).padStart(2,"0"):String(r);return(t?t+":":"")+s+":"+String(o).padStart(2,"0")}export{N as a,Xe as b,B as c,yn as d,fe as e,Ne as f,gn as g,te as h,re as i,qe as j,L as k,He as l,Be as m,Sn as n,Se as o,Cn as p,Pn as q,l as r,Un as s,Vn as t,Wn as u,un as v,ln as w,zn as x,pn as y,Gn as z,Qn as A,Jn as B,Kn as C,Xn as D,Zn as E,Yn as F,et as G};
