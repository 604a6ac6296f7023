package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"
)

// writeManyChunk is how many records one INSERT writes (13 values each). The
// embedded SQLite driver's cost of binding grows faster than the number of
// values ($n placeholders): 500 records per statement took 8 s for 20,000
// records, 50 per statement a fraction of it.
const writeManyChunk = 50

// WriteMany inserts records on db in multi-row INSERTs: the server's bulk jobs
// (the billing period close) audit thousands of rows without a round trip per
// row. Each record is what the Hook would have written for its row.
func WriteMany(ctx context.Context, db execer, entries []Entry) error {
	for start := 0; start < len(entries); start += writeManyChunk {
		chunk := entries[start:min(start+writeManyChunk, len(entries))]
		var b strings.Builder
		b.WriteString(`INSERT INTO audit_logs (id, created_at, updated_at, organization_id, actor_type, actor_id,
		action, entity_type, entity_id, operation, address, user_agent, changes) VALUES `)
		args := make([]any, 0, len(chunk)*13)
		for i, e := range chunk {
			var changes any
			if e.Changes != nil {
				raw, err := json.Marshal(e.Changes)
				if err != nil {
					return fmt.Errorf("audit: changes: %w", err)
				}
				changes = string(raw)
			}
			if i > 0 {
				b.WriteString(", ")
			}
			n := len(args)
			fmt.Fprintf(&b, "($%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d)",
				n+1, n+2, n+3, n+4, n+5, n+6, n+7, n+8, n+9, n+10, n+11, n+12, n+13)
			args = append(args, uuid.Must(uuid.NewV7()), e.OccurredAt, e.OccurredAt, nullable(e.OrganizationID), e.ActorType,
				nullable(e.ActorID), e.Action, e.EntityType, nullable(e.EntityID), e.Operation, e.Address, e.UserAgent, changes)
		}
		if _, err := db.ExecContext(ctx, b.String(), args...); err != nil {
			return fmt.Errorf("audit: write: %w", err)
		}
	}
	return nil
}
