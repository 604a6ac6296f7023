// Package credential checks the credential of every request before any
// resolver runs: an access token (Authorization: Bearer) with its session and
// the user's membership, or an API key (X-API-Key) with its expiry and the
// browser origin it is bound to. It turns the credential into the request's
// auth.Principal; the GraphQL root-field guard (graph) refuses a non-public
// field without one.
//
// Session checks and the sessions' project lookups are remembered until
// anything that could change them commits (session_cache.go,
// project_cache.go), in this process by ent hooks and across processes by the
// session_change_notify triggers' feed (internal/app/session_feed.go).
//
// It also answers the CORS checks of API-key requests (cors.go) and the
// recheck of a long-lived subscription's credential (holds.go).
package credential
