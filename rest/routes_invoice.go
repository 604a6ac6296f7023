package rest

// invoiceLineFields are an invoice line's fields.
const invoiceLineFields = `id position metric description quantity unitPriceMicro amountMinor`

// invoiceFields are an invoice's fields in every row that shows one.
const invoiceFields = `id createdAt organizationID subscriptionID kind status number currency periodStart periodEnd
	subtotalMinor taxMinor totalMinor amountPaidMinor dueAt finalizedAt paidAt voidedAt creditedInvoiceID
	lines { ` + invoiceLineFields + ` }`

// transactionFields are a transaction's fields.
const transactionFields = `id createdAt invoiceID gateway amountMinor currency status idempotencyKey gatewayRef error settledAt`

// invoiceRoutes are the rows of invoices, transactions and payments (docs/ROUTES.md
// "Plans, subscriptions, billing") and the admin host's manual payments.
func invoiceRoutes() []Route {
	return []Route{
		{Method: "GET", Path: "/organization/invoices", Message: "invoices fetched",
			Operation: `query Invoices($first: Int, $after: String, $status: String) {
				invoices(first: $first, after: $after, status: $status) { edges { node { ` + invoiceFields + ` } } ` + pageInfo + ` } }`},
		{Method: "GET", Path: "/organization/invoices/{id}", Message: "invoice fetched",
			Operation: `query Invoice($id: ID!) { invoice(id: $id) { ` + invoiceFields + ` } }`},
		// The PDF itself (application/pdf), not the envelope; 409 for a draft.
		{Method: "GET", Path: "/organization/invoices/{id}/pdf", Message: "invoice pdf fetched", Download: "application/pdf",
			Operation: `query InvoicePDF($id: ID!) { invoicePDF(id: $id) { filename contentType size sha256 content } }`},
		{Method: "GET", Path: "/organization/transactions", Message: "transactions fetched",
			Operation: `query Transactions($first: Int, $after: String) {
				transactions(first: $first, after: $after) { edges { node { ` + transactionFields + ` } } ` + pageInfo + ` } }`},
		{Method: "POST", Path: "/organization/subscribe/over-usage-payment", Message: "over-usage invoiced",
			Operation: `mutation PayOverUsage { payOverUsage { ` + invoiceFields + ` } }`},
		{Method: "POST", Path: "/organization/subscribe/checkout-session", Message: "checkout session created",
			Operation: `mutation CreateCheckoutSession($planCode: String) { createCheckoutSession(planCode: $planCode) { id url } }`},
		// The manual gateway: an admin records a bank transfer received.
		{Method: "POST", Path: "/invoices/{id}/payments", Host: HostAdmin, Public: true, BodyVar: "input", Message: "payment recorded",
			Operation: `mutation AdminRecordPayment($id: ID!, $input: ManualPaymentInput!) { adminRecordPayment(invoiceID: $id, input: $input) { ` + transactionFields + ` } }`},
		// Credit notes, never edits of a finalized invoice.
		{Method: "POST", Path: "/invoices/{id}/credit-notes", Host: HostAdmin, Public: true, BodyVar: "input", Message: "credit note issued",
			Operation: `mutation AdminIssueCreditNote($id: ID!, $input: CreditNoteInput!) { adminIssueCreditNote(invoiceID: $id, input: $input) { ` + invoiceFields + ` } }`},
	}
}
