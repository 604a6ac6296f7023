package graph

import (
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/billing"
)

// invoiceConnection is the GraphQL connection of a page of invoices; a
// row's cursor is its id.
func invoiceConnection(p *billing.Page[*ent.Invoice], err error) (*model.InvoiceConnection, error) {
	if err != nil {
		return nil, err
	}
	out := &model.InvoiceConnection{Edges: []*model.InvoiceEdge{}, PageInfo: &model.BillingPageInfo{HasNextPage: p.HasNextPage}}
	for _, row := range p.Rows {
		c := row.ID.String()
		out.Edges = append(out.Edges, &model.InvoiceEdge{Node: row, Cursor: c})
		out.PageInfo.EndCursor = &c
	}
	return out, nil
}

// transactionConnection is the GraphQL connection of a page of transactions.
func transactionConnection(p *billing.Page[*ent.Transaction], err error) (*model.TransactionConnection, error) {
	if err != nil {
		return nil, err
	}
	out := &model.TransactionConnection{Edges: []*model.TransactionEdge{}, PageInfo: &model.BillingPageInfo{HasNextPage: p.HasNextPage}}
	for _, row := range p.Rows {
		c := row.ID.String()
		out.Edges = append(out.Edges, &model.TransactionEdge{Node: row, Cursor: c})
		out.PageInfo.EndCursor = &c
	}
	return out, nil
}

// checkoutSession is the GraphQL shape of a card gateway's checkout.
func checkoutSession(s *billing.CheckoutSession, err error) (*model.CheckoutSession, error) {
	if err != nil {
		return nil, err
	}
	return &model.CheckoutSession{ID: s.ID, URL: s.URL}, nil
}

// invoicePDF is the GraphQL shape of an invoice's PDF.
func invoicePDF(f *billing.InvoicePDFFile, err error) (*model.InvoicePDF, error) {
	if err != nil {
		return nil, err
	}
	return &model.InvoicePDF{Filename: f.Filename, ContentType: f.ContentType, Size: f.Size, Sha256: f.Sha256, Content: f.Content}, nil
}
