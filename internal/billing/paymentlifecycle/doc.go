// Package paymentlifecycle is the one place that writes the status of a
// payment transaction (ent's Transaction: one attempt to pay an invoice,
// through the manual gateway or Stripe): the states are ent's
// transaction.Status values, the allowed moves are one table (transitions),
// and each move is one function named after what happened. An ent hook on
// the Transaction schema (Guard) refuses any other create or update that sets
// the status.
//
// The lifecycle (succeeded and failed are final):
//
//	event      from           to          writer
//	Opened     (new)          pending     internal/billing/stripe (PrepareCharge: a card attempt)
//	Recorded   (new)          succeeded   internal/billing (RecordManualPayment: a transfer received)
//	Succeeded  pending        succeeded   internal/billing/stripe (settle: the PaymentIntent succeeded)
//	Failed     pending        failed      internal/billing/stripe (settle: declined or canceled; fail: Stripe refused)
//
// Succeeded and Failed are conditional UPDATEs (WHERE id = ? AND status IN
// (the from-states)): a transaction settled meanwhile is not overwritten, and
// the move returns ent's not-found error, which the callers read as "settled
// meanwhile" and re-read the row.
//
// What each move emits: no event of the transaction's own. Its consequences
// are recorded by the callers in the move's transaction: a succeeded payment
// that settles its invoice records invoice.paid (and may reactivate the
// subscription, subscription.activated); a failed card attempt records
// nothing until the invoice is overdue (invoice.payment_failed).
package paymentlifecycle
