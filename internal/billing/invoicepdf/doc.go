// Package invoicepdf renders an invoice or a credit note as a PDF with
// github.com/go-pdf/fpdf: the same Document always gives the same bytes (the
// creation date is the invoice's, catalogs are sorted, nothing is random), so
// a PDF can be rendered again after a crash, or compared, and stays the one
// first stored. Text uses the PDF core font Helvetica (nothing embedded) in
// the cp1252 encoding; amounts are printed with ISO currency codes.
package invoicepdf
