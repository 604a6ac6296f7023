package graph

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/netguard"
)

// LiveDeps are what the live stream resolvers need beside the database
// (internal/live/streams runs their rules).
type LiveDeps struct {
	// URLs are the ingest addresses shown to publishers.
	URLs config.LiveURLs
	// Outbound is the address policy simulcast target URLs must pass when
	// saved (the ingest applies it again when it connects).
	Outbound netguard.Policy
}

// liveStreamWithKey presents a stream with its new key and publish URLs, or
// the error.
func (r *Resolver) liveStreamWithKey(s *ent.LiveStream, key string, err error) (*model.LiveStreamWithKey, error) {
	if err != nil {
		return nil, err
	}
	u := r.live.URLs
	return &model.LiveStreamWithKey{
		LiveStream:      s,
		StreamKey:       key,
		RtmpPublishURL:  u.PublishURL(u.RTMP, key),
		RtmpsPublishURL: optional(u.PublishURL(u.RTMPS, key)),
		SrtPublishURL:   optional(u.SRTPublishURL(key)),
	}, nil
}

// optional is nil for "".
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// liveIngest is a stream's ingest addresses, without the key.
func (r *Resolver) liveIngest() *model.LiveIngest {
	u := r.live.URLs
	return &model.LiveIngest{RtmpURL: u.RTMP, RtmpsURL: optional(u.RTMPS), SrtURL: optional(u.SRT)}
}

// liveStreamPlaybackURL is the master playlist URL of the session in progress:
// its video's, nil when no session is in progress (or its video is gone).
func (r *Resolver) liveStreamPlaybackURL(ctx context.Context, s *ent.LiveStream) (*string, error) {
	sess, err := r.streams.CurrentSession(ctx, s)
	if err != nil || sess == nil || sess.VideoID == nil {
		return nil, err
	}
	u := r.playback.URL(*sess.VideoID, "master.m3u8")
	return &u, nil
}

// simulcastKeyLast4 is the last four characters of a target's stream key.
func simulcastKeyLast4(t *ent.LiveSimulcastTarget) string { return livekey.Last4(t.StreamKey) }
