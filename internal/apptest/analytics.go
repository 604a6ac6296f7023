package apptest

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
)

// AnalyticsView is a view for SeedView; zero fields take the views' defaults.
type AnalyticsView struct {
	ID, Project, Video           uuid.UUID
	Folder, Player               *uuid.UUID
	User, Session, Viewer        string
	Country, Device, OS, Browser string
	PlayerSoftware, StreamType   string
	Started                      time.Time
	StartupMs                    *int64
	WatchedMs, RebufferMs        int64
	Errors                       int
	FatalCode                    string
	Completed, Verified          bool
	DurationMs, MaxPlayheadMs    int64
}

// SeedView writes a view straight into analytics_views and marks its hour dirty
// (as the analytics writer would), for query tests; it returns the view's id.
func (s *Server) SeedView(v AnalyticsView) uuid.UUID {
	s.t.Helper()
	if v.ID == uuid.Nil {
		v.ID = uuid.New()
	}
	if v.StreamType == "" {
		v.StreamType = "on_demand"
	}
	started := v.Started.Unix()
	_, err := s.App.DB.Client.AnalyticsView.Create().
		SetID(v.ID).SetProjectID(v.Project).SetVideoID(v.Video).
		SetNillableFolderID(v.Folder).SetNillablePlayerID(v.Player).
		SetUserID(v.User).SetSessionID(v.Session).SetViewerKey(v.Viewer).
		SetCountry(v.Country).SetDeviceType(v.Device).SetOs(v.OS).SetBrowser(v.Browser).
		SetPlayerSoftware(v.PlayerSoftware).SetStreamType(v.StreamType).
		SetStartedAt(started).SetEndedAt(started + v.WatchedMs/1000).SetHour(started / 3600 * 3600).
		SetNillableStartupMs(v.StartupMs).SetWatchedMs(v.WatchedMs).SetRebufferMs(v.RebufferMs).
		SetErrorCount(v.Errors).SetFatalErrorCode(v.FatalCode).SetCompleted(v.Completed).SetVerified(v.Verified).
		SetDurationMs(v.DurationMs).SetMaxPlayheadMs(v.MaxPlayheadMs).SetUpdatedAt(started).
		Save(System())
	if err != nil {
		s.t.Fatalf("seed view: %v", err)
	}
	// The writer marks the view's hour for the rollup job: until it runs, the
	// queries read that hour from the views.
	if _, err := s.App.DB.SQL.Exec(`INSERT INTO analytics_dirty_hours (project_id, hour) VALUES ($1, $2)
		ON CONFLICT (project_id, hour) DO NOTHING`, v.Project, started/3600*3600); err != nil {
		s.t.Fatalf("seed view: mark its hour dirty: %v", err)
	}
	return v.ID
}

// SeedEvent writes a player event of a seeded view straight into
// analytics_events, numbering the view first when it has no number yet (as the
// analytics writer does).
func (s *Server) SeedEvent(view uuid.UUID, seq int, at time.Time, typ string, playheadMs int64, detail string) {
	s.t.Helper()
	db := s.App.DB.SQL
	if _, err := db.Exec(`UPDATE analytics_views SET ref = (SELECT COALESCE(MAX(ref), 0) + 1 FROM analytics_views)
		WHERE id = $1 AND ref IS NULL`, view); err != nil {
		s.t.Fatalf("seed event: number the view: %v", err)
	}
	var ref int64
	if err := db.QueryRow(`SELECT ref FROM analytics_views WHERE id = $1`, view).Scan(&ref); err != nil {
		s.t.Fatalf("seed event: the view %s: %v", view, err)
	}
	code, ok := analytics.EventTypeCode(typ)
	if !ok {
		s.t.Fatalf("seed event: unknown type %q", typ)
	}
	c := s.App.DB.Client.AnalyticsEvent.Create().SetID(analytics.EventID(ref, seq)).
		SetTsMs(at.UnixMilli()).SetType(code).SetPlayheadMs(playheadMs)
	if detail != "" {
		c.SetDetail(detail)
	}
	if _, err := c.Save(System()); err != nil {
		s.t.Fatalf("seed event: %v", err)
	}
}

// SeedDelivery writes server-side delivery figures of a video's hour.
func (s *Server) SeedDelivery(project, video uuid.UUID, hour time.Time, bytes, segmentMs int64) {
	s.t.Helper()
	_, err := s.App.DB.Client.AnalyticsDelivery.Create().
		SetProjectID(project).SetVideoID(video).SetHour(hour.Unix() / 3600 * 3600).
		SetBytes(bytes).SetRequests(1).SetSegmentSecondsMs(segmentMs).
		Save(System())
	if err != nil {
		s.t.Fatalf("seed delivery: %v", err)
	}
}

// SeedDrop counts beacon requests the collector dropped for a reason in an hour.
func (s *Server) SeedDrop(project uuid.UUID, hour time.Time, reason string, count int64) {
	s.t.Helper()
	_, err := s.App.DB.Client.AnalyticsDrop.Create().
		SetProjectID(project).SetHour(hour.Unix() / 3600 * 3600).SetReason(reason).SetCount(count).
		Save(System())
	if err != nil {
		s.t.Fatalf("seed drop: %v", err)
	}
}

// FlushAnalytics waits until the analytics writer has written everything queued
// so far (30 s at most), failing the test otherwise.
func (s *Server) FlushAnalytics() {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.App.AnalyticsWriter().Flush(ctx); err != nil {
		s.t.Fatalf("flush analytics: %v", err)
	}
}
