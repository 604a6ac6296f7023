package billing

import (
	"context"
	"regexp"
	"strings"

	"github.com/google/uuid"
	"golang.org/x/text/currency"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/plan"
	"github.com/vidra-dev/vidra/ent/planmetric"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/fault"
)

// PlanInput is a plan's fields as the admin host gives them (nil: not given,
// or left as it is on an update); Archived false restores an archived plan.
type PlanInput struct {
	Code            *string
	Name            *string
	Description     *string
	Family          *string
	Visibility      *string
	Rank            *int
	Interval        *string
	Currency        *string
	BaseAmountMinor *int
	PayInAdvance    *bool
	TrialDays       *int
	GracePeriodDays *int
	TaxCode         *string
	Archived        *bool
}

// PlanMetricInput is a plan metric's fields as the admin host gives them;
// NoHardLimit true removes the hard limit.
type PlanMetricInput struct {
	Metric         *string
	Included       *int
	HardLimit      *int
	NoHardLimit    *bool
	Model          *string
	UnitPriceMicro *int
	PackageSize    *int
	Tiers          []TierInput
}

// TierInput is one price tier of a plan metric's input.
type TierInput struct {
	UpTo           int
	UnitPriceMicro int
	FlatMinor      *int
}

// PlanDeletion is what deleting a plan did: deleted, or archived when a
// subscription used it.
type PlanDeletion struct {
	ID       uuid.UUID
	Archived bool
	Deleted  bool
}

// planCodePattern is what a plan code may be: it sits in paths.
var planCodePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// AdminPlans lists every plan, archived and private ones too.
func (d *Desk) AdminPlans(ctx context.Context) ([]*ent.Plan, error) {
	if err := requireAdminHost(ctx); err != nil {
		return nil, err
	}
	return d.db(ctx).Plan.Query().Order(ent.Asc(plan.FieldRank), ent.Asc(plan.FieldCode)).All(adminContext(ctx))
}

// AdminPlan is one plan (admin host).
func (d *Desk) AdminPlan(ctx context.Context, id uuid.UUID) (*ent.Plan, error) {
	if err := requireAdminHost(ctx); err != nil {
		return nil, err
	}
	p, err := d.db(ctx).Plan.Get(adminContext(ctx), id)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("plan")
	}
	return p, err
}

// checkPlanInput validates the fields in of a plan (create: all required ones present).
func checkPlanInput(in PlanInput, create bool) error {
	if create {
		switch {
		case in.Code == nil:
			return fault.FieldError("code", "is required")
		case in.Name == nil:
			return fault.FieldError("name", "is required")
		case in.Currency == nil:
			return fault.FieldError("currency", "is required")
		}
	}
	if in.Code != nil && (!planCodePattern.MatchString(*in.Code) || *in.Code == "current") {
		return fault.FieldError("code", "must be 1 to 64 of a-z, 0-9, _ and -, starting with a letter or digit, and not \"current\"")
	}
	if in.Name != nil && (strings.TrimSpace(*in.Name) == "" || len(*in.Name) > 255) {
		return fault.FieldError("name", "must be 1 to 255 characters")
	}
	if in.Family != nil && !planCodePattern.MatchString(*in.Family) {
		return fault.FieldError("family", "must be 1 to 64 of a-z, 0-9, _ and -")
	}
	if in.Visibility != nil && *in.Visibility != catalog.Public && *in.Visibility != catalog.Private {
		return fault.FieldError("visibility", "must be public or private")
	}
	if in.Interval != nil && *in.Interval != catalog.Monthly && *in.Interval != catalog.Yearly {
		return fault.FieldError("interval", "must be monthly or yearly")
	}
	if in.Currency != nil {
		if _, err := currency.ParseISO(*in.Currency); err != nil || len(*in.Currency) != 3 || strings.ToUpper(*in.Currency) != *in.Currency {
			return fault.FieldError("currency", "must be an ISO 4217 code in capitals, e.g. EUR")
		}
	}
	for name, v := range map[string]*int{"rank": in.Rank, "trialDays": in.TrialDays, "gracePeriodDays": in.GracePeriodDays} {
		if v != nil && (*v < 0 || *v > 100000) {
			return fault.FieldError(name, "must be 0 to 100000")
		}
	}
	if in.BaseAmountMinor != nil && *in.BaseAmountMinor < 0 {
		return fault.FieldError("baseAmountMinor", "must not be negative")
	}
	if in.Description != nil && len(*in.Description) > 2000 {
		return fault.FieldError("description", "must be at most 2000 characters")
	}
	if in.TaxCode != nil && len(*in.TaxCode) > 64 {
		return fault.FieldError("taxCode", "must be at most 64 characters")
	}
	return nil
}

