// Package streams is the domain of a project's live streams: creating one
// with a stream key shown once, changing its settings, resetting its key,
// enabling, disabling or completing it (its status written through
// internal/live/streamlifecycle), deleting it, and its simulcast targets
// (at most live.MaxSimulcastTargets, their hosts checked against the
// outbound address policy). Each mutation joins the caller's transaction or
// opens one, and records its webhook event in it. The ingest nodes see the
// rows change (changefeed) and act on them; GraphQL presents the ingest URLs
// (graph).
package streams
