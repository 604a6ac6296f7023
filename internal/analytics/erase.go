package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Erasure is what EraseUser deleted.
type Erasure struct {
	// Views and Events are the numbers of views and raw events deleted.
	Views, Events int
}

// eraseRangesPerDelete is the most views whose events one DELETE removes.
const eraseRangesPerDelete = 200

// eraseRequest is an erasure queued to the writer; its answer goes to done.
type eraseRequest struct {
	Project uuid.UUID
	UserID  string
	done    chan eraseResult
}

type eraseResult struct {
	erasure Erasure
	err     error
}

// EraseUser deletes everything the project's analytics hold about a
// player-reported user (views, raw events and viewer-rollup rows) and marks the hours of the
// deleted views dirty, so the next rollup run drops them.
//
// It runs on the writer, in queue order, in a transaction of its own: the
// events queued before it are written first and erased with the rest, and the
// store forgets its cached fold of every erased view. An event of an erased
// view that arrives later is folded from the events stored since the erasure
// only: the view comes back with the new events' figures alone, never with
// the erased ones. Erasure is not refused when the queue is full: it waits for
// room (or for ctx).
//
// The cache is the store's own, per process: processes that each run a
// writer over a shared database do not see each other's erasures in their
// caches.
func (w *Writer) EraseUser(ctx context.Context, project uuid.UUID, userID string) (Erasure, error) {
	req := &eraseRequest{Project: project, UserID: userID, done: make(chan eraseResult, 1)}
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		return Erasure{}, ErrClosed
	}
	select {
	case w.ch <- item{erase: req}:
	case <-ctx.Done():
		w.mu.RUnlock()
		return Erasure{}, ctx.Err()
	}
	w.mu.RUnlock()
	select {
	case res := <-req.done:
		return res.erasure, res.err
	case <-ctx.Done():
		return Erasure{}, ctx.Err()
	}
}

// erase runs an erasure on the store (on the writer goroutine, so in queue
// order), retrying a failed one twice.
func (w *Writer) erase(req *eraseRequest) {
	var res eraseResult
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		res.erasure, res.err = w.store.EraseUser(ctx, req.Project, req.UserID)
		cancel()
		if res.err == nil {
			break
		}
	}
	if res.err != nil {
		w.opts.Log.Error("analytics: user erasure failed", "project", req.Project, "err", res.err)
	}
	req.done <- res
}

// EraseUser deletes the user's views and events in one transaction, marks
// their hours dirty, and forgets its cached folds of the erased views once
// the transaction has committed.
func (s *SQLStore) EraseUser(ctx context.Context, project uuid.UUID, userID string) (Erasure, error) {
	erased, ids, err := s.eraseUser(ctx, eraseRequest{Project: project, UserID: userID})
	if err != nil {
		return Erasure{}, err
	}
	for _, id := range ids {
		delete(s.folds, id)
	}
	return erased, nil
}

// eraseUser is EraseUser's transaction; it returns the erased views' ids.
func (s *SQLStore) eraseUser(ctx context.Context, req eraseRequest) (Erasure, []uuid.UUID, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Erasure{}, nil, err
	}
	defer func() { _ = tx.Rollback() }()
	dirty := map[dirtyKey]bool{}
	var ids []uuid.UUID
	var refs []int64
	err = eachRow(ctx, tx, `SELECT id, hour, ref FROM analytics_views WHERE project_id = $1 AND user_id = $2`,
		[]any{req.Project, req.UserID}, func(rows *sql.Rows) error {
			var id uuid.UUID
			var hour int64
			var ref sql.NullInt64
			if err := rows.Scan(&id, &hour, &ref); err != nil {
				return err
			}
			ids = append(ids, id)
			if ref.Valid {
				refs = append(refs, ref.Int64)
			}
			dirty[dirtyKey{req.Project, hour}] = true
			return nil
		})
	if err != nil {
		return Erasure{}, nil, fmt.Errorf("erase: list views: %w", err)
	}
	// A view's events are the id range its number names (EventRange); they go
	// first, a batch of ranges a statement, then the views.
	events := 0
	for start := 0; start < len(refs); start += eraseRangesPerDelete {
		var sb strings.Builder
		sb.WriteString(`DELETE FROM analytics_events WHERE `)
		var args []any
		for i, ref := range refs[start:min(start+eraseRangesPerDelete, len(refs))] {
			if i > 0 {
				sb.WriteString(" OR ")
			}
			lo, hi := EventRange(ref)
			args = append(args, lo, hi)
			fmt.Fprintf(&sb, "(id >= $%d AND id < $%d)", len(args)-1, len(args))
		}
		n, err := execCount(ctx, tx, sb.String(), args...)
		if err != nil {
			return Erasure{}, nil, fmt.Errorf("erase events: %w", err)
		}
		events += n
	}
	views, err := execCount(ctx, tx, `DELETE FROM analytics_views WHERE project_id = $1 AND user_id = $2`, req.Project, req.UserID)
	if err != nil {
		return Erasure{}, nil, fmt.Errorf("erase views: %w", err)
	}
	// The viewer rollup holds the user too: its rows go now, not at the next
	// rollup run (the marked hours are read from the views until then).
	if _, err := tx.ExecContext(ctx, `DELETE FROM analytics_viewer_daily WHERE project_id = $1 AND user_id = $2`, req.Project, req.UserID); err != nil {
		return Erasure{}, nil, fmt.Errorf("erase viewer rollup: %w", err)
	}
	if err := markDirty(ctx, tx, dirty, s.positional()); err != nil {
		return Erasure{}, nil, err
	}
	if err := tx.Commit(); err != nil {
		return Erasure{}, nil, err
	}
	return Erasure{Views: views, Events: events}, ids, nil
}

// eachRow runs a query and calls fn on each row.
func eachRow(ctx context.Context, tx *sql.Tx, q string, args []any, fn func(*sql.Rows) error) error {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// execCount runs a statement and returns the number of rows it affected.
func execCount(ctx context.Context, tx *sql.Tx, q string, args ...any) (int, error) {
	res, err := tx.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}
