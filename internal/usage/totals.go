package usage

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/predicate"
	"github.com/vidra-dev/vidra/ent/storedobject"
	"github.com/vidra-dev/vidra/ent/usagehourly"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Scope is whose usage is read: an organization's, or one project's when
// Project is set (Organization names the project's organization either way).
type Scope struct {
	Organization uuid.UUID
	Project      uuid.UUID
}

// Totals is an organization's usage over [from, to), metric -> quantity in the
// metric's unit (see the package doc); every metric is present. Usage kept per
// UTC hour (delivered bytes and seconds, live input seconds) counts every hour
// that overlaps the interval (overlapHours): a reading from a period's start
// (10:17) up to now counts the hour in progress and the one the period started
// in. Storage and encoded seconds are exact to their timestamps. It reads in
// the system context: callers check the principal's rights first. A period
// that is over is read with PeriodTotals.
func Totals(ctx context.Context, client *ent.Client, orgID uuid.UUID, from, to time.Time) (map[string]int64, error) {
	return ScopeTotals(ctx, client, Scope{Organization: orgID}, from, to)
}

// PeriodTotals is Totals for a billing period [from, to) that is over, as its
// close invoices it: usage kept per UTC hour counts the hours that start in
// [from, to) once both bounds are moved back to the start of their hour
// (periodHours), so consecutive periods count each hour exactly once.
func PeriodTotals(ctx context.Context, client *ent.Client, orgID uuid.UUID, from, to time.Time) (map[string]int64, error) {
	ctx = tenancy.RoutineContext(ctx, "usage totals of a period")
	s := Scope{Organization: orgID}
	return scopeTotals(ctx, client, s, from, to, periodHours(from, to))
}

// ScopeTotals is Totals for a Scope (an organization or one project): the
// grouped reading of TotalsByOrganization narrowed to the scope, which
// belongs to one organization.
func ScopeTotals(ctx context.Context, client *ent.Client, s Scope, from, to time.Time) (map[string]int64, error) {
	ctx = tenancy.RoutineContext(ctx, "usage totals")
	return scopeTotals(ctx, client, s, from, to, overlapHours(from, to))
}

// scopeTotals is the scope's usage over [from, to), hourly usage over hours.
func scopeTotals(ctx context.Context, client *ent.Client, s Scope, from, to time.Time, hours hourSpan) (map[string]int64, error) {
	byOrg, err := totalsBy(ctx, client, &s, from, to, hours)
	if err != nil {
		return nil, err
	}
	if m, ok := byOrg[s.Organization]; ok {
		return m, nil
	}
	return zeroMetrics(), nil
}

// storage is the byte-seconds and video-seconds of the scope's stored objects
// over [from, to), rounded once.
func storage(ctx context.Context, client *ent.Client, s Scope, from, to time.Time) (byteSeconds, videoSeconds int64, err error) {
	stored, err := storedBy(ctx, client, &s, from.UTC(), to.UTC())
	if err != nil {
		return 0, 0, err
	}
	sum, ok := stored[s.Organization]
	if !ok {
		return 0, 0, nil
	}
	return sum.seconds()
}

// hourSpan is the UTC hours [from, to) whose hourly usage a reading counts:
// the start of each hour counted is in it.
type hourSpan struct{ from, to time.Time }

// overlapHours is every UTC hour that overlaps [from, to): the hour from is
// in, up to the last one that starts before to.
func overlapHours(from, to time.Time) hourSpan {
	return hourSpan{from: hourOf(from), to: to.UTC()}
}

// periodHours is the hours of a period that is over: those that start in
// [from, to) with both bounds moved back to the start of their hour. The hour
// a period boundary falls in belongs to the later period: a subscription that
// starts at 10:17 counts the 10:00 hour (the 17 minutes before it too), and
// one that ends at 10:17 counts up to 10:00. Periods that follow one another
// share no hour and miss none.
func periodHours(from, to time.Time) hourSpan {
	return hourSpan{from: hourOf(from), to: hourOf(to)}
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

// hourly, records and stored are the scope's predicates; a nil scope is
// every organization's usage.
func (s *Scope) hourly() predicate.UsageHourly {
	if s == nil {
		return func(*sql.Selector) {}
	}
	if s.Project != uuid.Nil {
		return usagehourly.ProjectID(s.Project)
	}
	return usagehourly.OrganizationID(s.Organization)
}

func (s *Scope) records() predicate.UsageRecord {
	if s == nil {
		return func(*sql.Selector) {}
	}
	if s.Project != uuid.Nil {
		return usagerecord.ProjectID(s.Project)
	}
	return usagerecord.OrganizationID(s.Organization)
}

func (s *Scope) stored() predicate.StoredObject {
	if s == nil {
		return func(*sql.Selector) {}
	}
	if s.Project != uuid.Nil {
		return storedobject.ProjectID(s.Project)
	}
	return storedobject.OrganizationID(s.Organization)
}
