package invoicepdf_test

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/billing/invoicepdf"
	"github.com/vidra-dev/vidra/internal/pdftest"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{invoicepdf.FormatMinor(123456, "EUR"), "EUR 1,234.56"},
		{invoicepdf.FormatMinor(-50, "EUR"), "EUR -0.50"},
		{invoicepdf.FormatMinor(0, "EUR"), "EUR 0.00"},
		{invoicepdf.FormatMinor(1200, "JPY"), "JPY 1,200"},
		{invoicepdf.FormatMinor(1234, "KWD"), "KWD 1.234"},
		{invoicepdf.FormatMinor(100_000_000, "BDT"), "BDT 1,000,000.00"},
		{invoicepdf.FormatMinor(math.MinInt64, "EUR"), "EUR -92,233,720,368,547,758.08"},
		{invoicepdf.FormatUnitMicro(2, "EUR"), "EUR 0.00000002"},
		{invoicepdf.FormatUnitMicro(250_000_000, "EUR"), "EUR 2.50"},
		{invoicepdf.FormatUnitMicro(1_500_000, "JPY"), "JPY 1.5"},
		{invoicepdf.FormatUnitMicro(-300_000_000, "USD"), "USD -3.00"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func document(lines int) invoicepdf.Document {
	d := invoicepdf.Document{Number: "INV-000042", IssuedAt: time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC),
		DueAt: time.Date(2026, 12, 15, 1, 0, 0, 0, time.UTC), PeriodStart: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
		PeriodEnd: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Currency: "EUR",
		Seller: invoicepdf.Party{Name: "Vidra Hosting Ltd", Address: []string{"1 Main Street", "Dhaka 1212, Bangladesh"}},
		Buyer:  invoicepdf.Party{Name: "Acmé Vidéo"}}
	for i := range lines {
		d.Lines = append(d.Lines, invoicepdf.Line{Description: fmt.Sprintf("delivered_bytes above 1000000000 included, line %d", i),
			Quantity: 2_500_000_123, Unit: "bytes", UnitPriceMicro: 2, AmountMinor: 5000})
		d.SubtotalMinor += 5000
	}
	d.TotalMinor = d.SubtotalMinor
	return d
}

// TestRender renders a one-page and a three-page invoice, reads them back
// (header, page tree, shown text) and renders each again: the same bytes.
func TestRender(t *testing.T) {
	for _, c := range []struct{ lines, pages int }{{3, 1}, {90, 3}} {
		d := document(c.lines)
		b, err := invoicepdf.Render(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pdftest.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		if got.Pages != c.pages {
			t.Fatalf("%d lines: %d pages, want %d", c.lines, got.Pages, c.pages)
		}
		total := invoicepdf.FormatMinor(d.TotalMinor, "EUR")
		for _, want := range []string{"INV-000042", total, "Vidra Hosting Ltd", "2026-12-15", "2,500,000,123",
			"EUR 0.00000002", fmt.Sprintf("page %d of %d", c.pages, c.pages)} {
			if !strings.Contains(got.Text, want) {
				t.Fatalf("%d lines: %q not shown in\n%s", c.lines, want, got.Text)
			}
		}
		if !strings.Contains(got.Text, "Acm\xe9 Vid\xe9o") { // cp1252
			t.Fatalf("buyer not in cp1252: %q", got.Text)
		}
		again, err := invoicepdf.Render(document(c.lines))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, again) {
			t.Fatalf("%d lines: two renderings differ (%d and %d bytes)", c.lines, len(b), len(again))
		}
	}
	// A credit note names the invoice it credits and has no due date.
	d := document(1)
	d.CreditNote, d.Credits, d.DueAt = true, "INV-000041", time.Time{}
	b, err := invoicepdf.Render(d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.Text, "Credit note") || !strings.Contains(got.Text, "INV-000041") || strings.Contains(got.Text, "Due") {
		t.Fatalf("credit note text:\n%s", got.Text)
	}
}
