// Package invoicelifecycle is the one place that writes an invoice's status:
// the states are ent's invoice.Status values, the allowed moves are one table
// (transitions), and each move is one function named after what happened. An
// ent hook on the Invoice schema (Guard) refuses any other create or update
// that sets the status; a new invoice (a subscription's, an over-usage one, a
// credit note) is a draft, the field's default. Package billing decides every
// move (a draft's window is over, a payment settles an invoice, a credit note
// covers one) and calls the move to write it.
//
// The lifecycle (paid and void are final; uncollectible is a value of the
// schema that no move reaches):
//
//	event       from        to          writer (package billing)
//	Finalized   draft       finalized   finalizeTx (FinalizeDue, FinalizeInvoice), through Finalize
//	SettledZero draft       paid        finalizeTx, a total of zero or less, through Finalize
//	Paid        finalized   paid        applyPayment (a manual or card payment settles it)
//	Voided      finalized   void        IssueCreditNote (a credit note covers an unpaid invoice)
//
// Finalize numbers drafts in bulk with one UPDATE ... FROM (VALUES ...) per
// thousand invoices, which the ent hook does not see; its WHERE keeps it to
// drafts, so it too moves only from the table's from-state.
//
// What each move emits: billing records the event in the move's transaction,
// for every project of the invoice's organization, and webhooks deliver it
// after commit: invoice.finalized for Finalized, invoice.finalized and
// invoice.paid for SettledZero, invoice.paid for Paid; Voided records none
// (the credit note's own finalization records invoice.finalized).
package invoicelifecycle
