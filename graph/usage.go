package graph

import (
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/usage"
)

// usageUnits are the units of the metrics (see package usage).
var usageUnits = map[string]model.UsageUnit{
	usage.DeliveredBytes:       model.UsageUnitBytes,
	usage.DeliveredSeconds:     model.UsageUnitSeconds,
	usage.StoredByteSeconds:    model.UsageUnitByteSeconds,
	usage.StoredVideoSeconds:   model.UsageUnitVideoSecondSeconds,
	usage.EncodedOutputSeconds: model.UsageUnitSeconds,
	usage.LiveInputSeconds:     model.UsageUnitSeconds,
	usage.CaptionCPUSeconds:    model.UsageUnitSeconds,
}

// usageMetrics turns totals into the metrics list, in usage.Metrics order.
func usageMetrics(totals map[string]int64) []*model.UsageMetric {
	out := make([]*model.UsageMetric, len(usage.Metrics))
	for i, m := range usage.Metrics {
		out[i] = &model.UsageMetric{Name: m, Unit: usageUnits[m], Quantity: int(totals[m])}
	}
	return out
}

// projectMetrics is the GraphQL list of a project's totals.
func projectMetrics(totals map[string]int64, err error) ([]*model.UsageMetric, error) {
	if err != nil {
		return nil, err
	}
	return usageMetrics(totals), nil
}

// projectUsages is the GraphQL list of a project's totals per day.
func projectUsages(days []usage.DayTotals, err error) ([]*model.UsagePeriod, error) {
	if err != nil {
		return nil, err
	}
	var out []*model.UsagePeriod
	for _, d := range days {
		out = append(out, &model.UsagePeriod{StartTime: d.Start, EndTime: d.End, Metrics: usageMetrics(d.Totals)})
	}
	return out, nil
}

// bandwidthUsage is the GraphQL shape of a project's delivery series.
func bandwidthUsage(b *usage.Bandwidth, err error) (*model.BandwidthUsage, error) {
	if err != nil {
		return nil, err
	}
	out := &model.BandwidthUsage{StartTime: b.StartTime, EndTime: b.EndTime, Granularity: b.Granularity,
		Bytes: b.Bytes, Seconds: b.Seconds, Points: make([]*model.BandwidthPoint, len(b.Points))}
	for i, p := range b.Points {
		out.Points[i] = &model.BandwidthPoint{Time: p.Time, Bytes: p.Bytes, Seconds: p.Seconds}
	}
	return out, nil
}

// storageUsage is the GraphQL shape of a project's storage.
func storageUsage(s *usage.StorageReport, err error) (*model.StorageUsage, error) {
	if err != nil {
		return nil, err
	}
	out := model.StorageUsage(*s)
	return &out, nil
}

// overUsage is the GraphQL shape of an organization's usage against its plan.
func overUsage(o *billing.OverUsage, err error) (*model.OverUsage, error) {
	if err != nil {
		return nil, err
	}
	out := &model.OverUsage{StartTime: o.StartTime, EndTime: o.EndTime, HasPlan: o.HasPlan, PlanCode: o.PlanCode, OverUsed: o.OverUsed}
	for _, m := range o.Metrics {
		out.Metrics = append(out.Metrics, &model.OverUsageMetric{Name: m.Name, Unit: usageUnits[m.Name], Used: m.Used,
			Included: m.Included, Overage: m.Overage})
	}
	return out, nil
}
