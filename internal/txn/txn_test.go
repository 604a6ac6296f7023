package txn_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/txn"
)

// users counts the users whose email is email.
func users(t *testing.T, ctx context.Context, client *ent.Client, email string) int {
	t.Helper()
	n, err := client.User.Query().Where(user.Email(email)).Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestOpenJoinOwn walks the package's runners on both databases: what each
// commits, what each rolls back, and which client a function inside sees.
func TestOpenJoinOwn(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			root := testdb.Open(t, d).Client
			ctx := tenancy.SystemContext(context.Background(), "txn test")
			failed := errors.New("fn failed")

			if got := txn.Client(ctx, root); got != root {
				t.Fatal("Client outside a transaction is not the root client")
			}

			// Open commits what fn wrote when fn succeeds, rolls it back when it fails.
			err := txn.Open(ctx, root, func(ctx context.Context) error {
				if ent.TxFromContext(ctx) == nil {
					t.Error("Open's context carries no transaction")
				}
				return txn.Client(ctx, root).User.Create().SetEmail("kept@example.org").Exec(ctx)
			})
			if err != nil || users(t, ctx, root, "kept@example.org") != 1 {
				t.Fatalf("Open: %v, kept user stored %d times", err, users(t, ctx, root, "kept@example.org"))
			}
			err = txn.Open(ctx, root, func(ctx context.Context) error {
				if err := txn.Client(ctx, root).User.Create().SetEmail("lost@example.org").Exec(ctx); err != nil {
					return err
				}
				return failed
			})
			if !errors.Is(err, failed) || users(t, ctx, root, "lost@example.org") != 0 {
				t.Fatalf("Open of a failing fn: %v, its user stored %d times", err, users(t, ctx, root, "lost@example.org"))
			}

			// Join writes in the caller's transaction: its rollback takes the write back.
			err = txn.Open(ctx, root, func(outer context.Context) error {
				tx := ent.TxFromContext(outer)
				err := txn.Join(outer, root, func(inner context.Context, c *ent.Client) error {
					if ent.TxFromContext(inner) != tx {
						t.Error("Join opened a transaction of its own inside the caller's")
					}
					return c.User.Create().SetEmail("joined@example.org").Exec(inner)
				})
				if err != nil {
					return err
				}
				return failed
			})
			if !errors.Is(err, failed) || users(t, ctx, root, "joined@example.org") != 0 {
				t.Fatalf("Join inside a rolled back transaction: %v, user stored %d times", err, users(t, ctx, root, "joined@example.org"))
			}
			// With no caller's transaction, Join commits one of its own.
			err = txn.Join(ctx, root, func(ctx context.Context, c *ent.Client) error {
				return c.User.Create().SetEmail("alone@example.org").Exec(ctx)
			})
			if err != nil || users(t, ctx, root, "alone@example.org") != 1 {
				t.Fatalf("Join alone: %v, user stored %d times", err, users(t, ctx, root, "alone@example.org"))
			}

			// Own commits a failing fn's writes when fn asks (a spent attempt), and
			// returns fn's error; it rolls them back when fn does not ask.
			err = txn.Own(ctx, root, "spend", func(tx *ent.Client) (bool, error) {
				return true, errors.Join(tx.User.Create().SetEmail("spent@example.org").Exec(ctx), failed)
			})
			if !errors.Is(err, failed) || users(t, ctx, root, "spent@example.org") != 1 {
				t.Fatalf("Own committing a failure: %v, user stored %d times", err, users(t, ctx, root, "spent@example.org"))
			}
			err = txn.Own(ctx, root, "undo", func(tx *ent.Client) (bool, error) {
				return false, errors.Join(tx.User.Create().SetEmail("undone@example.org").Exec(ctx), failed)
			})
			if !errors.Is(err, failed) || users(t, ctx, root, "undone@example.org") != 0 {
				t.Fatalf("Own rolling back: %v, user stored %d times", err, users(t, ctx, root, "undone@example.org"))
			}

			// Inside a shared transaction Own and RefuseShared refuse, naming the field.
			err = txn.Open(ctx, root, func(ctx context.Context) error {
				return txn.Own(ctx, root, "resetPassword", func(*ent.Client) (bool, error) {
					t.Error("Own ran fn inside a shared transaction")
					return true, nil
				})
			})
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.KindBadRequest || fe.Message != "resetPassword must be the only field of its mutation" {
				t.Fatalf("Own inside a shared transaction: %v", err)
			}
		})
	}
}

func TestFirstError(t *testing.T) {
	a, b := errors.New("a"), errors.New("b")
	if txn.FirstError(a, b) != a || txn.FirstError(nil, b) != b || txn.FirstError(nil, nil) != nil {
		t.Fatal("FirstError does not keep the first non-nil error")
	}
}

// TestAfterCommit: fn runs once the transaction commits, never when it rolls
// back, and at once outside a transaction.
func TestAfterCommit(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			root := testdb.Open(t, d).Client
			ctx := tenancy.SystemContext(context.Background(), "txn test")
			var ran []string
			txn.AfterCommit(ctx, func(context.Context) { ran = append(ran, "alone") })
			err := txn.Open(ctx, root, func(ctx context.Context) error {
				txn.AfterCommit(ctx, func(ctx context.Context) {
					// The change is durable: another connection sees it.
					ran = append(ran, fmt.Sprintf("committed %d", users(t, ctx, root, "durable@example.org")))
				})
				if len(ran) != 1 {
					t.Error("AfterCommit ran fn before the commit")
				}
				return txn.Client(ctx, root).User.Create().SetEmail("durable@example.org").Exec(ctx)
			})
			if err != nil {
				t.Fatal(err)
			}
			err = txn.Open(ctx, root, func(ctx context.Context) error {
				txn.AfterCommit(ctx, func(context.Context) { ran = append(ran, "rolled back") })
				return errors.New("fn failed")
			})
			if err == nil || strings.Join(ran, ", ") != "alone, committed 1" {
				t.Fatalf("ran %q (err %v), want alone, committed 1", ran, err)
			}
		})
	}
}
