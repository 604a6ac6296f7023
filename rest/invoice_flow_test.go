package rest_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/pdftest"
)

// getFile GETs path as s (with headers) and returns the raw response,
// validated against the OpenAPI document.
func getFile(t *testing.T, s *apptest.Server, path string, headers http.Header) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Token != "" {
		req.Header.Set("Authorization", "Bearer "+s.Token)
	}
	for k, v := range headers {
		req.Header[k] = v
	}
	return s.Do(req)
}

// invoiceContractCases are the invoice, transaction and payment rows. The two
// lists run in the matrix and the equivalence test (empty for a fresh
// organization); the others need a subscription with usage, so
// TestInvoicesOverREST covers them end to end.
var invoiceContractCases = []contractCase{
	{method: "GET", path: "/organization/invoices", vars: map[string]any{"first": 50}},
	{method: "GET", path: "/organization/transactions", vars: map[string]any{"first": 50}},
	{method: "GET", path: "/organization/invoices/{id}", flow: true},
	// The PDF answers with the file, not the envelope: TestInvoicesOverREST.
	{method: "GET", path: "/organization/invoices/{id}/pdf", flow: true},
	{method: "POST", path: "/organization/subscribe/over-usage-payment", flow: true},
	{method: "POST", path: "/organization/subscribe/checkout-session", flow: true},
	{host: "admin", method: "POST", path: "/invoices/{id}/payments", flow: true},
	{host: "admin", method: "POST", path: "/invoices/{id}/credit-notes", flow: true},
}

func init() {
	contractCases = append(contractCases, invoiceContractCases...)
	classes[invoiceContractCases[0].key()] = billingRead
	classes[invoiceContractCases[1].key()] = billingRead
}

