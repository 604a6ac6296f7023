package graph

import (
	"context"
	"errors"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
	"github.com/vidra-dev/vidra/internal/netguard"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// LiveDeps are what the live stream resolvers need beside the database.
type LiveDeps struct {
	// URLs are the ingest addresses shown to publishers.
	URLs config.LiveURLs
	// Outbound is the address policy simulcast target URLs must pass when
	// saved (the ingest applies it again when it connects).
	Outbound netguard.Policy
}

// projectLiveStream loads a live stream of a project; NOT_FOUND when the project
// has no such stream.
func projectLiveStream(ctx context.Context, client *ent.Client, projectID, id uuid.UUID) (*ent.LiveStream, error) {
	s, err := client.LiveStream.Query().Where(livestream.ID(id), livestream.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, NotFound("live stream")
	}
	return s, err
}

// liveStreams pages through a project's live streams, newest first by default.
func (r *Resolver) liveStreams(ctx context.Context, projectID uuid.UUID, after *entgql.Cursor[uuid.UUID], first *int, before *entgql.Cursor[uuid.UUID], last *int,
	orderBy *ent.LiveStreamOrder, where *ent.LiveStreamWhereInput) (*ent.LiveStreamConnection, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	if orderBy == nil {
		orderBy = &ent.LiveStreamOrder{Field: ent.LiveStreamOrderFieldCreatedAt, Direction: entgql.OrderDirectionDesc}
	}
	return client.LiveStream.Query().Where(livestream.ProjectID(projectID)).
		Paginate(ctx, after, first, before, last, ent.WithLiveStreamOrder(orderBy), ent.WithLiveStreamFilter(where.Filter))
}

// liveStream loads one live stream of a project.
func (r *Resolver) liveStream(ctx context.Context, projectID, id uuid.UUID) (*ent.LiveStream, error) {
	return projectLiveStream(ctx, r.db(ctx), projectID, id)
}

// liveStreamSessions pages through a live stream's sessions, newest first by default.
func (r *Resolver) liveStreamSessions(ctx context.Context, projectID, streamID uuid.UUID, after *entgql.Cursor[uuid.UUID], first *int, before *entgql.Cursor[uuid.UUID], last *int,
	orderBy *ent.LiveSessionOrder) (*ent.LiveSessionConnection, error) {
	client := r.db(ctx)
	if _, err := projectLiveStream(ctx, client, projectID, streamID); err != nil {
		return nil, err
	}
	if orderBy == nil {
		orderBy = &ent.LiveSessionOrder{Field: ent.LiveSessionOrderFieldCreatedAt, Direction: entgql.OrderDirectionDesc}
	}
	return client.LiveSession.Query().Where(livesession.LiveStreamID(streamID)).
		Paginate(ctx, after, first, before, last, ent.WithLiveSessionOrder(orderBy))
}

// liveStreamWithKey is a stream with its new key and publish URLs.
func (r *Resolver) liveStreamWithKey(s *ent.LiveStream, key string) *model.LiveStreamWithKey {
	u := r.live.URLs
	return &model.LiveStreamWithKey{
		LiveStream:      s,
		StreamKey:       key,
		RtmpPublishURL:  u.PublishURL(u.RTMP, key),
		RtmpsPublishURL: optional(u.PublishURL(u.RTMPS, key)),
		SrtPublishURL:   optional(u.SRTPublishURL(key)),
	}
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

// createLiveStream creates a live stream with a new key, shown this once.
func (r *Resolver) createLiveStream(ctx context.Context, projectID uuid.UUID, input ent.CreateLiveStreamInput) (*model.LiveStreamWithKey, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	key := livekey.New()
	s, err := client.LiveStream.Create().SetInput(input).SetProjectID(projectID).
		SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).Save(ctx)
	if err != nil {
		return nil, err
	}
	if err := r.recordEvent(ctx, events.LiveStreamCreated, projectID, events.LiveStream(s)); err != nil {
		return nil, err
	}
	idempotency.NoteSecret(ctx, key)
	return r.liveStreamWithKey(s, key), nil
}

// updateLiveStream changes a live stream's settings.
func (r *Resolver) updateLiveStream(ctx context.Context, projectID, id uuid.UUID, input ent.UpdateLiveStreamInput) (*ent.LiveStream, error) {
	client := r.db(ctx)
	s, err := projectLiveStream(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	if s, err = client.LiveStream.UpdateOne(s).SetInput(input).Save(ctx); err != nil {
		return nil, err
	}
	if err := r.recordEvent(ctx, events.LiveStreamUpdated, projectID, events.LiveStream(s)); err != nil {
		return nil, err
	}
	return s, nil
}

// resetLiveStreamKey gives a stream a new key, shown this once. The ingest node
// of a publisher on the old key sees the change (changefeed) and kicks it.
func (r *Resolver) resetLiveStreamKey(ctx context.Context, projectID, id uuid.UUID) (*model.LiveStreamWithKey, error) {
	client := r.db(ctx)
	s, err := projectLiveStream(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	key := livekey.New()
	if s, err = client.LiveStream.UpdateOne(s).SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).Save(ctx); err != nil {
		return nil, err
	}
	if err := r.recordEvent(ctx, events.LiveStreamKeyReset, projectID, events.LiveStream(s)); err != nil {
		return nil, err
	}
	idempotency.NoteSecret(ctx, key)
	return r.liveStreamWithKey(s, key), nil
}

// updateLiveStreamStatus enables, disables or completes a stream. Disabling
// and completing change the row only: the ingest node that holds the session
// sees the change (changefeed) and ends it. An action that changes nothing
// (enabling an enabled stream) records nothing.
func (r *Resolver) updateLiveStreamStatus(ctx context.Context, projectID, id uuid.UUID, action model.LiveStreamAction) (*ent.LiveStream, error) {
	client := r.db(ctx)
	s, err := projectLiveStream(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	var event string
	upd := client.LiveStream.UpdateOne(s)
	save := upd.Save
	switch action {
	case model.LiveStreamActionEnable:
		if s.Enabled {
			return s, nil
		}
		upd.SetEnabled(true)
		if s.Status == livestream.StatusDisabled {
			save = func(ctx context.Context) (*ent.LiveStream, error) { return streamlifecycle.Enabled(ctx, upd) }
		}
		event = events.LiveStreamEnabled
	case model.LiveStreamActionDisable:
		if !s.Enabled {
			return s, nil
		}
		upd.SetEnabled(false)
		save = func(ctx context.Context) (*ent.LiveStream, error) { return streamlifecycle.Disabled(ctx, upd) }
		event = events.LiveStreamDisabled
	case model.LiveStreamActionComplete:
		if s.CurrentSessionID == nil {
			return nil, Errorf(KindConflict, "the live stream has no session in progress")
		}
		upd.SetCompleteRequestedAt(time.Now())
		event = events.LiveStreamUpdated
	default:
		return nil, FieldError("action", "unknown action %q", action)
	}
	s, err = save(ctx)
	if errors.Is(err, streamlifecycle.ErrRefused) {
		return nil, Errorf(KindConflict, "the live stream's status changed meanwhile; try again")
	}
	if err != nil {
		return nil, err
	}
	if err := r.recordEvent(ctx, event, projectID, events.LiveStream(s)); err != nil {
		return nil, err
	}
	return s, nil
}

// deleteLiveStream deletes a stream with its sessions and simulcast targets; its
// recordings stay as videos. The ingest node of a publisher kicks it when it
// sees the deletion (changefeed).
func (r *Resolver) deleteLiveStream(ctx context.Context, projectID, id uuid.UUID) (uuid.UUID, error) {
	client := r.db(ctx)
	s, err := projectLiveStream(ctx, client, projectID, id)
	if err != nil {
		return uuid.Nil, err
	}
	if err := client.LiveStream.DeleteOne(s).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if err := r.recordEvent(ctx, events.LiveStreamDeleted, projectID, events.LiveStream(s)); err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// currentLiveSession is the stream's session in progress, nil when none (or
// when it is not visible).
// liveStreamPlaybackURL is the master playlist URL of the session in progress:
// its video's, nil when no session is in progress (or its video is gone).
func (r *Resolver) liveStreamPlaybackURL(ctx context.Context, s *ent.LiveStream) (*string, error) {
	sess, err := r.currentLiveSession(ctx, s)
	if err != nil || sess == nil || sess.VideoID == nil {
		return nil, err
	}
	u := r.playURL(*sess.VideoID, "master.m3u8")
	return &u, nil
}

func (r *Resolver) currentLiveSession(ctx context.Context, s *ent.LiveStream) (*ent.LiveSession, error) {
	if s.CurrentSessionID == nil {
		return nil, nil
	}
	sess, err := r.db(ctx).LiveSession.Query().Where(livesession.ID(*s.CurrentSessionID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return sess, err
}
