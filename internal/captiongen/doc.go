// Package captiongen runs the rules of automatic captions
// (docs/api/captions.md): a request for a ready video's captions in one
// language (a caption generation), checked against the deployment's speech
// engine and queued for the media worker (internal/jobs, which transcribes
// and records the track), its cancellation, and reading them. Statuses move
// only through internal/captionlifecycle.
package captiongen
