// Package transcoding is the transcoding jobs API's domain: creating a job
// (its source, a video of the caller's or an http(s) URL, and its outputs,
// explicit rungs or encoding profiles' renditions), reading and listing jobs,
// changing a queued job's priority, cancelling and deleting. It queues the
// job's River job after the mutation commits. The shapes it stores live in
// internal/transcode (ent's schema and the worker share them), the worker in
// internal/jobs, and the one writer of a job's status in
// internal/transcodelifecycle.
package transcoding
