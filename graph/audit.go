package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/textcut"
)

// recordMutations is the root-field middleware of the audit log: each mutation
// runs in an audit scope, so that the ent hook records every row it changes in
// the same transaction; a mutation that changed no row is recorded once itself.
func (r *Resolver) recordMutations(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Object != "Mutation" || fc.Field.Field == nil {
		return next(ctx)
	}
	req := auth.RequestFrom(ctx)
	scope := &audit.Scope{Action: fc.Field.Name, Address: req.IP, UserAgent: textcut.UTF8(req.UserAgent, 1024)}
	ctx = audit.WithScope(ctx, scope)
	res, err := next(ctx)
	if err != nil || scope.Recorded > 0 {
		return res, err
	}
	if werr := audit.Write(ctx, r.db(ctx), audit.NewEntry(ctx, scope)); werr != nil {
		return nil, werr
	}
	return res, nil
}
