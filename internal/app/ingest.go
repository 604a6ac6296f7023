package app

import (
	"context"
	"crypto/tls"
	"fmt"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/live/ingest"
	"github.com/vidra-dev/vidra/internal/live/liveevents"
	"github.com/vidra-dev/vidra/internal/live/livehls"
)

// StartIngest starts the live ingest node (RTMP, RTMPS, SRT; config.Ingest) in
// this process: `vidra` does by default, `vidra ingest` always. Its sessions
// go to live HLS (internal/live/livehls) in the blob storage; App.Close stops it first.
func (a *App) StartIngest(ctx context.Context) error {
	cfg := a.Config.Ingest
	var tlsConfig *tls.Config
	if cfg.RTMPSAddr != "" {
		cert, err := tls.LoadX509KeyPair(cfg.RTMPSCertFile, cfg.RTMPSKeyFile)
		if err != nil {
			return fmt.Errorf("RTMPS certificate: %w", err)
		}
		tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	srv, err := ingest.Start(ctx, ingest.Config{
		RTMPAddr:         cfg.RTMPAddr,
		RTMPSAddr:        cfg.RTMPSAddr,
		TLS:              tlsConfig,
		SRTAddr:          cfg.SRTAddr,
		NodeID:           cfg.NodeID,
		StallTimeout:     cfg.StallTimeout,
		Lease:            cfg.Lease,
		Heartbeat:        cfg.Heartbeat,
		BitrateLimitKbps: cfg.BitrateLimitKbps,
		MaxDuration:      cfg.MaxDuration,

		MaxUnauthenticated: cfg.MaxUnauthenticated,
		AuthTimeout:        cfg.AuthTimeout,
		Outbound:           a.outbound,
	}, ingest.Deps{
		Client:  a.DB.Client,
		Changes: a.Changes,
		Media:   a.openLiveMedia,
		Emit:    a.emitLive,
		Queue:   a.media.queue,
		Log:     a.log,
	})
	if err != nil {
		return err
	}
	a.ingest = srv
	return nil
}

// Ingest is the running ingest node, nil until StartIngest.
func (a *App) Ingest() *ingest.Server { return a.ingest }

// StopIngest ends the sessions of this node's publishers (their recordings go
// to VOD) and closes its listeners.
func (a *App) StopIngest() {
	if a.ingest != nil {
		a.ingest.Close()
		a.ingest = nil
	}
}

// openLiveMedia opens a session's live HLS output.
func (a *App) openLiveMedia(ctx context.Context, o ingest.MediaOptions) (ingest.Media, error) {
	return livehls.Open(ctx, livehls.Options{
		ProjectID: o.ProjectID, StreamID: o.StreamID, SessionID: o.SessionID, VideoID: o.VideoID,
		LatencyMode: o.LatencyMode, Transcode: o.Transcode, Record: o.Record, Resume: o.Resume,
		Bucket:   a.Bucket,
		Policies: a.media.policies,
		Queue:    a.media.queue,
		Client:   a.DB.Client,
		Events:   a.media.events,
		Log:      a.log,
		Ladder:   a.liveTranscode(o.Warn),
	})
}

// emitLive records a livestream.* event: the stream as the API shows it, plus
// the event's own fields (session, end reason, warning).
func (a *App) emitLive(ctx context.Context, tx *ent.Tx, kind string, st *ent.LiveStream, data map[string]any) error {
	return liveevents.Emit(ctx, a.media.events, tx, kind, st, data)
}
