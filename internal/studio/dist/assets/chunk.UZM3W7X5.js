import{c as O,d as G,h as te}from"./chunk.SV2DKPEY.js";var C,m,le,we,ue=Object.is,H=0,Ue=[],pe=[],f=G,Te=f.__b,ke=f.__r,Ce=f.diffed,Re=f.__c,xe=f.unmount,Le=f.__;function q(e,n){f.__h&&f.__h(m,e,H||n),H=0;var t=m.__H||(m.__H={__:[],__h:[]});return e>=t.__.length&&t.__.push({}),t.__[e]}function V(e){return H=1,Xe(Fe,e)}function Xe(e,n,t){var i=q(C++,2);if(i.t=e,!i.__c&&(i.__=[t?t(n):Fe(void 0,n),function(o){var s=(i.__N||i.__)[0],y=i.t(s,o);ue(s,y)||(i.__N=[y,i.__[1]],i.__c.setState({}))}],i.__c=m,!m.__f)){m.__f=!0;var r=m.shouldComponentUpdate;m.shouldComponentUpdate=function(o,s,y){var $=this.__H;if(!$)return!0;var h=!1,x=this.props!=o;if($.__.some(function(g){g.__N&&(h=!0,ue(g.__[0],g.__N[0])||(x=!0))}),r){var X=r.call(this,o,s,y);return h?X||x:X}return!h||x}}return i.__}function B(e,n){var t=q(C++,3);!f.__s&&Ie(t.__H,n)&&(t.__P=!0,t.__=e,t.u=n,m.__H.__h.push(t))}function gn(e,n){var t=q(C++,4);!f.__s&&Ie(t.__H,n)&&(t.__P=!1,t.__=e,t.u=n,m.__h.push(t))}function fe(e){return H=5,Me(function(){return{current:e}},[])}function Me(e,n){var t=q(C++,7);return Ie(t.__H,n)&&(t.__=e(),t.__H=n),t.__}function ge(e,n){return H=8,Me(function(){return e},n)}function In(e){var n=m.context[e.__c],t=q(C++,9);return t.c=e,n?(t.__==null&&(t.__=!0,n.sub(m)),n.props.value):e.__}function K(){var e=q(C++,11);if(!e.__){for(var n=m.__v;!n.__m&&n.__;)n=n.__;var t=n.__m||(n.__m=[0,0]);e.__="P"+t[0]+"-"+t[1]++}return e.__}function Ye(){var e;do{for(;e=pe.shift();)try{z(e)}catch(t){f.__e(t,{__:(e=e.__P)&&e.__v})}for(;e=Ue.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(z),n.__h.some(me),n.__h=[]}catch(t){n.__h=[],f.__e(t,e.__v)}}}while(pe.length)}f.__b=function(e){m=null,Te&&Te(e)},f.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),Le&&Le(e,n)},f.__r=function(e){ke&&ke(e),C=0;var n=(m=e.__c).__H;n&&(le==m?m.__h=[]:(n.__h.some(z),n.__h.some(me),C=0),n.__h=[],n.__.some(function(t){t.__N&&(t.__=t.__N),t.u=t.__N=void 0})),le=m},f.diffed=function(e){Ce&&Ce(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&Ve(Ue.push(n)),n.__H.__.some(function(t){t.u&&(t.__H=t.u)})),le=m=null},f.__c=function(e,n){n.some(function(t){try{t.__h.some(z),t.__h=t.__h.filter(function(i){return!i.__||me(i)})}catch(i){t.__h=[function(){throw i}]}}),Re&&Re(e,n)},f.unmount=function(e){xe&&xe(e);var n,t,i=e.__c;i&&i.__H&&(i.__H.__.some(function(r){try{if(r.__P&&r.__c){if(t===void 0){for(t=e.__;t&&(!t.__c||!t.__c.__P);)t=t.__;t=t&&t.__c}r.__P=t,Ve(pe.push(r))}else z(r)}catch(o){n=o}}),i.__H=void 0,n&&f.__e(n,i.__v))};var Ee=typeof requestAnimationFrame=="function";function en(e){var n,t=function(){clearTimeout(i),Ee&&cancelAnimationFrame(n),setTimeout(e)},i=setTimeout(t,35);Ee&&(n=requestAnimationFrame(t))}function Ve(e){e!=1&&we==f.requestAnimationFrame||((we=f.requestAnimationFrame)||en)(Ye)}function z(e){var n=m,t=e.__c;typeof t=="function"&&(e.__c=void 0,t()),m=n}function me(e){var n=m;e.__c=e.__(),m=n}function Ie(e,n){return!e||e.length!=n.length||n.some(function(t,i){return!ue(t,e[i])})}function Fe(e,n){return typeof n=="function"?n(e):n}function ie(e){let n=e,t=new Set;return{get:()=>n,set(i){n=i,t.forEach(r=>r(i))},subscribe(i){return t.add(i),()=>t.delete(i)}}}function Oe(e){let[n,t]=V(e.get());return B(()=>e.subscribe(t),[e]),n}var re="vidra.studio.session";function qe(){try{let e=JSON.parse(localStorage.getItem(re)||"null");return e&&e.accessToken&&e.refreshToken?e:null}catch{return null}}var P=ie(qe());function Be(e){localStorage.setItem(re,JSON.stringify({accessToken:e.accessToken,refreshToken:e.refreshToken})),P.set({accessToken:e.accessToken,refreshToken:e.refreshToken})}function De(){localStorage.removeItem(re),P.set(null)}function bn(){let e=[];for(let n=0;n<localStorage.length;n++){let t=localStorage.key(n);t&&(t.startsWith("vidra.studio.")||t.startsWith("tus::vidra.studio."))&&e.push(t)}e.forEach(n=>localStorage.removeItem(n)),De()}function Sn(){let e=P.get();if(!e)return"";try{let n=e.accessToken.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(n)).org||""}catch{return""}}addEventListener("storage",e=>{e.key===re&&P.set(qe())});var oe={BillingSubscription:`query BillingSubscription {
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
}`,APIKeys:`query APIKeys($after: Cursor) {
  apiKeys(first: 50, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        ...APIKeyFields
      }
    }
  }
}

fragment APIKeyFields on APIKey {
  id
  name
  origin
  prefix
  last4
  expiresAt
  lastUsedAt
  createdAt
  permissions
}`,CreateAPIKey:`mutation CreateAPIKey($input: CreateAPIKeyInput!) {
  createApiKey(input: $input) {
    key
    apiKey {
      ...APIKeyFields
    }
  }
}

fragment APIKeyFields on APIKey {
  id
  name
  origin
  prefix
  last4
  expiresAt
  lastUsedAt
  createdAt
  permissions
}`,DeleteAPIKey:`mutation DeleteAPIKey($id: ID!) {
  deleteApiKey(id: $id)
}`,Audits:`query Audits($after: Cursor, $actorID: ID, $entityType: String, $since: Time, $until: Time) {
  audits(
    first: 50
    after: $after
    actorID: $actorID
    entityType: $entityType
    since: $since
    until: $until
  ) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        createdAt
        actorType
        actorID
        action
        entityType
        entityID
        operation
        address
        userAgent
        changes
      }
    }
  }
}`,AuditActors:`query AuditActors {
  members(first: 50) {
    edges {
      node {
        userID
        user {
          name
          email
        }
      }
    }
  }
  apiKeys(first: 50) {
    edges {
      node {
        id
        name
      }
    }
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
}`,LiveStreamUpdated:`subscription LiveStreamUpdated($projectID: ID!, $id: ID!) {
  liveStreamUpdated(projectID: $projectID, id: $id) {
    id
    status
  }
}`,Members:`query Members($after: Cursor) {
  members(first: 50, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        ...MemberFields
      }
    }
  }
}

fragment MemberFields on Membership {
  id
  userID
  role
  permissions
  createdAt
  user {
    id
    name
    email
  }
}`,MemberAccess:`query MemberAccess {
  apiAccessCheck {
    role
    user {
      id
      email
    }
    organization {
      id
      name
    }
  }
}`,UpdateMember:`mutation UpdateMember($userID: ID!, $role: MembershipRole) {
  updateMember(userID: $userID, role: $role) {
    ...MemberFields
  }
}

fragment MemberFields on Membership {
  id
  userID
  role
  permissions
  createdAt
  user {
    id
    name
    email
  }
}`,RemoveMember:`mutation RemoveMember($userID: ID!) {
  removeMember(userID: $userID)
}`,PendingInvitations:`query PendingInvitations($after: Cursor) {
  invitations(first: 50, after: $after, status: pending) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        ...InvitationFields
      }
    }
  }
}

fragment InvitationFields on Invitation {
  id
  email
  role
  status
  expiresAt
  expired
  createdAt
  permissions
}`,SendInvitation:`mutation SendInvitation($input: SendInvitationInput!) {
  sendInvitation(input: $input) {
    ...InvitationFields
  }
}

fragment InvitationFields on Invitation {
  id
  email
  role
  status
  expiresAt
  expired
  createdAt
  permissions
}`,RevokeInvitation:`mutation RevokeInvitation($id: ID!) {
  revokeInvitation(id: $id) {
    id
    status
  }
}`,InvitationByToken:`query InvitationByToken($token: String!) {
  invitationByToken(token: $token) {
    email
    role
    status
    expired
    expiresAt
    organizationID
    organizationName
  }
}`,AcceptInvitation:`mutation AcceptInvitation($token: String!) {
  acceptInvitation(token: $token) {
    id
    organizationID
    role
  }
}`,RejectInvitation:`mutation RejectInvitation($token: String!) {
  rejectInvitation(token: $token) {
    status
  }
}`,UpdateMemberGrants:`mutation UpdateMemberGrants($userID: ID!, $permissions: Any!) {
  updateMember(userID: $userID, permissions: $permissions) {
    ...MemberFields
  }
}

fragment MemberFields on Membership {
  id
  userID
  role
  permissions
  createdAt
  user {
    id
    name
    email
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
}`,UploadCreateToken:`mutation UploadCreateToken($projectID: ID!, $input: CreateUploadTokenInput!) {
  createUploadToken(projectID: $projectID, input: $input) {
    token
    expiresAt
    maxSize
    uploadURL
    video {
      ...UploadVideoState
    }
  }
}

fragment UploadVideoState on Video {
  id
  title
  status
  progress
  failureReason
  size
  duration
}`,UploadVideo:`query UploadVideo($id: ID!, $projectID: ID) {
  video(id: $id, projectID: $projectID) {
    ...UploadVideoState
  }
}

fragment UploadVideoState on Video {
  id
  title
  status
  progress
  failureReason
  size
  duration
}`,UploadVideoUpdated:`subscription UploadVideoUpdated($id: ID!) {
  videoUpdated(id: $id) {
    ...UploadVideoState
  }
}

fragment UploadVideoState on Video {
  id
  title
  status
  progress
  failureReason
  size
  duration
}`,UploadDeleteVideo:`mutation UploadDeleteVideo($id: ID!, $projectID: ID) {
  deleteVideo(id: $id, projectID: $projectID)
}`,VideoPage:`query VideoPage($id: ID!, $projectID: ID!) {
  video(id: $id, projectID: $projectID) {
    ...VideoPageState
    tags(first: 50, orderBy: {field: NAME, direction: ASC}) {
      totalCount
      edges {
        node {
          id
          name
        }
      }
    }
    folder {
      id
      name
    }
    project {
      id
      name
      accessControl {
        playback
      }
    }
  }
}

fragment VideoPageState on Video {
  id
  projectID
  title
  description
  status
  progress
  failureReason
  duration
  size
  width
  height
  createdAt
  updatedAt
  packaging
  folderID
  metadata
  embedURL
  embedCode
  playbackURL
  dashURL
  renditions {
    id
    name
    width
    height
    bandwidth
    status
  }
  staticRenditions {
    ...VideoPageStaticRendition
  }
}

fragment VideoPageStaticRendition on StaticRendition {
  id
  resolution
  fileName
  status
  width
  height
  bytes
  failureReason
  readyAt
  downloadURL
}`,VideoPageUpdated:`subscription VideoPageUpdated($id: ID!) {
  videoUpdated(id: $id) {
    ...VideoPageState
  }
}

fragment VideoPageState on Video {
  id
  projectID
  title
  description
  status
  progress
  failureReason
  duration
  size
  width
  height
  createdAt
  updatedAt
  packaging
  folderID
  metadata
  embedURL
  embedCode
  playbackURL
  dashURL
  renditions {
    id
    name
    width
    height
    bandwidth
    status
  }
  staticRenditions {
    ...VideoPageStaticRendition
  }
}

fragment VideoPageStaticRendition on StaticRendition {
  id
  resolution
  fileName
  status
  width
  height
  bytes
  failureReason
  readyAt
  downloadURL
}`,VideoPlaybackToken:`mutation VideoPlaybackToken($videoID: ID!, $projectID: ID!) {
  createPlaybackToken(videoID: $videoID, projectID: $projectID) {
    token
    expiresAt
  }
}`,VideoFolders:`query VideoFolders($projectID: ID!, $after: Cursor) {
  folders(
    first: 50
    after: $after
    where: {projectID: $projectID}
    orderBy: {field: NAME, direction: ASC}
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
        parentID
      }
    }
  }
}`,VideoTagByName:`query VideoTagByName($projectID: ID!, $name: String!) {
  tags(first: 1, where: {projectID: $projectID, name: $name}) {
    edges {
      node {
        id
        name
      }
    }
  }
}`,VideoTagCreate:`mutation VideoTagCreate($input: CreateTagInput!) {
  createTag(input: $input) {
    id
    name
  }
}`,VideoUpdate:`mutation VideoUpdate($id: ID!, $projectID: ID!, $input: UpdateVideoInput!) {
  updateVideo(id: $id, projectID: $projectID, input: $input) {
    ...VideoPageState
    folder {
      id
      name
    }
    tags(first: 50, orderBy: {field: NAME, direction: ASC}) {
      totalCount
      edges {
        node {
          id
          name
        }
      }
    }
  }
}

fragment VideoPageState on Video {
  id
  projectID
  title
  description
  status
  progress
  failureReason
  duration
  size
  width
  height
  createdAt
  updatedAt
  packaging
  folderID
  metadata
  embedURL
  embedCode
  playbackURL
  dashURL
  renditions {
    id
    name
    width
    height
    bandwidth
    status
  }
  staticRenditions {
    ...VideoPageStaticRendition
  }
}

fragment VideoPageStaticRendition on StaticRendition {
  id
  resolution
  fileName
  status
  width
  height
  bytes
  failureReason
  readyAt
  downloadURL
}`,VideoDelete:`mutation VideoDelete($id: ID!, $projectID: ID!) {
  deleteVideo(id: $id, projectID: $projectID)
}`,VideoCaptions:`query VideoCaptions($videoID: ID!, $projectID: ID!) {
  videoCaptions(videoID: $videoID, projectID: $projectID) {
    ...VideoPageCaption
  }
  videoCaptionGenerations(videoID: $videoID, projectID: $projectID) {
    ...VideoPageGeneration
  }
  service {
    captionEngine
  }
}

fragment VideoPageCaption on Caption {
  id
  language
  label
  sourceFormat
  size
  autoGenerated
  engine
  editedAt
  updatedAt
}

fragment VideoPageGeneration on CaptionGeneration {
  id
  language
  engine
  model
  status
  failureReason
  audioSeconds
  createdAt
  finishedAt
}`,VideoCaptionText:`query VideoCaptionText($videoID: ID!, $projectID: ID!, $id: ID!) {
  caption(videoID: $videoID, projectID: $projectID, id: $id) {
    id
    language
    label
    text
  }
}`,VideoCaptionUpload:`mutation VideoCaptionUpload($videoID: ID!, $projectID: ID!, $language: String!, $label: String, $file: Upload!) {
  uploadCaption(
    videoID: $videoID
    projectID: $projectID
    language: $language
    label: $label
    file: $file
  ) {
    ...VideoPageCaption
  }
}

fragment VideoPageCaption on Caption {
  id
  language
  label
  sourceFormat
  size
  autoGenerated
  engine
  editedAt
  updatedAt
}`,VideoCaptionEdit:`mutation VideoCaptionEdit($videoID: ID!, $projectID: ID!, $id: ID!, $label: String, $file: Upload!) {
  editCaption(
    videoID: $videoID
    projectID: $projectID
    id: $id
    label: $label
    file: $file
  ) {
    ...VideoPageCaption
  }
}

fragment VideoPageCaption on Caption {
  id
  language
  label
  sourceFormat
  size
  autoGenerated
  engine
  editedAt
  updatedAt
}`,VideoCaptionDelete:`mutation VideoCaptionDelete($videoID: ID!, $projectID: ID!, $id: ID!) {
  deleteCaption(videoID: $videoID, projectID: $projectID, id: $id)
}`,VideoCaptionGenerate:`mutation VideoCaptionGenerate($videoID: ID!, $projectID: ID!, $language: String!) {
  generateCaptions(videoID: $videoID, projectID: $projectID, language: $language) {
    ...VideoPageGeneration
  }
}

fragment VideoPageGeneration on CaptionGeneration {
  id
  language
  engine
  model
  status
  failureReason
  audioSeconds
  createdAt
  finishedAt
}`,VideoCaptionGenerationCancel:`mutation VideoCaptionGenerationCancel($videoID: ID!, $projectID: ID!, $id: ID!) {
  cancelCaptionGeneration(videoID: $videoID, projectID: $projectID, id: $id) {
    ...VideoPageGeneration
  }
}

fragment VideoPageGeneration on CaptionGeneration {
  id
  language
  engine
  model
  status
  failureReason
  audioSeconds
  createdAt
  finishedAt
}`,VideoChapters:`query VideoChapters($videoID: ID!, $projectID: ID!) {
  videoChapters(videoID: $videoID, projectID: $projectID) {
    id
    title
    startSeconds
  }
}`,VideoChaptersSet:`mutation VideoChaptersSet($videoID: ID!, $projectID: ID!, $chapters: [ChapterInput!]!) {
  setVideoChapters(videoID: $videoID, projectID: $projectID, chapters: $chapters) {
    id
    title
    startSeconds
  }
}`,VideoStaticRenditions:`query VideoStaticRenditions($videoID: ID!, $projectID: ID!) {
  videoStaticRenditions(videoID: $videoID, projectID: $projectID) {
    ...VideoPageStaticRendition
  }
}

fragment VideoPageStaticRendition on StaticRendition {
  id
  resolution
  fileName
  status
  width
  height
  bytes
  failureReason
  readyAt
  downloadURL
}`,VideoStaticRenditionCreate:`mutation VideoStaticRenditionCreate($videoID: ID!, $projectID: ID!, $resolution: String!) {
  createStaticRendition(
    videoID: $videoID
    projectID: $projectID
    resolution: $resolution
  ) {
    ...VideoPageStaticRendition
  }
}

fragment VideoPageStaticRendition on StaticRendition {
  id
  resolution
  fileName
  status
  width
  height
  bytes
  failureReason
  readyAt
  downloadURL
}`,VideoStaticRenditionDelete:`mutation VideoStaticRenditionDelete($videoID: ID!, $projectID: ID!, $id: ID!) {
  deleteStaticRendition(videoID: $videoID, projectID: $projectID, id: $id)
}`,VideoAnalyticsSummary:`query VideoAnalyticsSummary($projectId: ID!, $mediaId: ID!, $query: AnalyticsQueryInput!) {
  analytics(projectId: $projectId, mediaId: $mediaId, query: $query) {
    startTime
    endTime
    metrics {
      name
      total
    }
  }
}`,VideoChaptersWebVTT:`query VideoChaptersWebVTT($videoID: ID!, $projectID: ID!) {
  videoChaptersWebVTT(videoID: $videoID, projectID: $projectID)
}`,WebhookEventTypes:`query WebhookEventTypes {
  webhookEventTypes {
    name
    description
    reserved
  }
}`,WebhookEndpoints:`query WebhookEndpoints($projectID: ID!) {
  webhookEndpoints(projectID: $projectID) {
    ...EndpointFields
  }
}

fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  createdAt
  previousSecretExpiresAt
  failingSince
  disabledReason
}`,CreateWebhookEndpoint:`mutation CreateWebhookEndpoint($projectID: ID!, $input: WebhookEndpointInput!) {
  createWebhookEndpoint(projectID: $projectID, input: $input) {
    endpoint {
      ...EndpointFields
    }
    secret
  }
}

fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  createdAt
  previousSecretExpiresAt
  failingSince
  disabledReason
}`,UpdateWebhookEndpoint:`mutation UpdateWebhookEndpoint($projectID: ID!, $id: ID!, $input: WebhookEndpointInput!) {
  updateWebhookEndpoint(projectID: $projectID, id: $id, input: $input) {
    ...EndpointFields
  }
}

fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  createdAt
  previousSecretExpiresAt
  failingSince
  disabledReason
}`,DeleteWebhookEndpoint:`mutation DeleteWebhookEndpoint($projectID: ID!, $id: ID!) {
  deleteWebhookEndpoint(projectID: $projectID, id: $id)
}`,RotateWebhookEndpointSecret:`mutation RotateWebhookEndpointSecret($projectID: ID!, $id: ID!) {
  rotateWebhookEndpointSecret(projectID: $projectID, id: $id) {
    endpoint {
      ...EndpointFields
    }
    secret
  }
}

fragment EndpointFields on WebhookEndpoint {
  id
  url
  description
  eventTypes
  enabled
  createdAt
  previousSecretExpiresAt
  failingSince
  disabledReason
}`,WebhookDeliveries:`query WebhookDeliveries($projectID: ID!, $endpointID: ID!, $status: WebhookDeliveryStatus, $after: Cursor) {
  webhookLogs(
    projectID: $projectID
    endpointID: $endpointID
    status: $status
    first: 50
    after: $after
  ) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        ...DeliveryRow
      }
    }
  }
}

fragment DeliveryRow on WebhookDelivery {
  id
  createdAt
  updatedAt
  eventID
  endpointID
  eventType
  status
  attempts
  lastStatusCode
  completedAt
}`,WebhookDelivery:`query WebhookDelivery($id: ID!) {
  node(id: $id) {
    ... on WebhookDelivery {
      ...DeliveryRow
      projectID
      endpoint {
        id
        url
      }
      event {
        id
        type
        createdAt
        projectID
        data
      }
      attemptLog {
        id
        createdAt
        statusCode
        durationMs
        responseBody
        error
        succeeded
      }
    }
  }
}

fragment DeliveryRow on WebhookDelivery {
  id
  createdAt
  updatedAt
  eventID
  endpointID
  eventType
  status
  attempts
  lastStatusCode
  completedAt
}`,ResendWebhookEvent:`mutation ResendWebhookEvent($projectID: ID!, $eventId: ID!, $endpointID: ID) {
  resendWebhookEvent(
    projectID: $projectID
    eventId: $eventId
    endpointID: $endpointID
  ) {
    ...DeliveryRow
  }
}

fragment DeliveryRow on WebhookDelivery {
  id
  createdAt
  updatedAt
  eventID
  endpointID
  eventType
  status
  attempts
  lastStatusCode
  completedAt
}`,WebhookDeliveryUpdated:`subscription WebhookDeliveryUpdated($projectID: ID!, $endpointID: ID) {
  webhookDeliveryUpdated(projectID: $projectID, endpointID: $endpointID) {
    ...DeliveryRow
  }
}

fragment DeliveryRow on WebhookDelivery {
  id
  createdAt
  updatedAt
  eventID
  endpointID
  eventType
  status
  attempts
  lastStatusCode
  completedAt
}`};function _(e){return e===null?"null":Array.isArray(e)?"array":typeof e}function R(e){return _(e)==="object"}function nn(e){return Array.isArray(e)&&e.length>0&&e.every(n=>"message"in n)}function ye(e,n){return e.length<124?e:n}var Ne="graphql-transport-ws";var j=(e=>(e[e.InternalServerError=4500]="InternalServerError",e[e.InternalClientError=4005]="InternalClientError",e[e.BadRequest=4400]="BadRequest",e[e.BadResponse=4004]="BadResponse",e[e.Unauthorized=4401]="Unauthorized",e[e.Forbidden=4403]="Forbidden",e[e.SubprotocolNotAcceptable=4406]="SubprotocolNotAcceptable",e[e.ConnectionInitialisationTimeout=4408]="ConnectionInitialisationTimeout",e[e.ConnectionAcknowledgementTimeout=4504]="ConnectionAcknowledgementTimeout",e[e.SubscriberAlreadyExists=4409]="SubscriberAlreadyExists",e[e.TooManyInitialisationRequests=4429]="TooManyInitialisationRequests",e))(j||{}),A=(e=>(e.ConnectionInit="connection_init",e.ConnectionAck="connection_ack",e.Ping="ping",e.Pong="pong",e.Subscribe="subscribe",e.Next="next",e.Error="error",e.Complete="complete",e))(A||{});function We(e){if(!R(e))throw new Error(`Message is expected to be an object, but got ${_(e)}`);if(!e.type)throw new Error("Message is missing the 'type' property");if(typeof e.type!="string")throw new Error(`Message is expects the 'type' property to be a string, but got ${_(e.type)}`);switch(e.type){case"connection_init":case"connection_ack":case"ping":case"pong":{if(e.payload!=null&&!R(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object or nullish or missing, but got "${e.payload}"`);break}case"subscribe":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${_(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!R(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object, but got ${_(e.payload)}`);if(typeof e.payload.query!="string")throw new Error(`"${e.type}" message payload expects the 'query' property to be a string, but got ${_(e.payload.query)}`);if(e.payload.variables!=null&&!R(e.payload.variables))throw new Error(`"${e.type}" message payload expects the 'variables' property to be a an object or nullish or missing, but got ${_(e.payload.variables)}`);if(e.payload.operationName!=null&&_(e.payload.operationName)!=="string")throw new Error(`"${e.type}" message payload expects the 'operationName' property to be a string or nullish or missing, but got ${_(e.payload.operationName)}`);if(e.payload.extensions!=null&&!R(e.payload.extensions))throw new Error(`"${e.type}" message payload expects the 'extensions' property to be a an object or nullish or missing, but got ${_(e.payload.extensions)}`);break}case"next":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${_(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!R(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object, but got ${_(e.payload)}`);break}case"error":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${_(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!nn(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an array of GraphQL errors, but got ${JSON.stringify(e.payload)}`);break}case"complete":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${_(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);break}default:throw new Error(`Invalid message 'type' property "${e.type}"`)}return e}function Ge(e,n){return We(typeof e=="string"?JSON.parse(e,n):e)}function N(e,n){return We(e),JSON.stringify(e,n)}function he(e){let{url:n,connectionParams:t,lazy:i=!0,onNonLazyError:r=console.error,lazyCloseTimeout:o=0,keepAlive:s=0,disablePong:y,connectionAckWaitTimeout:$=0,retryAttempts:h=5,retryWait:x=async function(p){let a=Math.pow(2,p);await new Promise(u=>setTimeout(u,a*1e3+Math.floor(Math.random()*2700+300)))},shouldRetry:X=$e,on:g,webSocketImpl:se,generateID:Qe=function(){return"xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g,p=>{let a=Math.random()*16|0;return(p=="x"?a:a&3|8).toString(16)})},jsonMessageReplacer:Y,jsonMessageReviver:Je}=e,U;if(se){if(!rn(se))throw new Error("Invalid WebSocket implementation provided");U=se}else typeof WebSocket<"u"?U=WebSocket:typeof global<"u"?U=global.WebSocket||global.MozWebSocket:typeof window<"u"&&(U=window.WebSocket||window.MozWebSocket);if(!U)throw new Error("WebSocket implementation missing; on Node you can `import WebSocket from 'ws';` and pass `webSocketImpl: WebSocket` to `createClient`");let L=U,S=(()=>{let d=(()=>{let a={};return{on(u,I){return a[u]=I,()=>{delete a[u]}},emit(u){"id"in u&&a[u.id]?.(u)}}})(),p={connecting:g?.connecting?[g.connecting]:[],opened:g?.opened?[g.opened]:[],connected:g?.connected?[g.connected]:[],ping:g?.ping?[g.ping]:[],pong:g?.pong?[g.pong]:[],message:g?.message?[d.emit,g.message]:[d.emit],closed:g?.closed?[g.closed]:[],error:g?.error?[g.error]:[]};return{onMessage:d.on,on(a,u){let I=p[a];return I.push(u),()=>{let D=I.indexOf(u);D>-1&&I.splice(D,1)}},emit(a,...u){for(let I of[...p[a]])I(...u)}}})();function de(d){let p=[S.on("error",a=>{p.forEach(u=>u()),d(a)}),S.on("closed",a=>{p.forEach(u=>u()),d(a)})];return()=>p.forEach(a=>a())}let E,k=0,ce,W=!1,ee=0,ve=!1;async function _e(){clearTimeout(ce);let[d,p]=await(E??(E=new Promise((I,D)=>(async()=>{if(W){if(await x(ee),!k)return E=void 0,D({code:1e3,reason:"All Subscriptions Gone"});ee++}S.emit("connecting",W);let l=new L(typeof n=="function"?await n():n,Ne),w,M;function ne(){isFinite(s)&&s>0&&(clearTimeout(M),M=setTimeout(()=>{l.readyState===L.OPEN&&(l.send(N({type:A.Ping})),S.emit("ping",!1,void 0))},s))}de(v=>{E=void 0,clearTimeout(w),clearTimeout(M),D(v),v instanceof Q&&(l.close(4499,"Terminated"),l.onerror=null,l.onclose=null)}),l.onerror=v=>S.emit("error",v),l.onclose=v=>S.emit("closed",v),l.onopen=async()=>{try{S.emit("opened",l);let v=typeof t=="function"?await t():t;if(l.readyState!==L.OPEN)return;l.send(N(v?{type:A.ConnectionInit,payload:v}:{type:A.ConnectionInit},Y)),isFinite($)&&$>0&&(w=setTimeout(()=>{l.close(j.ConnectionAcknowledgementTimeout,"Connection acknowledgement timeout")},$)),ne()}catch(v){S.emit("error",v),l.close(j.InternalClientError,ye(v instanceof Error?v.message:String(v),"Internal client error"))}};let F=!1;l.onmessage=({data:v})=>{try{let b=Ge(v,Je);if(S.emit("message",b),b.type==="ping"||b.type==="pong"){S.emit(b.type,!0,b.payload),b.type==="pong"?ne():y||(l.send(N(b.payload?{type:A.Pong,payload:b.payload}:{type:A.Pong},Y)),S.emit("pong",!1,b.payload));return}if(F)return;if(b.type!==A.ConnectionAck)throw new Error(`First message cannot be of type ${b.type}`);clearTimeout(w),F=!0,S.emit("connected",l,b.payload,W),W=!1,ee=0;let Pe=new Promise((mn,Ze)=>de(Ze));Pe.catch(()=>{}),I([l,Pe])}catch(b){l.onmessage=null,S.emit("error",b),l.close(j.BadResponse,ye(b instanceof Error?b.message:String(b),"Bad response"))}}})())));d.readyState===L.CLOSING&&await p;let a=()=>{},u=new Promise(I=>a=I);return[d,a,new Promise((I,D)=>{let l=de(D);d.readyState!==L.OPEN&&p.catch(D),u.then(()=>{if(l(),!k){let w=()=>d.close(1e3,"Normal Closure");isFinite(o)&&o>0?(clearTimeout(ce),ce=setTimeout(()=>{!k&&d.readyState===L.OPEN&&w()},o)):w()}I()})})]}function je(d){if($e(d)&&(tn(d.code)||[j.InternalServerError,j.InternalClientError,j.BadRequest,j.BadResponse,j.Unauthorized,j.SubprotocolNotAcceptable,j.SubscriberAlreadyExists,j.TooManyInitialisationRequests].includes(d.code)))throw d;if(ve)return!1;if($e(d)&&d.code===1e3)return k>0;if(!h||ee>=h||!X(d))throw d;return W=!0}i||(async()=>{for(k++;;)try{let[,,d]=await _e();await d}catch(d){try{if(!je(d))return}catch(p){return r?.(p)}}})();function Ae(d,p){let a=Qe(d),u=!1,I=!1,D=()=>{k--,u=!0};return(async()=>{for(k++;;)try{let[l,w,M]=await _e();if(u)return M.catch(()=>{}),w();let ne=S.onMessage(a,F=>{switch(F.type){case A.Next:{p.next(F.payload);return}case A.Error:{I=!0,u=!0,p.error(F.payload),D();return}case A.Complete:{u=!0,D();return}}});l.send(N({id:a,type:A.Subscribe,payload:d},Y)),D=()=>{!u&&l.readyState===L.OPEN&&l.send(N({id:a,type:A.Complete},Y)),k--,u=!0,w()},await M.finally(ne);return}catch(l){if(!je(l))return}})().then(()=>{I||p.complete()}).catch(l=>{p.error(l)}),()=>{u||D()}}return{on:S.on,subscribe:Ae,iterate(d){let p=[],a={done:!1,error:null,resolve:()=>{}},u=Ae(d,{next(D){p.push(D),a.resolve()},error(D){a.done=!0,a.error=D,a.resolve()},complete(){a.done=!0,a.resolve()}}),I=(async function*(){for(;;){for(p.length||await new Promise(l=>a.resolve=l);p.length;)yield p.shift();if(a.error)throw a.error;if(a.done)return}})();return I.throw=async D=>(a.done||(a.done=!0,a.error=D,a.resolve()),{done:!0,value:void 0}),I.return=async()=>(u(),{done:!0,value:void 0}),I},async dispose(){if(ve=!0,E){let[d]=await E;d.close(1e3,"Normal Closure")}},terminate(){E&&S.emit("closed",new Q)}}}var Q=class extends Error{constructor(){super(...arguments);O(this,"name","TerminatedCloseEvent");O(this,"message","4499: Terminated");O(this,"code",4499);O(this,"reason","Terminated");O(this,"wasClean",!1)}};function $e(e){return R(e)&&"code"in e&&"reason"in e}function tn(e){return[1e3,1001,1006,1005,1012,1013,1014].includes(e)?!1:e>=1e3&&e<=1999}function rn(e){return typeof e=="function"&&"constructor"in e&&"CLOSED"in e&&"CLOSING"in e&&"CONNECTING"in e&&"OPEN"in e}var T=class extends Error{constructor(n,t,i="",r=0){super(n),this.code=t,this.field=i,this.retryAfter=r}};async function be(e,n,t,i){let r={};t&&(r.Authorization="Bearer "+t);let o;if(i){let $=new FormData;$.append("operations",JSON.stringify({operationName:e,query:oe[e],variables:{...n,[i.variable]:null}})),$.append("map",JSON.stringify({0:["variables."+i.variable]})),$.append("0",i.file,i.name),o=$}else r["Content-Type"]="application/json",o=JSON.stringify({operationName:e,query:oe[e],variables:n});let s;try{s=await fetch("/graphql",{method:"POST",headers:r,body:o})}catch{throw new T("The server cannot be reached. Check your connection and try again.","NETWORK")}if(s.status===413)throw new T("The file is too large for the server.","TOO_LARGE",i?.variable||"");if(!(s.headers.get("Content-Type")||"").includes("json"))throw new T(`The server answered ${s.status}.`,"HTTP_"+s.status);return s.json()}var ae=null;function ze(){let e=P.get();return e?(ae??(ae=be("RefreshToken",{refreshToken:e.refreshToken}).then(n=>n.data?.refreshToken?(Be(n.data.refreshToken),!0):(De(),!1)).catch(()=>!1).finally(()=>{ae=null})),ae):Promise.resolve(!1)}function on(e){try{return JSON.parse(atob(e.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))).exp-Date.now()/1e3}catch{return 0}}async function He(){let e=P.get();return e&&on(e.accessToken)<60&&await ze(),P.get()?.accessToken}async function Se(e,n={},t){let i=e==="RefreshToken"||e==="Login"?void 0:await He(),r=await be(e,n,i,t);if(r.errors?.[0]?.extensions?.code==="UNAUTHENTICATED"&&P.get()&&e!=="Login"&&await ze()&&(r=await be(e,n,P.get()?.accessToken,t)),r.errors?.length){let o=r.errors[0];throw new T(o.message,o.extensions?.code||"ERROR",o.extensions?.field||"",o.extensions?.retryAfter||0)}return r.data}var J=null;function an(){return J??(J=he({url:location.origin.replace(/^http/,"ws")+"/graphql",lazy:!0,retryAttempts:1/0,shouldRetry:()=>!0,connectionParams:async()=>{let e=await He();return e?{Authorization:"Bearer "+e}:{}}})),J}function Ln(){J?.dispose(),J=null}function En(e,n,t,i){return an().subscribe({operationName:e,query:oe[e],variables:n},{next:r=>{r.data&&t(r.data,r.extensions||{})},error:r=>i?.(r instanceof Error?r:new Error(String(r?.message||r))),complete:()=>{}})}var sn=Symbol.for("pv"),dn=0;function c(e,n,t,i,r,o){n||(n={});var s,y,$=n;if("ref"in $&&typeof e!="function")for(y in $={},n)y=="ref"?s=n[y]:$[y]=n[y];var h={type:e,props:$,key:t,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:sn,__v:--dn,__i:-1,__u:0};return(r||o)&&(h.__source=r,h.__self=o),G.vnode&&G.vnode(h),h}function Nn(e){return B(()=>{document.title=`${e.title} · Vidra Studio`},[e.title]),c("section",{class:"page","aria-labelledby":"page-title",children:[c("header",{class:"page-head",children:[c("h1",{id:"page-title",tabIndex:-1,children:e.title}),e.actions&&c("div",{class:"page-actions",children:e.actions})]}),e.children]})}function Wn(e){let{label:n,error:t,hint:i,...r}=e,o=K(),s=Ke(t,e.name);return c("div",{class:"field",children:[c("label",{for:o,children:n}),c("input",{id:o,...r,"aria-invalid":s?"true":void 0,"aria-describedby":s?o+"-err":i?o+"-hint":void 0}),i&&!s&&c("small",{id:o+"-hint",children:i}),s&&c("small",{id:o+"-err",class:"error-text",children:s})]})}function Gn(e){let{label:n,error:t,hint:i,...r}=e,o=K(),s=Ke(t,e.name);return c("div",{class:"field",children:[c("label",{for:o,children:n}),c("textarea",{id:o,rows:3,...r,"aria-invalid":s?"true":void 0,"aria-describedby":s?o+"-err":i?o+"-hint":void 0}),i&&!s&&c("small",{id:o+"-hint",children:i}),s&&c("small",{id:o+"-err",class:"error-text",children:s})]})}function zn(e){let{label:n,options:t,...i}=e,r=K();return c("div",{class:"field",children:[c("label",{for:r,children:n}),c("select",{id:r,...i,children:t.map(([o,s])=>c("option",{value:o,children:s},o))})]})}function Ke(e,n){return e?typeof e=="string"?e:e instanceof T&&e.field&&n&&e.field.split(".").pop()===n?e.message:"":""}function cn(e){let n=e.error;if(!n||n instanceof T&&n.field&&e.fields?.includes(n.field.split(".").pop()||""))return null;let t=n instanceof Error?n.message:String(n);return c("p",{class:"error-box",role:"alert",children:t})}function ln(e){let{busy:n,kind:t="plain",children:i,...r}=e;return c("button",{type:"button",class:`btn btn-${t}`,disabled:n||r.disabled,"aria-busy":n?"true":void 0,...r,children:i})}function Hn(e){let n=K(),[t,i]=V(!1),r=async()=>{try{await navigator.clipboard.writeText(e.value)}catch{document.getElementById(n)?.select(),document.execCommand("copy")}i(!0),pn(`${e.label} copied`),setTimeout(()=>i(!1),1500)};return c("div",{class:"field copy-field",children:[c("label",{for:n,children:e.label}),c("div",{class:"copy-row",children:[e.multiline?c("textarea",{id:n,readOnly:!0,rows:3,value:e.value}):c("input",{id:n,readOnly:!0,value:e.value}),c(ln,{onClick:r,"aria-label":`Copy ${e.label}`,children:t?"Copied":"Copy"})]})]})}var Z=ie([]),un=0;function pn(e){let n=++un;Z.set([...Z.get(),{id:n,text:e}]),setTimeout(()=>Z.set(Z.get().filter(t=>t.id!==n)),4e3)}function Kn(){let e=Oe(Z);return c("div",{class:"toasts",role:"status","aria-live":"polite",children:e.map(n=>c("div",{class:"toast",children:n.text},n.id))})}function Qn(e,n={},t=!1){let[i,r]=V({data:null,error:null,loading:!t}),o=JSON.stringify(n),s=fe(0),y=ge(async()=>{if(t)return;let $=++s.current;r(h=>({...h,loading:!0}));try{let h=await Se(e,JSON.parse(o));$===s.current&&r({data:h,error:null,loading:!1})}catch(h){$===s.current&&r(x=>({data:x.data,error:h,loading:!1}))}},[e,o,t]);return B(()=>{y()},[y]),{...i,reload:y}}function Jn(e){let[n,t]=V(!1),[i,r]=V(null);return{run:ge(async(s={})=>{t(!0),r(null);try{return await Se(e,s)}catch(y){return r(y),null}finally{t(!1)}},[e]),busy:n,error:i,setError:r}}function Zn(e){return e.q.error&&!e.q.data?c(cn,{error:e.q.error}):e.q.data?c(te,{children:e.children()}):c("p",{class:"muted","aria-busy":"true",children:"Loading…"})}function Xn(e){let n=fe(null);return B(()=>{let t=n.current;t&&(e.open&&!t.open&&t.showModal(),!e.open&&t.open&&t.close())},[e.open]),c("dialog",{ref:n,"aria-label":e.title,onClose:e.onClose,children:[c("h2",{children:e.title}),e.open&&e.children]})}function Yn(e){return e?new Date(e).toLocaleString():"—"}function et(e){if(e==null)return"—";let n=["B","KB","MB","GB","TB"],t=0,i=e;for(;i>=1024&&t<n.length-1;)i/=1024,t++;return`${i.toFixed(t?1:0)} ${n[t]}`}function nt(e){if(e==null)return"—";let n=Math.round(e),t=Math.floor(n/3600),i=Math.floor(n%3600/60),r=n%60,o=t?String(i).padStart(2,"0"):String(i);return(t?t+":":"")+o+":"+String(r).padStart(2,"0")}export{V as a,Xe as b,B as c,gn as d,fe as e,Me as f,ge as g,In as h,K as i,ie as j,Oe as k,P as l,Be as m,bn as n,Sn as o,T as p,Se as q,Ln as r,En as s,c as t,Nn as u,Wn as v,Gn as w,zn as x,Ke as y,cn as z,ln as A,Hn as B,pn as C,Kn as D,Qn as E,Jn as F,Zn as G,Xn as H,Yn as I,et as J,nt as K};
