package graph

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
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// planCodePattern is what a plan code may be: it sits in paths.
var planCodePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// adminContext is the admin host's access to the catalogue, after requireAdminHost.
func adminContext(ctx context.Context) context.Context {
	return tenancy.SystemContext(ctx, "admin host: plan catalogue")
}

// adminPlans lists every plan, archived and private ones too.
func (r *Resolver) adminPlans(ctx context.Context) ([]*ent.Plan, error) {
	if err := requireAdminHost(ctx); err != nil {
		return nil, err
	}
	return r.db(ctx).Plan.Query().Order(ent.Asc(plan.FieldRank), ent.Asc(plan.FieldCode)).All(adminContext(ctx))
}

// adminPlan is one plan.
func (r *Resolver) adminPlan(ctx context.Context, id uuid.UUID) (*ent.Plan, error) {
	if err := requireAdminHost(ctx); err != nil {
		return nil, err
	}
	p, err := r.db(ctx).Plan.Get(adminContext(ctx), id)
	if ent.IsNotFound(err) {
		return nil, NotFound("plan")
	}
	return p, err
}

// checkPlanInput validates the fields in of a plan (create: all required ones present).
func checkPlanInput(in model.PlanInput, create bool) error {
	if create {
		switch {
		case in.Code == nil:
			return FieldError("code", "is required")
		case in.Name == nil:
			return FieldError("name", "is required")
		case in.Currency == nil:
			return FieldError("currency", "is required")
		}
	}
	if in.Code != nil && (!planCodePattern.MatchString(*in.Code) || *in.Code == "current") {
		return FieldError("code", "must be 1 to 64 of a-z, 0-9, _ and -, starting with a letter or digit, and not \"current\"")
	}
	if in.Name != nil && (strings.TrimSpace(*in.Name) == "" || len(*in.Name) > 255) {
		return FieldError("name", "must be 1 to 255 characters")
	}
	if in.Family != nil && !planCodePattern.MatchString(*in.Family) {
		return FieldError("family", "must be 1 to 64 of a-z, 0-9, _ and -")
	}
	if in.Visibility != nil && *in.Visibility != catalog.Public && *in.Visibility != catalog.Private {
		return FieldError("visibility", "must be public or private")
	}
	if in.Interval != nil && *in.Interval != catalog.Monthly && *in.Interval != catalog.Yearly {
		return FieldError("interval", "must be monthly or yearly")
	}
	if in.Currency != nil {
		if _, err := currency.ParseISO(*in.Currency); err != nil || len(*in.Currency) != 3 || strings.ToUpper(*in.Currency) != *in.Currency {
			return FieldError("currency", "must be an ISO 4217 code in capitals, e.g. EUR")
		}
	}
	for name, v := range map[string]*int{"rank": in.Rank, "trialDays": in.TrialDays, "gracePeriodDays": in.GracePeriodDays} {
		if v != nil && (*v < 0 || *v > 100000) {
			return FieldError(name, "must be 0 to 100000")
		}
	}
	if in.BaseAmountMinor != nil && *in.BaseAmountMinor < 0 {
		return FieldError("baseAmountMinor", "must not be negative")
	}
	if in.Description != nil && len(*in.Description) > 2000 {
		return FieldError("description", "must be at most 2000 characters")
	}
	if in.TaxCode != nil && len(*in.TaxCode) > 64 {
		return FieldError("taxCode", "must be at most 64 characters")
	}
	return nil
}

// adminCreatePlan creates a plan.
func (r *Resolver) adminCreatePlan(ctx context.Context, in model.PlanInput) (*ent.Plan, error) {
	if err := requireAdminHost(ctx); err != nil {
		return nil, err
	}
	if err := checkPlanInput(in, true); err != nil {
		return nil, err
	}
	ctx = adminContext(ctx)
	if exists, err := r.db(ctx).Plan.Query().Where(plan.Code(*in.Code)).Exist(ctx); err != nil || exists {
		if err == nil {
			err = Errorf(KindConflict, "a plan with code %q exists", *in.Code)
		}
		return nil, err
	}
	family := *in.Code
	if in.Family != nil {
		family = *in.Family
	}
	c := r.db(ctx).Plan.Create().SetCode(*in.Code).SetName(strings.TrimSpace(*in.Name)).SetCurrency(*in.Currency).SetFamily(family).
		SetNillableDescription(in.Description).SetNillableVisibility(in.Visibility).SetNillableRank(in.Rank).
		SetNillableInterval(in.Interval).SetNillableBaseAmountMinor(int64p(in.BaseAmountMinor)).SetNillablePayInAdvance(in.PayInAdvance).
		SetNillableTrialDays(in.TrialDays).SetNillableGracePeriodDays(in.GracePeriodDays).SetNillableTaxCode(in.TaxCode)
	if in.Archived != nil && *in.Archived {
		c.SetArchivedAt(r.billingService().Clock())
	}
	return c.Save(ctx)
}

