import{a as T,b as z,f as ne}from"./chunk.CSRHGKTO.js";var k,f,de,Te,le=Object.is,G=0,Oe=[],ue=[],m=z,je=m.__b,Ae=m.__r,Le=m.diffed,ke=m.__c,xe=m.unmount,Ce=m.__;function N(e,n){m.__h&&m.__h(f,e,G||n),G=0;var t=f.__H||(f.__H={__:[],__h:[]});return e>=t.__.length&&t.__.push({}),t.__[e]}function M(e){return G=1,Xe(Be,e)}function Xe(e,n,t){var r=N(k++,2);if(r.t=e,!r.__c&&(r.__=[t?t(n):Be(void 0,n),function(s){var u=(r.__N||r.__)[0],D=r.t(u,s);le(u,D)||(r.__N=[D,r.__[1]],r.__c.setState({}))}],r.__c=f,!f.__f)){f.__f=!0;var i=f.shouldComponentUpdate;f.shouldComponentUpdate=function(s,u,D){var b=this.__H;if(!b)return!0;var $=!1,E=this.props!=s;if(b.__.some(function(g){g.__N&&($=!0,le(g.__[0],g.__N[0])||(E=!0))}),i){var X=i.call(this,s,u,D);return $?X||E:X}return!$||E}}return r.__}function U(e,n){var t=N(k++,3);!m.__s&&ge(t.__H,n)&&(t.__P=!0,t.__=e,t.u=n,f.__H.__h.push(t))}function gn(e,n){var t=N(k++,4);!m.__s&&ge(t.__H,n)&&(t.__P=!1,t.__=e,t.u=n,f.__h.push(t))}function fe(e){return G=5,Me(function(){return{current:e}},[])}function Me(e,n){var t=N(k++,7);return ge(t.__H,n)&&(t.__=e(),t.__H=n),t.__}function me(e,n){return G=8,Me(function(){return e},n)}function yn(e){var n=f.context[e.__c],t=N(k++,9);return t.c=e,n?(t.__==null&&(t.__=!0,n.sub(f)),n.props.value):e.__}function te(){var e=N(k++,11);if(!e.__){for(var n=f.__v;!n.__m&&n.__;)n=n.__;var t=n.__m||(n.__m=[0,0]);e.__="P"+t[0]+"-"+t[1]++}return e.__}function Ze(){var e;do{for(;e=ue.shift();)try{W(e)}catch(t){m.__e(t,{__:(e=e.__P)&&e.__v})}for(;e=Oe.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(W),n.__h.some(pe),n.__h=[]}catch(t){n.__h=[],m.__e(t,e.__v)}}}while(ue.length)}m.__b=function(e){f=null,je&&je(e)},m.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),Ce&&Ce(e,n)},m.__r=function(e){Ae&&Ae(e),k=0;var n=(f=e.__c).__H;n&&(de==f?f.__h=[]:(n.__h.some(W),n.__h.some(pe),k=0),n.__h=[],n.__.some(function(t){t.__N&&(t.__=t.__N),t.u=t.__N=void 0})),de=f},m.diffed=function(e){Le&&Le(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&Re(Oe.push(n)),n.__H.__.some(function(t){t.u&&(t.__H=t.u)})),de=f=null},m.__c=function(e,n){n.some(function(t){try{t.__h.some(W),t.__h=t.__h.filter(function(r){return!r.__||pe(r)})}catch(r){t.__h=[function(){throw r}]}}),ke&&ke(e,n)},m.unmount=function(e){xe&&xe(e);var n,t,r=e.__c;r&&r.__H&&(r.__H.__.some(function(i){try{if(i.__P&&i.__c){if(t===void 0){for(t=e.__;t&&(!t.__c||!t.__c.__P);)t=t.__;t=t&&t.__c}i.__P=t,Re(ue.push(i))}else W(i)}catch(s){n=s}}),r.__H=void 0,n&&m.__e(n,r.__v))};var Ee=typeof requestAnimationFrame=="function";function Ye(e){var n,t=function(){clearTimeout(r),Ee&&cancelAnimationFrame(n),setTimeout(e)},r=setTimeout(t,35);Ee&&(n=requestAnimationFrame(t))}function Re(e){e!=1&&Te==m.requestAnimationFrame||((Te=m.requestAnimationFrame)||Ye)(Ze)}function W(e){var n=f,t=e.__c;typeof t=="function"&&(e.__c=void 0,t()),f=n}function pe(e){var n=f;e.__c=e.__(),f=n}function ge(e,n){return!e||e.length!=n.length||n.some(function(t,r){return!le(t,e[r])})}function Be(e,n){return typeof n=="function"?n(e):n}function re(e){let n=e,t=new Set;return{get:()=>n,set(r){n=r,t.forEach(i=>i(r))},subscribe(r){return t.add(r),()=>t.delete(r)}}}function qe(e){let[n,t]=M(e.get());return U(()=>e.subscribe(t),[e]),n}var ie="vidra.studio.session";function Fe(){try{let e=JSON.parse(localStorage.getItem(ie)||"null");return e&&e.accessToken&&e.refreshToken?e:null}catch{return null}}var j=re(Fe());function Ne(e){localStorage.setItem(ie,JSON.stringify({accessToken:e.accessToken,refreshToken:e.refreshToken})),j.set({accessToken:e.accessToken,refreshToken:e.refreshToken})}function Ue(){localStorage.removeItem(ie),j.set(null)}function _n(){let e=j.get();if(!e)return"";try{let n=e.accessToken.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(n)).org||""}catch{return""}}addEventListener("storage",e=>{e.key===ie&&j.set(Fe())});var ye={BillingSubscription:`query BillingSubscription {
  subscription {
    subscription {
      ...BillingRecord
    }
    plan {
      ...BillingPlanFields
    }
    currentPeriodStart
    currentPeriodEnd
    usage {
      metric
      quantity
      included
      hardLimit
      level
    }
    next {
      ...BillingRecord
    }
    blockedReason
  }
}

fragment BillingPlanFields on Plan {
  id
  code
  name
  description
  rank
  interval
  currency
  baseAmountMinor
  payInAdvance
  trialDays
  metrics {
    metric
    included
    hardLimit
    model
    unitPriceMicro
    packageSize
  }
}

fragment BillingRecord on SubscriptionRecord {
  id
  name
  planCode
  status
  startedAt
  endingAt
  canceledAt
  terminatedAt
  downgradePlanDate
  trialEndedAt
  nextPlanCode
  paymentGateway
  billingTime
}`,BillingPlans:`query BillingPlans {
  accountPlans {
    ...BillingPlanFields
  }
}

fragment BillingPlanFields on Plan {
  id
  code
  name
  description
  rank
  interval
  currency
  baseAmountMinor
  payInAdvance
  trialDays
  metrics {
    metric
    included
    hardLimit
    model
    unitPriceMicro
    packageSize
  }
}`,BillingPlanOffer:`query BillingPlanOffer($code: String!) {
  planByCode(code: $code) {
    plan {
      ...BillingPlanFields
    }
    change
    prorationCreditMinor
    prorationChargeMinor
    trial
  }
}

fragment BillingPlanFields on Plan {
  id
  code
  name
  description
  rank
  interval
  currency
  baseAmountMinor
  payInAdvance
  trialDays
  metrics {
    metric
    included
    hardLimit
    model
    unitPriceMicro
    packageSize
  }
}`,BillingSubscribe:`mutation BillingSubscribe($input: SubscribeInput!) {
  subscribe(input: $input) {
    change
    subscription {
      ...BillingRecord
    }
    next {
      ...BillingRecord
    }
    prorationCreditMinor
    prorationChargeMinor
  }
}

fragment BillingRecord on SubscriptionRecord {
  id
  name
  planCode
  status
  startedAt
  endingAt
  canceledAt
  terminatedAt
  downgradePlanDate
  trialEndedAt
  nextPlanCode
  paymentGateway
  billingTime
}`,BillingCancel:`mutation BillingCancel($atPeriodEnd: Boolean) {
  cancelSubscription(atPeriodEnd: $atPeriodEnd) {
    ...BillingRecord
  }
}

fragment BillingRecord on SubscriptionRecord {
  id
  name
  planCode
  status
  startedAt
  endingAt
  canceledAt
  terminatedAt
  downgradePlanDate
  trialEndedAt
  nextPlanCode
  paymentGateway
  billingTime
}`,BillingInvoices:`query BillingInvoices($first: Int, $after: String) {
  invoices(first: $first, after: $after) {
    edges {
      node {
        id
        kind
        status
        number
        currency
        periodStart
        periodEnd
        totalMinor
        amountPaidMinor
        dueAt
        finalizedAt
        paidAt
        createdAt
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}`,BillingInvoicePDF:`query BillingInvoicePDF($id: ID!) {
  invoicePDF(id: $id) {
    filename
    contentType
    size
    sha256
    content
  }
}`,BillingTransactions:`query BillingTransactions($first: Int, $after: String) {
  transactions(first: $first, after: $after) {
    edges {
      node {
        id
        createdAt
        invoiceID
        gateway
        amountMinor
        currency
        status
        gatewayRef
        error
        settledAt
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}`,ProfileMe:`query ProfileMe {
  profile {
    ...ProfileUser
  }
}

fragment ProfileUser on User {
  id
  email
  name
  avatarURL
  emailVerified
  emailVerifiedAt
  hasPassword
  createdAt
}`,ProfileUpdate:`mutation ProfileUpdate($input: UpdateProfileInput!) {
  updateProfile(input: $input) {
    ...ProfileUser
  }
}

fragment ProfileUser on User {
  id
  email
  name
  avatarURL
  emailVerified
  emailVerifiedAt
  hasPassword
  createdAt
}`,ProfileUpdatePassword:`mutation ProfileUpdatePassword($currentPassword: String!, $newPassword: String!) {
  updatePassword(currentPassword: $currentPassword, newPassword: $newPassword)
}`,ProfileSetPassword:`mutation ProfileSetPassword($password: String!) {
  setPassword(password: $password)
}`,ProfileSessions:`query ProfileSessions {
  sessions {
    id
    device
    userAgent
    ipAddress
    createdAt
    lastSeenAt
    current
  }
}`,ProfileDeleteSession:`mutation ProfileDeleteSession($id: ID!) {
  deleteSession(id: $id)
}`,ProfileDeleteOtherSessions:`mutation ProfileDeleteOtherSessions {
  deleteOtherSessions
}`,SettingsProject:`query SettingsProject($id: ID!) {
  project(id: $id) {
    ...SettingsProjectFields
  }
  service {
    captionEngine
  }
}

fragment SettingsProjectFields on Project {
  id
  name
  description
  staticRenditions
  autoCaptionsLanguage
}`,SettingsUpdateProject:`mutation SettingsUpdateProject($id: ID!, $input: UpdateProjectInput!) {
  updateProject(id: $id, input: $input) {
    ...SettingsProjectFields
  }
}

fragment SettingsProjectFields on Project {
  id
  name
  description
  staticRenditions
  autoCaptionsLanguage
}`,SettingsDeleteProject:`mutation SettingsDeleteProject($id: ID!) {
  deleteProject(id: $id)
}`,SettingsAccessControl:`query SettingsAccessControl($projectID: ID!) {
  accessControl(projectID: $projectID) {
    ...SettingsAccessFields
  }
}

fragment SettingsAccessFields on AccessControl {
  id
  playback
  allowedDomains
  allowedCountries
  blockedCountries
  tokenTTLDefault
  tokenTTLMin
  tokenTTLMax
  updatedAt
}`,SettingsPutAccessControl:`mutation SettingsPutAccessControl($projectID: ID!, $input: AccessControlInput!) {
  putAccessControl(projectID: $projectID, input: $input) {
    ...SettingsAccessFields
  }
}

fragment SettingsAccessFields on AccessControl {
  id
  playback
  allowedDomains
  allowedCountries
  blockedCountries
  tokenTTLDefault
  tokenTTLMin
  tokenTTLMax
  updatedAt
}`,SettingsEncoding:`query SettingsEncoding($projectID: ID!) {
  encodingProfiles(projectID: $projectID) {
    id
    name
    isDefault
    renditions {
      ...SettingsRung
    }
  }
  effectiveEncodingLadder(projectID: $projectID) {
    ...SettingsRung
  }
}

fragment SettingsRung on LadderRung {
  height
  videoBitrateKbps
  codec
  audioBitrateKbps
}`,SettingsCreateEncodingProfile:`mutation SettingsCreateEncodingProfile($projectID: ID!, $input: EncodingProfileInput!) {
  createEncodingProfile(projectID: $projectID, input: $input) {
    id
    name
  }
}`,SettingsUpdateEncodingProfile:`mutation SettingsUpdateEncodingProfile($projectID: ID!, $id: ID!, $input: EncodingProfileInput!) {
  updateEncodingProfile(projectID: $projectID, id: $id, input: $input) {
    id
    name
  }
}`,SettingsDeleteEncodingProfile:`mutation SettingsDeleteEncodingProfile($projectID: ID!, $id: ID!) {
  deleteEncodingProfile(projectID: $projectID, id: $id)
}`,SettingsSetDefaultEncodingProfile:`mutation SettingsSetDefaultEncodingProfile($projectID: ID!, $id: ID!) {
  setDefaultEncodingProfile(projectID: $projectID, id: $id) {
    id
  }
}`,SettingsPlayers:`query SettingsPlayers($projectID: ID!) {
  players(projectID: $projectID) {
    ...SettingsPlayerFields
  }
}

fragment SettingsPlayerFields on Player {
  id
  name
  isDefault
  primaryColor
  accentColor
  backgroundColor
  controls
  autoplay
  muted
  loop
  logoURL
  watermarkURL
  watermarkPosition
  speedOptions
  captionsDefault
  defaultCaptionLanguage
}`,SettingsCreatePlayer:`mutation SettingsCreatePlayer($projectID: ID!, $input: CreatePlayerInput!) {
  createPlayer(projectID: $projectID, input: $input) {
    id
  }
}`,SettingsUpdatePlayer:`mutation SettingsUpdatePlayer($projectID: ID!, $id: ID!, $input: UpdatePlayerInput!) {
  updatePlayer(projectID: $projectID, id: $id, input: $input) {
    id
  }
}`,SettingsDeletePlayer:`mutation SettingsDeletePlayer($projectID: ID!, $id: ID!) {
  deletePlayer(projectID: $projectID, id: $id)
}`,SettingsSetDefaultPlayer:`mutation SettingsSetDefaultPlayer($projectID: ID!, $id: ID!) {
  setDefaultPlayer(projectID: $projectID, id: $id) {
    id
  }
}`,SettingsAdvertisements:`query SettingsAdvertisements($projectID: ID!) {
  advertisements(projectID: $projectID) {
    ...SettingsAdFields
  }
}

fragment SettingsAdFields on Advertisement {
  id
  name
  tagURL
  placement
  offsets
  enabled
}`,SettingsCreateAdvertisement:`mutation SettingsCreateAdvertisement($projectID: ID!, $input: CreateAdvertisementInput!) {
  createAdvertisement(projectID: $projectID, input: $input) {
    id
  }
}`,SettingsUpdateAdvertisement:`mutation SettingsUpdateAdvertisement($projectID: ID!, $id: ID!, $input: UpdateAdvertisementInput!) {
  updateAdvertisement(projectID: $projectID, id: $id, input: $input) {
    id
  }
}`,SettingsDeleteAdvertisement:`mutation SettingsDeleteAdvertisement($projectID: ID!, $id: ID!) {
  deleteAdvertisement(projectID: $projectID, id: $id)
}`,AnalyticsDataset:`query AnalyticsDataset($projectId: ID!, $query: AnalyticsQueryInput!) {
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
}`};function v(e){return e===null?"null":Array.isArray(e)?"array":typeof e}function x(e){return v(e)==="object"}function en(e){return Array.isArray(e)&&e.length>0&&e.every(n=>"message"in n)}function Ie(e,n){return e.length<124?e:n}var He="graphql-transport-ws";var w=(e=>(e[e.InternalServerError=4500]="InternalServerError",e[e.InternalClientError=4005]="InternalClientError",e[e.BadRequest=4400]="BadRequest",e[e.BadResponse=4004]="BadResponse",e[e.Unauthorized=4401]="Unauthorized",e[e.Forbidden=4403]="Forbidden",e[e.SubprotocolNotAcceptable=4406]="SubprotocolNotAcceptable",e[e.ConnectionInitialisationTimeout=4408]="ConnectionInitialisationTimeout",e[e.ConnectionAcknowledgementTimeout=4504]="ConnectionAcknowledgementTimeout",e[e.SubscriberAlreadyExists=4409]="SubscriberAlreadyExists",e[e.TooManyInitialisationRequests=4429]="TooManyInitialisationRequests",e))(w||{}),P=(e=>(e.ConnectionInit="connection_init",e.ConnectionAck="connection_ack",e.Ping="ping",e.Pong="pong",e.Subscribe="subscribe",e.Next="next",e.Error="error",e.Complete="complete",e))(P||{});function Ve(e){if(!x(e))throw new Error(`Message is expected to be an object, but got ${v(e)}`);if(!e.type)throw new Error("Message is missing the 'type' property");if(typeof e.type!="string")throw new Error(`Message is expects the 'type' property to be a string, but got ${v(e.type)}`);switch(e.type){case"connection_init":case"connection_ack":case"ping":case"pong":{if(e.payload!=null&&!x(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object or nullish or missing, but got "${e.payload}"`);break}case"subscribe":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${v(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!x(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object, but got ${v(e.payload)}`);if(typeof e.payload.query!="string")throw new Error(`"${e.type}" message payload expects the 'query' property to be a string, but got ${v(e.payload.query)}`);if(e.payload.variables!=null&&!x(e.payload.variables))throw new Error(`"${e.type}" message payload expects the 'variables' property to be a an object or nullish or missing, but got ${v(e.payload.variables)}`);if(e.payload.operationName!=null&&v(e.payload.operationName)!=="string")throw new Error(`"${e.type}" message payload expects the 'operationName' property to be a string or nullish or missing, but got ${v(e.payload.operationName)}`);if(e.payload.extensions!=null&&!x(e.payload.extensions))throw new Error(`"${e.type}" message payload expects the 'extensions' property to be a an object or nullish or missing, but got ${v(e.payload.extensions)}`);break}case"next":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${v(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!x(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object, but got ${v(e.payload)}`);break}case"error":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${v(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!en(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an array of GraphQL errors, but got ${JSON.stringify(e.payload)}`);break}case"complete":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${v(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);break}default:throw new Error(`Invalid message 'type' property "${e.type}"`)}return e}function ze(e,n){return Ve(typeof e=="string"?JSON.parse(e,n):e)}function H(e,n){return Ve(e),JSON.stringify(e,n)}function $e(e){let{url:n,connectionParams:t,lazy:r=!0,onNonLazyError:i=console.error,lazyCloseTimeout:s=0,keepAlive:u=0,disablePong:D,connectionAckWaitTimeout:b=0,retryAttempts:$=5,retryWait:E=async function(p){let o=Math.pow(2,p);await new Promise(d=>setTimeout(d,o*1e3+Math.floor(Math.random()*2700+300)))},shouldRetry:X=De,on:g,webSocketImpl:ae,generateID:Qe=function(){return"xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g,p=>{let o=Math.random()*16|0;return(p=="x"?o:o&3|8).toString(16)})},jsonMessageReplacer:Z,jsonMessageReviver:Je}=e,B;if(ae){if(!tn(ae))throw new Error("Invalid WebSocket implementation provided");B=ae}else typeof WebSocket<"u"?B=WebSocket:typeof global<"u"?B=global.WebSocket||global.MozWebSocket:typeof window<"u"&&(B=window.WebSocket||window.MozWebSocket);if(!B)throw new Error("WebSocket implementation missing; on Node you can `import WebSocket from 'ws';` and pass `webSocketImpl: WebSocket` to `createClient`");let R=B,_=(()=>{let a=(()=>{let o={};return{on(d,y){return o[d]=y,()=>{delete o[d]}},emit(d){"id"in d&&o[d.id]?.(d)}}})(),p={connecting:g?.connecting?[g.connecting]:[],opened:g?.opened?[g.opened]:[],connected:g?.connected?[g.connected]:[],ping:g?.ping?[g.ping]:[],pong:g?.pong?[g.pong]:[],message:g?.message?[a.emit,g.message]:[a.emit],closed:g?.closed?[g.closed]:[],error:g?.error?[g.error]:[]};return{onMessage:a.on,on(o,d){let y=p[o];return y.push(d),()=>{let I=y.indexOf(d);I>-1&&y.splice(I,1)}},emit(o,...d){for(let y of[...p[o]])y(...d)}}})();function se(a){let p=[_.on("error",o=>{p.forEach(d=>d()),a(o)}),_.on("closed",o=>{p.forEach(d=>d()),a(o)})];return()=>p.forEach(o=>o())}let O,L=0,ce,V=!1,Y=0,he=!1;async function be(){clearTimeout(ce);let[a,p]=await(O??(O=new Promise((y,I)=>(async()=>{if(V){if(await E(Y),!L)return O=void 0,I({code:1e3,reason:"All Subscriptions Gone"});Y++}_.emit("connecting",V);let c=new R(typeof n=="function"?await n():n,He),A,q;function ee(){isFinite(u)&&u>0&&(clearTimeout(q),q=setTimeout(()=>{c.readyState===R.OPEN&&(c.send(H({type:P.Ping})),_.emit("ping",!1,void 0))},u))}se(h=>{O=void 0,clearTimeout(A),clearTimeout(q),I(h),h instanceof Q&&(c.close(4499,"Terminated"),c.onerror=null,c.onclose=null)}),c.onerror=h=>_.emit("error",h),c.onclose=h=>_.emit("closed",h),c.onopen=async()=>{try{_.emit("opened",c);let h=typeof t=="function"?await t():t;if(c.readyState!==R.OPEN)return;c.send(H(h?{type:P.ConnectionInit,payload:h}:{type:P.ConnectionInit},Z)),isFinite(b)&&b>0&&(A=setTimeout(()=>{c.close(w.ConnectionAcknowledgementTimeout,"Connection acknowledgement timeout")},b)),ee()}catch(h){_.emit("error",h),c.close(w.InternalClientError,Ie(h instanceof Error?h.message:String(h),"Internal client error"))}};let F=!1;c.onmessage=({data:h})=>{try{let S=ze(h,Je);if(_.emit("message",S),S.type==="ping"||S.type==="pong"){_.emit(S.type,!0,S.payload),S.type==="pong"?ee():D||(c.send(H(S.payload?{type:P.Pong,payload:S.payload}:{type:P.Pong},Z)),_.emit("pong",!1,S.payload));return}if(F)return;if(S.type!==P.ConnectionAck)throw new Error(`First message cannot be of type ${S.type}`);clearTimeout(A),F=!0,_.emit("connected",c,S.payload,V),V=!1,Y=0;let Pe=new Promise((fn,Ke)=>se(Ke));Pe.catch(()=>{}),y([c,Pe])}catch(S){c.onmessage=null,_.emit("error",S),c.close(w.BadResponse,Ie(S instanceof Error?S.message:String(S),"Bad response"))}}})())));a.readyState===R.CLOSING&&await p;let o=()=>{},d=new Promise(y=>o=y);return[a,o,new Promise((y,I)=>{let c=se(I);a.readyState!==R.OPEN&&p.catch(I),d.then(()=>{if(c(),!L){let A=()=>a.close(1e3,"Normal Closure");isFinite(s)&&s>0?(clearTimeout(ce),ce=setTimeout(()=>{!L&&a.readyState===R.OPEN&&A()},s)):A()}y()})})]}function ve(a){if(De(a)&&(nn(a.code)||[w.InternalServerError,w.InternalClientError,w.BadRequest,w.BadResponse,w.Unauthorized,w.SubprotocolNotAcceptable,w.SubscriberAlreadyExists,w.TooManyInitialisationRequests].includes(a.code)))throw a;if(he)return!1;if(De(a)&&a.code===1e3)return L>0;if(!$||Y>=$||!X(a))throw a;return V=!0}r||(async()=>{for(L++;;)try{let[,,a]=await be();await a}catch(a){try{if(!ve(a))return}catch(p){return i?.(p)}}})();function we(a,p){let o=Qe(a),d=!1,y=!1,I=()=>{L--,d=!0};return(async()=>{for(L++;;)try{let[c,A,q]=await be();if(d)return q.catch(()=>{}),A();let ee=_.onMessage(o,F=>{switch(F.type){case P.Next:{p.next(F.payload);return}case P.Error:{y=!0,d=!0,p.error(F.payload),I();return}case P.Complete:{d=!0,I();return}}});c.send(H({id:o,type:P.Subscribe,payload:a},Z)),I=()=>{!d&&c.readyState===R.OPEN&&c.send(H({id:o,type:P.Complete},Z)),L--,d=!0,A()},await q.finally(ee);return}catch(c){if(!ve(c))return}})().then(()=>{y||p.complete()}).catch(c=>{p.error(c)}),()=>{d||I()}}return{on:_.on,subscribe:we,iterate(a){let p=[],o={done:!1,error:null,resolve:()=>{}},d=we(a,{next(I){p.push(I),o.resolve()},error(I){o.done=!0,o.error=I,o.resolve()},complete(){o.done=!0,o.resolve()}}),y=(async function*(){for(;;){for(p.length||await new Promise(c=>o.resolve=c);p.length;)yield p.shift();if(o.error)throw o.error;if(o.done)return}})();return y.throw=async I=>(o.done||(o.done=!0,o.error=I,o.resolve()),{done:!0,value:void 0}),y.return=async()=>(d(),{done:!0,value:void 0}),y},async dispose(){if(he=!0,O){let[a]=await O;a.close(1e3,"Normal Closure")}},terminate(){O&&_.emit("closed",new Q)}}}var Q=class extends Error{constructor(){super(...arguments);T(this,"name","TerminatedCloseEvent");T(this,"message","4499: Terminated");T(this,"code",4499);T(this,"reason","Terminated");T(this,"wasClean",!1)}};function De(e){return x(e)&&"code"in e&&"reason"in e}function nn(e){return[1e3,1001,1006,1005,1012,1013,1014].includes(e)?!1:e>=1e3&&e<=1999}function tn(e){return typeof e=="function"&&"constructor"in e&&"CLOSED"in e&&"CLOSING"in e&&"CONNECTING"in e&&"OPEN"in e}var C=class extends Error{constructor(t,r,i="",s=0){super(t);T(this,"code");T(this,"field");T(this,"retryAfter");this.code=r,this.field=i,this.retryAfter=s}};async function Se(e,n,t){let r={"Content-Type":"application/json"};t&&(r.Authorization="Bearer "+t);let i;try{i=await fetch("/graphql",{method:"POST",headers:r,body:JSON.stringify({operationName:e,query:ye[e],variables:n})})}catch{throw new C("The server cannot be reached. Check your connection and try again.","NETWORK")}if(!(i.headers.get("Content-Type")||"").includes("json"))throw new C(`The server answered ${i.status}.`,"HTTP_"+i.status);return i.json()}var oe=null;function We(){let e=j.get();return e?(oe??(oe=Se("RefreshToken",{refreshToken:e.refreshToken}).then(n=>n.data?.refreshToken?(Ne(n.data.refreshToken),!0):(Ue(),!1)).catch(()=>!1).finally(()=>{oe=null})),oe):Promise.resolve(!1)}function rn(e){try{return JSON.parse(atob(e.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))).exp-Date.now()/1e3}catch{return 0}}async function Ge(){let e=j.get();return e&&rn(e.accessToken)<60&&await We(),j.get()?.accessToken}async function _e(e,n={}){let t=e==="RefreshToken"||e==="Login"?void 0:await Ge(),r=await Se(e,n,t);if(r.errors?.[0]?.extensions?.code==="UNAUTHENTICATED"&&j.get()&&e!=="Login"&&await We()&&(r=await Se(e,n,j.get()?.accessToken)),r.errors?.length){let i=r.errors[0];throw new C(i.message,i.extensions?.code||"ERROR",i.extensions?.field||"",i.extensions?.retryAfter||0)}return r.data}var J=null;function on(){return J??(J=$e({url:location.origin.replace(/^http/,"ws")+"/graphql",lazy:!0,retryAttempts:1/0,shouldRetry:()=>!0,connectionParams:async()=>{let e=await Ge();return e?{Authorization:"Bearer "+e}:{}}})),J}function Cn(){J?.dispose(),J=null}function En(e,n,t,r){return on().subscribe({operationName:e,query:ye[e],variables:n},{next:i=>{i.data&&t(i.data)},error:i=>r?.(i instanceof Error?i:new Error(String(i?.message||i))),complete:()=>{}})}var an=Symbol.for("pv"),sn=0;function l(e,n,t,r,i,s){n||(n={});var u,D,b=n;if("ref"in b&&typeof e!="function")for(D in b={},n)D=="ref"?u=n[D]:b[D]=n[D];var $={type:e,props:b,key:t,ref:u,__k:null,__:null,__b:0,__e:null,__c:null,constructor:an,__v:--sn,__i:-1,__u:0};return(i||s)&&($.__source=i,$.__self=s),z.vnode&&z.vnode($),$}function Hn(e){return U(()=>{document.title=`${e.title} · Vidra Studio`},[e.title]),l("section",{class:"page","aria-labelledby":"page-title",children:[l("header",{class:"page-head",children:[l("h1",{id:"page-title",tabIndex:-1,children:e.title}),e.actions&&l("div",{class:"page-actions",children:e.actions})]}),e.children]})}function Vn(e){let{label:n,error:t,hint:r,...i}=e,s=te(),u=cn(t,e.name);return l("div",{class:"field",children:[l("label",{for:s,children:n}),l("input",{id:s,...i,"aria-invalid":u?"true":void 0,"aria-describedby":u?s+"-err":r?s+"-hint":void 0}),r&&!u&&l("small",{id:s+"-hint",children:r}),u&&l("small",{id:s+"-err",class:"error-text",children:u})]})}function zn(e){let{label:n,options:t,...r}=e,i=te();return l("div",{class:"field",children:[l("label",{for:i,children:n}),l("select",{id:i,...r,children:t.map(([s,u])=>l("option",{value:s,children:u},s))})]})}function cn(e,n){return e?typeof e=="string"?e:e instanceof C&&e.field&&n&&e.field.split(".").pop()===n?e.message:"":""}function dn(e){let n=e.error;if(!n||n instanceof C&&n.field&&e.fields?.includes(n.field.split(".").pop()||""))return null;let t=n instanceof Error?n.message:String(n);return l("p",{class:"error-box",role:"alert",children:t})}function ln(e){let{busy:n,kind:t="plain",children:r,...i}=e;return l("button",{type:"button",class:`btn btn-${t}`,disabled:n||i.disabled,"aria-busy":n?"true":void 0,...i,children:r})}function Wn(e){let n=te(),[t,r]=M(!1),i=async()=>{try{await navigator.clipboard.writeText(e.value)}catch{document.getElementById(n)?.select(),document.execCommand("copy")}r(!0),pn(`${e.label} copied`),setTimeout(()=>r(!1),1500)};return l("div",{class:"field copy-field",children:[l("label",{for:n,children:e.label}),l("div",{class:"copy-row",children:[e.multiline?l("textarea",{id:n,readOnly:!0,rows:3,value:e.value}):l("input",{id:n,readOnly:!0,value:e.value}),l(ln,{onClick:i,"aria-label":`Copy ${e.label}`,children:t?"Copied":"Copy"})]})]})}var K=re([]),un=0;function pn(e){let n=++un;K.set([...K.get(),{id:n,text:e}]),setTimeout(()=>K.set(K.get().filter(t=>t.id!==n)),4e3)}function Gn(){let e=qe(K);return l("div",{class:"toasts",role:"status","aria-live":"polite",children:e.map(n=>l("div",{class:"toast",children:n.text},n.id))})}function Qn(e,n={},t=!1){let[r,i]=M({data:null,error:null,loading:!t}),s=JSON.stringify(n),u=fe(0),D=me(async()=>{if(t)return;let b=++u.current;i($=>({...$,loading:!0}));try{let $=await _e(e,JSON.parse(s));b===u.current&&i({data:$,error:null,loading:!1})}catch($){b===u.current&&i(E=>({data:E.data,error:$,loading:!1}))}},[e,s,t]);return U(()=>{D()},[D]),{...r,reload:D}}function Jn(e){let[n,t]=M(!1),[r,i]=M(null);return{run:me(async(u={})=>{t(!0),i(null);try{return await _e(e,u)}catch(D){return i(D),null}finally{t(!1)}},[e]),busy:n,error:r,setError:i}}function Kn(e){return e.q.error&&!e.q.data?l(dn,{error:e.q.error}):e.q.data?l(ne,{children:e.children()}):l("p",{class:"muted","aria-busy":"true",children:"Loading…"})}function Xn(e){let n=fe(null);return U(()=>{let t=n.current;t&&(e.open&&!t.open&&t.showModal(),!e.open&&t.open&&t.close())},[e.open]),l("dialog",{ref:n,"aria-label":e.title,onClose:e.onClose,children:[l("h2",{children:e.title}),e.open&&e.children]})}function Zn(e){return e?new Date(e).toLocaleString():"—"}function Yn(e){if(e==null)return"—";let n=["B","KB","MB","GB","TB"],t=0,r=e;for(;r>=1024&&t<n.length-1;)r/=1024,t++;return`${r.toFixed(t?1:0)} ${n[t]}`}function et(e){if(e==null)return"—";let n=Math.round(e),t=Math.floor(n/3600),r=Math.floor(n%3600/60),i=n%60,s=t?String(r).padStart(2,"0"):String(r);return(t?t+":":"")+s+":"+String(i).padStart(2,"0")}export{M as a,Xe as b,U as c,gn as d,fe as e,Me as f,me as g,yn as h,te as i,re as j,qe as k,j as l,Ne as m,Ue as n,_n as o,C as p,_e as q,Cn as r,En as s,l as t,Hn as u,Vn as v,zn as w,cn as x,dn as y,ln as z,Wn as A,pn as B,Gn as C,Qn as D,Jn as E,Kn as F,Xn as G,Zn as H,Yn as I,et as J};
