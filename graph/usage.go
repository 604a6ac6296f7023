package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/planmetric"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/usage"
)

// maxUsageDays bounds the days of a per-day usage listing.
const maxUsageDays = 92

// usageUnits are the units of the metrics (see package usage).
var usageUnits = map[string]model.UsageUnit{
	usage.DeliveredBytes:       model.UsageUnitBytes,
	usage.DeliveredSeconds:     model.UsageUnitSeconds,
	usage.StoredByteSeconds:    model.UsageUnitByteSeconds,
	usage.StoredVideoSeconds:   model.UsageUnitVideoSecondSeconds,
	usage.EncodedOutputSeconds: model.UsageUnitSeconds,
	usage.LiveInputSeconds:     model.UsageUnitSeconds,
}

// usageRange is [start, end) of a usage query: by default the current UTC
// month up to now. INVALID_INPUT when end is not after start.
func usageRange(start, end *time.Time, now time.Time) (time.Time, time.Time, error) {
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
		return from, to, FieldError("endTime", "must be after startTime")
	}
	return from, to, nil
}

// requireUsageRead finds a project whose usage the caller may read: with
// billing read on the current organization, any of its projects (billing
// sees usage, not content); otherwise a project the caller sees, with
// analytics read on it. NOT_FOUND when the caller cannot see the project,
// FORBIDDEN without either right. The usage tables are read in the system
// context, so this is their one check.
func requireUsageRead(ctx context.Context, client *ent.Client, projectID uuid.UUID) (*ent.Project, error) {
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
		return nil, NotFound("project")
	}
	if err != nil {
		return nil, err
	}
	if pr == nil || pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Analytics, ProjectID: p.ID}) {
		return p, nil // no principal: system work
	}
	return nil, Errorf(KindForbidden, "not allowed: reading usage needs billing read on the organization or analytics read on the project")
}

// requireBillingRead is the current organization when the caller may read its
// billing: UNAUTHENTICATED without a caller, FORBIDDEN without billing read.
func requireBillingRead(ctx context.Context) (uuid.UUID, error) {
	pr := auth.FromContext(ctx)
	if pr == nil {
		return uuid.Nil, Errorf(KindUnauthenticated, "sign in or send an API key")
	}
	if pr.OrganizationID == uuid.Nil {
		return uuid.Nil, Errorf(KindForbidden, "not allowed: the caller has no current organization")
	}
	if !pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: pr.OrganizationID, Area: perm.Billing}) {
		return uuid.Nil, Errorf(KindForbidden, "not allowed: reading usage needs the billing read permission")
	}
	return pr.OrganizationID, nil
}

// usageMetrics turns totals into the metrics list, in usage.Metrics order.
func usageMetrics(totals map[string]int64) []*model.UsageMetric {
	out := make([]*model.UsageMetric, len(usage.Metrics))
	for i, m := range usage.Metrics {
		out[i] = &model.UsageMetric{Name: m, Unit: usageUnits[m], Quantity: int(totals[m])}
	}
	return out
}

// projectMetrics are a project's totals of every metric over the range.
func (r *Resolver) projectMetrics(ctx context.Context, projectID uuid.UUID, start, end *time.Time) ([]*model.UsageMetric, error) {
	p, err := requireUsageRead(ctx, r.db(ctx), projectID)
	if err != nil {
		return nil, err
	}
	from, to, err := usageRange(start, end, time.Now())
	if err != nil {
		return nil, err
	}
	totals, err := usage.ScopeTotals(ctx, r.client, usage.Scope{Organization: p.OrganizationID, Project: p.ID}, from, to)
	if err != nil {
		return nil, err
	}
	return usageMetrics(totals), nil
}

// projectUsages are a project's totals per UTC day over the range.
func (r *Resolver) projectUsages(ctx context.Context, projectID uuid.UUID, start, end *time.Time) ([]*model.UsagePeriod, error) {
	p, err := requireUsageRead(ctx, r.db(ctx), projectID)
	if err != nil {
		return nil, err
	}
	from, to, err := usageRange(start, end, time.Now())
	if err != nil {
		return nil, err
	}
	if to.Sub(from) > maxUsageDays*24*time.Hour {
		return nil, FieldError("endTime", "the range is longer than 92 days")
	}
	var out []*model.UsagePeriod
	for day := from.Truncate(24 * time.Hour); day.Before(to); day = day.Add(24 * time.Hour) {
		a, b := day, day.Add(24*time.Hour)
		if a.Before(from) {
			a = from
		}
		if b.After(to) {
			b = to
		}
		totals, err := usage.ScopeTotals(ctx, r.client, usage.Scope{Organization: p.OrganizationID, Project: p.ID}, a, b)
		if err != nil {
			return nil, err
		}
		out = append(out, &model.UsagePeriod{StartTime: a, EndTime: b, Metrics: usageMetrics(totals)})
	}
	return out, nil
}

