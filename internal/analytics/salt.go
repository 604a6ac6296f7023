package analytics

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// SaltKeep is how long a day's salt is kept: 48 hours, so a view that started
// before midnight keeps its viewer key.
const SaltKeep = 48 * time.Hour

// salts gives the salt of a UTC day, creating it on first use; salts are shared
// by every process through analytics_salts and cached.
type salts struct {
	db *sql.DB
	mu sync.Mutex
	m  map[int64][]byte
}

func dayOf(t time.Time) int64 { return t.UTC().Truncate(24 * time.Hour).Unix() }

// forTime returns the salt of t's UTC day, creating it if no process has.
func (s *salts) forTime(ctx context.Context, t time.Time) ([]byte, error) {
	day := dayOf(t)
	s.mu.Lock()
	defer s.mu.Unlock()
	if b, ok := s.m[day]; ok {
		return b, nil
	}
	salt := make([]byte, 32)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO analytics_salts (day, salt, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (day) DO NOTHING`, day, salt, time.Now().Unix()); err != nil {
		return nil, fmt.Errorf("create analytics salt: %w", err)
	}
	var stored []byte
	if err := s.db.QueryRowContext(ctx, `SELECT salt FROM analytics_salts WHERE day = $1`, day).Scan(&stored); err != nil {
		return nil, fmt.Errorf("read analytics salt: %w", err)
	}
	if s.m == nil {
		s.m = map[int64][]byte{}
	}
	for d := range s.m {
		if d < day-int64(SaltKeep/time.Second) {
			delete(s.m, d)
		}
	}
	s.m[day] = stored
	return stored, nil
}

// saltFor is the salt for a view that started at start, seen at now: the salt
// of the start's day while it is kept, else today's.
func (s *salts) saltFor(ctx context.Context, start, now time.Time) ([]byte, error) {
	if start.Before(now) && now.Sub(start) < SaltKeep-time.Hour && dayOf(start) != dayOf(now) {
		return s.forTime(ctx, start)
	}
	return s.forTime(ctx, now)
}
