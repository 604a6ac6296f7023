package streams

import (
	"context"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/txn"
)

// List pages through a project's live streams, newest first by default.
func (s *Service) List(ctx context.Context, projectID uuid.UUID, after *entgql.Cursor[uuid.UUID], first *int, before *entgql.Cursor[uuid.UUID], last *int,
	orderBy *ent.LiveStreamOrder, where *ent.LiveStreamWhereInput) (*ent.LiveStreamConnection, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	if orderBy == nil {
		orderBy = &ent.LiveStreamOrder{Field: ent.LiveStreamOrderFieldCreatedAt, Direction: entgql.OrderDirectionDesc}
	}
	return client.LiveStream.Query().Where(livestream.ProjectID(projectID)).
		Paginate(ctx, after, first, before, last, ent.WithLiveStreamOrder(orderBy), ent.WithLiveStreamFilter(where.Filter))
}

// Get loads one live stream of a project.
func (s *Service) Get(ctx context.Context, projectID, id uuid.UUID) (*ent.LiveStream, error) {
	return projectStream(ctx, s.db(ctx), projectID, id)
}

// Sessions pages through a live stream's sessions, newest first by default.
func (s *Service) Sessions(ctx context.Context, projectID, streamID uuid.UUID, after *entgql.Cursor[uuid.UUID], first *int, before *entgql.Cursor[uuid.UUID], last *int,
	orderBy *ent.LiveSessionOrder) (*ent.LiveSessionConnection, error) {
	client := s.db(ctx)
	if _, err := projectStream(ctx, client, projectID, streamID); err != nil {
		return nil, err
	}
	if orderBy == nil {
		orderBy = &ent.LiveSessionOrder{Field: ent.LiveSessionOrderFieldCreatedAt, Direction: entgql.OrderDirectionDesc}
	}
	return client.LiveSession.Query().Where(livesession.LiveStreamID(streamID)).
		Paginate(ctx, after, first, before, last, ent.WithLiveSessionOrder(orderBy))
}

// CurrentSession is the stream's session in progress, nil when none (or
// when it is not visible).
func (s *Service) CurrentSession(ctx context.Context, st *ent.LiveStream) (*ent.LiveSession, error) {
	if st.CurrentSessionID == nil {
		return nil, nil
	}
	sess, err := s.db(ctx).LiveSession.Query().Where(livesession.ID(*st.CurrentSessionID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return sess, err
}

// Create creates a live stream with a new key, returned this once (and noted
// as a secret of the request's idempotent response).
func (s *Service) Create(ctx context.Context, projectID uuid.UUID, input ent.CreateLiveStreamInput) (st *ent.LiveStream, key string, err error) {
	err = txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		if err := project.Require(ctx, client, projectID, ""); err != nil {
			return err
		}
		key = livekey.New()
		st, err = client.LiveStream.Create().SetInput(input).SetProjectID(projectID).
			SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).Save(ctx)
		if err != nil {
			return err
		}
		return s.record(ctx, events.LiveStreamCreated, projectID, events.LiveStream(st))
	})
	if err != nil {
		return nil, "", err
	}
	idempotency.NoteSecret(ctx, key)
	return st, key, nil
}

// Update changes a live stream's settings.
func (s *Service) Update(ctx context.Context, projectID, id uuid.UUID, input ent.UpdateLiveStreamInput) (st *ent.LiveStream, err error) {
	err = txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		if st, err = projectStream(ctx, client, projectID, id); err != nil {
			return err
		}
		if st, err = client.LiveStream.UpdateOne(st).SetInput(input).Save(ctx); err != nil {
			return err
		}
		return s.record(ctx, events.LiveStreamUpdated, projectID, events.LiveStream(st))
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// ResetKey gives a stream a new key, returned this once. The ingest node of a
// publisher on the old key sees the change (changefeed) and kicks it.
func (s *Service) ResetKey(ctx context.Context, projectID, id uuid.UUID) (st *ent.LiveStream, key string, err error) {
	err = txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		if st, err = projectStream(ctx, client, projectID, id); err != nil {
			return err
		}
		key = livekey.New()
		if st, err = client.LiveStream.UpdateOne(st).SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).Save(ctx); err != nil {
			return err
		}
		return s.record(ctx, events.LiveStreamKeyReset, projectID, events.LiveStream(st))
	})
	if err != nil {
		return nil, "", err
	}
	idempotency.NoteSecret(ctx, key)
	return st, key, nil
}

// Delete deletes a stream with its sessions and simulcast targets; its
// recordings stay as videos. The ingest node of a publisher kicks it when it
// sees the deletion (changefeed).
func (s *Service) Delete(ctx context.Context, projectID, id uuid.UUID) (uuid.UUID, error) {
	err := txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		st, err := projectStream(ctx, client, projectID, id)
		if err != nil {
			return err
		}
		if err := client.LiveStream.DeleteOne(st).Exec(ctx); err != nil {
			return err
		}
		return s.record(ctx, events.LiveStreamDeleted, projectID, events.LiveStream(st))
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}