// bandwidthUsage is a project's delivery per hour or day over the range.
func (r *Resolver) bandwidthUsage(ctx context.Context, projectID uuid.UUID, start, end *time.Time, granularity *string) (*model.BandwidthUsage, error) {
	g := "day"
	if granularity != nil {
		g = *granularity
	}
	if g != "day" && g != "hour" {
		return nil, FieldError("granularity", "must be hour or day")
	}
	p, err := requireUsageRead(ctx, r.db(ctx), projectID)
	if err != nil {
		return nil, err
	}
	from, to, err := usageRange(start, end, time.Now())
	if err != nil {
		return nil, err
	}
	ds, err := usage.Deliveries(ctx, r.client, usage.Scope{Organization: p.OrganizationID, Project: p.ID}, from, to)
	if err != nil {
		return nil, err
	}
	out := &model.BandwidthUsage{StartTime: from, EndTime: to, Granularity: g, Points: []*model.BandwidthPoint{}}
	var ms int64
	for _, d := range ds {
		t := d.Hour
		if g == "day" {
			t = t.Truncate(24 * time.Hour)
		}
		n := len(out.Points)
		if n == 0 || !out.Points[n-1].Time.Equal(t) {
			out.Points = append(out.Points, &model.BandwidthPoint{Time: t})
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

// storageUsage is a project's storage now and over the range.
func (r *Resolver) storageUsage(ctx context.Context, projectID uuid.UUID, start, end *time.Time) (*model.StorageUsage, error) {
	p, err := requireUsageRead(ctx, r.db(ctx), projectID)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	from, to, err := usageRange(start, end, now)
	if err != nil {
		return nil, err
	}
	st, err := usage.StorageOf(ctx, r.client, usage.Scope{Organization: p.OrganizationID, Project: p.ID}, from, to, now)
	if err != nil {
		return nil, err
	}
	secs := to.Sub(from).Seconds()
	return &model.StorageUsage{StartTime: from, EndTime: to,
		CurrentBytes: int(st.Bytes), CurrentVideoSeconds: st.VideoSeconds,
		ByteSeconds: int(st.ByteSeconds), VideoSeconds: int(st.VideoSecondSeconds),
		AverageBytes: float64(st.ByteSeconds) / secs, AverageVideoSeconds: float64(st.VideoSecondSeconds) / secs}, nil
}

// overUsage is the current organization's usage over the range against the
// included amounts of its current plan. Without a current subscription there
// is nothing included and nothing to exceed, which the answer says (hasPlan
// false), with the usage itself.
func (r *Resolver) overUsage(ctx context.Context, start, end *time.Time) (*model.OverUsage, error) {
	org, err := requireBillingRead(ctx)
	if err != nil {
		return nil, err
	}
	from, to, err := usageRange(start, end, time.Now())
	if err != nil {
		return nil, err
	}
	totals, err := usage.Totals(ctx, r.client, org, from, to)
	if err != nil {
		return nil, err
	}
	out := &model.OverUsage{StartTime: from, EndTime: to}
	included, code, err := r.includedUsage(ctx, org)
	if err != nil {
		return nil, err
	}
	out.HasPlan = included != nil
	out.PlanCode = code
	for _, m := range usage.Metrics {
		row := &model.OverUsageMetric{Name: m, Unit: usageUnits[m], Used: int(totals[m])}
		if included != nil {
			inc := int(included[m])
			over := max(row.Used-inc, 0)
			row.Included, row.Overage = &inc, &over
			out.OverUsed = out.OverUsed || over > 0
		}
		out.Metrics = append(out.Metrics, row)
	}
	return out, nil
}

// includedUsage returns the included amount of each metric of the
// organization's current plan and the plan's code; a nil map when the
// organization has no current subscription (nothing to exceed). A metric the
// plan does not list includes nothing.
func (r *Resolver) includedUsage(ctx context.Context, org uuid.UUID) (map[string]int64, *string, error) {
	sub, err := billing.Current(ctx, r.client, org)
	if err != nil || sub == nil {
		return nil, nil, err
	}
	metrics, err := r.client.PlanMetric.Query().Where(planmetric.PlanID(sub.PlanID)).All(ctx)
	if err != nil {
		return nil, nil, err
	}
	included := map[string]int64{}
	for _, pm := range metrics {
		included[pm.Metric] = pm.Included
	}
	code := sub.PlanCode
	return included, &code, nil
}
