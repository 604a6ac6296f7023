package billing_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/invoicepdf"
	"github.com/vidra-dev/vidra/internal/pdftest"
	"github.com/vidra-dev/vidra/internal/storage"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestInvoicePDFs renders the PDFs of finalized invoices through the periodic
// pass (a draft gets none), reads them back (page count, number, total, the
// seller, a credit note's credited number), and checks the stored bytes equal
// a fresh rendering and a rendering after the blob was lost. Both databases.
func TestInvoicePDFs(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			bucket, err := storage.Open(context.Background(), "file://"+t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = bucket.Close() }()
			pdfs := &billing.PDFs{Client: w.client, Bucket: bucket,
				Seller: invoicepdf.Party{Name: "Vidra Hosting Ltd", Address: []string{"1 Main Street", "Dhaka"}}}
			// Pro from 10 November 12:00: a first invoice of 6150, finalized.
			if _, err := w.subscribe("pro"); err != nil {
				t.Fatal(err)
			}
			first := w.invoices()[0]
			// A draft: the period close on 1 December (held for the draft window).
			w.clock.Set(time.Date(2026, 12, 1, 0, 30, 0, 0, time.UTC))
			w.run("close", w.svc.CloseDue, 1)
			draft := w.client.Invoice.Query().Where(invoice.StatusEQ(invoice.StatusDraft)).OnlyX(w.ctx)
			if _, err := pdfs.PDF(w.ctx, draft); kindOf(err) != billing.KindConflict {
				t.Fatalf("pdf of a draft: %v", err)
			}
			// A credit note of 150 against the first invoice.
			var cn *ent.Invoice
			if err := w.do(func(tx *ent.Tx) error {
				cn, err = w.svc.IssueCreditNote(w.ctx, tx, billing.CreditNote{InvoiceID: first.ID, AmountMinor: 150, Reason: "outage"})
				return err
			}); err != nil {
				t.Fatal(err)
			}

			w.run("render", pdfs.RenderPending, 2)
			w.run("render again", pdfs.RenderPending, 0)
			first = w.client.Invoice.GetX(w.ctx, first.ID)
			if first.PdfKey == "" || w.client.Invoice.GetX(w.ctx, draft.ID).PdfKey != "" {
				t.Fatalf("pdf keys: %q, draft %q", first.PdfKey, draft.PdfKey)
			}
			stored, err := bucket.ReadAll(w.ctx, first.PdfKey)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := pdftest.Read(stored)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"INV-000001", "EUR 61.50", "Vidra Hosting Ltd", "Acme", "2026-11-10 to 2026-12-01", "page 1 of 1"} {
				if !strings.Contains(doc.Text, want) {
					t.Fatalf("%q not in the pdf:\n%s", want, doc.Text)
				}
			}
			if doc.Pages != 1 {
				t.Fatalf("%d pages", doc.Pages)
			}
			got, err := pdfs.PDF(w.ctx, first)
			if err != nil || !bytes.Equal(got, stored) {
				t.Fatalf("served pdf differs from the stored one: %v", err)
			}
			// Lost from storage: rendered again, the same bytes.
			if err := bucket.Delete(w.ctx, first.PdfKey); err != nil {
				t.Fatal(err)
			}
			w.clock.Set(time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)) // the clock is not on the pdf
			again, err := pdfs.PDF(w.ctx, first)
			if err != nil || !bytes.Equal(again, stored) {
				t.Fatalf("rendered again: %v, equal %t", err, bytes.Equal(again, stored))
			}
			cn = w.client.Invoice.GetX(w.ctx, cn.ID)
			b, err := pdfs.PDF(w.ctx, cn)
			if err != nil {
				t.Fatal(err)
			}
			if doc, err = pdftest.Read(b); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"Credit note", *cn.Number, "INV-000001", "EUR -1.50", "credit for INV-000001: outage"} {
				if !strings.Contains(doc.Text, want) {
					t.Fatalf("%q not in the credit note's pdf:\n%s", want, doc.Text)
				}
			}
		})
	}
}
