package idempotency

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
)

// Withheld takes the place of every one-time secret (an API key, a webhook
// signing secret, a stream key, an upload, playback or access token) in a
// stored response: the secret is shown in the first response only, never
// kept in the idempotency record, and a replay answers this instead (URLs
// that carried the secret carry this in its place). SecretsWithheldHeader
// (REST) and the response extension idempotencySecretsWithheld (GraphQL)
// mark such a replay.
const (
	Withheld              = "[withheld: shown once, not replayed]"
	SecretsWithheldHeader = "Idempotency-Secrets-Withheld"
	SecretsWithheldExt    = "idempotencySecretsWithheld"
)

// minSecretLen is the shortest value taken for a secret: anything shorter
// could match ordinary text of the response.
const minSecretLen = 16

// Secrets are the one-time secrets a request's response shows, noted by the
// code that makes them (NoteSecret) so that the stored response can withhold
// them.
type Secrets struct {
	mu     sync.Mutex
	values [][]byte
}

type secretsKey struct{}

// WithSecrets returns a context in which NoteSecret notes secrets into the
// returned Secrets.
func WithSecrets(ctx context.Context) (context.Context, *Secrets) {
	s := &Secrets{}
	return context.WithValue(ctx, secretsKey{}, s), s
}

// NoteSecret records that the response of ctx's request shows secret. It does
// nothing outside a request with an idempotency key.
func NoteSecret(ctx context.Context, secret string) {
	s, _ := ctx.Value(secretsKey{}).(*Secrets)
	if s == nil || len(secret) < minSecretLen {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.values = append(s.values, []byte(secret))
	// The secret as a JSON string would write it, should it need escapes.
	if enc, err := json.Marshal(secret); err == nil && string(enc[1:len(enc)-1]) != secret {
		s.values = append(s.values, enc[1:len(enc)-1])
	}
}

// Withhold returns body with every noted secret replaced by Withheld, and
// whether there was one. Secrets are opaque tokens, so the body stays valid
// JSON of the same shape.
func (s *Secrets) Withhold(body []byte) ([]byte, bool) {
	if s == nil {
		return body, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	withheld := false
	for _, v := range s.values {
		if bytes.Contains(body, v) {
			body = bytes.ReplaceAll(body, v, []byte(Withheld))
			withheld = true
		}
	}
	return body, withheld
}

// HasWithheld reports whether a stored response had a secret withheld.
func HasWithheld(body []byte) bool { return bytes.Contains(body, []byte(Withheld)) }
