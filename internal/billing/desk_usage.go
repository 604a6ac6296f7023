package billing

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/planmetric"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/usage"
)

// OverUsageMetric is one metric's use over a range against what the plan
// includes (nil without a current subscription).
type OverUsageMetric struct {
	Name     string
	Used     int
	Included *int
	Overage  *int
}

// OverUsage is an organization's usage over a range against its plan.
type OverUsage struct {
	StartTime, EndTime time.Time
	// HasPlan is whether the organization has a current subscription.
	HasPlan  bool
	PlanCode *string
	// OverUsed is whether any metric exceeds what the plan includes.
	OverUsed bool
	// Metrics are in usage.Metrics order.
	Metrics []*OverUsageMetric
}

// requireBillingRead is the current organization when the caller may read its
// billing: UNAUTHENTICATED without a caller, FORBIDDEN without billing read.
func requireBillingRead(ctx context.Context) (uuid.UUID, error) {
	pr := auth.FromContext(ctx)
	if pr == nil {
		return uuid.Nil, fault.Errorf(fault.KindUnauthenticated, "sign in or send an API key")
	}
	if pr.OrganizationID == uuid.Nil {
		return uuid.Nil, fault.Errorf(fault.KindForbidden, "not allowed: the caller has no current organization")
	}
	if !pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: pr.OrganizationID, Area: perm.Billing}) {
		return uuid.Nil, fault.Errorf(fault.KindForbidden, "not allowed: reading usage needs the billing read permission")
	}
	return pr.OrganizationID, nil
}

// OverUsage is the caller's organization's usage over the range against the
// included amounts of its current plan. Without a current subscription there
// is nothing included and nothing to exceed, which the answer says (HasPlan
// false), with the usage itself.
func (d *Desk) OverUsage(ctx context.Context, start, end *time.Time) (*OverUsage, error) {
	org, err := requireBillingRead(ctx)
	if err != nil {
		return nil, err
	}
	from, to, err := usage.Range(start, end, time.Now())
	if err != nil {
		return nil, err
	}
	totals, err := usage.Totals(ctx, d.client, org, from, to)
	if err != nil {
		return nil, err
	}
	out := &OverUsage{StartTime: from, EndTime: to}
	included, code, err := d.includedUsage(ctx, org)
	if err != nil {
		return nil, err
	}
	out.HasPlan = included != nil
	out.PlanCode = code
	for _, m := range usage.Metrics {
		row := &OverUsageMetric{Name: m, Used: int(totals[m])}
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
func (d *Desk) includedUsage(ctx context.Context, org uuid.UUID) (map[string]int64, *string, error) {
	sub, err := Current(ctx, d.client, org)
	if err != nil || sub == nil {
		return nil, nil, err
	}
	metrics, err := d.client.PlanMetric.Query().Where(planmetric.PlanID(sub.PlanID)).All(ctx)
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
