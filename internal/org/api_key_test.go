package org_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// projectGrant is one project grant in the array form of docs/spec.md 2.4.
func projectGrant(id uuid.UUID, action string) map[string]any {
	return map[string]any{"entity_id": id.String(), "entity_type": "projects", "name": "custom", "action": action}
}

func TestAPIKeysAreNoStrongerThanTheirCreator(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)
			in := func(grants ...any) org.APIKeyInput {
				return org.APIKeyInput{Name: "deploy", Origin: "https://App.Example.com/", Permissions: grants, ExpiresAt: time.Now().Add(time.Hour)}
			}

			// Cyd may read project one: a key may do that, not more.
			_, err := w.svc.CreateAPIKey(w.member(), in(projectGrant(w.one, "read+write")))
			wantFault(t, err, fault.KindForbidden, "permissions[0]", "a key cannot have rights its creator lacks")
			billing := map[string]any{"entity_id": w.org.String(), "entity_type": "organizations", "name": "billing", "action": "read"}
			_, err = w.svc.CreateAPIKey(w.member(), in(projectGrant(w.one, "read"), billing))
			wantFault(t, err, fault.KindForbidden, "permissions[1]", "a key cannot have rights its creator lacks")
			// A project it cannot see is no project of its organization, to it.
			_, err = w.svc.CreateAPIKey(w.member(), in(projectGrant(w.two, "read")))
			wantFault(t, err, fault.KindInvalidInput, "permissions[0].entity_id", "no such project in this organization")
			_, err = w.svc.CreateAPIKey(w.owner(), in(projectGrant(w.elsewhere, "read")))
			wantFault(t, err, fault.KindInvalidInput, "permissions[0].entity_id", "no such project in this organization")
			foreignOrg := map[string]any{"entity_id": w.other.String(), "entity_type": "organizations", "name": "billing", "action": "read"}
			_, err = w.svc.CreateAPIKey(w.owner(), in(foreignOrg))
			wantFault(t, err, fault.KindInvalidInput, "permissions[0].entity_id", "must be the current organization")

			created, err := w.svc.CreateAPIKey(w.member(), in(projectGrant(w.one, "read")))
			if err != nil {
				t.Fatal(err)
			}
			k := created.Key
			if !strings.HasPrefix(created.Secret, org.APIKeyPrefix) || k.SecretHash != auth.HashToken(created.Secret) ||
				k.Last4 != created.Secret[len(created.Secret)-4:] || k.Origin != "https://app.example.com" || k.CreatedBy != w.cyd.ID {
				t.Fatalf("created %+v with secret %q", k, created.Secret)
			}

			// The key reads itself; users are told to send one.
			own, err := w.svc.CallerKey(w.key(k.ID, k.Grants...))
			if err != nil || own.ID != k.ID {
				t.Fatalf("CallerKey = %v, %v", own, err)
			}
			_, err = w.svc.CallerKey(w.owner())
			wantFault(t, err, fault.KindForbidden, "", "send an API key in X-API-Key")

			list, err := w.svc.APIKeys(w.owner(), org.Page{})
			if err != nil || len(list.Edges) != 1 {
				t.Fatalf("APIKeys = %+v, %v", list, err)
			}
			if id, err := w.svc.DeleteAPIKey(w.owner(), k.ID); err != nil || id != k.ID {
				t.Fatalf("DeleteAPIKey = %v, %v", id, err)
			}
			if n := w.client.APIKey.Query().CountX(w.system); n != 0 {
				t.Fatalf("%d keys after the delete", n)
			}
		})
	}
}

func TestAPIKeyInputRules(t *testing.T) {
	w := newWorld(t, testdb.Dialects(t)[0])
	ok := org.APIKeyInput{Name: "ci", Origin: "*", Permissions: []any{projectGrant(w.one, "read")}, ExpiresAt: time.Now().Add(time.Hour)}
	for _, c := range []struct {
		edit         func(*org.APIKeyInput)
		field, msgIn string
	}{
		{func(in *org.APIKeyInput) { in.Name = " x " }, "name", "must be 2 to 255 characters"},
		{func(in *org.APIKeyInput) { in.Name = strings.Repeat("n", 256) }, "name", "must be 2 to 255 characters"},
		{func(in *org.APIKeyInput) { in.Origin = "ftp://files.example.com" }, "origin", "must be an origin"},
		{func(in *org.APIKeyInput) { in.Origin = "https://app.example.com/path" }, "origin", "must be an origin"},
		{func(in *org.APIKeyInput) { in.Origin = "a*.example.com" }, "origin", "must be an origin"},
		{func(in *org.APIKeyInput) { in.Origin = "user@example.com" }, "origin", "must be an origin"},
		{func(in *org.APIKeyInput) { in.ExpiresAt = time.Now().Add(-time.Second) }, "expiresAt", "must be in the future"},
		{func(in *org.APIKeyInput) { in.Permissions = nil }, "permissions", "is required"},
	} {
		in := ok
		c.edit(&in)
		_, err := w.svc.CreateAPIKey(w.owner(), in)
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.KindInvalidInput || fe.Field != c.field || !strings.Contains(fe.Message, c.msgIn) {
			t.Errorf("%+v: got %v, want INVALID_INPUT on %s", in, err, c.field)
		}
	}
	for _, origin := range []string{"*", "app.example.com", "*.example.com", "http://localhost:3000", "app.example.com:8443"} {
		in := ok
		in.Origin, in.Name = origin, "key for "+origin
		if _, err := w.svc.CreateAPIKey(w.owner(), in); err != nil {
			t.Errorf("origin %q refused: %v", origin, err)
		}
	}
	_, err := w.svc.CreateAPIKey(w.key(uuid.New()), ok)
	wantFault(t, err, fault.KindForbidden, "", "this operation needs a signed-in user, not an API key")
	_, err = w.svc.CreateAPIKey(w.as(w.eve, uuid.Nil, ""), ok)
	wantFault(t, err, fault.KindForbidden, "", "no current organization: switch to one of yours first")
}
