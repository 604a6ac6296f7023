package usage

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/txn"
)

// maxReportDays bounds the days of a per-day usage listing.
const maxReportDays = 92

// Reports answers the API's usage reads of a project: its totals, its totals
// per day, its delivery series and its storage. Each checks who may read the
// project's usage (ReadableProject); the usage tables are then read with the
// root client in the system context.
type Reports struct {
	client *ent.Client
}

// NewReports builds the usage reports over the root client.
func NewReports(client *ent.Client) *Reports { return &Reports{client: client} }

// Range is [start, end) of a usage query: by default the current UTC month
// up to now. INVALID_INPUT when end is not after start.
func Range(start, end *time.Time, now time.Time) (time.Time, time.Time, error) {
	now = now.UTC()
	from := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	to := now
	if start != nil {
		from = start.UTC()
	}
	if end != nil {
		to = end.UTC()
	}
	if !to.After(from) {
		return from, to, fault.FieldError("endTime", "must be after startTime")
	}
	return from, to, nil
}

// ReadableProject finds a project whose usage the caller may read: with
// billing read on the current organization, any of its projects (billing
// sees usage, not content); otherwise a project the caller sees, with
// analytics read on it. NOT_FOUND when the caller cannot see the project,
// FORBIDDEN without either right. The usage tables are read in the system
// context, so this is their one check. client carries the caller's
// transaction, if any.
func ReadableProject(ctx context.Context, client *ent.Client, projectID uuid.UUID) (*ent.Project, error) {
	pr := auth.FromContext(ctx)
	if pr != nil && pr.OrganizationID != uuid.Nil &&
		pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: pr.OrganizationID, Area: perm.Billing}) {
		sys := tenancy.RoutineContext(ctx, "usage: billing reader's project")
		p, err := client.Project.Query().Where(project.ID(projectID), project.OrganizationID(pr.OrganizationID)).Only(sys)
		if err == nil || !ent.IsNotFound(err) {
			return p, err
		}
	}
	p, err := client.Project.Query().Where(project.ID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("project")
	}
	if err != nil {
		return nil, err
	}
	if pr == nil || pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Analytics, ProjectID: p.ID}) {
		return p, nil // no principal: system work
	}
	return nil, fault.Errorf(fault.KindForbidden, "not allowed: reading usage needs billing read on the organization or analytics read on the project")
}

// readable is the project and range of a project's usage read.
func (r *Reports) readable(ctx context.Context, projectID uuid.UUID, start, end *time.Time, now time.Time) (Scope, time.Time, time.Time, error) {
	p, err := ReadableProject(ctx, txn.Client(ctx, r.client), projectID)
	if err != nil {
		return Scope{}, time.Time{}, time.Time{}, err
	}
	from, to, err := Range(start, end, now)
	if err != nil {
		return Scope{}, time.Time{}, time.Time{}, err
	}
	return Scope{Organization: p.OrganizationID, Project: p.ID}, from, to, nil
}

// ProjectTotals are a project's totals of every metric over the range.
func (r *Reports) ProjectTotals(ctx context.Context, projectID uuid.UUID, start, end *time.Time) (map[string]int64, error) {
	s, from, to, err := r.readable(ctx, projectID, start, end, time.Now())
	if err != nil {
		return nil, err
	}
	return ScopeTotals(ctx, r.client, s, from, to)
}

// DayTotals are a project's totals of one UTC day (cut to the range).
type DayTotals struct {
	Start, End time.Time
	Totals     map[string]int64
}

// ProjectDays are a project's totals per UTC day over the range (at most 92 days).
func (r *Reports) ProjectDays(ctx context.Context, projectID uuid.UUID, start, end *time.Time) ([]DayTotals, error) {
	s, from, to, err := r.readable(ctx, projectID, start, end, time.Now())
	if err != nil {
		return nil, err
	}
	if to.Sub(from) > maxReportDays*24*time.Hour {
		return nil, fault.FieldError("endTime", "the range is longer than 92 days")
	}
	var out []DayTotals
	for day := from.Truncate(24 * time.Hour); day.Before(to); day = day.Add(24 * time.Hour) {
		a, b := day, day.Add(24*time.Hour)
		if a.Before(from) {
			a = from
		}
		if b.After(to) {
			b = to
		}
		totals, err := ScopeTotals(ctx, r.client, s, a, b)
		if err != nil {
			return nil, err
		}
		out = append(out, DayTotals{Start: a, End: b, Totals: totals})
	}
	return out, nil
}

// BandwidthPoint is a project's delivery in one hour or day.
type BandwidthPoint struct {
	Time    time.Time
	Bytes   int
	Seconds float64
}

// Bandwidth is a project's delivery per hour or day over a range, with its sums.
type Bandwidth struct {
	StartTime, EndTime time.Time
	Granularity        string
	Bytes              int
	Seconds            float64
	Points             []*BandwidthPoint
}

// ProjectBandwidth is a project's delivery per hour or day (granularity,
// default day) over the range.
func (r *Reports) ProjectBandwidth(ctx context.Context, projectID uuid.UUID, start, end *time.Time, granularity *string) (*Bandwidth, error) {
	g := "day"
	if granularity != nil {
		g = *granularity
	}
	if g != "day" && g != "hour" {
		return nil, fault.FieldError("granularity", "must be hour or day")
	}
	s, from, to, err := r.readable(ctx, projectID, start, end, time.Now())
	if err != nil {
		return nil, err
	}
	ds, err := Deliveries(ctx, r.client, s, from, to)
	if err != nil {
		return nil, err
	}
	out := &Bandwidth{StartTime: from, EndTime: to, Granularity: g, Points: []*BandwidthPoint{}}
	var ms int64
	for _, d := range ds {
		t := d.Hour
		if g == "day" {
			t = t.Truncate(24 * time.Hour)
		}
		n := len(out.Points)
		if n == 0 || !out.Points[n-1].Time.Equal(t) {
			out.Points = append(out.Points, &BandwidthPoint{Time: t})
			n++
		}
		pt := out.Points[n-1]
		pt.Bytes += int(d.Bytes)
		pt.Seconds += float64(d.Ms) / 1000
		out.Bytes += int(d.Bytes)
		ms += d.Ms
	}
	out.Seconds = float64(ms) / 1000
	return out, nil
}

// StorageReport is a project's storage now and over a range.
type StorageReport struct {
	StartTime           time.Time
	EndTime             time.Time
	CurrentBytes        int
	CurrentVideoSeconds float64
	ByteSeconds         int
	VideoSeconds        int
	AverageBytes        float64
	AverageVideoSeconds float64
}

// ProjectStorage is a project's storage now and over the range.
func (r *Reports) ProjectStorage(ctx context.Context, projectID uuid.UUID, start, end *time.Time) (*StorageReport, error) {
	now := time.Now()
	s, from, to, err := r.readable(ctx, projectID, start, end, now)
	if err != nil {
		return nil, err
	}
	st, err := StorageOf(ctx, r.client, s, from, to, now)
	if err != nil {
		return nil, err
	}
	secs := to.Sub(from).Seconds()
	return &StorageReport{StartTime: from, EndTime: to,
		CurrentBytes: int(st.Bytes), CurrentVideoSeconds: st.VideoSeconds,
		ByteSeconds: int(st.ByteSeconds), VideoSeconds: int(st.VideoSecondSeconds),
		AverageBytes: float64(st.ByteSeconds) / secs, AverageVideoSeconds: float64(st.VideoSecondSeconds) / secs}, nil
}
