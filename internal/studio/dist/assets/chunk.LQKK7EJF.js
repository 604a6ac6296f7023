import{a as P,b as V,f as ne}from"./chunk.CSRHGKTO.js";var x,f,ce,Pe,le=Object.is,K=0,Me=[],ue=[],m=V,Te=m.__b,ke=m.__r,je=m.diffed,xe=m.__c,Ee=m.unmount,Ce=m.__;function U(e,n){m.__h&&m.__h(f,e,K||n),K=0;var t=f.__H||(f.__H={__:[],__h:[]});return e>=t.__.length&&t.__.push({}),t.__[e]}function O(e){return K=1,Xe(Fe,e)}function Xe(e,n,t){var r=U(x++,2);if(r.t=e,!r.__c&&(r.__=[t?t(n):Fe(void 0,n),function(s){var u=(r.__N||r.__)[0],D=r.t(u,s);le(u,D)||(r.__N=[D,r.__[1]],r.__c.setState({}))}],r.__c=f,!f.__f)){f.__f=!0;var i=f.shouldComponentUpdate;f.shouldComponentUpdate=function(s,u,D){var v=this.__H;if(!v)return!0;var $=!1,L=this.props!=s;if(v.__.some(function(g){g.__N&&($=!0,le(g.__[0],g.__N[0])||(L=!0))}),i){var X=i.call(this,s,u,D);return $?X||L:X}return!$||L}}return r.__}function N(e,n){var t=U(x++,3);!m.__s&&ge(t.__H,n)&&(t.__P=!0,t.__=e,t.u=n,f.__H.__h.push(t))}function gn(e,n){var t=U(x++,4);!m.__s&&ge(t.__H,n)&&(t.__P=!1,t.__=e,t.u=n,f.__h.push(t))}function fe(e){return K=5,Oe(function(){return{current:e}},[])}function Oe(e,n){var t=U(x++,7);return ge(t.__H,n)&&(t.__=e(),t.__H=n),t.__}function me(e,n){return K=8,Oe(function(){return e},n)}function yn(e){var n=f.context[e.__c],t=U(x++,9);return t.c=e,n?(t.__==null&&(t.__=!0,n.sub(f)),n.props.value):e.__}function te(){var e=U(x++,11);if(!e.__){for(var n=f.__v;!n.__m&&n.__;)n=n.__;var t=n.__m||(n.__m=[0,0]);e.__="P"+t[0]+"-"+t[1]++}return e.__}function Ze(){var e;do{for(;e=ue.shift();)try{z(e)}catch(t){m.__e(t,{__:(e=e.__P)&&e.__v})}for(;e=Me.shift();){var n=e.__H;if(e.__P&&n)try{n.__h.some(z),n.__h.some(pe),n.__h=[]}catch(t){n.__h=[],m.__e(t,e.__v)}}}while(ue.length)}m.__b=function(e){f=null,Te&&Te(e)},m.__=function(e,n){e&&n.__k&&n.__k.__m&&(e.__m=n.__k.__m),Ce&&Ce(e,n)},m.__r=function(e){ke&&ke(e),x=0;var n=(f=e.__c).__H;n&&(ce==f?f.__h=[]:(n.__h.some(z),n.__h.some(pe),x=0),n.__h=[],n.__.some(function(t){t.__N&&(t.__=t.__N),t.u=t.__N=void 0})),ce=f},m.diffed=function(e){je&&je(e);var n=e.__c;n&&n.__H&&(n.__H.__h.length&&Re(Me.push(n)),n.__H.__.some(function(t){t.u&&(t.__H=t.u)})),ce=f=null},m.__c=function(e,n){n.some(function(t){try{t.__h.some(z),t.__h=t.__h.filter(function(r){return!r.__||pe(r)})}catch(r){t.__h=[function(){throw r}]}}),xe&&xe(e,n)},m.unmount=function(e){Ee&&Ee(e);var n,t,r=e.__c;r&&r.__H&&(r.__H.__.some(function(i){try{if(i.__P&&i.__c){if(t===void 0){for(t=e.__;t&&(!t.__c||!t.__c.__P);)t=t.__;t=t&&t.__c}i.__P=t,Re(ue.push(i))}else z(i)}catch(s){n=s}}),r.__H=void 0,n&&m.__e(n,r.__v))};var Le=typeof requestAnimationFrame=="function";function Ye(e){var n,t=function(){clearTimeout(r),Le&&cancelAnimationFrame(n),setTimeout(e)},r=setTimeout(t,35);Le&&(n=requestAnimationFrame(t))}function Re(e){e!=1&&Pe==m.requestAnimationFrame||((Pe=m.requestAnimationFrame)||Ye)(Ze)}function z(e){var n=f,t=e.__c;typeof t=="function"&&(e.__c=void 0,t()),f=n}function pe(e){var n=f;e.__c=e.__(),f=n}function ge(e,n){return!e||e.length!=n.length||n.some(function(t,r){return!le(t,e[r])})}function Fe(e,n){return typeof n=="function"?n(e):n}function re(e){let n=e,t=new Set;return{get:()=>n,set(r){n=r,t.forEach(i=>i(r))},subscribe(r){return t.add(r),()=>t.delete(r)}}}function qe(e){let[n,t]=O(e.get());return N(()=>e.subscribe(t),[e]),n}var ie="vidra.studio.session";function Be(){try{let e=JSON.parse(localStorage.getItem(ie)||"null");return e&&e.accessToken&&e.refreshToken?e:null}catch{return null}}var T=re(Be());function Ue(e){localStorage.setItem(ie,JSON.stringify({accessToken:e.accessToken,refreshToken:e.refreshToken})),T.set({accessToken:e.accessToken,refreshToken:e.refreshToken})}function Ne(){localStorage.removeItem(ie),T.set(null)}function hn(){let e=T.get();if(!e)return"";try{let n=e.accessToken.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");return JSON.parse(atob(n)).org||""}catch{return""}}addEventListener("storage",e=>{e.key===ie&&T.set(Be())});var ye={BillingSubscription:`query BillingSubscription {
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
}`};function _(e){return e===null?"null":Array.isArray(e)?"array":typeof e}function E(e){return _(e)==="object"}function en(e){return Array.isArray(e)&&e.length>0&&e.every(n=>"message"in n)}function Ie(e,n){return e.length<124?e:n}var We="graphql-transport-ws";var A=(e=>(e[e.InternalServerError=4500]="InternalServerError",e[e.InternalClientError=4005]="InternalClientError",e[e.BadRequest=4400]="BadRequest",e[e.BadResponse=4004]="BadResponse",e[e.Unauthorized=4401]="Unauthorized",e[e.Forbidden=4403]="Forbidden",e[e.SubprotocolNotAcceptable=4406]="SubprotocolNotAcceptable",e[e.ConnectionInitialisationTimeout=4408]="ConnectionInitialisationTimeout",e[e.ConnectionAcknowledgementTimeout=4504]="ConnectionAcknowledgementTimeout",e[e.SubscriberAlreadyExists=4409]="SubscriberAlreadyExists",e[e.TooManyInitialisationRequests=4429]="TooManyInitialisationRequests",e))(A||{}),w=(e=>(e.ConnectionInit="connection_init",e.ConnectionAck="connection_ack",e.Ping="ping",e.Pong="pong",e.Subscribe="subscribe",e.Next="next",e.Error="error",e.Complete="complete",e))(w||{});function He(e){if(!E(e))throw new Error(`Message is expected to be an object, but got ${_(e)}`);if(!e.type)throw new Error("Message is missing the 'type' property");if(typeof e.type!="string")throw new Error(`Message is expects the 'type' property to be a string, but got ${_(e.type)}`);switch(e.type){case"connection_init":case"connection_ack":case"ping":case"pong":{if(e.payload!=null&&!E(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object or nullish or missing, but got "${e.payload}"`);break}case"subscribe":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${_(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!E(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object, but got ${_(e.payload)}`);if(typeof e.payload.query!="string")throw new Error(`"${e.type}" message payload expects the 'query' property to be a string, but got ${_(e.payload.query)}`);if(e.payload.variables!=null&&!E(e.payload.variables))throw new Error(`"${e.type}" message payload expects the 'variables' property to be a an object or nullish or missing, but got ${_(e.payload.variables)}`);if(e.payload.operationName!=null&&_(e.payload.operationName)!=="string")throw new Error(`"${e.type}" message payload expects the 'operationName' property to be a string or nullish or missing, but got ${_(e.payload.operationName)}`);if(e.payload.extensions!=null&&!E(e.payload.extensions))throw new Error(`"${e.type}" message payload expects the 'extensions' property to be a an object or nullish or missing, but got ${_(e.payload.extensions)}`);break}case"next":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${_(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!E(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an object, but got ${_(e.payload)}`);break}case"error":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${_(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);if(!en(e.payload))throw new Error(`"${e.type}" message expects the 'payload' property to be an array of GraphQL errors, but got ${JSON.stringify(e.payload)}`);break}case"complete":{if(typeof e.id!="string")throw new Error(`"${e.type}" message expects the 'id' property to be a string, but got ${_(e.id)}`);if(!e.id)throw new Error(`"${e.type}" message requires a non-empty 'id' property`);break}default:throw new Error(`Invalid message 'type' property "${e.type}"`)}return e}function Ve(e,n){return He(typeof e=="string"?JSON.parse(e,n):e)}function W(e,n){return He(e),JSON.stringify(e,n)}function $e(e){let{url:n,connectionParams:t,lazy:r=!0,onNonLazyError:i=console.error,lazyCloseTimeout:s=0,keepAlive:u=0,disablePong:D,connectionAckWaitTimeout:v=0,retryAttempts:$=5,retryWait:L=async function(p){let o=Math.pow(2,p);await new Promise(c=>setTimeout(c,o*1e3+Math.floor(Math.random()*2700+300)))},shouldRetry:X=De,on:g,webSocketImpl:ae,generateID:Ge=function(){return"xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g,p=>{let o=Math.random()*16|0;return(p=="x"?o:o&3|8).toString(16)})},jsonMessageReplacer:Z,jsonMessageReviver:Qe}=e,F;if(ae){if(!tn(ae))throw new Error("Invalid WebSocket implementation provided");F=ae}else typeof WebSocket<"u"?F=WebSocket:typeof global<"u"?F=global.WebSocket||global.MozWebSocket:typeof window<"u"&&(F=window.WebSocket||window.MozWebSocket);if(!F)throw new Error("WebSocket implementation missing; on Node you can `import WebSocket from 'ws';` and pass `webSocketImpl: WebSocket` to `createClient`");let R=F,h=(()=>{let a=(()=>{let o={};return{on(c,y){return o[c]=y,()=>{delete o[c]}},emit(c){"id"in c&&o[c.id]?.(c)}}})(),p={connecting:g?.connecting?[g.connecting]:[],opened:g?.opened?[g.opened]:[],connected:g?.connected?[g.connected]:[],ping:g?.ping?[g.ping]:[],pong:g?.pong?[g.pong]:[],message:g?.message?[a.emit,g.message]:[a.emit],closed:g?.closed?[g.closed]:[],error:g?.error?[g.error]:[]};return{onMessage:a.on,on(o,c){let y=p[o];return y.push(c),()=>{let I=y.indexOf(c);I>-1&&y.splice(I,1)}},emit(o,...c){for(let y of[...p[o]])y(...c)}}})();function se(a){let p=[h.on("error",o=>{p.forEach(c=>c()),a(o)}),h.on("closed",o=>{p.forEach(c=>c()),a(o)})];return()=>p.forEach(o=>o())}let M,j=0,de,H=!1,Y=0,Se=!1;async function ve(){clearTimeout(de);let[a,p]=await(M??(M=new Promise((y,I)=>(async()=>{if(H){if(await L(Y),!j)return M=void 0,I({code:1e3,reason:"All Subscriptions Gone"});Y++}h.emit("connecting",H);let d=new R(typeof n=="function"?await n():n,We),k,q;function ee(){isFinite(u)&&u>0&&(clearTimeout(q),q=setTimeout(()=>{d.readyState===R.OPEN&&(d.send(W({type:w.Ping})),h.emit("ping",!1,void 0))},u))}se(S=>{M=void 0,clearTimeout(k),clearTimeout(q),I(S),S instanceof G&&(d.close(4499,"Terminated"),d.onerror=null,d.onclose=null)}),d.onerror=S=>h.emit("error",S),d.onclose=S=>h.emit("closed",S),d.onopen=async()=>{try{h.emit("opened",d);let S=typeof t=="function"?await t():t;if(d.readyState!==R.OPEN)return;d.send(W(S?{type:w.ConnectionInit,payload:S}:{type:w.ConnectionInit},Z)),isFinite(v)&&v>0&&(k=setTimeout(()=>{d.close(A.ConnectionAcknowledgementTimeout,"Connection acknowledgement timeout")},v)),ee()}catch(S){h.emit("error",S),d.close(A.InternalClientError,Ie(S instanceof Error?S.message:String(S),"Internal client error"))}};let B=!1;d.onmessage=({data:S})=>{try{let b=Ve(S,Qe);if(h.emit("message",b),b.type==="ping"||b.type==="pong"){h.emit(b.type,!0,b.payload),b.type==="pong"?ee():D||(d.send(W(b.payload?{type:w.Pong,payload:b.payload}:{type:w.Pong},Z)),h.emit("pong",!1,b.payload));return}if(B)return;if(b.type!==w.ConnectionAck)throw new Error(`First message cannot be of type ${b.type}`);clearTimeout(k),B=!0,h.emit("connected",d,b.payload,H),H=!1,Y=0;let we=new Promise((fn,Je)=>se(Je));we.catch(()=>{}),y([d,we])}catch(b){d.onmessage=null,h.emit("error",b),d.close(A.BadResponse,Ie(b instanceof Error?b.message:String(b),"Bad response"))}}})())));a.readyState===R.CLOSING&&await p;let o=()=>{},c=new Promise(y=>o=y);return[a,o,new Promise((y,I)=>{let d=se(I);a.readyState!==R.OPEN&&p.catch(I),c.then(()=>{if(d(),!j){let k=()=>a.close(1e3,"Normal Closure");isFinite(s)&&s>0?(clearTimeout(de),de=setTimeout(()=>{!j&&a.readyState===R.OPEN&&k()},s)):k()}y()})})]}function _e(a){if(De(a)&&(nn(a.code)||[A.InternalServerError,A.InternalClientError,A.BadRequest,A.BadResponse,A.Unauthorized,A.SubprotocolNotAcceptable,A.SubscriberAlreadyExists,A.TooManyInitialisationRequests].includes(a.code)))throw a;if(Se)return!1;if(De(a)&&a.code===1e3)return j>0;if(!$||Y>=$||!X(a))throw a;return H=!0}r||(async()=>{for(j++;;)try{let[,,a]=await ve();await a}catch(a){try{if(!_e(a))return}catch(p){return i?.(p)}}})();function Ae(a,p){let o=Ge(a),c=!1,y=!1,I=()=>{j--,c=!0};return(async()=>{for(j++;;)try{let[d,k,q]=await ve();if(c)return q.catch(()=>{}),k();let ee=h.onMessage(o,B=>{switch(B.type){case w.Next:{p.next(B.payload);return}case w.Error:{y=!0,c=!0,p.error(B.payload),I();return}case w.Complete:{c=!0,I();return}}});d.send(W({id:o,type:w.Subscribe,payload:a},Z)),I=()=>{!c&&d.readyState===R.OPEN&&d.send(W({id:o,type:w.Complete},Z)),j--,c=!0,k()},await q.finally(ee);return}catch(d){if(!_e(d))return}})().then(()=>{y||p.complete()}).catch(d=>{p.error(d)}),()=>{c||I()}}return{on:h.on,subscribe:Ae,iterate(a){let p=[],o={done:!1,error:null,resolve:()=>{}},c=Ae(a,{next(I){p.push(I),o.resolve()},error(I){o.done=!0,o.error=I,o.resolve()},complete(){o.done=!0,o.resolve()}}),y=(async function*(){for(;;){for(p.length||await new Promise(d=>o.resolve=d);p.length;)yield p.shift();if(o.error)throw o.error;if(o.done)return}})();return y.throw=async I=>(o.done||(o.done=!0,o.error=I,o.resolve()),{done:!0,value:void 0}),y.return=async()=>(c(),{done:!0,value:void 0}),y},async dispose(){if(Se=!0,M){let[a]=await M;a.close(1e3,"Normal Closure")}},terminate(){M&&h.emit("closed",new G)}}}var G=class extends Error{constructor(){super(...arguments);P(this,"name","TerminatedCloseEvent");P(this,"message","4499: Terminated");P(this,"code",4499);P(this,"reason","Terminated");P(this,"wasClean",!1)}};function De(e){return E(e)&&"code"in e&&"reason"in e}function nn(e){return[1e3,1001,1006,1005,1012,1013,1014].includes(e)?!1:e>=1e3&&e<=1999}function tn(e){return typeof e=="function"&&"constructor"in e&&"CLOSED"in e&&"CLOSING"in e&&"CONNECTING"in e&&"OPEN"in e}var C=class extends Error{constructor(t,r,i="",s=0){super(t);P(this,"code");P(this,"field");P(this,"retryAfter");this.code=r,this.field=i,this.retryAfter=s}};async function be(e,n,t){let r={"Content-Type":"application/json"};t&&(r.Authorization="Bearer "+t);let i;try{i=await fetch("/graphql",{method:"POST",headers:r,body:JSON.stringify({operationName:e,query:ye[e],variables:n})})}catch{throw new C("The server cannot be reached. Check your connection and try again.","NETWORK")}if(!(i.headers.get("Content-Type")||"").includes("json"))throw new C(`The server answered ${i.status}.`,"HTTP_"+i.status);return i.json()}var oe=null;function ze(){let e=T.get();return e?(oe??(oe=be("RefreshToken",{refreshToken:e.refreshToken}).then(n=>n.data?.refreshToken?(Ue(n.data.refreshToken),!0):(Ne(),!1)).catch(()=>!1).finally(()=>{oe=null})),oe):Promise.resolve(!1)}function rn(e){try{return JSON.parse(atob(e.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))).exp-Date.now()/1e3}catch{return 0}}async function Ke(){let e=T.get();return e&&rn(e.accessToken)<60&&await ze(),T.get()?.accessToken}async function he(e,n={}){let t=e==="RefreshToken"||e==="Login"?void 0:await Ke(),r=await be(e,n,t);if(r.errors?.[0]?.extensions?.code==="UNAUTHENTICATED"&&T.get()&&e!=="Login"&&await ze()&&(r=await be(e,n,T.get()?.accessToken)),r.errors?.length){let i=r.errors[0];throw new C(i.message,i.extensions?.code||"ERROR",i.extensions?.field||"",i.extensions?.retryAfter||0)}return r.data}var Q=null;function on(){return Q??(Q=$e({url:location.origin.replace(/^http/,"ws")+"/graphql",lazy:!0,retryAttempts:1/0,shouldRetry:()=>!0,connectionParams:async()=>{let e=await Ke();return e?{Authorization:"Bearer "+e}:{}}})),Q}function Cn(){Q?.dispose(),Q=null}function Ln(e,n,t,r){return on().subscribe({operationName:e,query:ye[e],variables:n},{next:i=>{i.data&&t(i.data,i.extensions||{})},error:i=>r?.(i instanceof Error?i:new Error(String(i?.message||i))),complete:()=>{}})}var an=Symbol.for("pv"),sn=0;function l(e,n,t,r,i,s){n||(n={});var u,D,v=n;if("ref"in v&&typeof e!="function")for(D in v={},n)D=="ref"?u=n[D]:v[D]=n[D];var $={type:e,props:v,key:t,ref:u,__k:null,__:null,__b:0,__e:null,__c:null,constructor:an,__v:--sn,__i:-1,__u:0};return(i||s)&&($.__source=i,$.__self=s),V.vnode&&V.vnode($),$}function Wn(e){return N(()=>{document.title=`${e.title} · Vidra Studio`},[e.title]),l("section",{class:"page","aria-labelledby":"page-title",children:[l("header",{class:"page-head",children:[l("h1",{id:"page-title",tabIndex:-1,children:e.title}),e.actions&&l("div",{class:"page-actions",children:e.actions})]}),e.children]})}function Hn(e){let{label:n,error:t,hint:r,...i}=e,s=te(),u=dn(t,e.name);return l("div",{class:"field",children:[l("label",{for:s,children:n}),l("input",{id:s,...i,"aria-invalid":u?"true":void 0,"aria-describedby":u?s+"-err":r?s+"-hint":void 0}),r&&!u&&l("small",{id:s+"-hint",children:r}),u&&l("small",{id:s+"-err",class:"error-text",children:u})]})}function Vn(e){let{label:n,options:t,...r}=e,i=te();return l("div",{class:"field",children:[l("label",{for:i,children:n}),l("select",{id:i,...r,children:t.map(([s,u])=>l("option",{value:s,children:u},s))})]})}function dn(e,n){return e?typeof e=="string"?e:e instanceof C&&e.field&&n&&e.field.split(".").pop()===n?e.message:"":""}function cn(e){let n=e.error;if(!n||n instanceof C&&n.field&&e.fields?.includes(n.field.split(".").pop()||""))return null;let t=n instanceof Error?n.message:String(n);return l("p",{class:"error-box",role:"alert",children:t})}function ln(e){let{busy:n,kind:t="plain",children:r,...i}=e;return l("button",{type:"button",class:`btn btn-${t}`,disabled:n||i.disabled,"aria-busy":n?"true":void 0,...i,children:r})}function zn(e){let n=te(),[t,r]=O(!1),i=async()=>{try{await navigator.clipboard.writeText(e.value)}catch{document.getElementById(n)?.select(),document.execCommand("copy")}r(!0),pn(`${e.label} copied`),setTimeout(()=>r(!1),1500)};return l("div",{class:"field copy-field",children:[l("label",{for:n,children:e.label}),l("div",{class:"copy-row",children:[e.multiline?l("textarea",{id:n,readOnly:!0,rows:3,value:e.value}):l("input",{id:n,readOnly:!0,value:e.value}),l(ln,{onClick:i,"aria-label":`Copy ${e.label}`,children:t?"Copied":"Copy"})]})]})}var J=re([]),un=0;function pn(e){let n=++un;J.set([...J.get(),{id:n,text:e}]),setTimeout(()=>J.set(J.get().filter(t=>t.id!==n)),4e3)}function Kn(){let e=qe(J);return l("div",{class:"toasts",role:"status","aria-live":"polite",children:e.map(n=>l("div",{class:"toast",children:n.text},n.id))})}function Gn(e,n={},t=!1){let[r,i]=O({data:null,error:null,loading:!t}),s=JSON.stringify(n),u=fe(0),D=me(async()=>{if(t)return;let v=++u.current;i($=>({...$,loading:!0}));try{let $=await he(e,JSON.parse(s));v===u.current&&i({data:$,error:null,loading:!1})}catch($){v===u.current&&i(L=>({data:L.data,error:$,loading:!1}))}},[e,s,t]);return N(()=>{D()},[D]),{...r,reload:D}}function Qn(e){let[n,t]=O(!1),[r,i]=O(null);return{run:me(async(u={})=>{t(!0),i(null);try{return await he(e,u)}catch(D){return i(D),null}finally{t(!1)}},[e]),busy:n,error:r,setError:i}}function Jn(e){return e.q.error&&!e.q.data?l(cn,{error:e.q.error}):e.q.data?l(ne,{children:e.children()}):l("p",{class:"muted","aria-busy":"true",children:"Loading…"})}function Xn(e){let n=fe(null);return N(()=>{let t=n.current;t&&(e.open&&!t.open&&t.showModal(),!e.open&&t.open&&t.close())},[e.open]),l("dialog",{ref:n,"aria-label":e.title,onClose:e.onClose,children:[l("h2",{children:e.title}),e.open&&e.children]})}function Zn(e){return e?new Date(e).toLocaleString():"—"}function Yn(e){if(e==null)return"—";let n=["B","KB","MB","GB","TB"],t=0,r=e;for(;r>=1024&&t<n.length-1;)r/=1024,t++;return`${r.toFixed(t?1:0)} ${n[t]}`}function et(e){if(e==null)return"—";let n=Math.round(e),t=Math.floor(n/3600),r=Math.floor(n%3600/60),i=n%60,s=t?String(r).padStart(2,"0"):String(r);return(t?t+":":"")+s+":"+String(i).padStart(2,"0")}export{O as a,Xe as b,N as c,gn as d,fe as e,Oe as f,me as g,yn as h,te as i,re as j,qe as k,T as l,Ue as m,Ne as n,hn as o,C as p,he as q,Cn as r,Ln as s,l as t,Wn as u,Hn as v,Vn as w,dn as x,cn as y,ln as z,zn as A,pn as B,Kn as C,Gn as D,Qn as E,Jn as F,Xn as G,Zn as H,Yn as I,et as J};
