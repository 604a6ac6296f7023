// Package ingestapi is the API side of a video's file arriving: upload tokens
// (a video in status created and the secret its tus or direct upload presents
// to internal/upload) and pulls (a video whose file is imported from a URL,
// its import job queued once the change commits). Each operation writes in
// the caller's transaction (txn.Join) and records its video.created event
// there. The upload server itself is internal/upload; the import job is
// internal/jobs.
package ingestapi
