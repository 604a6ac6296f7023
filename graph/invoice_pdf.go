package graph

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/billing"
)

// invoicePDF is the PDF of one invoice of the current organization (billing
// read): the stored rendering, or one made now if the periodic job has not
// come to it yet. A draft has none (CONFLICT).
func (r *Resolver) invoicePDF(ctx context.Context, id uuid.UUID) (*model.InvoicePDF, error) {
	inv, err := r.invoiceByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.billing.PDFs == nil {
		return nil, fmt.Errorf("invoice pdf: no blob storage configured for invoice PDFs")
	}
	b, err := r.billing.PDFs.PDF(ctx, inv)
	if err != nil {
		return nil, billingError(err)
	}
	sum := sha256.Sum256(b)
	return &model.InvoicePDF{Filename: billing.PDFName(inv), ContentType: billing.PDFContentType, Size: len(b),
		Sha256: hex.EncodeToString(sum[:]), Content: base64.StdEncoding.EncodeToString(b)}, nil
}
