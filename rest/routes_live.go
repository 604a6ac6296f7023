package rest

// liveStreamFields are the fields of a live stream in every live stream row's
// result (never its key: key_last4 only).
const liveStreamFields = `id createdAt updatedAt projectID name status enabled keyLast4 latencyMode
	reconnectWindowSeconds maxDurationSeconds record transcode currentSessionID reconnectDeadline
	ingest { rtmpURL rtmpsURL srtURL } playbackURL`

// liveStreamWithKeyFields are the fields of a live stream with its new key
// (creation, key reset).
const liveStreamWithKeyFields = `liveStream { ` + liveStreamFields + ` } streamKey rtmpPublishURL rtmpsPublishURL srtPublishURL`

// liveSessionFields are the fields of a live session (a history entry).
const liveSessionFields = `id createdAt liveStreamID videoID nodeID protocol remoteAddr startedAt endedAt endReason endError
	reconnects bytes bitrateKbps fps keyframeIntervalSeconds videoCodec audioCodec width height warnings
	simulcast { targetID url state error bytes } lastDataAt`

// liveSimulcastTargetFields are the fields of a simulcast target (never its key).
const liveSimulcastTargetFields = `id createdAt updatedAt liveStreamID name url enabled streamKeyLast4`

// liveStreamFilters are the query parameters of the live stream list.
var liveStreamFilters = map[string]string{"status": "statusIn", "enabled": "enabled"}

// liveRoutes are the rows of a project's live streams (docs/spec.md 4.11
// "Streams"), their histories and simulcast targets.
func liveRoutes() []Route {
	return []Route{
		{
			Method: "GET", Path: "/projects/{projId}/livestreams", Filters: liveStreamFilters,
			Operation: `query LiveStreams($projId: ID!, $first: Int, $after: Cursor, $orderBy: LiveStreamOrder = ` + newestFirst + `, $where: LiveStreamWhereInput) {
				liveStreams(projectID: $projId, first: $first, after: $after, orderBy: $orderBy, where: $where) {
					edges { node { ` + liveStreamFields + ` } } ` + pageInfo + ` } }`,
			Message: "livestreams fetched",
		},
		{
			// The key and the publish URLs are in this answer only.
			Method: "POST", Path: "/projects/{projId}/livestreams", BodyVar: "input",
			Operation: `mutation CreateLiveStream($projId: ID!, $input: CreateLiveStreamInput!) {
				createLiveStream(projectID: $projId, input: $input) { ` + liveStreamWithKeyFields + ` } }`,
			Message: "livestream created",
		},
		{
			Method: "GET", Path: "/projects/{projId}/livestreams/{streamId}",
			Operation: `query LiveStream($projId: ID!, $streamId: ID!) {
				liveStream(projectID: $projId, id: $streamId) { ` + liveStreamFields + ` } }`,
			Message: "livestream fetched",
		},
		{
			Method: "PUT", Path: "/projects/{projId}/livestreams/{streamId}", BodyVar: "input",
			Operation: `mutation UpdateLiveStream($projId: ID!, $streamId: ID!, $input: UpdateLiveStreamInput!) {
				updateLiveStream(projectID: $projId, id: $streamId, input: $input) { ` + liveStreamFields + ` } }`,
			Message: "livestream updated",
		},
		{
			// The publisher is kicked; the recordings stay as videos.
			Method: "DELETE", Path: "/projects/{projId}/livestreams/{streamId}",
			Operation: `mutation DeleteLiveStream($projId: ID!, $streamId: ID!) { deleteLiveStream(projectID: $projId, id: $streamId) }`,
			Message:   "livestream deleted",
		},
		{
			// {"action": "ENABLE" | "DISABLE" | "COMPLETE"}
			Method: "PUT", Path: "/projects/{projId}/livestreams/{streamId}/status",
			Operation: `mutation UpdateLiveStreamStatus($projId: ID!, $streamId: ID!, $action: LiveStreamAction!) {
				updateLiveStreamStatus(projectID: $projId, id: $streamId, action: $action) { ` + liveStreamFields + ` } }`,
			Message: "livestream status updated",
		},
		{
			Method: "POST", Path: "/projects/{projId}/livestreams/{streamId}/reset-key",
			Operation: `mutation ResetLiveStreamKey($projId: ID!, $streamId: ID!) {
				resetLiveStreamKey(projectID: $projId, id: $streamId) { ` + liveStreamWithKeyFields + ` } }`,
			Message: "livestream key reset",
		},
		{
			Method: "GET", Path: "/projects/{projId}/livestreams/{streamId}/histories",
			Operation: `query LiveStreamSessions($projId: ID!, $streamId: ID!, $first: Int, $after: Cursor, $orderBy: LiveSessionOrder = ` + newestFirst + `) {
				liveStreamSessions(projectID: $projId, liveStreamID: $streamId, first: $first, after: $after, orderBy: $orderBy) {
					edges { node { ` + liveSessionFields + ` } } ` + pageInfo + ` } }`,
			Message: "livestream histories fetched",
		},
		{
			Method: "GET", Path: "/projects/{projId}/livestreams/{streamId}/simulcast-targets",
			Operation: `query LiveSimulcastTargets($projId: ID!, $streamId: ID!) {
				liveSimulcastTargets(projectID: $projId, liveStreamID: $streamId) { ` + liveSimulcastTargetFields + ` } }`,
			Message: "simulcast targets fetched",
		},
		{
			Method: "POST", Path: "/projects/{projId}/livestreams/{streamId}/simulcast-targets", BodyVar: "input",
			Operation: `mutation CreateLiveSimulcastTarget($projId: ID!, $streamId: ID!, $input: CreateLiveSimulcastTargetInput!) {
				createLiveSimulcastTarget(projectID: $projId, liveStreamID: $streamId, input: $input) { ` + liveSimulcastTargetFields + ` } }`,
			Message: "simulcast target created",
		},
		{
			Method: "PUT", Path: "/projects/{projId}/livestreams/{streamId}/simulcast-targets/{targetId}", BodyVar: "input",
			Operation: `mutation UpdateLiveSimulcastTarget($projId: ID!, $streamId: ID!, $targetId: ID!, $input: UpdateLiveSimulcastTargetInput!) {
				updateLiveSimulcastTarget(projectID: $projId, liveStreamID: $streamId, id: $targetId, input: $input) { ` + liveSimulcastTargetFields + ` } }`,
			Message: "simulcast target updated",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/livestreams/{streamId}/simulcast-targets/{targetId}",
			Operation: `mutation DeleteLiveSimulcastTarget($projId: ID!, $streamId: ID!, $targetId: ID!) {
				deleteLiveSimulcastTarget(projectID: $projId, liveStreamID: $streamId, id: $targetId) }`,
			Message: "simulcast target deleted",
		},
	}
}