// TestInvoicesOverREST subscribes to a metered plan, meters usage above the
// included amount, pays the over-usage through its invoice (numbered at once),
// reads the invoices and the invoice by id, records a manual payment on the
// admin host (partial, the same reference again, the rest), and reads the
// transactions; the billing grant is enforced, checkout refuses with no card
// gateway, bad input is a 4xx, and every change is audited. Both databases.
func TestInvoicesOverREST(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		admin := http.Header{"X-Api-Key": {adminKey}}
		anon := w.s.Anonymous()
		w.s.CreateProject(w.orgID, "Docs")
		var plan struct{ ID string }
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "metered", "name": "Metered", "currency": "EUR", "base_amount_minor": 100000}`, admin), &plan)
		callREST(t, anon, 200, "POST", "/v1/admin/plans/"+plan.ID+"/metrics",
			`{"metric": "delivered_bytes", "included": 1000000, "model": "standard", "unit_price_micro": 3}`, admin)

		// Nothing to pay without a subscription.
		callREST(t, w.s, 404, "POST", "/v1/organization/subscribe/over-usage-payment", "")
		callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "metered", "payment_gateway": "manual"}`)
		callREST(t, w.s, 409, "POST", "/v1/organization/subscribe/over-usage-payment", "")
		// The fee is paid in advance: the first period (the rest of this
		// month, a share of 100000) is invoiced at once.
		var first []struct {
			ID, Kind, Status string
			Number           *string
			TotalMinor       int64 `json:"total_minor"`
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/invoices", ""), &first)
		if len(first) != 1 || first[0].Kind != "subscription" || first[0].Status != "finalized" || first[0].Number == nil ||
			*first[0].Number != "INV-000001" || first[0].TotalMinor <= 0 || first[0].TotalMinor > 100000 {
			t.Fatalf("first period's invoice: %+v", first)
		}

		// 3,000,000 bytes delivered this period: 2,000,000 above the included
		// at 3 micro = 6 minor units.
		ctx := apptest.System()
		projID := w.s.App.DB.Client.Project.Query().FirstIDX(ctx)
		// (A usage record at this instant: the hourly rows count whole hours
		// that start in the period, and the period started with the subscription.)
		w.s.App.DB.Client.UsageRecord.Create().SetOrganizationID(uuid.MustParse(w.orgID)).SetProjectID(projID).
			SetMetric(usagerecord.MetricDeliveredBytes).SetAt(time.Now().UTC()).SetSourceKey("test:bytes").
			SetQuantity(3_000_000).ExecX(ctx)

		member := w.join("m@example.test", "member", "")
		readKey := keyHeader(w.apiKey(`"{\"billing.read\": true}"`))
		callREST(t, member, 403, "POST", "/v1/organization/subscribe/over-usage-payment", "")
		callREST(t, anon, 403, "POST", "/v1/organization/subscribe/over-usage-payment", "", readKey)

		var inv struct {
			ID, Kind, Status, Currency string
			Number                     *string
			TotalMinor                 int64 `json:"total_minor"`
			AmountPaidMinor            int64 `json:"amount_paid_minor"`
			Lines                      []struct {
				Metric      string
				Quantity    int64
				AmountMinor int64 `json:"amount_minor"`
			}
		}
		decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe/over-usage-payment", ""), &inv)
		if inv.Kind != "over_usage" || inv.Status != "finalized" || inv.Number == nil || *inv.Number != "INV-000002" ||
			inv.TotalMinor != 6 || len(inv.Lines) != 1 || inv.Lines[0].Quantity != 2_000_000 || inv.Lines[0].AmountMinor != 6 {
			t.Fatalf("over-usage invoice: %+v", inv)
		}
		// Paid for already: nothing more to invoice.
		callREST(t, w.s, 409, "POST", "/v1/organization/subscribe/over-usage-payment", "")

		// Reads: the owner and a key with billing read; not a member without it.
		var list []struct{ ID string }
		decodeInto(t, callREST(t, anon, 200, "GET", "/v1/organization/invoices", "", readKey), &list)
		if len(list) != 2 || list[0].ID != inv.ID || list[1].ID != first[0].ID {
			t.Fatalf("invoices: %+v", list)
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/invoices?status=paid", ""), &list)
		if len(list) != 0 {
			t.Fatalf("paid invoices: %+v", list)
		}
		callREST(t, w.s, 422, "GET", "/v1/organization/invoices?status=lost", "")
		callREST(t, member, 403, "GET", "/v1/organization/invoices", "")
		callREST(t, member, 403, "GET", "/v1/organization/invoices/"+inv.ID, "")
		callREST(t, w.s, 200, "GET", "/v1/organization/invoices/"+inv.ID, "")
		callREST(t, w.s, 404, "GET", "/v1/organization/invoices/"+uuid.NewString(), "")
		callREST(t, w.s, 400, "GET", "/v1/organization/invoices/nope", "")
		callREST(t, w.outsider("outsider@example.test"), 404, "GET", "/v1/organization/invoices/"+inv.ID, "")

		// The PDF: the file itself over REST, the same bytes base64 over
		// GraphQL, with the number and the total; the billing read grant.
		pdfPath := "/v1/organization/invoices/" + inv.ID + "/pdf"
		status, header, body := getFile(t, w.s, pdfPath, nil)
		if status != 200 || header.Get("Content-Type") != "application/pdf" ||
			header.Get("Content-Disposition") != `attachment; filename=INV-000002.pdf` {
			t.Fatalf("pdf: %d %v %q", status, header, body[:min(len(body), 200)])
		}
		doc, err := pdftest.Read(body)
		if err != nil {
			t.Fatal(err)
		}
		if doc.Pages != 1 || !strings.Contains(doc.Text, "INV-000002") || !strings.Contains(doc.Text, "EUR 0.06") {
			t.Fatalf("pdf: %d pages, text\n%s", doc.Pages, doc.Text)
		}
		gq := w.s.GraphQL(`query($id: ID!) { invoicePDF(id: $id) { filename contentType size sha256 content } }`, map[string]any{"id": inv.ID})
		var viaGraphQL struct {
			InvoicePDF struct {
				Filename, ContentType, Sha256, Content string
				Size                                   int
			}
		}
		if len(gq.Errors) > 0 || json.Unmarshal(gq.Data, &viaGraphQL) != nil {
			t.Fatalf("invoicePDF: %+v", gq)
		}
		sum := sha256.Sum256(body)
		if g := viaGraphQL.InvoicePDF; g.Content != base64.StdEncoding.EncodeToString(body) || g.Size != len(body) ||
			g.Sha256 != hex.EncodeToString(sum[:]) || g.Filename != "INV-000002.pdf" || g.ContentType != "application/pdf" {
			t.Fatalf("invoicePDF differs from the REST bytes: %+v", g)
		}
		if status, _, again := getFile(t, anon, pdfPath, readKey); status != 200 || !bytes.Equal(again, body) {
			t.Fatalf("pdf with billing read: %d, same bytes %t", status, bytes.Equal(again, body))
		}
		callREST(t, member, 403, "GET", pdfPath, "")
		callREST(t, w.s, 404, "GET", "/v1/organization/invoices/"+uuid.NewString()+"/pdf", "")
		callREST(t, w.s, 400, "GET", "/v1/organization/invoices/nope/pdf", "")
		callREST(t, w.outsider("pdf-outsider@example.test"), 404, "GET", pdfPath, "")
		// A draft has no PDF yet: 409.
		now := time.Now().UTC()
		draft := w.s.App.DB.Client.Invoice.Create().SetOrganizationID(uuid.MustParse(w.orgID)).SetKind(invoice.KindSubscription).
			SetCurrency("EUR").SetPeriodStart(now.Add(-time.Hour)).SetPeriodEnd(now).SaveX(ctx)
		callREST(t, w.s, 409, "GET", "/v1/organization/invoices/"+draft.ID.String()+"/pdf", "")
		w.s.App.DB.Client.Invoice.DeleteOne(draft).ExecX(ctx)

		// Checkout needs a card gateway: a clear refusal.
		callREST(t, w.s, 409, "POST", "/v1/organization/subscribe/checkout-session", `{"plan_code": "metered"}`)
		callREST(t, member, 403, "POST", "/v1/organization/subscribe/checkout-session", `{}`)
		// Nor does the gateway's webhook endpoint answer.
		callREST(t, anon, 404, "POST", "/v1/billing/webhooks/stripe", `{"id": "evt_1"}`)

		// The manual gateway: the admin host records bank transfers.
		pay := "/v1/admin/invoices/" + inv.ID + "/payments"
		callREST(t, w.s, 401, "POST", pay, `{"amount_minor": 2, "reference": "B-1"}`)
		callREST(t, anon, 422, "POST", pay, `{"amount_minor": 7, "reference": "B-1"}`, admin)
		callREST(t, anon, 422, "POST", pay, `{"amount_minor": 2, "reference": ""}`, admin)
		callREST(t, anon, 400, "POST", pay, `{"amount_minor": "two", "reference": "B-1"}`, admin)
		callREST(t, anon, 404, "POST", "/v1/admin/invoices/"+uuid.NewString()+"/payments", `{"amount_minor": 2, "reference": "B-9"}`, admin)
		var tr struct {
			ID, Gateway, Status string
			IdempotencyKey      string `json:"idempotency_key"`
		}
		decodeInto(t, callREST(t, anon, 200, "POST", pay, `{"amount_minor": 2, "reference": "B-1"}`, admin), &tr)
		if tr.Gateway != "manual" || tr.Status != "succeeded" || tr.IdempotencyKey != "manual:B-1" {
			t.Fatalf("payment: %+v", tr)
		}
		var again struct{ ID string }
		decodeInto(t, callREST(t, anon, 200, "POST", pay, `{"amount_minor": 2, "reference": "B-1"}`, admin), &again)
		if again.ID != tr.ID {
			t.Fatalf("same reference recorded twice: %s %s", again.ID, tr.ID)
		}
		callREST(t, anon, 200, "POST", pay, `{"amount_minor": 4, "reference": "B-2"}`, admin)
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/invoices/"+inv.ID, ""), &inv)
		if inv.Status != "paid" || inv.AmountPaidMinor != 6 {
			t.Fatalf("after payments: %+v", inv)
		}
		callREST(t, anon, 409, "POST", pay, `{"amount_minor": 1, "reference": "B-3"}`, admin)
		var trs []struct{ ID string }
		decodeInto(t, callREST(t, anon, 200, "GET", "/v1/organization/transactions?limit=1", "", readKey), &trs)
		if len(trs) != 1 {
			t.Fatalf("transactions page: %+v", trs)
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/transactions", ""), &trs)
		if len(trs) != 2 {
			t.Fatalf("transactions: %+v", trs)
		}
		callREST(t, member, 403, "GET", "/v1/organization/transactions", "")

		// A credit note against the paid invoice: numbered next, the invoice unchanged.
		credit := "/v1/admin/invoices/" + inv.ID + "/credit-notes"
		callREST(t, anon, 422, "POST", credit, `{"amount_minor": 7, "reason": "goodwill"}`, admin)
		callREST(t, anon, 422, "POST", credit, `{"amount_minor": 1, "reason": ""}`, admin)
		callREST(t, w.s, 401, "POST", credit, `{"amount_minor": 1, "reason": "goodwill"}`)
		var cn struct {
			Kind, Status      string
			Number            *string
			TotalMinor        int64  `json:"total_minor"`
			CreditedInvoiceID string `json:"credited_invoice_id"`
		}
		decodeInto(t, callREST(t, anon, 200, "POST", credit, `{"amount_minor": 2, "reason": "goodwill"}`, admin), &cn)
		if cn.Kind != "credit_note" || cn.TotalMinor != -2 || cn.Number == nil || *cn.Number != "INV-000003" || cn.CreditedInvoiceID != inv.ID {
			t.Fatalf("credit note: %+v", cn)
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/invoices/"+inv.ID, ""), &inv)
		if inv.Status != "paid" || inv.TotalMinor != 6 {
			t.Fatalf("credited invoice: %+v", inv)
		}

		// Audited, and the invoice events recorded for the organization's project.
		if n := w.s.SQLInt(`SELECT count(*) FROM audit_logs WHERE action = 'payOverUsage' AND entity_type = 'Invoice'`); n < 1 {
			t.Errorf("%d over-usage audit records", n)
		}
		if n := w.s.SQLInt(`SELECT count(*) FROM audit_logs WHERE action = 'adminRecordPayment' AND entity_type = 'Transaction'`); n != 2 {
			t.Errorf("%d payment audit records, want 2", n)
		}
		// The first invoice finalized, the over-usage invoice finalized and
		// paid, the credit note finalized and settled.
		if n := w.s.SQLInt(`SELECT count(*) FROM events WHERE type IN ('invoice.finalized', 'invoice.paid')`); n != 5 {
			t.Errorf("%d invoice events, want 5", n)
		}
		if n := w.s.SQLInt(`SELECT count(*) FROM audit_logs WHERE action = 'adminIssueCreditNote' AND entity_type = 'Invoice'`); n < 1 {
			t.Errorf("%d credit note audit records", n)
		}
	})
}
