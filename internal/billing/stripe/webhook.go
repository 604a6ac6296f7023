package stripe

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	stripeapi "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/gatewayevent"
	"github.com/vidra-dev/vidra/ent/transaction"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// WebhookPath is where Stripe posts events, below the main host's /v1.
const WebhookPath = "/billing/webhooks/stripe"

// maxWebhookBody caps an event's body (Stripe's are a few KB).
const maxWebhookBody = 256 << 10

// signatureTolerance is how old a signed timestamp may be (Stripe's default).
const signatureTolerance = 300 * time.Second

// ServeHTTP is POST /v1/billing/webhooks/stripe: no credential but the
// Stripe-Signature (HMAC-SHA256 of "t.body" with the webhook secret, checked
// by stripe-go within 300 s). A bad signature is 400, a body over 256 KiB 413;
// an event already recorded, or of a type the gateway does not use, is a 200
// that changes nothing; a failure to apply one is 500, so Stripe retries.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeEnvelope(w, http.StatusMethodNotAllowed, "method "+r.Method+" is not allowed on "+r.URL.Path, nil)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		writeEnvelope(w, http.StatusRequestEntityTooLarge, "the event is larger than 256 KiB", nil)
		return
	}
	if err != nil {
		writeEnvelope(w, http.StatusBadRequest, "unreadable body", nil)
		return
	}
	// The event's own API version may differ from stripe-go's: the object is
	// re-fetched through the client's version anyway, so only the signature
	// and the envelope (id, type, object id) are read from the payload.
	ev, err := webhook.ConstructEventWithOptions(body, r.Header.Get("Stripe-Signature"), g.cfg.WebhookSecret,
		webhook.ConstructEventOptions{Tolerance: signatureTolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		g.log().WarnContext(r.Context(), "stripe webhook refused", "err", err)
		writeEnvelope(w, http.StatusBadRequest, "invalid Stripe-Signature: "+err.Error(), nil)
		return
	}
	res, err := g.HandleEvent(r.Context(), ev)
	if err != nil {
		g.log().ErrorContext(r.Context(), "stripe webhook failed", "event", ev.ID, "type", ev.Type, "err", err)
		writeEnvelope(w, http.StatusInternalServerError, "the event could not be applied; it will be retried", nil)
		return
	}
	writeEnvelope(w, http.StatusOK, "event received", res)
}

// EventResult is what the webhook did with an event.
type EventResult struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Duplicate bool   `json:"duplicate"`
	Ignored   bool   `json:"ignored"`
}

// HandleEvent applies a verified event once: the object it names is fetched
// from the API (its current state, whatever the events' order), applied, and
// the event id recorded in gateway_event in the same transaction, so a
// redelivery (or a concurrent one) is a no-op and a failed apply is retried.
func (g *Gateway) HandleEvent(ctx context.Context, ev stripeapi.Event) (EventResult, error) {
	ctx = tenancy.SystemContext(ctx, "stripe webhook")
	ctx = audit.WithScope(ctx, &audit.Scope{Action: "billing.stripe.webhook"})
	res := EventResult{ID: ev.ID, Type: string(ev.Type)}
	if ev.ID == "" || ev.Data == nil {
		res.Ignored = true
		return res, nil
	}
	seen, err := g.client.GatewayEvent.Query().Where(gatewayevent.Gateway(GatewayName), gatewayevent.EventID(ev.ID)).Exist(ctx)
	if err != nil || seen {
		res.Duplicate = seen
		return res, err
	}
	objectID, _ := ev.Data.Object["id"].(string)
	var apply func(tx *ent.Tx) error
	// saved is the organization whose new card the event saved: its unpaid
	// invoices are charged at once, once the card is committed.
	var saved uuid.UUID
	switch ev.Type {
	case "checkout.session.completed", "checkout.session.async_payment_succeeded":
		apply, err = g.sessionCompleted(ctx, objectID, &saved)
	case "payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.processing",
		"payment_intent.canceled", "payment_intent.created", "payment_intent.requires_action":
		apply, err = g.intentChanged(ctx, objectID)
	default:
		res.Ignored = true
	}
	if err != nil {
		return res, err
	}
	err = g.inTx(ctx, func(tx *ent.Tx) error {
		err := tx.GatewayEvent.Create().SetGateway(GatewayName).SetEventID(ev.ID).SetType(string(ev.Type)).
			SetCreatedAt(g.billing.Clock()).Exec(ctx)
		if err != nil || apply == nil {
			return err
		}
		return apply(tx)
	})
	if ent.IsConstraintError(err) {
		res.Duplicate = true // delivered twice at once: the other one applied it
		return res, nil
	}
	if err == nil && saved != uuid.Nil {
		g.chargeSoon(ctx, saved)
	}
	return res, err
}

// intentChanged re-fetches the PaymentIntent and applies it to its
// transaction: found by the PaymentIntent's id, or by the transaction id in
// its metadata when the charge's own run crashed before storing the id. A
// PaymentIntent that is none of Vidra's is ignored.
func (g *Gateway) intentChanged(ctx context.Context, id string) (func(*ent.Tx) error, error) {
	pi, err := g.api.V1PaymentIntents.Retrieve(ctx, id, nil)
	if err != nil {
		return nil, g.apiError("fetch a payment intent", err)
	}
	return func(tx *ent.Tx) error {
		t, err := g.transactionOf(ctx, tx, pi)
		if err != nil || t == nil {
			return err
		}
		_, err = g.settle(ctx, tx, t, pi)
		return err
	}, nil
}

// transactionOf is the Stripe transaction of pi, or nil.
func (g *Gateway) transactionOf(ctx context.Context, tx *ent.Tx, pi *stripeapi.PaymentIntent) (*ent.Transaction, error) {
	t, err := tx.Transaction.Query().Where(transaction.GatewayRef(pi.ID)).Only(ctx)
	if err == nil || !ent.IsNotFound(err) {
		return t, err
	}
	id, perr := uuid.Parse(pi.Metadata["transaction_id"])
	if perr != nil {
		g.log().InfoContext(ctx, "stripe payment intent of no Vidra transaction", "payment_intent", pi.ID)
		return nil, nil
	}
	t, err = tx.Transaction.Get(ctx, id)
	if ent.IsNotFound(err) || (err == nil && (t.InvoiceID.String() != pi.Metadata["invoice_id"] || t.GatewayRef != nil)) {
		g.log().WarnContext(ctx, "stripe payment intent names another transaction", "payment_intent", pi.ID, "transaction_id", id)
		return nil, nil
	}
	return t, err
}

// writeEnvelope answers in the REST envelope (docs/ROUTES.md): success with a
// result, or a failure with its message.
func writeEnvelope(w http.ResponseWriter, status int, message string, result any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	body := map[string]any{"success": status < 300, "message": message, "result": result}
	if status >= 300 {
		body["errors"] = []map[string]any{{"field": nil, "message": message}}
	}
	_ = json.NewEncoder(w).Encode(body)
}

// Disabled is the webhook endpoint of a server without the gateway: every
// event is refused with 404, so Stripe reports the misconfiguration.
type Disabled struct{}

// ServeHTTP answers 404 with the failure envelope.
func (Disabled) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	writeEnvelope(w, http.StatusNotFound, "the Stripe gateway is not configured on this server (VIDRA_STRIPE_SECRET_KEY)", nil)
}
