package app

import "github.com/vidra-dev/vidra/live/livehls"

// LiveHLSOptions returns the Options of a live session's HLS output with the
// app's shared parts set: blob storage, playback policies (AES-128 per session
// when the project encrypts playback), the job queue (the recording's finalize
// job), the database and event recorder (livestream.active) and the logger. The
// caller (the ingest) sets the session's ids and the stream's settings.
func (a *App) LiveHLSOptions() livehls.Options {
	return livehls.Options{
		Bucket:   a.Bucket,
		Policies: a.media.policies,
		Queue:    a.Queue,
		Client:   a.DB.Client,
		Events:   a.media.events,
		Log:      a.log,
	}
}
