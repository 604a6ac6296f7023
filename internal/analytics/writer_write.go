package analytics

import (
	"context"
	"errors"
	"time"

	"github.com/lib/pq"
)

// write writes one batch with the drops counted so far; then runs the erasure
// and signals the flush it may end with.
func (w *Writer) write(batch []item) {
	entries := make([]item, 0, len(batch))
	for _, it := range batch {
		if it.view != nil || it.delivery != nil {
			entries = append(entries, it)
		}
	}
	for _, d := range w.drops.take() {
		entries = append(entries, item{drop: d})
	}
	if len(entries) > 0 {
		w.writeEntries(entries)
	}
	w.reportUnattributed()
	for _, it := range batch {
		if it.erase != nil {
			w.erase(it.erase)
		}
		if it.flushed != nil {
			close(it.flushed)
		}
	}
}

// writeEntries writes entries in one transaction, retrying a failed one twice.
// When the database refuses a row's data (rowError: PostgreSQL's data and
// integrity errors, such as a NUL byte in a text column) the entries are split
// in halves, each written on its own, down to the entry at fault: it alone is
// lost, counted (Lost, and a write_failed drop of its project) and logged,
// with about 2 log2(n) transactions for one bad row among n entries.
func (w *Writer) writeEntries(entries []item) {
	err := w.attempt(entries)
	switch {
	case err == nil:
		w.written.Add(queued(entries))
	case rowError(err) && len(entries) > 1:
		mid := len(entries) / 2
		w.writeEntries(entries[:mid])
		w.writeEntries(entries[mid:])
	default:
		w.lose(entries, err)
	}
}

// attempt writes entries as one batch: up to three times, unless the
// database refuses a row's data (a retry would fail the same way).
func (w *Writer) attempt(entries []item) error {
	var wb WriteBatch
	for _, it := range entries {
		switch {
		case it.view != nil:
			wb.Views = append(wb.Views, it.view)
		case it.drop != nil:
			wb.Drops = append(wb.Drops, it.drop)
		case it.delivery != nil:
			wb.Deliveries = append(wb.Deliveries, it.delivery)
		}
	}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err = w.store.Write(ctx, wb)
		cancel()
		if err == nil || rowError(err) {
			return err
		}
	}
	return err
}

// lose counts and logs entries that could not be written.
func (w *Writer) lose(entries []item, err error) {
	n := queued(entries)
	w.lost.Add(n)
	if len(entries) == 1 && entries[0].view != nil && rowError(err) {
		v := entries[0].view
		w.countDrop(v.Project, DropWriteFailed)
		w.opts.Log.Warn("analytics: a beacon the database refused is lost", "project", v.Project, "view", v.View, "err", err)
		return
	}
	drops := len(entries) - int(n)
	w.opts.Log.Error("analytics: batch lost after retries", "entries", n, "drop_counters", drops, "err", err)
}

// queued is the number of queue entries among entries (drop counters are not).
func queued(entries []item) int64 {
	var n int64
	for _, it := range entries {
		if it.drop == nil {
			n++
		}
	}
	return n
}

// rowError reports whether err is the database refusing a row's data rather
// than failing the transaction as such: a PostgreSQL data exception (SQLSTATE
// class 22, e.g. 22021 an invalid byte sequence) or integrity violation (23),
// or SQLite's too big, constraint or datatype mismatch.
func rowError(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		c := pqErr.Code.Class()
		return c == "22" || c == "23"
	}
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		switch coded.Code() & 0xff {
		case 18, 19, 20: // SQLITE_TOOBIG, SQLITE_CONSTRAINT, SQLITE_MISMATCH
			return true
		}
	}
	return false
}

// unattributedReportEvery is how often at most the writer logs the count of
// drops of unknown projects, when it grew.
const unattributedReportEvery = time.Minute

// reportUnattributed logs the drops of projects not known to exist, when
// their count grew, at most once a minute.
func (w *Writer) reportUnattributed() {
	n := w.drops.unattributed.Load()
	now := w.opts.Now()
	if n == w.reported || now.Sub(w.reportedAt) < unattributedReportEvery {
		return
	}
	w.opts.Log.Warn("analytics: inputs of unknown projects dropped (counted, not stored)",
		"since_last", n-w.reported, "total", n)
	w.reported, w.reportedAt = n, now
}
