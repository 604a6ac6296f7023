package app

import "github.com/vidra-dev/vidra/internal/live/livehls"

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
		Ladder:   a.liveTranscode(nil),
	}
}

// liveTranscode is what a transcoded live session needs: the projects'
// encoding ladders (as VOD uses them), ffmpeg, and the process's live
// transcode budget, which the VOD transcodes yield to. warn records a
// warning in the session's history.
func (a *App) liveTranscode(warn func(string)) livehls.TranscodeOptions {
	return livehls.TranscodeOptions{
		Ladders: a.media.pipeline.Ladders,
		FFmpeg:  a.media.tools.FFmpeg,
		Slots:   a.media.liveSlots,
		Warn:    warn,
	}
}
