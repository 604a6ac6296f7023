package changefeed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"entgo.io/ent/privacy"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/changelogentry"
)

// The change log (ent ChangeLogEntry, table change_log) keeps each committed
// change of a video, transcoding job or webhook delivery for a bounded window,
// numbered by a sequence: the resume point of subscriptions. A subscriber
// handed entry N may come back (to any server) asking for what followed N.
//
// That only works if no entry below N can appear after N was seen. A sequence
// alone does not promise it on PostgreSQL: two transactions take N-1 and N,
// and the one with N commits first. So the entries are written last, just
// before the commit, under a transaction-scoped advisory lock
// (changeLogLock) that the commit releases: the numbers are taken in commit
// order, one committing transaction at a time, and whoever sees N sees every
// entry below it. The lock is held only from the insert to the commit, never
// while the transaction does its own work. SQLite has a single writer, whose
// lock, taken at a transaction's first write, already orders numbers as
// commits.

// changeLogLock is the PostgreSQL advisory lock key of the change log
// ("vidra-cl" in ASCII).
const changeLogLock int64 = 0x76696472612d636c

// logged are the kinds whose changes the log keeps: those subscriptions
// follow. Credential kinds and live streams only wake up connections and
// ingest nodes, which read their state again anyway.
var logged = map[string]bool{KindVideo: true, KindTranscodingJob: true, KindWebhookDelivery: true}

// ErrCursorExpired is Since's error when entries after the cursor have been
// pruned already (or the cursor is ahead of the log): the subscriber must read
// the state again instead of resuming.
var ErrCursorExpired = errors.New("changefeed: cursor outside the change log's window")

// Entry is a logged change: its sequence number (the cursor) and the row.
type Entry struct {
	// Seq is the entry's place in commit order.
	Seq int64
	// Notice names the row.
	Notice Notice
}

// loggable keeps the notices of the kinds the log keeps.
func loggable(notices []Notice) []Notice {
	var out []Notice
	for _, n := range notices {
		if logged[n.Kind] {
			out = append(out, n)
		}
	}
	return out
}

// record writes entries for notices in tx, which commits next, holding the
// change log's lock on PostgreSQL until then.
func (b *Bus) record(ctx context.Context, tx *ent.Tx, notices []Notice) error {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	if b.postgres {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", changeLogLock); err != nil {
			return err
		}
	}
	builders := make([]*ent.ChangeLogEntryCreate, len(notices))
	for i, n := range notices {
		c := tx.ChangeLogEntry.Create().SetKind(n.Kind).SetRowID(n.ID).SetDeleted(n.Deleted)
		if n.ProjectID != uuid.Nil {
			c.SetProjectID(n.ProjectID)
		}
		builders[i] = c
	}
	return tx.ChangeLogEntry.CreateBulk(builders...).Exec(ctx)
}

// recordAlone writes entries for a change made outside a transaction (already
// committed), in a short transaction of their own.
func (b *Bus) recordAlone(ctx context.Context, client *ent.Client, notices []Notice) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if err := b.record(ctx, tx, notices); err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}

// Head is the newest entry's sequence number (0 when the log is empty): a
// cursor for the state read after it, which reflects every change up to it.
func Head(ctx context.Context, client *ent.Client) (int64, error) {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	e, err := client.ChangeLogEntry.Query().Order(ent.Desc(changelogentry.FieldID)).Select(changelogentry.FieldID).First(ctx)
	if ent.IsNotFound(err) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return e.ID, nil
}

// Since returns, in order, the entries after cursor that where accepts (a
// row's entries, a project's deliveries).
func Since(ctx context.Context, client *ent.Client, cursor int64, where ...func(*ent.ChangeLogEntryQuery)) ([]Entry, error) {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	q := client.ChangeLogEntry.Query().Where(changelogentry.IDGT(cursor)).Order(ent.Asc(changelogentry.FieldID))
	for _, w := range where {
		w(q)
	}
	rows, err := q.All(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Entry, len(rows))
	for i, r := range rows {
		n := Notice{Kind: r.Kind, ID: r.RowID, Deleted: r.Deleted}
		if r.ProjectID != nil {
			n.ProjectID = *r.ProjectID
		}
		out[i] = Entry{Seq: r.ID, Notice: n}
	}
	return out, nil
}

// Resumable returns ErrCursorExpired when some entry after cursor may have
// been pruned (the oldest entry kept must come right after cursor, or before
// it) or when cursor is ahead of the log (not one of its cursors). Call it
// after reading with Since, so that a pruning that ran meanwhile is noticed.
func Resumable(ctx context.Context, client *ent.Client, cursor int64) error {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	oldest, err := client.ChangeLogEntry.Query().Order(ent.Asc(changelogentry.FieldID)).Select(changelogentry.FieldID).First(ctx)
	switch {
	case ent.IsNotFound(err):
		if cursor > 0 {
			return ErrCursorExpired // an empty log has no past to resume
		}
		return nil
	case err != nil:
		return err
	case oldest.ID > cursor+1:
		return ErrCursorExpired
	}
	head, err := Head(ctx, client)
	if err != nil {
		return err
	}
	if cursor > head {
		return ErrCursorExpired
	}
	return nil
}

// Latest keeps the last entry of each row, in order: one read of a row
// answers all its changes.
func Latest(entries []Entry) []Entry {
	last := make(map[uuid.UUID]int, len(entries))
	for i, e := range entries {
		last[e.Notice.ID] = i
	}
	out := make([]Entry, 0, len(last))
	for i, e := range entries {
		if last[e.Notice.ID] == i {
			out = append(out, e)
		}
	}
	return out
}

// OfRow narrows Since to the entries of one row.
func OfRow(kind string, id uuid.UUID) func(*ent.ChangeLogEntryQuery) {
	return func(q *ent.ChangeLogEntryQuery) {
		q.Where(changelogentry.Kind(kind), changelogentry.RowID(id))
	}
}

// OfProject narrows Since to the entries of a kind in one project, and those
// whose project the change did not carry (a bulk update).
func OfProject(kind string, project uuid.UUID) func(*ent.ChangeLogEntryQuery) {
	return func(q *ent.ChangeLogEntryQuery) {
		q.Where(changelogentry.Kind(kind), changelogentry.Or(changelogentry.ProjectID(project), changelogentry.ProjectIDIsNil()))
	}
}

// Prune deletes the entries older than window, keeping the newest of them, so
// that the oldest entry kept marks where the log's memory begins (Since tells
// an expired cursor by it) and the log is never emptied. It returns how many
// went.
func Prune(ctx context.Context, client *ent.Client, window time.Duration) (int, error) {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	last, err := client.ChangeLogEntry.Query().
		Where(changelogentry.CreatedAtLT(time.Now().Add(-window))).
		Order(ent.Desc(changelogentry.FieldID)).Select(changelogentry.FieldID).First(ctx)
	if ent.IsNotFound(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("changefeed: find expired entries: %w", err)
	}
	return client.ChangeLogEntry.Delete().Where(changelogentry.IDLT(last.ID)).Exec(ctx)
}
