package graph

import (
	"context"
	"encoding/json"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/vidra-dev/vidra/internal/idempotency"
)

// idempotentMutations applies the request extension idempotencyKey of a
// mutation (package idempotency): the same key and request within 24 hours
// replay the first response (with the response extension idempotencyReplayed:
// true), a request still running with the key is CONFLICT, the key with
// another request (query, operation name or variables) is INVALID_INPUT. Only a
// response without errors is stored, and without the one-time secrets it
// shows (storedBody). It wraps the mutation's transaction, so a
// stored response is one that committed.
type idempotentMutations struct {
	r *Resolver
}

var (
	_ graphql.HandlerExtension    = idempotentMutations{}
	_ graphql.ResponseInterceptor = idempotentMutations{}
)

// ExtensionName names the extension.
func (idempotentMutations) ExtensionName() string { return "IdempotentMutations" }

// Validate accepts any schema.
func (idempotentMutations) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptResponse claims the key, then runs, replays or refuses the mutation.
func (e idempotentMutations) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	if !graphql.HasOperationContext(ctx) || e.r.idempotency == nil {
		return next(ctx)
	}
	oc := graphql.GetOperationContext(ctx)
	raw, present := oc.Extensions[idempotency.Extension]
	if !present || oc.Operation == nil || oc.Operation.Operation != ast.Mutation {
		return next(ctx)
	}
	key, _ := raw.(string)
	scope, ok := idempotency.ScopeOf(ctx)
	if !ok {
		return next(ctx) // anonymous: no caller to scope the key to
	}
	if err := idempotency.CheckKey(key); err != nil {
		return e.fail(ctx, Errorf(KindBadRequest, "extensions.%s: %s", idempotency.Extension, err.Error()))
	}
	hash, err := idempotency.Hash(oc.RawQuery, oc.OperationName, oc.Variables)
	if err != nil {
		return e.fail(ctx, Errorf(KindBadRequest, "the request could not be read for its idempotency key: %s", err.Error()))
	}
	out, err := e.r.idempotency.Begin(ctx, scope, key, hash)
	if err != nil {
		return e.fail(ctx, err)
	}
	switch out.Verdict {
	case idempotency.Replay:
		var resp graphql.Response
		if err := json.Unmarshal(out.Body, &resp); err != nil {
			return e.fail(ctx, err)
		}
		if resp.Extensions == nil {
			resp.Extensions = map[string]any{}
		}
		resp.Extensions["idempotencyReplayed"] = true
		return &resp
	case idempotency.InProgress:
		return e.fail(ctx, Errorf(KindConflict, "a request with this idempotency key is still running; retry when it has finished"))
	case idempotency.Mismatch:
		return e.fail(ctx, Errorf(KindInvalidInput, "this idempotency key was used for a different request in the last 24 hours; use a new key"))
	}
	ctx, secrets := idempotency.WithSecrets(ctx)
	resp := next(ctx)
	if resp != nil && len(resp.Errors) == 0 {
		body, err := storedBody(resp, secrets)
		if err == nil {
			err = e.r.idempotency.Complete(ctx, out.ID, 200, "application/json", body)
		}
		if err != nil {
			e.r.log.ErrorContext(ctx, "idempotency key: storing the response failed", "err", err)
		}
		return resp
	}
	if err := e.r.idempotency.Release(ctx, out.ID); err != nil {
		e.r.log.ErrorContext(ctx, "idempotency key: release failed", "err", err)
	}
	return resp
}

// storedBody is the response as the idempotency record keeps it: without the
// one-time secrets it shows, each replaced by idempotency.Withheld, and then
// with the response extension idempotencySecretsWithheld: true, so that a
// replay says why.
func storedBody(resp *graphql.Response, secrets *idempotency.Secrets) ([]byte, error) {
	body, err := json.Marshal(resp)
	if err != nil {
		return nil, err
	}
	body, withheld := secrets.Withhold(body)
	if !withheld {
		return body, nil
	}
	var stored map[string]json.RawMessage
	if err := json.Unmarshal(body, &stored); err != nil {
		return nil, err
	}
	ext := map[string]any{}
	if raw, ok := stored["extensions"]; ok {
		if err := json.Unmarshal(raw, &ext); err != nil {
			return nil, err
		}
	}
	ext[idempotency.SecretsWithheldExt] = true
	if stored["extensions"], err = json.Marshal(ext); err != nil {
		return nil, err
	}
	return json.Marshal(stored)
}

// fail answers the operation with one error, presented as every other.
func (e idempotentMutations) fail(ctx context.Context, err error) *graphql.Response {
	return &graphql.Response{Errors: gqlerror.List{e.r.presentError(ctx, err)}}
}