// adminUpdatePlan changes a plan. The code of a plan in use does not change.
func (r *Resolver) adminUpdatePlan(ctx context.Context, id uuid.UUID, in model.PlanInput) (*ent.Plan, error) {
	p, err := r.adminPlan(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := checkPlanInput(in, false); err != nil {
		return nil, err
	}
	ctx = adminContext(ctx)
	db := r.db(ctx)
	if in.Code != nil && *in.Code != p.Code {
		used, err := db.Subscription.Query().Where(subscription.PlanID(id)).Exist(ctx)
		if err != nil {
			return nil, err
		}
		if used {
			return nil, Errorf(KindConflict, "plan %q is in use: its code cannot change", p.Code)
		}
		if taken, err := db.Plan.Query().Where(plan.Code(*in.Code)).Exist(ctx); err != nil || taken {
			if err == nil {
				err = Errorf(KindConflict, "a plan with code %q exists", *in.Code)
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
			u.SetArchivedAt(r.billingService().Clock())
		} else if !*in.Archived {
			u.ClearArchivedAt()
		}
	}
	return u.Save(ctx)
}

// adminDeletePlan deletes a plan no subscription used; one in use is archived.
func (r *Resolver) adminDeletePlan(ctx context.Context, id uuid.UUID) (*model.PlanDeletion, error) {
	p, err := r.adminPlan(ctx, id)
	if err != nil {
		return nil, err
	}
	ctx = adminContext(ctx)
	db := r.db(ctx)
	used, err := db.Subscription.Query().Where(subscription.PlanID(id)).Exist(ctx)
	if err != nil {
		return nil, err
	}
	if used {
		if p.ArchivedAt == nil {
			if err := db.Plan.UpdateOne(p).SetArchivedAt(r.billingService().Clock()).Exec(ctx); err != nil {
				return nil, err
			}
		}
		return &model.PlanDeletion{ID: id, Archived: true}, nil
	}
	if _, err := db.PlanMetric.Delete().Where(planmetric.PlanID(id)).Exec(ctx); err != nil {
		return nil, err
	}
	if err := db.Plan.DeleteOneID(id).Exec(ctx); err != nil {
		return nil, err
	}
	return &model.PlanDeletion{ID: id, Deleted: true}, nil
}

// adminPlanMetrics lists a plan's metrics.
func (r *Resolver) adminPlanMetrics(ctx context.Context, planID uuid.UUID) ([]*ent.PlanMetric, error) {
	p, err := r.adminPlan(ctx, planID)
	if err != nil {
		return nil, err
	}
	return r.planMetrics(adminContext(ctx), p)
}

// adminPlanMetric is one metric of a plan.
func (r *Resolver) adminPlanMetric(ctx context.Context, planID, id uuid.UUID) (*ent.PlanMetric, error) {
	if err := requireAdminHost(ctx); err != nil {
		return nil, err
	}
	m, err := r.db(ctx).PlanMetric.Query().Where(planmetric.ID(id), planmetric.PlanID(planID)).Only(adminContext(ctx))
	if ent.IsNotFound(err) {
		return nil, NotFound("plan metric")
	}
	return m, err
}

// metricFields is a plan metric's fields after in is applied to m (nil: a new one).
func metricFields(m *ent.PlanMetric, in model.PlanMetricInput) (*ent.PlanMetric, error) {
	out := &ent.PlanMetric{Model: catalog.Standard}
	if m != nil {
		c := *m
		out = &c
	}
	if in.Metric != nil {
		if m != nil && *in.Metric != m.Metric {
			return nil, FieldError("metric", "cannot change: delete the metric and add another")
		}
		if !catalog.IsMetric(*in.Metric) {
			return nil, FieldError("metric", "must be one of %s", strings.Join(catalog.Metrics, ", "))
		}
		out.Metric = *in.Metric
	}
	if m == nil && in.Metric == nil {
		return nil, FieldError("metric", "is required")
	}
	if in.Included != nil {
		out.Included = int64(*in.Included)
	}
	if in.HardLimit != nil {
		out.HardLimit = int64p(in.HardLimit)
	}
	if in.NoHardLimit != nil && *in.NoHardLimit {
		if in.HardLimit != nil {
			return nil, FieldError("noHardLimit", "cannot be given with hardLimit")
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
		return FieldError("included", "must not be negative")
	case m.HardLimit != nil && *m.HardLimit < 0:
		return FieldError("hardLimit", "must not be negative")
	case m.UnitPriceMicro < 0:
		return FieldError("unitPriceMicro", "must not be negative")
	case m.PackageSize < 0:
		return FieldError("packageSize", "must not be negative")
	}
	switch m.Model {
	case catalog.Standard:
	case catalog.Package:
		if m.PackageSize <= 0 {
			return FieldError("packageSize", "must be positive for the package model")
		}
	case catalog.Graduated, catalog.Volume:
		if len(m.Tiers) == 0 {
			return FieldError("tiers", "at least one tier is needed for the %s model", m.Model)
		}
		var prev int64
		for i, t := range m.Tiers {
			last := i == len(m.Tiers)-1
			switch {
			case t.UnitPriceMicro < 0 || t.FlatMinor < 0:
				return FieldError("tiers", "tier %d: prices must not be negative", i+1)
			case t.UpTo == 0 && !last:
				return FieldError("tiers", "tier %d: only the last tier may be unbounded (upTo 0)", i+1)
			case t.UpTo != 0 && t.UpTo <= prev:
				return FieldError("tiers", "tier %d: upTo must be greater than the previous tier's", i+1)
			}
			prev = t.UpTo
		}
	default:
		return FieldError("model", "must be one of %s", strings.Join(catalog.Models, ", "))
	}
	return nil
}

// adminCreatePlanMetric adds a metric to a plan.
func (r *Resolver) adminCreatePlanMetric(ctx context.Context, planID uuid.UUID, in model.PlanMetricInput) (*ent.PlanMetric, error) {
	p, err := r.adminPlan(ctx, planID)
	if err != nil {
		return nil, err
	}
	m, err := metricFields(nil, in)
	if err != nil {
		return nil, err
	}
	ctx = adminContext(ctx)
	db := r.db(ctx)
	if exists, err := db.PlanMetric.Query().Where(planmetric.PlanID(p.ID), planmetric.Metric(m.Metric)).Exist(ctx); err != nil || exists {
		if err == nil {
			err = Errorf(KindConflict, "plan %q prices %s already", p.Code, m.Metric)
		}
		return nil, err
	}
	return db.PlanMetric.Create().SetPlanID(p.ID).SetMetric(m.Metric).SetIncluded(m.Included).SetNillableHardLimit(m.HardLimit).
		SetModel(m.Model).SetUnitPriceMicro(m.UnitPriceMicro).SetPackageSize(m.PackageSize).SetTiers(m.Tiers).Save(ctx)
}

// adminUpdatePlanMetric changes a plan metric.
func (r *Resolver) adminUpdatePlanMetric(ctx context.Context, planID, id uuid.UUID, in model.PlanMetricInput) (*ent.PlanMetric, error) {
	old, err := r.adminPlanMetric(ctx, planID, id)
	if err != nil {
		return nil, err
	}
	m, err := metricFields(old, in)
	if err != nil {
		return nil, err
	}
	u := r.db(ctx).PlanMetric.UpdateOne(old).SetIncluded(m.Included).SetModel(m.Model).
		SetUnitPriceMicro(m.UnitPriceMicro).SetPackageSize(m.PackageSize).SetTiers(m.Tiers)
	if m.HardLimit != nil {
		u.SetHardLimit(*m.HardLimit)
	} else {
		u.ClearHardLimit()
	}
	return u.Save(adminContext(ctx))
}

// adminDeletePlanMetric removes a metric from a plan.
func (r *Resolver) adminDeletePlanMetric(ctx context.Context, planID, id uuid.UUID) (uuid.UUID, error) {
	if _, err := r.adminPlanMetric(ctx, planID, id); err != nil {
		return uuid.Nil, err
	}
	return id, r.db(ctx).PlanMetric.DeleteOneID(id).Exec(adminContext(ctx))
}

// int64p widens an optional GraphQL Int.
func int64p(v *int) *int64 {
	if v == nil {
		return nil
	}
	w := int64(*v)
	return &w
}
