package usage

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/storedobject"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Object is a stretch of storage to record: blobs a change stored.
type Object struct {
	Organization, Project uuid.UUID
	// Video is the video the blobs belong to, when they belong to one.
	Video        uuid.UUID
	Key          string
	Bytes        int64
	VideoSeconds float64
	At           time.Time
}

// Store records o as stored from o.At, in the caller's transaction (tx is the
// transaction's client), so storage is billed exactly when the change commits.
func Store(ctx context.Context, tx *ent.Client, o Object) error {
	ctx = tenancy.RoutineContext(ctx, "stored object")
	c := tx.StoredObject.Create().
		SetOrganizationID(o.Organization).SetProjectID(o.Project).
		SetKey(o.Key).SetBytes(o.Bytes).SetVideoSeconds(o.VideoSeconds).
		SetCreatedAt(o.At).SetUpdatedAt(o.At)
	if o.Video != uuid.Nil {
		c.SetVideoID(o.Video)
	}
	if err := c.Exec(ctx); err != nil {
		return fmt.Errorf("record stored object %s: %w", o.Key, err)
	}
	return nil
}

// Unstore marks the project's stored objects whose key is key (or starts with
// it, when prefix) removed at at, in the caller's transaction: the change that
// owes the blobs' removal ends their billing.
func Unstore(ctx context.Context, tx *ent.Client, project uuid.UUID, key string, prefix bool, at time.Time) error {
	ctx = tenancy.RoutineContext(ctx, "stored object removed")
	match := storedobject.Key(key)
	if prefix {
		match = storedobject.KeyHasPrefix(key)
	}
	if _, err := tx.StoredObject.Update().
		Where(storedobject.ProjectID(project), match, storedobject.DeletedAtIsNil()).
		SetDeletedAt(at).
		Save(ctx); err != nil {
		return fmt.Errorf("end stored objects %s: %w", key, err)
	}
	return nil
}

// UnstoreVideo marks the stored objects of a video whose key starts with
// prefix removed at at (a reprocessing clears the HLS output, say), in tx.
func UnstoreVideo(ctx context.Context, tx *ent.Client, video uuid.UUID, prefix string, at time.Time) error {
	ctx = tenancy.RoutineContext(ctx, "stored object removed")
	if _, err := tx.StoredObject.Update().
		Where(storedobject.VideoID(video), storedobject.KeyHasPrefix(prefix), storedobject.DeletedAtIsNil()).
		SetDeletedAt(at).
		Save(ctx); err != nil {
		return fmt.Errorf("end stored objects of video %s: %w", video, err)
	}
	return nil
}

// OrganizationOf is the organization of a project, deleted or not, read
// through client (a transaction's client reads in the transaction).
func OrganizationOf(ctx context.Context, client *ent.Client, project uuid.UUID) (uuid.UUID, error) {
	rows, err := client.QueryContext(ctx, "SELECT organization_id FROM projects WHERE id = $1", project)
	if err != nil {
		return uuid.Nil, err
	}
	defer func() { _ = rows.Close() }()
	var org uuid.UUID
	if !rows.Next() {
		return uuid.Nil, errors.Join(fmt.Errorf("project %s not found", project), rows.Err())
	}
	if err := rows.Scan(&org); err != nil {
		return uuid.Nil, err
	}
	return org, rows.Close()
}
