// Package endpoint is the webhook endpoints' domain: a project's endpoints
// (their URL, event types and signing secrets, with rotation's overlap), the
// log of their deliveries, and resending an event or an endpoint's failed
// ones. The deliveries themselves (recording, signing, sending, retrying)
// belong to the parent package, internal/webhooks, which this one calls.
// Each mutation writes in the caller's transaction (the GraphQL mutation's)
// when there is one; errors are internal/fault errors.
package endpoint
