package billing

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// eventChunk is how many organizations one query of projectsOf reads.
const eventChunk = 1000

// EventBatcher is an EventRecorder that also records many events in one go
// (webhooks.Recorder): the finalization of a period's invoices records their
// events with it in a few statements instead of a few per event.
type EventBatcher interface {
	RecordMany(ctx context.Context, tx *ent.Tx, pending []webhooks.Pending) ([]*ent.Event, error)
}

// invoiceEvent is one invoice event to record: its type, the invoice as it is
// now, and data.error's reason (empty for none).
type invoiceEvent struct {
	typ    string
	inv    *ent.Invoice
	reason string
}

// emitInvoices logs each invoice event and records it for every project of
// the invoice's organization (billing events are organization-wide), in the
// order given: the projects of all the organizations in one query per
// eventChunk organizations, the events through EventBatcher when s.Events is
// one (else one Record per event).
func (s *Service) emitInvoices(ctx context.Context, tx *ent.Tx, evs []invoiceEvent) error {
	for _, e := range evs {
		s.log().InfoContext(audit.WithOrganization(ctx, e.inv.OrganizationID), "invoice change", "event", e.typ,
			"invoice_id", e.inv.ID, "organization_id", e.inv.OrganizationID, "status", e.inv.Status, "total_minor", e.inv.TotalMinor)
	}
	if s.Events == nil || len(evs) == 0 {
		return nil
	}
	projects, err := projectsOf(ctx, tx, evs)
	if err != nil {
		return err
	}
	// Runs of events of one organization: their audit records (when ctx is
	// audited) name it, as audit.WithOrganization says. Unaudited, one run.
	scoped := audit.FromContext(ctx) != nil
	var run []webhooks.Pending
	runOrg := uuid.Nil
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		err := s.record(audit.WithOrganization(ctx, runOrg), tx, run)
		run = run[:0]
		return err
	}
	for _, e := range evs {
		if scoped && e.inv.OrganizationID != runOrg {
			if err := flush(); err != nil {
				return err
			}
		}
		runOrg = e.inv.OrganizationID
		d := invoiceData(e.inv, e.reason)
		for _, id := range projects[e.inv.OrganizationID] {
			run = append(run, webhooks.Pending{Type: e.typ, ProjectID: id, Data: d})
		}
	}
	return flush()
}

// record writes pending events in tx: in one go when s.Events batches, else
// one by one.
func (s *Service) record(ctx context.Context, tx *ent.Tx, pending []webhooks.Pending) error {
	if b, ok := s.Events.(EventBatcher); ok {
		_, err := b.RecordMany(ctx, tx, pending)
		return err
	}
	for _, p := range pending {
		if _, err := s.Events.Record(ctx, tx, p.Type, p.ProjectID, p.Data); err != nil {
			return err
		}
	}
	return nil
}

// projectsOf reads the projects of the events' organizations, by
// organization, in one query per eventChunk organizations.
func projectsOf(ctx context.Context, tx *ent.Tx, evs []invoiceEvent) (map[uuid.UUID][]uuid.UUID, error) {
	sys := tenancy.SystemContext(ctx, "projects of billing events")
	var orgs []uuid.UUID
	out := map[uuid.UUID][]uuid.UUID{}
	for _, e := range evs {
		if _, ok := out[e.inv.OrganizationID]; !ok {
			out[e.inv.OrganizationID] = nil
			orgs = append(orgs, e.inv.OrganizationID)
		}
	}
	for i := 0; i < len(orgs); i += eventChunk {
		ps, err := tx.Project.Query().Where(project.OrganizationIDIn(orgs[i:min(i+eventChunk, len(orgs))]...)).
			Order(ent.Asc(project.FieldID)).Select(project.FieldID, project.FieldOrganizationID).All(sys)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			out[p.OrganizationID] = append(out[p.OrganizationID], p.ID)
		}
	}
	return out, nil
}

// invoiceData is inv as invoice.* events show it, with data.error's reason.
func invoiceData(inv *ent.Invoice, reason string) InvoiceData {
	d := InvoiceData{ID: inv.ID.String(), OrganizationID: inv.OrganizationID.String(), Kind: string(inv.Kind),
		Status: string(inv.Status), Currency: inv.Currency, TotalMinor: inv.TotalMinor, AmountPaidMinor: inv.AmountPaidMinor,
		PeriodStart: FormatTime(&inv.PeriodStart), PeriodEnd: FormatTime(&inv.PeriodEnd), DueAt: FormatTime(inv.DueAt), Error: reason}
	if inv.SubscriptionID != nil {
		d.SubscriptionID = inv.SubscriptionID.String()
	}
	if inv.Number != nil {
		d.Number = *inv.Number
	}
	return d
}