// AdminCreatePlan creates a plan (admin host).
func (d *Desk) AdminCreatePlan(ctx context.Context, in PlanInput) (*ent.Plan, error) {
	if err := requireAdminHost(ctx); err != nil {
		return nil, err
	}
	if err := checkPlanInput(in, true); err != nil {
		return nil, err
	}
	ctx = adminContext(ctx)
	if exists, err := d.db(ctx).Plan.Query().Where(plan.Code(*in.Code)).Exist(ctx); err != nil || exists {
		if err == nil {
			err = fault.Errorf(fault.KindConflict, "a plan with code %q exists", *in.Code)
		}
		return nil, err
	}
	family := *in.Code
	if in.Family != nil {
		family = *in.Family
	}
	c := d.db(ctx).Plan.Create().SetCode(*in.Code).SetName(strings.TrimSpace(*in.Name)).SetCurrency(*in.Currency).SetFamily(family).
		SetNillableDescription(in.Description).SetNillableVisibility(in.Visibility).SetNillableRank(in.Rank).
		SetNillableInterval(in.Interval).SetNillableBaseAmountMinor(int64p(in.BaseAmountMinor)).SetNillablePayInAdvance(in.PayInAdvance).
		SetNillableTrialDays(in.TrialDays).SetNillableGracePeriodDays(in.GracePeriodDays).SetNillableTaxCode(in.TaxCode)
	if in.Archived != nil && *in.Archived {
		c.SetArchivedAt(d.svc.Clock())
	}
	return c.Save(ctx)
}

// AdminUpdatePlan changes a plan (admin host). The code of a plan in use does not change.
func (d *Desk) AdminUpdatePlan(ctx context.Context, id uuid.UUID, in PlanInput) (*ent.Plan, error) {
	p, err := d.AdminPlan(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := checkPlanInput(in, false); err != nil {
		return nil, err
	}
	ctx = adminContext(ctx)
	db := d.db(ctx)
	if in.Code != nil && *in.Code != p.Code {
		used, err := db.Subscription.Query().Where(subscription.PlanID(id)).Exist(ctx)
		if err != nil {
			return nil, err
		}
		if used {
			return nil, fault.Errorf(fault.KindConflict, "plan %q is in use: its code cannot change", p.Code)
		}
		if taken, err := db.Plan.Query().Where(plan.Code(*in.Code)).Exist(ctx); err != nil || taken {
			if err == nil {
				err = fault.Errorf(fault.KindConflict, "a plan with code %q exists", *in.Code)
			}
			return nil, err
		}
	}
	u := db.Plan.UpdateOne(p).SetNillableCode(in.Code).SetNillableDescription(in.Description).SetNillableFamily(in.Family).
		SetNillableVisibility(in.Visibility).SetNillableRank(in.Rank).SetNillableInterval(in.Interval).SetNillableCurrency(in.Currency).
		SetNillableBaseAmountMinor(int64p(in.BaseAmountMinor)).SetNillablePayInAdvance(in.PayInAdvance).SetNillableTrialDays(in.TrialDays).
		SetNillableGracePeriodDays(in.GracePeriodDays).SetNillableTaxCode(in.TaxCode)
	if in.Name != nil {
		u.SetName(strings.TrimSpace(*in.Name))
	}
	if in.Archived != nil {
		if *in.Archived && p.ArchivedAt == nil {
			u.SetArchivedAt(d.svc.Clock())
		} else if !*in.Archived {
			u.ClearArchivedAt()
		}
	}
	return u.Save(ctx)
}

// AdminDeletePlan deletes a plan no subscription used; one in use is archived.
func (d *Desk) AdminDeletePlan(ctx context.Context, id uuid.UUID) (*PlanDeletion, error) {
	p, err := d.AdminPlan(ctx, id)
	if err != nil {
		return nil, err
	}
	ctx = adminContext(ctx)
	db := d.db(ctx)
	used, err := db.Subscription.Query().Where(subscription.PlanID(id)).Exist(ctx)
	if err != nil {
		return nil, err
	}
	if used {
		if p.ArchivedAt == nil {
			if err := db.Plan.UpdateOne(p).SetArchivedAt(d.svc.Clock()).Exec(ctx); err != nil {
				return nil, err
			}
		}
		return &PlanDeletion{ID: id, Archived: true}, nil
	}
	if _, err := db.PlanMetric.Delete().Where(planmetric.PlanID(id)).Exec(ctx); err != nil {
		return nil, err
	}
	if err := db.Plan.DeleteOneID(id).Exec(ctx); err != nil {
		return nil, err
	}
	return &PlanDeletion{ID: id, Deleted: true}, nil
}

// AdminPlanMetrics lists a plan's metrics.
func (d *Desk) AdminPlanMetrics(ctx context.Context, planID uuid.UUID) ([]*ent.PlanMetric, error) {
	p, err := d.AdminPlan(ctx, planID)
	if err != nil {
		return nil, err
	}
	return d.PlanMetrics(adminContext(ctx), p)
}

// AdminPlanMetric is one metric of a plan.
func (d *Desk) AdminPlanMetric(ctx context.Context, planID, id uuid.UUID) (*ent.PlanMetric, error) {
	if err := requireAdminHost(ctx); err != nil {
		return nil, err
	}
	m, err := d.db(ctx).PlanMetric.Query().Where(planmetric.ID(id), planmetric.PlanID(planID)).Only(adminContext(ctx))
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("plan metric")
	}
	return m, err
}

