package usage

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
)

// CellsForTest is one project-hour's counters, for tests of writeFlush.
func CellsForTest(project uuid.UUID, at time.Time, bytes, ms int64) map[cellKey]cell {
	return map[cellKey]cell{{project: project, hour: at.Unix() - at.Unix()%3600}: {bytes: bytes, ms: ms}}
}

// WriteFlushForTest is writeFlush, for tests.
func WriteFlushForTest(ctx context.Context, client *ent.Client, id uuid.UUID, cells map[cellKey]cell) error {
	return writeFlush(ctx, client, id, cells)
}
