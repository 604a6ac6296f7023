package billing

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/txn"
)

// CheckoutFunc opens a card gateway's hosted checkout that saves a card for
// the organization's invoices in currency, in tx (stripe.Gateway.Checkout).
type CheckoutFunc func(ctx context.Context, tx *ent.Tx, orgID uuid.UUID, currency string) (*CheckoutSession, error)

// CheckoutSession is a card gateway's hosted checkout page.
type CheckoutSession struct {
	ID  string
	URL string
}

// DeskDeps are what a Desk is built from.
type DeskDeps struct {
	// Client is the root ent client; a context's own client (the mutation's
	// transaction) takes its place.
	Client *ent.Client
	// Service runs subscriptions; nil: a Service over Client without events.
	Service *Service
	// Limits is the in-memory limit state (a subscription's blocked reason); may be nil.
	Limits *Limits
	// Usage reads the period's usage (a subscription's usage); nil: none shown.
	Usage UsageSource
	// Checkout is the card gateway's checkout; nil: no card gateway (checkout
	// refuses, invoices are paid manually).
	Checkout CheckoutFunc
	// PDFs renders and stores invoice PDFs; nil: refused.
	PDFs *PDFs
}

// Desk is billing as the API offers it: the plan catalogue (public, the
// organization's and the admin host's), the organization's subscription
// (details, subscribe, cancel), invoices, transactions, checkout and PDFs,
// and the admin host's payments and credit notes. Each operation checks the
// caller's billing permission (or the admin key), runs in the mutation's
// transaction (txn.Join: one of its own when there is none) and answers
// internal/fault errors; the events it owes are recorded in that transaction
// and delivered after commit.
type Desk struct {
	client   *ent.Client
	svc      *Service
	limits   *Limits
	usage    UsageSource
	checkout CheckoutFunc
	pdfs     *PDFs
}

// NewDesk builds a Desk.
func NewDesk(d DeskDeps) *Desk {
	svc := d.Service
	if svc == nil {
		svc = &Service{Client: d.Client}
	}
	return &Desk{client: d.Client, svc: svc, limits: d.Limits, usage: d.Usage, checkout: d.Checkout, pdfs: d.PDFs}
}

// db is the ent client of ctx (the mutation's transaction) or the root client.
func (d *Desk) db(ctx context.Context) *ent.Client { return txn.Client(ctx, d.client) }

// inTx runs fn in the transaction of ctx (the mutation's), else in one of its own.
func (d *Desk) inTx(ctx context.Context, fn func(ctx context.Context, tx *ent.Tx) error) error {
	return txn.Join(ctx, d.client, func(ctx context.Context, _ *ent.Client) error { return fn(ctx, ent.TxFromContext(ctx)) })
}

// Fault is err as the API's error: a billing refusal (*Error, a
// *TransitionError) becomes the fault of its kind, message and field; any
// other error passes as it is.
func Fault(err error) error {
	if err == nil {
		return nil
	}
	if e, ok := AsError(err); ok {
		fe := fault.Wrap(fault.Kind(e.Kind), e.Message, err)
		fe.Field = e.Field
		return fe
	}
	return err
}

// requireBilling returns the caller's principal when it may do a on its
// current organization's billing (owners and admins always may).
func requireBilling(ctx context.Context, a perm.Action) (*auth.Principal, error) {
	p, err := org.RequireOrganization(ctx)
	if err != nil {
		return nil, err
	}
	if !p.Perm().Can(a, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Billing}) {
		return nil, fault.Errorf(fault.KindForbidden, "not allowed: this needs the billing %s permission", a)
	}
	return p, nil
}

// requireAdminHost refuses a request that did not present the admin key.
func requireAdminHost(ctx context.Context) error {
	if !auth.IsAdmin(ctx) {
		return fault.Errorf(fault.KindForbidden, "the admin host only: /v1/admin/plans with X-API-Key set to the admin key")
	}
	return nil
}

// catalogueContext reads the catalogue for anyone, signed in or not.
func catalogueContext(ctx context.Context) context.Context {
	return tenancy.RoutineContext(ctx, "read the plan catalogue")
}

// adminContext is the admin host's access to the catalogue, after requireAdminHost.
func adminContext(ctx context.Context) context.Context {
	return tenancy.SystemContext(ctx, "admin host: plan catalogue")
}
