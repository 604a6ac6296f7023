package rest

// webhookEndpointFields are the fields of an endpoint in every endpoint row's result.
const webhookEndpointFields = `id createdAt updatedAt projectID url description eventTypes enabled
	previousSecretExpiresAt failingSince disabledReason`

// webhookDeliveryFields are the fields of a delivery (a line of the event log).
const webhookDeliveryFields = `id createdAt eventID endpointID projectID eventType status attempts
	lastStatusCode completedAt event { id type createdAt data }
	attemptLog { id createdAt statusCode durationMs responseBody error succeeded }`

// webhookRoutes are the rows of webhook endpoints and event logs (docs/ROUTES.md "Webhooks").
func webhookRoutes() []Route {
	return []Route{
		{
			Method: "GET", Path: "/projects/{projId}/webhooks",
			Operation: `query WebhookEndpoints($projId: ID!) { webhookEndpoints(projectID: $projId) { ` + webhookEndpointFields + ` } }`,
			Message:   "webhooks fetched",
		},
		{
			// The result carries the signing secret, shown this once.
			Method: "POST", Path: "/projects/{projId}/webhooks", BodyVar: "input",
			Operation: `mutation CreateWebhookEndpoint($projId: ID!, $input: WebhookEndpointInput!) {
				createWebhookEndpoint(projectID: $projId, input: $input) { secret endpoint { ` + webhookEndpointFields + ` } } }`,
			Message: "webhook created",
		},
		{
			Method: "GET", Path: "/projects/{projId}/webhooks/{webhookId}",
			Operation: `query WebhookEndpoint($projId: ID!, $webhookId: ID!) {
				webhookEndpoint(projectID: $projId, id: $webhookId) { ` + webhookEndpointFields + ` } }`,
			Message: "webhook fetched",
		},
		{
			Method: "PUT", Path: "/projects/{projId}/webhooks/{webhookId}", BodyVar: "input",
			Operation: `mutation UpdateWebhookEndpoint($projId: ID!, $webhookId: ID!, $input: WebhookEndpointInput!) {
				updateWebhookEndpoint(projectID: $projId, id: $webhookId, input: $input) { ` + webhookEndpointFields + ` } }`,
			Message: "webhook updated",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/webhooks/{webhookId}",
			Operation: `mutation DeleteWebhookEndpoint($projId: ID!, $webhookId: ID!) {
				deleteWebhookEndpoint(projectID: $projId, id: $webhookId) }`,
			Message: "webhook deleted",
		},
		{
			// Filters: ?endpoint_id=, ?event_type=, ?status=, ?since=, ?until= (RFC 3339).
			Method: "GET", Path: "/projects/{projId}/webhook-logs",
			Operation: `query WebhookLogs($projId: ID!, $endpointId: ID, $eventType: String, $status: WebhookDeliveryStatus,
				$since: Time, $until: Time, $first: Int, $after: Cursor) {
				webhookLogs(projectID: $projId, endpointID: $endpointId, eventType: $eventType, status: $status,
					since: $since, until: $until, first: $first, after: $after) {
					edges { node { ` + webhookDeliveryFields + ` } } ` + pageInfo + ` } }`,
			Message: "webhook logs fetched",
		},
		{
			// Body (optional): {"endpoint_id": ...} to send to one endpoint only.
			Method: "POST", Path: "/projects/{projId}/webhook-logs/{eventId}/resend",
			Operation: `mutation ResendWebhookEvent($projId: ID!, $eventId: ID!, $endpointId: ID) {
				resendWebhookEvent(projectID: $projId, eventId: $eventId, endpointID: $endpointId) { ` + webhookDeliveryFields + ` } }`,
			Message: "webhook event resent",
		},
		{
			// Body: {"endpoint_id": ..., "since": ..., "until": ...}; the result is the count.
			Method: "POST", Path: "/projects/{projId}/webhook-logs/resend-all",
			Operation: `mutation ResendFailedWebhookEvents($projId: ID!, $endpointId: ID!, $since: Time, $until: Time) {
				resendFailedWebhookEvents(projectID: $projId, endpointID: $endpointId, since: $since, until: $until) }`,
			Message: "failed webhook events resent",
		},
	}
}
