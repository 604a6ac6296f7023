package account_test

import (
	"context"
	"errors"
	"testing"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// fastPasswords keeps argon2id cheap in tests.
var fastPasswords = auth.PasswordParams{Memory: 64, Time: 1, Threads: 1}

// newService builds a service over a fresh database of dialect d.
func newService(t *testing.T, d string) (*account.Service, *ent.Client) {
	t.Helper()
	db := testdb.Open(t, d)
	return account.New(db.Client, account.Deps{Secret: []byte("test secret"), Password: fastPasswords}, nil), db.Client
}

// publicContext is the context of a public field: a client address and the
// system's tenancy, as graph gives it.
func publicContext() context.Context {
	ctx := auth.WithRequest(context.Background(), &auth.Request{IP: "192.0.2.1", UserAgent: "test"})
	return tenancy.SystemContext(ctx, "account test")
}

// wantFault fails unless err is a fault of kind whose message is msg.
func wantFault(t *testing.T, err error, kind fault.Kind, msg string) {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != kind || fe.Message != msg {
		t.Fatalf("got %v, want %s %q", err, kind, msg)
	}
}

func TestRegisterLoginAndRefreshRotation(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			svc, client := newService(t, d)
			ctx := publicContext()
			in := account.RegisterInput{Email: " Ada@Example.org", Password: "correct horse battery staple"}
			reg, err := svc.Register(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			if reg.User.Email != "ada@example.org" || reg.User.Name != "ada" || reg.TokenType != "Bearer" {
				t.Fatalf("registered %+v", reg)
			}
			if n := client.Membership.Query().CountX(ctx); n != 1 {
				t.Fatalf("%d memberships after registration, want the personal organization's 1", n)
			}
			_, err = svc.Register(ctx, in)
			wantFault(t, err, fault.KindConflict, "an account with this email already exists")

			_, err = svc.Login(ctx, "ada@example.org", "wrong password here")
			wantFault(t, err, fault.KindUnauthenticated, "email or password is incorrect")
			_, err = svc.Login(ctx, "nobody@example.org", "wrong password here")
			wantFault(t, err, fault.KindUnauthenticated, "email or password is incorrect")
			in2, err := svc.Login(ctx, "ADA@example.org", in.Password)
			if err != nil {
				t.Fatal(err)
			}
			id, err := svc.VerifyAccessToken(in2.AccessToken)
			if err != nil || id.UserID != reg.User.ID {
				t.Fatalf("access token names %+v (%v), want user %s", id, err, reg.User.ID)
			}

			next, err := svc.Refresh(ctx, in2.RefreshToken)
			if err != nil {
				t.Fatal(err)
			}
			// The used token again: the session is revoked, and stays so.
			_, err = svc.Refresh(ctx, in2.RefreshToken)
			wantFault(t, err, fault.KindUnauthenticated, "refresh token was already used; the session has been revoked")
			_, err = svc.Refresh(ctx, next.RefreshToken)
			wantFault(t, err, fault.KindUnauthenticated, "the session of this refresh token has been revoked")
		})
	}
}

func TestPasswordFlowsRefuseASharedTransaction(t *testing.T) {
	svc, client := newService(t, testdb.Dialects(t)[0])
	tx, err := client.Tx(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	ctx := ent.NewTxContext(publicContext(), tx)
	_, err = svc.Register(ctx, account.RegisterInput{Email: "ada@example.org", Password: "correct horse battery staple"})
	wantFault(t, err, fault.KindBadRequest, "register must be the only field of its mutation")
	_, err = svc.Login(ctx, "ada@example.org", "correct horse battery staple")
	wantFault(t, err, fault.KindBadRequest, "login must be the only field of its mutation")
	_, err = svc.Refresh(ctx, "some token")
	wantFault(t, err, fault.KindBadRequest, "refreshToken must be the only field of its mutation")
}
