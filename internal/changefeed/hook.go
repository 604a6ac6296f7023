package changefeed

import (
	"context"
	"errors"
	"fmt"

	"entgo.io/ent/privacy"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
)

// kinds maps the ent types whose changes subscriptions follow to their kinds.
var kinds = map[string]string{
	ent.TypeVideo:           KindVideo,
	ent.TypeTranscodingJob:  KindTranscodingJob,
	ent.TypeWebhookDelivery: KindWebhookDelivery,
	ent.TypeLiveStream:      KindLiveStream,
	ent.TypeSession:         KindSession,
	ent.TypeMembership:      KindMembership,
	ent.TypeAPIKey:          KindAPIKey,
	ent.TypeOrganization:    KindOrganization,
	ent.TypeUser:            KindUser,
}

// idMutation is what every generated mutation of a uuid-keyed entity offers.
type idMutation interface {
	ent.Mutation
	ID() (uuid.UUID, bool)
	IDs(ctx context.Context) ([]uuid.UUID, error)
}

// Hook returns the ent hook that publishes a notice for each change of a video,
// transcoding job, webhook delivery or live stream, and for each change of a
// credential that announced accepts: after its transaction commits (the
// commit hook the webhook recorder also uses, so a rolled-back or refused
// change publishes nothing), or at once for a change made outside one.
func (b *Bus) Hook() ent.Hook {
	return func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			kind, ok := kinds[m.Type()]
			im, isID := m.(idMutation)
			if !ok || !isID || !announced(kind, m) {
				return next.Mutate(ctx, m)
			}
			var ids []uuid.UUID
			if m.Op().Is(ent.OpUpdate | ent.OpDelete) {
				// A bulk change names its rows by predicates: read them first. The
				// change itself is authorised on its own; this only lists its rows.
				var err error
				if ids, err = im.IDs(privacy.DecisionContext(ctx, privacy.Allow)); err != nil {
					return nil, err
				}
			}
			var project uuid.UUID
			if p, ok := m.Field("project_id"); ok {
				project, _ = p.(uuid.UUID)
			} else if (kind == KindWebhookDelivery || kind == KindLiveStream) && m.Op().Is(ent.OpUpdateOne) {
				// Delivery subscriptions follow a project: name it, so that the
				// subscribers of other projects need not read the row. Live
				// stream notices name theirs for the same reason.
				if p, err := m.OldField(privacy.DecisionContext(ctx, privacy.Allow), "project_id"); err == nil {
					project, _ = p.(uuid.UUID)
				}
			}
			v, err := next.Mutate(ctx, m)
			if err != nil {
				return v, err
			}
			if id, ok := im.ID(); ok && len(ids) == 0 {
				ids = []uuid.UUID{id}
			}
			if len(ids) == 0 {
				return v, nil
			}
			notices := make([]Notice, len(ids))
			for i, id := range ids {
				notices[i] = Notice{Kind: kind, ID: id, ProjectID: project, Deleted: m.Op().Is(ent.OpDelete | ent.OpDeleteOne)}
			}
			b.publishAfterCommit(ctx, m, notices)
			return v, nil
		})
	}
}

// txMutation is what every generated mutation offers to reach its transaction
// and its client.
type txMutation interface {
	Tx() (*ent.Tx, error)
	Client() *ent.Client
}

// publishAfterCommit logs the changes the change log keeps in m's transaction,
// last thing before it commits (log.go: a change that cannot be logged does
// not commit), and publishes notices once it has committed; or, when m ran
// outside a transaction, logs and publishes now. A failed publication is
// logged: the change stands, and subscribers see it with the next notice
// about the row.
func (b *Bus) publishAfterCommit(ctx context.Context, m ent.Mutation, notices []Notice) {
	publish := func(ctx context.Context) {
		if err := b.Publish(ctx, notices...); err != nil {
			b.log.WarnContext(ctx, "changefeed publish failed", "kind", notices[0].Kind, "count", len(notices), "err", err)
		}
	}
	entries := loggable(notices)
	tm, ok := m.(txMutation)
	if !ok {
		publish(context.WithoutCancel(ctx))
		return
	}
	tx, err := tm.Tx()
	if err != nil {
		// Committed already: the entries get a transaction of their own.
		if len(entries) > 0 {
			if err := b.recordAlone(context.WithoutCancel(ctx), tm.Client(), entries); err != nil {
				b.log.WarnContext(ctx, "change log write failed; resumed subscriptions miss this change", "kind", entries[0].Kind, "count", len(entries), "err", err)
			}
		}
		publish(context.WithoutCancel(ctx))
		return
	}
	tx.OnCommit(func(next ent.Committer) ent.Committer {
		return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
			if len(entries) > 0 {
				if err := b.record(ctx, tx, entries); err != nil {
					// Not committed: rolled back here, so the connection is
					// not left in an open transaction.
					return errors.Join(fmt.Errorf("changefeed: write the change log: %w", err), tx.Rollback())
				}
			}
			if err := next.Commit(ctx, tx); err != nil {
				return err
			}
			publish(context.WithoutCancel(ctx))
			return nil
		})
	})
}
