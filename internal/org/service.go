package org

import (
	"context"
	"strconv"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Service runs the rules of organizations, members, invitations and API keys.
type Service struct {
	client  *ent.Client
	account *account.Service
}

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a transaction's)
	// takes its place (ent.FromContext).
	Client *ent.Client
	// Account sends the invitations' mail after commit and gives the public
	// address their links point to.
	Account *account.Service
}

// New builds a Service.
func New(d Deps) *Service { return &Service{client: d.Client, account: d.Account} }

// Page is the page of a connection a list asks for (entgql's arguments).
type Page struct {
	After  *entgql.Cursor[uuid.UUID]
	First  *int
	Before *entgql.Cursor[uuid.UUID]
	Last   *int
}

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.client) }

// inTx runs fn in the transaction of ctx when there is one, else in a new one
// (txn.Join).
func (s *Service) inTx(ctx context.Context, fn func(ctx context.Context, client *ent.Client) error) error {
	return txn.Join(ctx, s.client, fn)
}

// itoa is an index as it appears in a field path (permissions[2]).
func itoa(i int) string { return strconv.Itoa(i) }
