package usage

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/predicate"
	"github.com/vidra-dev/vidra/ent/storedobject"
	"github.com/vidra-dev/vidra/ent/usagehourly"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/tenancy"
)

// Scope is whose usage is read: an organization's, or one project's when
// Project is set.
type Scope struct {
	Organization uuid.UUID
	Project      uuid.UUID
}

// Totals is an organization's usage over [from, to), metric -> quantity in the
// metric's unit (see the package doc); every metric is present. Delivered usage
// counts the UTC hours that start in the interval; storage is exact to the
// millisecond. It reads in the system context: callers check the principal's
// rights first.
func Totals(ctx context.Context, client *ent.Client, orgID uuid.UUID, from, to time.Time) (map[string]int64, error) {
	return ScopeTotals(ctx, client, Scope{Organization: orgID}, from, to)
}

// ScopeTotals is Totals for a Scope (an organization or one project).
func ScopeTotals(ctx context.Context, client *ent.Client, s Scope, from, to time.Time) (map[string]int64, error) {
	ctx = tenancy.RoutineContext(ctx, "usage totals")
	millis := map[string]int64{}
	out := make(map[string]int64, len(Metrics))
	for _, m := range Metrics {
		out[m] = 0
	}
	var hourly []struct {
		Metric string `json:"metric"`
		Sum    int64  `json:"sum"`
	}
	if err := client.UsageHourly.Query().
		Where(s.hourly(), usagehourly.HourGTE(from.UTC()), usagehourly.HourLT(to.UTC())).
		GroupBy(usagehourly.FieldMetric).Aggregate(ent.Sum(usagehourly.FieldQuantity)).
		Scan(ctx, &hourly); err != nil {
		return nil, fmt.Errorf("usage totals: hourly: %w", err)
	}
	var records []struct {
		Metric string `json:"metric"`
		Sum    int64  `json:"sum"`
	}
	if err := client.UsageRecord.Query().
		Where(s.records(), usagerecord.AtGTE(from.UTC()), usagerecord.AtLT(to.UTC())).
		GroupBy(usagerecord.FieldMetric).Aggregate(ent.Sum(usagerecord.FieldQuantity)).
		Scan(ctx, &records); err != nil {
		return nil, fmt.Errorf("usage totals: records: %w", err)
	}
	for _, r := range append(hourly, records...) {
		millis[r.Metric] += r.Sum
	}
	for m, q := range millis {
		if inMillis(m) {
			out[m] = divRound(q, 1000)
		} else {
			out[m] = q
		}
	}
	bs, vs, err := storage(ctx, client, s, from, to)
	if err != nil {
		return nil, err
	}
	out[StoredByteSeconds], out[StoredVideoSeconds] = bs, vs
	return out, nil
}

// storage is the byte-seconds and video-seconds of the scope's stored objects
// over [from, to): each object's bytes (and media seconds) times the
// milliseconds it overlaps the interval, summed exactly and rounded once.
func storage(ctx context.Context, client *ent.Client, s Scope, from, to time.Time) (byteSeconds, videoSeconds int64, err error) {
	objs, err := client.StoredObject.Query().
		Where(s.stored(), storedobject.CreatedAtLT(to),
			storedobject.Or(storedobject.DeletedAtIsNil(), storedobject.DeletedAtGT(from))).
		Select(storedobject.FieldBytes, storedobject.FieldVideoSeconds, storedobject.FieldCreatedAt, storedobject.FieldDeletedAt).
		All(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("usage totals: stored objects: %w", err)
	}
	var sum storedSum
	for _, o := range objs {
		if ms := overlapMs(o.CreatedAt, o.DeletedAt, from, to); ms > 0 {
			sum.add(o, ms)
		}
	}
	return sum.seconds()
}

// overlapMs is how many milliseconds [created, deleted) overlaps [from, to).
func overlapMs(created time.Time, deleted *time.Time, from, to time.Time) int64 {
	start, end := created, to
	if start.Before(from) {
		start = from
	}
	if deleted != nil && deleted.Before(end) {
		end = *deleted
	}
	return end.Sub(start).Milliseconds()
}

// divRound is n/d rounded half up (away from zero for negatives).
func divRound(n, d int64) int64 {
	if n < 0 {
		return -divRound(-n, d)
	}
	return (n + d/2) / d
}

// bigRound is n/d rounded half up, or an error beyond int64.
func bigRound(n *big.Int, d int64) (int64, error) {
	q := new(big.Int).Add(n, big.NewInt(d/2))
	q.Quo(q, big.NewInt(d))
	if !q.IsInt64() {
		return 0, fmt.Errorf("usage totals: %s exceeds int64", q)
	}
	return q.Int64(), nil
}

func (s Scope) hourly() predicate.UsageHourly {
	if s.Project != uuid.Nil {
		return usagehourly.ProjectID(s.Project)
	}
	return usagehourly.OrganizationID(s.Organization)
}

func (s Scope) records() predicate.UsageRecord {
	if s.Project != uuid.Nil {
		return usagerecord.ProjectID(s.Project)
	}
	return usagerecord.OrganizationID(s.Organization)
}

func (s Scope) stored() predicate.StoredObject {
	if s.Project != uuid.Nil {
		return storedobject.ProjectID(s.Project)
	}
	return storedobject.OrganizationID(s.Organization)
}
