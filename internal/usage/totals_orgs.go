package usage

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/storedobject"
	"github.com/vidra-dev/vidra/ent/usagehourly"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// TotalsByOrganization is PeriodTotals for every organization with usage over
// the period [from, to), in three queries whatever the number of organizations (the
// hourly and record sums grouped by organization and metric, and the stored
// objects of the interval): the period close prices thousands of
// organizations from it. An organization without usage is absent; each present
// one has every metric. The figures equal PeriodTotals' for each organization.
func TotalsByOrganization(ctx context.Context, client *ent.Client, from, to time.Time) (map[uuid.UUID]map[string]int64, error) {
	ctx = tenancy.RoutineContext(ctx, "usage totals by organization")
	return totalsBy(ctx, client, nil, from, to, periodHours(from, to))
}

// totalsBy is the usage over [from, to) per organization within scope (nil:
// every organization): the hourly and record sums grouped by organization and
// metric, and the stored objects of the interval summed exactly per
// organization. Usage kept per UTC hour (delivery, live input) counts the
// hours that start in hours; the rest is exact to its timestamp.
func totalsBy(ctx context.Context, client *ent.Client, scope *Scope, from, to time.Time, hours hourSpan) (map[uuid.UUID]map[string]int64, error) {
	from, to = from.UTC(), to.UTC()
	type sum struct {
		OrganizationID uuid.UUID `json:"organization_id"`
		Metric         string    `json:"metric"`
		Sum            int64     `json:"sum"`
	}
	var hourly, records []sum
	if err := client.UsageHourly.Query().
		Where(scope.hourly(), usagehourly.HourGTE(hours.from), usagehourly.HourLT(hours.to)).
		GroupBy(usagehourly.FieldOrganizationID, usagehourly.FieldMetric).
		Aggregate(ent.Sum(usagehourly.FieldQuantity)).Scan(ctx, &hourly); err != nil {
		return nil, fmt.Errorf("usage totals: hourly: %w", err)
	}
	if err := client.UsageRecord.Query().
		Where(scope.records(), usagerecord.Or(
			usagerecord.And(usagerecord.MetricNEQ(usagerecord.MetricLiveInputSeconds), usagerecord.AtGTE(from), usagerecord.AtLT(to)),
			usagerecord.And(usagerecord.MetricEQ(usagerecord.MetricLiveInputSeconds), usagerecord.AtGTE(hours.from), usagerecord.AtLT(hours.to)))).
		GroupBy(usagerecord.FieldOrganizationID, usagerecord.FieldMetric).
		Aggregate(ent.Sum(usagerecord.FieldQuantity)).Scan(ctx, &records); err != nil {
		return nil, fmt.Errorf("usage totals: records: %w", err)
	}
	raw := map[uuid.UUID]map[string]int64{}
	at := func(org uuid.UUID) map[string]int64 {
		m := raw[org]
		if m == nil {
			m = zeroMetrics()
			raw[org] = m
		}
		return m
	}
	for _, r := range append(hourly, records...) {
		at(r.OrganizationID)[r.Metric] += r.Sum
	}
	for _, m := range raw {
		for name, q := range m {
			if inMillis(name) {
				m[name] = divRound(q, 1000)
			}
		}
	}
	stored, err := storedBy(ctx, client, scope, from, to)
	if err != nil {
		return nil, err
	}
	for org, sum := range stored {
		byteSeconds, videoSeconds, err := sum.seconds()
		if err != nil {
			return nil, err
		}
		m := at(org)
		m[StoredByteSeconds], m[StoredVideoSeconds] = byteSeconds, videoSeconds
	}
	return raw, nil
}

// storedBy sums the stored objects of the scope (nil: every organization)
// over [from, to) per organization: each object's bytes and media seconds
// times the milliseconds it overlaps the interval, exactly.
func storedBy(ctx context.Context, client *ent.Client, scope *Scope, from, to time.Time) (map[uuid.UUID]*storedSum, error) {
	objs, err := client.StoredObject.Query().
		Where(scope.stored(), storedobject.CreatedAtLT(to),
			storedobject.Or(storedobject.DeletedAtIsNil(), storedobject.DeletedAtGT(from))).
		Select(storedobject.FieldOrganizationID, storedobject.FieldBytes, storedobject.FieldVideoSeconds,
			storedobject.FieldCreatedAt, storedobject.FieldDeletedAt).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("usage totals: stored objects: %w", err)
	}
	stored := map[uuid.UUID]*storedSum{}
	for _, o := range objs {
		ms := overlapMs(o.CreatedAt, o.DeletedAt, from, to)
		if ms <= 0 {
			continue
		}
		sum := stored[o.OrganizationID]
		if sum == nil {
			sum = &storedSum{}
			stored[o.OrganizationID] = sum
		}
		sum.add(o, ms)
	}
	return stored, nil
}

// zeroMetrics is a totals map with every metric at zero.
func zeroMetrics() map[string]int64 {
	m := make(map[string]int64, len(Metrics))
	for _, name := range Metrics {
		m[name] = 0
	}
	return m
}
