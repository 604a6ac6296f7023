package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/plan"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
)

// Invoice kinds.
const (
	// KindSubscription is a subscription period's invoice.
	KindSubscription = "subscription"
	// KindOverUsage is usage above the included amounts paid during a period.
	KindOverUsage = "over_usage"
	// KindCreditNote reverses part or all of a finalized invoice.
	KindCreditNote = "credit_note"
)

// Invoice statuses.
const (
	InvoiceDraft         = "draft"
	InvoiceFinalized     = "finalized"
	InvoicePaid          = "paid"
	InvoiceVoid          = "void"
	InvoiceUncollectible = "uncollectible"
)

// Invoice event types (events.InvoiceFinalized and its siblings).
const (
	EventInvoiceFinalized     = "invoice.finalized"
	EventInvoicePaid          = "invoice.paid"
	EventInvoicePaymentFailed = "invoice.payment_failed"
)

// periodKey makes a subscription period's invoice unique.
func periodKey(sub uuid.UUID, start time.Time) string {
	return fmt.Sprintf("%s:%d", sub, start.UTC().Unix())
}

// planPrices is a plan with its metric prices, in metric order.
type planPrices struct {
	plan    *ent.Plan
	metrics []MetricPrice
}

// loadPlans reads every plan with its metrics (the catalogue is small).
func loadPlans(ctx context.Context, client *ent.Client) (map[uuid.UUID]*planPrices, error) {
	plans, err := client.Plan.Query().WithMetrics().Order(ent.Asc(plan.FieldCode)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("load plans: %w", err)
	}
	out := make(map[uuid.UUID]*planPrices, len(plans))
	for _, p := range plans {
		pp := &planPrices{plan: p}
		byMetric := map[string]*ent.PlanMetric{}
		for _, m := range p.Edges.Metrics {
			byMetric[m.Metric] = m
		}
		for _, name := range catalog.Metrics {
			if m := byMetric[name]; m != nil {
				pp.metrics = append(pp.metrics, MetricPrice{Metric: m.Metric, Included: m.Included, Model: m.Model,
					UnitPriceMicro: m.UnitPriceMicro, PackageSize: m.PackageSize, Tiers: m.Tiers})
			}
		}
		out[p.ID] = pp
	}
	return out, nil
}

// draftLine is a priced line before it is written.
type draftLine struct {
	metric, description string
	quantity, unitMicro int64
	amount              int64
}

// usageLines prices a period's usage under a plan: one line per priced metric
// with billable usage (each rounded once).
func usageLines(pp *planPrices, totals map[string]int64) ([]draftLine, error) {
	var lines []draftLine
	for _, mp := range pp.metrics {
		pr, err := Price(mp, totals[mp.Metric])
		if err != nil {
			return nil, err
		}
		if pr.Billable == 0 && pr.AmountMinor == 0 {
			continue
		}
		lines = append(lines, draftLine{metric: mp.Metric, quantity: pr.Billable, unitMicro: pr.EffectiveUnitMicro(),
			amount: pr.AmountMinor, description: fmt.Sprintf("%s above %d included (%s)", mp.Metric, mp.Included, mp.Model)})
	}
	return lines, nil
}

// sumLines is the lines' total.
func sumLines(lines []draftLine) int64 {
	var t int64
	for _, l := range lines {
		t += l.amount
	}
	return t
}

// writeDraft inserts an invoice and its lines (the invoice's audit record
// covers its lines).
func writeDraft(ctx context.Context, tx *ent.Tx, c *ent.InvoiceCreate, orgID uuid.UUID, lines []draftLine) (*ent.Invoice, error) {
	inv, err := c.Save(ctx)
	if err != nil {
		return nil, err
	}
	bulk := make([]*ent.InvoiceLineCreate, len(lines))
	for i, l := range lines {
		bulk[i] = lineCreate(tx.Client(), orgID, inv.ID, i, l)
	}
	if len(bulk) > 0 {
		if err := tx.InvoiceLine.CreateBulk(bulk...).Exec(ctx); err != nil {
			return nil, err
		}
	}
	return inv, nil
}

func lineCreate(c *ent.Client, orgID, invoiceID uuid.UUID, pos int, l draftLine) *ent.InvoiceLineCreate {
	return c.InvoiceLine.Create().SetOrganizationID(orgID).SetInvoiceID(invoiceID).SetPosition(pos).
		SetMetric(l.metric).SetDescription(l.description).SetQuantity(l.quantity).
		SetUnitPriceMicro(l.unitMicro).SetAmountMinor(l.amount)
}
