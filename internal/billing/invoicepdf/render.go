package invoicepdf

import (
	"bytes"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"
)

// Party is the seller or the buyer of an invoice.
type Party struct {
	Name string
	// Address is printed one element a line.
	Address []string
}

// Line is one line of the document.
type Line struct {
	Description string
	Quantity    int64
	// Unit is the quantity's unit (bytes, seconds, ...; "each" for a fee).
	Unit string
	// UnitPriceMicro is millionths of a minor unit per unit.
	UnitPriceMicro int64
	AmountMinor    int64
}

// Document is what an invoice's PDF shows.
type Document struct {
	// CreditNote prints the document as a credit note of Credits.
	CreditNote bool
	// Credits is the number of the invoice a credit note credits ("" when
	// none).
	Credits string
	Number  string
	// IssuedAt is the finalization time: the PDF's creation date too.
	IssuedAt time.Time
	// DueAt is omitted when zero (a credit note).
	DueAt                  time.Time
	PeriodStart, PeriodEnd time.Time
	Seller, Buyer          Party
	Currency               string
	Lines                  []Line
	SubtotalMinor          int64
	TaxMinor               int64
	TotalMinor             int64
}

// Page layout, in millimetres (A4 portrait).
const (
	margin     = 15.0
	lineHeight = 5.5
	colDesc    = 78.0
	colQty     = 26.0
	colUnit    = 20.0
	colPrice   = 28.0
	colAmount  = 28.0
)

// Render draws d and returns the PDF's bytes, the same for the same d.
func Render(d Document) ([]byte, error) {
	title := "Invoice"
	if d.CreditNote {
		title = "Credit note"
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(d.IssuedAt.UTC())
	pdf.SetModificationDate(d.IssuedAt.UTC())
	pdf.SetCompression(true)
	tr := pdf.UnicodeTranslatorFromDescriptor("") // UTF-8 to cp1252
	pdf.SetTitle(title+" "+d.Number, true)
	pdf.SetAuthor(d.Seller.Name, true)
	pdf.SetCreator("Vidra", true)
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, margin+lineHeight)
	pdf.AliasNbPages("{nb}")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-margin)
		pdf.SetFont("Helvetica", "", 8)
		pdf.CellFormat(0, lineHeight, tr(fmt.Sprintf("%s %s - page %d of {nb}", title, d.Number, pdf.PageNo())), "", 0, "C", false, 0, "")
	})
	pdf.AddPage()

	pdf.SetFont("Helvetica", "B", 18)
	pdf.CellFormat(0, 10, tr(title), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	facts := [][2]string{{"Number", d.Number}, {"Issued", date(d.IssuedAt)}}
	if !d.DueAt.IsZero() {
		facts = append(facts, [2]string{"Due", date(d.DueAt)})
	}
	facts = append(facts, [2]string{"Period", date(d.PeriodStart) + " to " + date(d.PeriodEnd)})
	if d.Credits != "" {
		facts = append(facts, [2]string{"Credits invoice", d.Credits})
	}
	for _, f := range facts {
		pdf.SetFont("Helvetica", "B", 10)
		pdf.CellFormat(35, lineHeight, tr(f[0]), "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 10)
		pdf.CellFormat(0, lineHeight, tr(f[1]), "", 1, "L", false, 0, "")
	}
	pdf.Ln(lineHeight)

	top := pdf.GetY()
	party(pdf, tr, "From", d.Seller, margin)
	bottom := pdf.GetY()
	pdf.SetY(top)
	party(pdf, tr, "Bill to", d.Buyer, 110)
	pdf.SetY(max(bottom, pdf.GetY()) + lineHeight)

	pdf.SetFont("Helvetica", "B", 9)
	pdf.SetFillColor(235, 235, 235)
	for _, h := range []struct {
		w     float64
		text  string
		align string
	}{{colDesc, "Description", "L"}, {colQty, "Quantity", "R"}, {colUnit, "Unit", "L"}, {colPrice, "Unit price", "R"}, {colAmount, "Amount", "R"}} {
		pdf.CellFormat(h.w, lineHeight+1, tr(h.text), "B", 0, h.align, true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont("Helvetica", "", 9)
	for _, l := range d.Lines {
		y := pdf.GetY()
		pdf.MultiCell(colDesc, lineHeight, tr(l.Description), "", "L", false)
		next := pdf.GetY()
		if next < y { // the description broke onto a new page
			_, top, _, _ := pdf.GetMargins()
			y = top
			pdf.SetY(y)
			pdf.MultiCell(colDesc, lineHeight, tr(l.Description), "", "L", false)
			next = pdf.GetY()
		}
		pdf.SetXY(margin+colDesc, y)
		pdf.CellFormat(colQty, lineHeight, group(l.Quantity), "", 0, "R", false, 0, "")
		pdf.CellFormat(colUnit, lineHeight, tr(l.Unit), "", 0, "L", false, 0, "")
		pdf.CellFormat(colPrice, lineHeight, FormatUnitMicro(l.UnitPriceMicro, d.Currency), "", 0, "R", false, 0, "")
		pdf.CellFormat(colAmount, lineHeight, FormatMinor(l.AmountMinor, d.Currency), "", 0, "R", false, 0, "")
		pdf.SetXY(margin, next)
	}
	pdf.Ln(lineHeight / 2)
	label := colDesc + colQty + colUnit + colPrice
	totals := [][2]string{{"Subtotal", FormatMinor(d.SubtotalMinor, d.Currency)}, {"Tax", FormatMinor(d.TaxMinor, d.Currency)}}
	for _, t := range totals {
		pdf.CellFormat(label, lineHeight, tr(t[0]), "", 0, "R", false, 0, "")
		pdf.CellFormat(colAmount, lineHeight, t[1], "", 1, "R", false, 0, "")
	}
	pdf.SetFont("Helvetica", "B", 10)
	pdf.CellFormat(label, lineHeight+1, "Total", "T", 0, "R", false, 0, "")
	pdf.CellFormat(colAmount, lineHeight+1, FormatMinor(d.TotalMinor, d.Currency), "T", 1, "R", false, 0, "")

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("invoice pdf %s: %w", d.Number, err)
	}
	return buf.Bytes(), nil
}

// party prints a titled name and address block at x.
func party(pdf *fpdf.Fpdf, tr func(string) string, title string, p Party, x float64) {
	pdf.SetX(x)
	pdf.SetFont("Helvetica", "B", 10)
	pdf.CellFormat(80, lineHeight, tr(title), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	for _, s := range append([]string{p.Name}, p.Address...) {
		pdf.SetX(x)
		pdf.MultiCell(85, lineHeight, tr(s), "", "L", false)
	}
}

// date is t's UTC date.
func date(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// group writes n with its digits grouped by three.
func group(n int64) string { return decimal(n, 0, 0) }
