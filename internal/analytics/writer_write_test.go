package analytics

import (
	"context"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestWriterIsolatesARefusedRow queues, for one transaction, honest beacons of
// one project and a beacon of another whose row the database refuses (on
// PostgreSQL a NUL byte in user_id, as a beacon that got past the collector
// would carry; SQLite stores NUL, so there a trigger refuses that user id):
// every honest beacon is stored, the bad one alone is lost, counted in Lost
// and as a write_failed drop of its project.
func TestWriterIsolatesARefusedRow(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d).SQL
			bad := "u\x00x"
			if d == dialect.SQLite {
				bad = "poison"
				if _, err := db.Exec(`CREATE TRIGGER refuse_poison BEFORE INSERT ON analytics_views
					WHEN NEW.user_id = 'poison' BEGIN SELECT RAISE(ABORT, 'refused row'); END`); err != nil {
					t.Fatal(err)
				}
			}
			// One batch: everything queued before the writer's window (5 s) ends,
			// the flush closing it.
			w := NewWriter(NewSQLStore(db, d), WriterOptions{MaxWait: MaxWaitLimit})
			defer func() { _ = w.Close(context.Background()) }()
			honest, hostile, video := uuid.New(), uuid.New(), uuid.New()
			now := time.Now().UnixMilli()
			view := func(project uuid.UUID, user string) *ViewRecord {
				id := uuid.New()
				return &ViewRecord{Project: project, Video: video, View: id, UserID: user, SessionID: id.String(),
					Device: "desktop", StreamType: "on_demand", GapCapMs: 20_000,
					Events: []Event{{Seq: 0, Type: EvViewStart, TsMs: now - 1000}, {Seq: 1, Type: EvPlaying, TsMs: now - 500}}}
			}
			const honestViews = 25
			for i := 0; i < honestViews; i++ {
				if i == honestViews/2 {
					if err := w.enqueue(item{view: view(hostile, bad)}); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.enqueue(item{view: view(honest, "viewer")}); err != nil {
					t.Fatal(err)
				}
			}
			flush := func() {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				if err := w.Flush(ctx); err != nil {
					t.Fatal(err)
				}
			}
			flush()
			flush() // the write_failed drop, counted during the first write
			count := func(q string, args ...any) int {
				var n int
				if err := db.QueryRow(q, args...).Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			if n := count(`SELECT COUNT(*) FROM analytics_views WHERE project_id = $1`, honest); n != honestViews {
				t.Errorf("%d honest views stored, want %d", n, honestViews)
			}
			if n := count(`SELECT COUNT(*) FROM analytics_views WHERE project_id = $1`, hostile); n != 0 {
				t.Errorf("%d refused views stored", n)
			}
			if st := w.Stats(); st.Lost != 1 || st.Written != honestViews {
				t.Errorf("stats %+v, want 1 lost and %d written", st, honestViews)
			}
			if n := count(`SELECT COALESCE(SUM(count), 0) FROM analytics_drops WHERE project_id = $1 AND reason = $2`,
				hostile, DropWriteFailed); n != 1 {
				t.Errorf("write_failed drops of the project = %d, want 1", n)
			}
		})
	}
}

// TestWriterKeepsBatchWithHostileDeliverySession: a playback request's CMCD
// session id with a NUL byte (which PostgreSQL refuses as a parameter) reaches
// the writer amid beacons: the delivery counts without it, and nothing is lost.
func TestWriterKeepsBatchWithHostileDeliverySession(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d).SQL
			w := NewWriter(NewSQLStore(db, d), WriterOptions{MaxWait: MaxWaitLimit})
			defer func() { _ = w.Close(context.Background()) }()
			project, video := uuid.New(), uuid.New()
			now := time.Now()
			for i := 0; i < 5; i++ {
				id := uuid.New()
				if err := w.enqueue(item{view: &ViewRecord{Project: project, Video: video, View: id, SessionID: id.String(),
					Device: "desktop", StreamType: "on_demand", GapCapMs: 20_000,
					Events: []Event{{Seq: 0, Type: EvViewStart, TsMs: now.UnixMilli()}}}}); err != nil {
					t.Fatal(err)
				}
				if i == 2 {
					if err := w.RecordDelivery(playback.Delivery{Project: project, Video: video, At: now, Bytes: 1000,
						SegmentMs: 4000, Session: "s\x00x"}); err != nil {
						t.Fatal(err)
					}
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := w.Flush(ctx); err != nil {
				t.Fatal(err)
			}
			var views, bytes int
			if err := db.QueryRow(`SELECT COUNT(*) FROM analytics_views WHERE project_id = $1`, project).Scan(&views); err != nil {
				t.Fatal(err)
			}
			if err := db.QueryRow(`SELECT COALESCE(SUM(bytes), 0) FROM analytics_delivery WHERE project_id = $1`, project).Scan(&bytes); err != nil {
				t.Fatal(err)
			}
			if st := w.Stats(); views != 5 || bytes != 1000 || st.Lost != 0 {
				t.Errorf("%d views, %d bytes delivered, %d entries lost; want 5, 1000, 0", views, bytes, st.Lost)
			}
		})
	}
}
