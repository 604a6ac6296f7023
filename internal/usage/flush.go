package usage

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/usageflush"
	"github.com/vidra-dev/vidra/ent/usagehourly"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// writeFlush adds cells to usage_hourly in one transaction that also inserts
// the usage_flush row id. When that row exists already (a commit whose
// acknowledgement was lost), nothing is added again.
func writeFlush(ctx context.Context, client *ent.Client, id uuid.UUID, cells map[cellKey]cell) error {
	ctx = tenancy.RoutineContext(ctx, "usage flush")
	done, err := client.UsageFlush.Query().Where(usageflush.ID(id)).Exist(ctx)
	if err != nil {
		return fmt.Errorf("usage flush: %w", err)
	}
	if done {
		return nil
	}
	orgs, err := projectOrgs(ctx, client, cells)
	if err != nil {
		return err
	}
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	n := 0
	for k, c := range cells {
		org, ok := orgs[k.project]
		if !ok {
			// The project's row is gone (never in practice: projects are
			// marked deleted); its usage cannot be billed to anyone.
			continue
		}
		hour := time.Unix(k.hour, 0).UTC()
		for _, q := range []struct {
			metric string
			n      int64
		}{{DeliveredBytes, c.bytes}, {DeliveredSeconds, c.ms}} {
			if q.n == 0 {
				continue
			}
			err = tx.UsageHourly.Create().
				SetOrganizationID(org).SetProjectID(k.project).
				SetMetric(hourlyMetric(q.metric)).SetHour(hour).SetQuantity(q.n).
				OnConflictColumns(usagehourly.FieldProjectID, usagehourly.FieldMetric, usagehourly.FieldHour).
				Update(func(u *ent.UsageHourlyUpsert) {
					u.AddQuantity(q.n)
					u.UpdateUpdatedAt()
				}).
				Exec(ctx)
			if err != nil {
				return errors.Join(fmt.Errorf("usage flush: %w", err), tx.Rollback())
			}
			n++
		}
	}
	if err := tx.UsageFlush.Create().SetID(id).SetCells(n).Exec(ctx); err != nil {
		err = errors.Join(err, tx.Rollback())
		if ent.IsConstraintError(err) {
			return nil // another attempt of this flush committed meanwhile
		}
		return fmt.Errorf("usage flush: %w", err)
	}
	return tx.Commit()
}

// projectOrgs maps the projects of cells to their organizations, deleted
// projects too (their usage until deletion is billed; the ent query would hide
// them, so this reads the table).
func projectOrgs(ctx context.Context, client *ent.Client, cells map[cellKey]cell) (map[uuid.UUID]uuid.UUID, error) {
	seen := map[uuid.UUID]bool{}
	args := make([]any, 0, len(cells))
	var q strings.Builder
	q.WriteString("SELECT id, organization_id FROM projects WHERE id IN (")
	for k := range cells {
		if seen[k.project] {
			continue
		}
		seen[k.project] = true
		if len(args) > 0 {
			q.WriteString(", ")
		}
		args = append(args, k.project)
		fmt.Fprintf(&q, "$%d", len(args))
	}
	q.WriteString(")")
	rows, err := client.QueryContext(ctx, q.String(), args...)
	if err != nil {
		return nil, fmt.Errorf("usage flush: projects: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := make(map[uuid.UUID]uuid.UUID, len(args))
	for rows.Next() {
		var id, org uuid.UUID
		if err := rows.Scan(&id, &org); err != nil {
			return nil, fmt.Errorf("usage flush: projects: %w", err)
		}
		out[id] = org
	}
	return out, rows.Err()
}

// pruneFlushes deletes the usage_flush rows written before cutoff.
func pruneFlushes(ctx context.Context, client *ent.Client, cutoff time.Time) error {
	ctx = tenancy.RoutineContext(ctx, "usage flush prune")
	_, err := client.UsageFlush.Delete().Where(usageflush.CreatedAtLT(cutoff)).Exec(ctx)
	return err
}
