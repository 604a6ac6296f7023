package rest

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"github.com/vidra-dev/vidra/internal/idempotency"
)

// recorder keeps a copy of what a handler writes, for the idempotency store.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.body.Write(p)
	return r.ResponseWriter.Write(p)
}

// idempotent applies the Idempotency-Key of a POST (package idempotency) once
// its variables are read: it answers a replay, a request still running (409) or
// a key reused for another request (422) itself and reports false; otherwise it
// returns the writer to serve with and the function to call when the request
// has been answered (which stores a success or releases the key).
//
// The request it returns notes the one-time secrets the response shows
// (idempotency.NoteSecret): the stored response has each replaced by
// idempotency.Withheld, and its replay carries Idempotency-Secrets-Withheld:
// true.
func (h *Handler) idempotent(w http.ResponseWriter, r *http.Request, c *compiled, vars map[string]any) (http.ResponseWriter, *http.Request, func(), bool) {
	key := strings.TrimSpace(r.Header.Get(idempotency.Header))
	scope, ok := idempotency.ScopeOf(r.Context())
	if h.opts.Idempotency == nil || c.Method != http.MethodPost || key == "" || !ok {
		return w, r, func() {}, true
	}
	if err := idempotency.CheckKey(key); err != nil {
		field := idempotency.Header
		writeFailure(w, http.StatusBadRequest, err.Error(), []fieldError{{Field: &field, Message: err.Error()}})
		return nil, nil, nil, false
	}
	ctx := r.Context()
	hash, err := idempotency.Hash(c.Method, r.URL.Path, r.URL.RawQuery, vars)
	if err != nil {
		writeFailure(w, http.StatusBadRequest, "the request could not be read for its Idempotency-Key: "+err.Error(), nil)
		return nil, nil, nil, false
	}
	out, err := h.opts.Idempotency.Begin(ctx, scope, key, hash)
	if err != nil {
		h.opts.Log.ErrorContext(ctx, "idempotency key", "err", err)
		writeFailure(w, http.StatusInternalServerError, "internal error", nil)
		return nil, nil, nil, false
	}
	switch out.Verdict {
	case idempotency.Replay:
		w.Header().Set("Content-Type", out.ContentType)
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set(idempotency.ReplayedHeader, "true")
		if idempotency.HasWithheld(out.Body) {
			w.Header().Set(idempotency.SecretsWithheldHeader, "true")
		}
		w.WriteHeader(out.Status)
		_, _ = w.Write(out.Body)
		return nil, nil, nil, false
	case idempotency.InProgress:
		w.Header().Set("Retry-After", strconv.Itoa(1))
		writeFailure(w, http.StatusConflict, "a request with this Idempotency-Key is still running; retry when it has finished", nil)
		return nil, nil, nil, false
	case idempotency.Mismatch:
		field := idempotency.Header
		msg := "this Idempotency-Key was used for a different request in the last 24 hours; use a new key"
		writeFailure(w, http.StatusUnprocessableEntity, msg, []fieldError{{Field: &field, Message: msg}})
		return nil, nil, nil, false
	}
	rec := &recorder{ResponseWriter: w}
	sctx, secrets := idempotency.WithSecrets(ctx)
	done := func() {
		var err error
		if rec.status >= 200 && rec.status < 300 {
			body, _ := secrets.Withhold(rec.body.Bytes())
			err = h.opts.Idempotency.Complete(ctx, out.ID, rec.status, rec.Header().Get("Content-Type"), body)
		} else {
			err = h.opts.Idempotency.Release(ctx, out.ID)
		}
		if err != nil {
			h.opts.Log.ErrorContext(ctx, "idempotency key: storing the outcome failed", "err", err)
		}
	}
	return rec, r.WithContext(sctx), done, true
}
