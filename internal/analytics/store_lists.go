package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// Session is one view of a player-reported user, as the user sessions list
// shows it.
type Session struct {
	ViewID, VideoID     uuid.UUID
	SessionID           string
	StartedAt, EndedAt  time.Time
	WatchedMs           int64
	StartupMs           *int64 // nil when playback never started
	Country, DeviceType string
	OS, Browser         string
	FatalErrorCode      string
	Completed           bool
}

// SessionCursor is where a sessions page continues, newest first: the views
// started before Started, or at Started with a smaller ViewID.
type SessionCursor struct {
	Started int64 // Unix seconds
	ViewID  uuid.UUID
}

// PlayerEvent is one raw event of a user's player log.
type PlayerEvent struct {
	// ID is the event's id (analytics.EventSeq gives its place in the view).
	ID              int64
	ViewID, VideoID uuid.UUID
	TimeMs          int64
	Type            int16 // EventTypeName gives its name
	PlayheadMs      int64
	Detail          string
}

// EventCursor is where a player-log page continues, oldest first: the events
// after (TimeMs, ID).
type EventCursor struct {
	TimeMs, ID int64
}

// DropCount is filtered input of one reason, in one hour (Hour, Unix seconds)
// or, when counted over the whole range, with Hour 0.
type DropCount struct {
	Reason string
	Hour   int64
	Count  int64
}

// Sessions lists a user's views started in [from, to), newest first, at most
// limit, continuing after the cursor when one is given.
func (s *SQLStore) Sessions(ctx context.Context, project uuid.UUID, userID string, from, to time.Time, after *SessionCursor, limit int) ([]Session, error) {
	args := []any{project, userID, from.Unix(), to.Unix()}
	stmt := `SELECT id, session_id, video_id, started_at, ended_at, watched_ms, startup_ms, country, device_type, os, browser, fatal_error_code, completed
		FROM analytics_views WHERE project_id = $1 AND user_id = $2 AND started_at >= $3 AND started_at < $4`
	if after != nil {
		args = append(args, after.Started, after.ViewID)
		stmt += ` AND (started_at < $5 OR (started_at = $5 AND id < $6))`
	}
	args = append(args, limit)
	stmt += fmt.Sprintf(` ORDER BY started_at DESC, id DESC LIMIT $%d`, len(args))
	rows, err := s.db.QueryContext(ctx, stmt, args...)
	if err != nil {
		return nil, fmt.Errorf("analytics sessions: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []Session
	for rows.Next() {
		var v Session
		var started, ended int64
		var startup sql.NullInt64
		if err := rows.Scan(&v.ViewID, &v.SessionID, &v.VideoID, &started, &ended, &v.WatchedMs, &startup,
			&v.Country, &v.DeviceType, &v.OS, &v.Browser, &v.FatalErrorCode, &v.Completed); err != nil {
			return nil, fmt.Errorf("analytics sessions: %w", err)
		}
		v.StartedAt, v.EndedAt = time.Unix(started, 0).UTC(), time.Unix(ended, 0).UTC()
		if startup.Valid {
			v.StartupMs = &startup.Int64
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// PlayerLog lists a user's raw events in [from, to), oldest first, at most
// limit, continuing after the cursor when one is given.
func (s *SQLStore) PlayerLog(ctx context.Context, project uuid.UUID, userID string, from, to time.Time, after *EventCursor, limit int) ([]PlayerEvent, error) {
	// Raw events carry no user: the user's views (by the views' user index) are
	// joined to their events, one id range each (EventRange). A view whose last
	// event is before the range has none in it.
	//
	// The join is a subquery with a limit no list reaches (allRows), ordered and
	// limited outside it: PostgreSQL, seeing ORDER BY ... LIMIT over the join,
	// estimated the range join far too large and sorted every event of the
	// project by time to walk them against the views (673 ms on the bench's
	// 330 k events); planned apart, it walks the user's views and reads each
	// one's events by id range (9 ms). SQLite plans both forms the same way.
	const allRows = int64(1) << 62
	args := []any{project, userID, from.Unix(), from.UnixMilli(), to.UnixMilli(), EventIDSpan, allRows}
	stmt := `SELECT e.id AS event_id, v.id AS view_id, v.video_id, e.ts_ms, e.type, e.playhead_ms, e.detail
		FROM analytics_views v JOIN analytics_events e ON e.id >= v.ref * $6 AND e.id < (v.ref + 1) * $6
		WHERE v.project_id = $1 AND v.user_id = $2 AND v.ended_at >= $3 AND e.ts_ms >= $4 AND e.ts_ms < $5`
	if after != nil {
		args = append(args, after.TimeMs, after.ID)
		stmt += ` AND (e.ts_ms > $8 OR (e.ts_ms = $8 AND e.id > $9))`
	}
	args = append(args, limit)
	stmt = `SELECT x.event_id, x.view_id, x.video_id, x.ts_ms, x.type, x.playhead_ms, x.detail FROM (` + stmt +
		fmt.Sprintf(` LIMIT $7) x ORDER BY x.ts_ms, x.event_id LIMIT $%d`, len(args))
	rows, err := s.db.QueryContext(ctx, stmt, args...)
	if err != nil {
		return nil, fmt.Errorf("analytics player log: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []PlayerEvent
	for rows.Next() {
		var ev PlayerEvent
		var detail sql.NullString
		if err := rows.Scan(&ev.ID, &ev.ViewID, &ev.VideoID, &ev.TimeMs, &ev.Type, &ev.PlayheadMs, &detail); err != nil {
			return nil, fmt.Errorf("analytics player log: %w", err)
		}
		ev.Detail = detail.String
		out = append(out, ev)
	}
	return out, rows.Err()
}

// Drops counts the project's filtered input by reason over the hours starting
// in [fromHour, toUnix) (Unix seconds), or by reason and hour when byHour.
func (s *SQLStore) Drops(ctx context.Context, project uuid.UUID, fromHour, toUnix int64, byHour bool) ([]DropCount, error) {
	stmt := `SELECT reason, 0, SUM(count) AS n FROM analytics_drops WHERE project_id = $1 AND hour >= $2 AND hour < $3
		GROUP BY reason ORDER BY n DESC, reason`
	if byHour {
		stmt = `SELECT reason, hour, count FROM analytics_drops WHERE project_id = $1 AND hour >= $2 AND hour < $3
		ORDER BY hour, reason`
	}
	rows, err := s.db.QueryContext(ctx, stmt, project, fromHour, toUnix)
	if err != nil {
		return nil, fmt.Errorf("analytics filtered: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []DropCount
	for rows.Next() {
		var c DropCount
		if err := rows.Scan(&c.Reason, &c.Hour, &c.Count); err != nil {
			return nil, fmt.Errorf("analytics filtered: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