// metricFields is a plan metric's fields after in is applied to m (nil: a new one).
func metricFields(m *ent.PlanMetric, in PlanMetricInput) (*ent.PlanMetric, error) {
	out := &ent.PlanMetric{Model: catalog.Standard}
	if m != nil {
		c := *m
		out = &c
	}
	if in.Metric != nil {
		if m != nil && *in.Metric != m.Metric {
			return nil, fault.FieldError("metric", "cannot change: delete the metric and add another")
		}
		if !catalog.IsMetric(*in.Metric) {
			return nil, fault.FieldError("metric", "must be one of %s", strings.Join(catalog.Metrics, ", "))
		}
		out.Metric = *in.Metric
	}
	if m == nil && in.Metric == nil {
		return nil, fault.FieldError("metric", "is required")
	}
	if in.Included != nil {
		out.Included = int64(*in.Included)
	}
	if in.HardLimit != nil {
		out.HardLimit = int64p(in.HardLimit)
	}
	if in.NoHardLimit != nil && *in.NoHardLimit {
		if in.HardLimit != nil {
			return nil, fault.FieldError("noHardLimit", "cannot be given with hardLimit")
		}
		out.HardLimit = nil
	}
	if in.Model != nil {
		out.Model = *in.Model
	}
	if in.UnitPriceMicro != nil {
		out.UnitPriceMicro = int64(*in.UnitPriceMicro)
	}
	if in.PackageSize != nil {
		out.PackageSize = int64(*in.PackageSize)
	}
	if in.Tiers != nil {
		out.Tiers = make([]catalog.Tier, len(in.Tiers))
		for i, t := range in.Tiers {
			out.Tiers[i] = catalog.Tier{UpTo: int64(t.UpTo), UnitPriceMicro: int64(t.UnitPriceMicro)}
			if t.FlatMinor != nil {
				out.Tiers[i].FlatMinor = int64(*t.FlatMinor)
			}
		}
	}
	return out, checkMetric(out)
}

