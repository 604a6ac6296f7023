// Package idempotency makes a retried POST safe: a REST POST with an
// Idempotency-Key header, or a GraphQL mutation with the request extension
// idempotencyKey, runs once per caller and key. The semantics are those of
// payment APIs:
//
//   - the same key and the same request within 24 hours replay the first
//     response (status and body; REST adds Idempotency-Replayed: true);
//   - the same key with a different request is refused (422);
//   - a retry while the first request is still running is refused (409).
//
// Only a success is stored. A request that is refused or fails (any 4xx or 5xx,
// or a GraphQL response with errors) releases its key, so the corrected or
// retried request runs. (Stripe instead stores the result of any request that
// started executing, errors included; Vidra keeps the simpler rule, because its
// failures leave nothing behind to protect.) Keys are scoped to the caller: a
// user in its current organization, an API key, or the admin key; anonymous
// requests ignore the key. Rows live in the idempotency_keys table, so every
// replica sees them; a periodic job removes the expired ones.
package idempotency

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/idempotencykey"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Header is the REST request header of the key; ReplayedHeader marks a
// replayed response; Extension is the GraphQL request extension of the key.
const (
	Header         = "Idempotency-Key"
	ReplayedHeader = "Idempotency-Replayed"
	Extension      = "idempotencyKey"
)

// TTL is how long a key is remembered; AbandonAfter is how long a request may
// run before its key is taken over by a retry (its process is taken as dead).
const (
	TTL          = 24 * time.Hour
	AbandonAfter = 10 * time.Minute
	maxKeyLen    = 255
)

// Verdict is what Begin decided for a request.
type Verdict int

// The verdicts: run the request (and then Complete or Release it), replay the
// stored response, refuse as still running, or refuse as another request.
const (
	Proceed Verdict = iota
	Replay
	InProgress
	Mismatch
)

// Outcome is Begin's answer: the verdict, the row to complete or release
// (Proceed), and the stored response (Replay).
type Outcome struct {
	Verdict     Verdict
	ID          uuid.UUID
	Status      int
	ContentType string
	Body        []byte
}

// Store keeps the keys in the database.
type Store struct {
	// Client is the database.
	Client *ent.Client
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// CheckKey validates a client's key: 1 to 255 printable ASCII characters.
func CheckKey(key string) error {
	if key == "" || len(key) > maxKeyLen {
		return fmt.Errorf("%s must be 1 to %d characters", Header, maxKeyLen)
	}
	for _, c := range key {
		if c < 0x21 || c > 0x7e {
			return fmt.Errorf("%s must be printable ASCII without spaces", Header)
		}
	}
	return nil
}

// ScopeOf is the caller a key belongs to, and false for an anonymous request
// (whose key is ignored).
func ScopeOf(ctx context.Context) (string, bool) {
	if auth.IsAdmin(ctx) {
		return "admin", true
	}
	p := auth.FromContext(ctx)
	switch {
	case p == nil:
		return "", false
	case p.Kind == auth.KindAPIKey:
		return "api_key:" + p.APIKeyID.String() + ":org:" + p.OrganizationID.String(), true
	default:
		return "user:" + p.UserID.String() + ":org:" + p.OrganizationID.String(), true
	}
}

// sys is the context of the store's queries: the rows are the server's own.
func sys(ctx context.Context) context.Context {
	return tenancy.CredentialContext(context.WithoutCancel(ctx), "idempotency key")
}

// Begin claims key for the request whose hash is given, or says why not.
func (s *Store) Begin(ctx context.Context, scope, key, hash string) (Outcome, error) {
	ctx = sys(ctx)
	for range 3 {
		now := s.now()
		// An expired key may be used again before the cleanup job removes it.
		if _, err := s.Client.IdempotencyKey.Delete().Where(idempotencykey.Scope(scope), idempotencykey.Key(key),
			idempotencykey.ExpiresAtLTE(now)).Exec(ctx); err != nil {
			return Outcome{}, err
		}
		row, err := s.Client.IdempotencyKey.Create().SetScope(scope).SetKey(key).SetRequestHash(hash).
			SetLockedAt(now).SetExpiresAt(now.Add(TTL)).Save(ctx)
		if err == nil {
			return Outcome{Verdict: Proceed, ID: row.ID}, nil
		}
		if !ent.IsConstraintError(err) {
			return Outcome{}, err
		}
		row, err = s.Client.IdempotencyKey.Query().Where(idempotencykey.Scope(scope), idempotencykey.Key(key)).Only(ctx)
		if ent.IsNotFound(err) {
			continue // released meanwhile: claim it again
		}
		if err != nil {
			return Outcome{}, err
		}
		switch {
		case row.RequestHash != hash:
			return Outcome{Verdict: Mismatch}, nil
		case row.State == idempotencykey.StateDone:
			return Outcome{Verdict: Replay, ID: row.ID, Status: row.ResponseStatus,
				ContentType: row.ResponseContentType, Body: row.ResponseBody}, nil
		case now.Sub(row.LockedAt) < AbandonAfter:
			return Outcome{Verdict: InProgress}, nil
		}
		// Running for longer than any request: its process died. Take it over,
		// unless another retry did first.
		n, err := s.Client.IdempotencyKey.Update().Where(idempotencykey.ID(row.ID),
			idempotencykey.StateEQ(idempotencykey.StateRunning), idempotencykey.LockedAt(row.LockedAt)).
			SetLockedAt(now).Save(ctx)
		if err != nil {
			return Outcome{}, err
		}
		if n == 1 {
			return Outcome{Verdict: Proceed, ID: row.ID}, nil
		}
		return Outcome{Verdict: InProgress}, nil
	}
	return Outcome{Verdict: InProgress}, nil
}

// Complete stores the response of a request that succeeded.
func (s *Store) Complete(ctx context.Context, id uuid.UUID, status int, contentType string, body []byte) error {
	return s.Client.IdempotencyKey.UpdateOneID(id).SetState(idempotencykey.StateDone).
		SetResponseStatus(status).SetResponseContentType(contentType).SetResponseBody(body).Exec(sys(ctx))
}

// Release forgets the key of a request that was refused or failed, so that a
// retry runs.
func (s *Store) Release(ctx context.Context, id uuid.UUID) error {
	err := s.Client.IdempotencyKey.DeleteOneID(id).Exec(sys(ctx))
	if ent.IsNotFound(err) {
		return nil
	}
	return err
}

// DeleteExpired removes the expired keys and says how many.
func (s *Store) DeleteExpired(ctx context.Context) (int, error) {
	return s.Client.IdempotencyKey.Delete().Where(idempotencykey.ExpiresAtLTE(s.now())).Exec(sys(ctx))
}
