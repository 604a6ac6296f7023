package tenancy

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// bulkMutation is a change of many rows (Update, Delete): every generated
// mutation can narrow its rows and list them.
type bulkMutation interface {
	WhereP(...func(*sql.Selector))
	IDs(ctx context.Context) ([]uuid.UUID, error)
}

// mover is a rule whose rows have a place (folder content): a change of many rows
// that moves them is decided on where they go as well.
type mover interface {
	// moves reports whether m changes the place of its rows.
	moves(m ent.Mutation) bool
	// decideMoves checks that p may write where m puts the rows ids.
	decideMoves(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, ids []uuid.UUID) error
}

// checkBulk decides a change of many rows before anything is written. Every row
// the change reaches that the principal may see must be one it may change (a
// change that would skip some is refused whole, FORBIDDEN, rather than reported
// as a success that changed fewer rows); rows it may not see stay out of reach,
// as in a query. A move is also decided on its destination.
func checkBulk(ctx context.Context, r Rule, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	pred, err := r.filter(ctx, p, a)
	if err != nil {
		return err
	}
	mv, isMover := r.(mover)
	moves := isMover && mv.moves(m)
	if pred == nil && !moves {
		return nil
	}
	bulk, ok := m.(bulkMutation)
	if !ok {
		return fmt.Errorf("tenancy: %s %s cannot be restricted", m.Type(), m.Op())
	}
	var visible []uuid.UUID
	if pred != nil {
		// The entity's interceptor keeps this list to the rows p may read.
		if visible, err = bulk.IDs(ctx); err != nil {
			return err
		}
		bulk.WhereP(pred)
	}
	allowed, err := bulk.IDs(ctx)
	if err != nil {
		return err
	}
	if pred != nil && len(allowed) < len(visible) {
		return denied("not allowed: %s %s needs the %s permission on every one of them (%d of %d lack it)",
			bulkVerb(a), entityName(m), a, len(visible)-len(allowed), len(visible))
	}
	if !moves {
		return nil
	}
	db, err := mutationDB(m)
	if err != nil {
		return err
	}
	return mv.decideMoves(ctx, db, m, p, allowed)
}

func bulkVerb(a perm.Action) string {
	if a == perm.Delete {
		return "deleting these"
	}
	return "changing these"
}

// entityName is a mutation's entity in lower case, for messages.
func entityName(m ent.Mutation) string { return strings.ToLower(m.Type()) + " rows" }