// checkMetric checks a plan metric's values together.
func checkMetric(m *ent.PlanMetric) error {
	switch {
	case m.Included < 0:
		return fault.FieldError("included", "must not be negative")
	case m.HardLimit != nil && *m.HardLimit < 0:
		return fault.FieldError("hardLimit", "must not be negative")
	case m.UnitPriceMicro < 0:
		return fault.FieldError("unitPriceMicro", "must not be negative")
	case m.PackageSize < 0:
		return fault.FieldError("packageSize", "must not be negative")
	}
	switch m.Model {
	case catalog.Standard:
	case catalog.Package:
		if m.PackageSize <= 0 {
			return fault.FieldError("packageSize", "must be positive for the package model")
		}
	case catalog.Graduated, catalog.Volume:
		if len(m.Tiers) == 0 {
			return fault.FieldError("tiers", "at least one tier is needed for the %s model", m.Model)
		}
		var prev int64
		for i, t := range m.Tiers {
			last := i == len(m.Tiers)-1
			switch {
			case t.UnitPriceMicro < 0 || t.FlatMinor < 0:
				return fault.FieldError("tiers", "tier %d: prices must not be negative", i+1)
			case t.UpTo == 0 && !last:
				return fault.FieldError("tiers", "tier %d: only the last tier may be unbounded (upTo 0)", i+1)
			case t.UpTo != 0 && t.UpTo <= prev:
				return fault.FieldError("tiers", "tier %d: upTo must be greater than the previous tier's", i+1)
			}
			prev = t.UpTo
		}
	default:
		return fault.FieldError("model", "must be one of %s", strings.Join(catalog.Models, ", "))
	}
	return nil
}

// AdminCreatePlanMetric adds a metric to a plan.
func (d *Desk) AdminCreatePlanMetric(ctx context.Context, planID uuid.UUID, in PlanMetricInput) (*ent.PlanMetric, error) {
	p, err := d.AdminPlan(ctx, planID)
	if err != nil {
		return nil, err
	}
	m, err := metricFields(nil, in)
	if err != nil {
		return nil, err
	}
	ctx = adminContext(ctx)
	db := d.db(ctx)
	if exists, err := db.PlanMetric.Query().Where(planmetric.PlanID(p.ID), planmetric.Metric(m.Metric)).Exist(ctx); err != nil || exists {
		if err == nil {
			err = fault.Errorf(fault.KindConflict, "plan %q prices %s already", p.Code, m.Metric)
		}
		return nil, err
	}
	return db.PlanMetric.Create().SetPlanID(p.ID).SetMetric(m.Metric).SetIncluded(m.Included).SetNillableHardLimit(m.HardLimit).
		SetModel(m.Model).SetUnitPriceMicro(m.UnitPriceMicro).SetPackageSize(m.PackageSize).SetTiers(m.Tiers).Save(ctx)
}

// AdminUpdatePlanMetric changes a plan metric.
func (d *Desk) AdminUpdatePlanMetric(ctx context.Context, planID, id uuid.UUID, in PlanMetricInput) (*ent.PlanMetric, error) {
	old, err := d.AdminPlanMetric(ctx, planID, id)
	if err != nil {
		return nil, err
	}
	m, err := metricFields(old, in)
	if err != nil {
		return nil, err
	}
	u := d.db(ctx).PlanMetric.UpdateOne(old).SetIncluded(m.Included).SetModel(m.Model).
		SetUnitPriceMicro(m.UnitPriceMicro).SetPackageSize(m.PackageSize).SetTiers(m.Tiers)
	if m.HardLimit != nil {
		u.SetHardLimit(*m.HardLimit)
	} else {
		u.ClearHardLimit()
	}
	return u.Save(adminContext(ctx))
}

// AdminDeletePlanMetric removes a metric from a plan.
func (d *Desk) AdminDeletePlanMetric(ctx context.Context, planID, id uuid.UUID) (uuid.UUID, error) {
	if _, err := d.AdminPlanMetric(ctx, planID, id); err != nil {
		return uuid.Nil, err
	}
	return id, d.db(ctx).PlanMetric.DeleteOneID(id).Exec(adminContext(ctx))
}

// int64p widens an optional GraphQL Int.
func int64p(v *int) *int64 {
	if v == nil {
		return nil
	}
	w := int64(*v)
	return &w
}
