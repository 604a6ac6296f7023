// Package billing keeps the plan catalogue and the organizations' subscriptions:
// the subscription state machine (state.go asks package subscriptionlifecycle,
// the one writer of a subscription's status; invoicelifecycle and
// paymentlifecycle own an invoice's and a payment transaction's), billing periods (period.go), the
// proration of a plan change (proration.go) and its invoice or credit note
// (proration_invoice.go), subscribe, change and cancel (service.go), the
// first paid period's invoice (first_invoice.go), the periodic advance of
// subscriptions (advance.go), period close and finalization (close.go,
// finalize.go), credit notes and payments, invoice PDFs (invoice_pdf.go, drawn
// by package internal/billing/invoicepdf) and the usage limits that refuse new uploads
// and playback sessions (limits.go). Desk (desk*.go) is billing as the API
// offers it: each operation checks the caller's billing permission or the admin
// key, runs in the mutation's transaction and answers internal/fault errors.
//
// Every time is read from Service.Now (time.Now when nil), so tests drive the
// clock. Money is int64 minor units, each line rounded once.
package billing
