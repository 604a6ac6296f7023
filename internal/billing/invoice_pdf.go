package billing

import (
	"context"
	"errors"
	"fmt"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/invoiceline"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/invoicepdf"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// PDFContentType is the media type of an invoice's PDF.
const PDFContentType = "application/pdf"

// pdfChunk is how many invoices one pass of RenderPending reads at a time.
const pdfChunk = 100

// PDFs renders numbered invoices as PDFs (package invoicepdf) and keeps them
// in blob storage, under pdf_key. Rendering happens after finalization, never
// in its transaction: a blob write cannot roll back with a chunk of numbers,
// and 10,000 renderings would hold the number counter's lock for minutes. The
// periodic job (RegisterPDFs) renders what is missing; a download renders an
// invoice whose turn has not come yet. The output is deterministic, so two
// renderings racing write the same bytes to the same key.
type PDFs struct {
	// Client reads invoices and sets pdf_key.
	Client *ent.Client
	// Bucket stores the PDFs.
	Bucket *blob.Bucket
	// Seller is the operator printed as the issuer.
	Seller invoicepdf.Party
	// Runtime is the logger (the clock is unused: the dates are the invoice's).
	Runtime
}

// pdfKey is the blob key of inv's PDF.
func pdfKey(inv *ent.Invoice) string {
	return fmt.Sprintf("billing/invoices/%s/%s.pdf", inv.OrganizationID, inv.ID)
}

// PDFName is the file name a download of inv suggests.
func PDFName(inv *ent.Invoice) string {
	if inv.Number != nil {
		return *inv.Number + ".pdf"
	}
	return inv.ID.String() + ".pdf"
}

// PDF returns inv's PDF: the stored one, else rendered and stored now. A draft
// has none yet (CONFLICT: it is rendered once the invoice is finalized).
func (p *PDFs) PDF(ctx context.Context, inv *ent.Invoice) ([]byte, error) {
	if inv.Status == invoice.StatusDraft || inv.Number == nil || inv.FinalizedAt == nil {
		return nil, refuse(KindConflict, "invoice %s is a draft: its PDF is rendered when it is finalized", inv.ID)
	}
	if inv.PdfKey != "" {
		b, err := p.Bucket.ReadAll(ctx, inv.PdfKey)
		if err == nil {
			return b, nil
		}
		if gcerrors.Code(err) != gcerrors.NotFound {
			return nil, fmt.Errorf("read invoice pdf %s: %w", inv.PdfKey, err)
		}
		p.log().WarnContext(ctx, "invoice pdf missing from storage: rendered again", "invoice_id", inv.ID, "key", inv.PdfKey)
	}
	return p.render(ctx, inv)
}

// RenderPending renders and stores the PDF of every numbered invoice that has
// none yet, oldest first; it returns how many it rendered. One failure does
// not stop the others (their errors are joined).
func (p *PDFs) RenderPending(ctx context.Context) (int, error) {
	ctx = tenancy.SystemContext(ctx, "render invoice pdfs")
	done := 0
	var errs []error
	failed := map[string]bool{}
	for {
		q := p.Client.Invoice.Query().Where(invoice.PdfKey(""), invoice.NumberNotNil(), invoice.FinalizedAtNotNil())
		rows, err := q.Order(ent.Asc(invoice.FieldFinalizedAt), ent.Asc(invoice.FieldID)).Limit(pdfChunk + len(failed)).All(ctx)
		if err != nil {
			return done, errors.Join(append(errs, err)...)
		}
		progress := false
		for _, inv := range rows {
			if failed[inv.ID.String()] {
				continue
			}
			if _, err := p.render(ctx, inv); err != nil {
				failed[inv.ID.String()] = true
				errs = append(errs, err)
				p.log().ErrorContext(ctx, "render invoice pdf", "invoice_id", inv.ID, "err", err)
				continue
			}
			done++
			progress = true
		}
		if !progress {
			return done, errors.Join(errs...)
		}
	}
}

// render draws inv's PDF, stores it and records its key.
func (p *PDFs) render(ctx context.Context, inv *ent.Invoice) ([]byte, error) {
	sys := tenancy.SystemContext(ctx, "invoice pdf")
	doc, err := p.document(sys, inv)
	if err != nil {
		return nil, err
	}
	b, err := invoicepdf.Render(doc)
	if err != nil {
		return nil, err
	}
	key := pdfKey(inv)
	if err := p.Bucket.WriteAll(ctx, key, b, &blob.WriterOptions{ContentType: PDFContentType}); err != nil {
		return nil, fmt.Errorf("store invoice pdf %s: %w", key, err)
	}
	// pdf_key points at a rendering of the finalized, immutable content: a
	// pointer, not a billing change (no audit record).
	if err := p.Client.Invoice.Update().Where(invoice.ID(inv.ID)).SetPdfKey(key).Exec(sys); err != nil {
		return nil, fmt.Errorf("invoice pdf key: %w", err)
	}
	inv.PdfKey = key
	p.log().InfoContext(ctx, "invoice pdf rendered", "invoice_id", inv.ID, "organization_id", inv.OrganizationID,
		"number", *inv.Number, "bytes", len(b))
	return b, nil
}

// document gathers what inv's PDF shows: its organization, lines and, for a
// credit note, the number of the invoice it credits.
func (p *PDFs) document(ctx context.Context, inv *ent.Invoice) (invoicepdf.Document, error) {
	org, err := p.Client.Organization.Get(ctx, inv.OrganizationID)
	if err != nil {
		return invoicepdf.Document{}, fmt.Errorf("invoice pdf: organization: %w", err)
	}
	lines, err := p.Client.InvoiceLine.Query().Where(invoiceline.InvoiceID(inv.ID)).
		Order(ent.Asc(invoiceline.FieldPosition)).All(ctx)
	if err != nil {
		return invoicepdf.Document{}, fmt.Errorf("invoice pdf: lines: %w", err)
	}
	d := invoicepdf.Document{CreditNote: inv.Kind == invoice.KindCreditNote, Number: *inv.Number,
		IssuedAt: *inv.FinalizedAt, PeriodStart: inv.PeriodStart, PeriodEnd: inv.PeriodEnd,
		Seller: p.Seller, Buyer: invoicepdf.Party{Name: org.Name}, Currency: inv.Currency,
		SubtotalMinor: inv.SubtotalMinor, TaxMinor: inv.TaxMinor, TotalMinor: inv.TotalMinor}
	if inv.DueAt != nil && inv.Kind != invoice.KindCreditNote && inv.TotalMinor > 0 {
		d.DueAt = *inv.DueAt
	}
	if inv.CreditedInvoiceID != nil {
		credited, err := p.Client.Invoice.Get(ctx, *inv.CreditedInvoiceID)
		if err != nil {
			return invoicepdf.Document{}, fmt.Errorf("invoice pdf: credited invoice: %w", err)
		}
		if credited.Number != nil {
			d.Credits = *credited.Number
		}
	}
	for _, l := range lines {
		d.Lines = append(d.Lines, invoicepdf.Line{Description: l.Description, Quantity: l.Quantity,
			Unit: lineUnit(l.Metric), UnitPriceMicro: l.UnitPriceMicro, AmountMinor: l.AmountMinor})
	}
	return d, nil
}

// lineUnit is the unit of a line's quantity: its metric's, "each" for a fee
// or a credit.
func lineUnit(metric string) string {
	switch metric {
	case "":
		return "each"
	case catalog.DeliveredBytes:
		return "bytes"
	case catalog.StoredByteSeconds:
		return "byte-seconds"
	}
	return "seconds"
}
