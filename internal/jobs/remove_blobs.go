package jobs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/ent/video"
)

// RemoveBlobsArgs asks for the blobs that one recorded blob deletion owes (a key,
// or every key under a prefix) to be removed from blob storage.
type RemoveBlobsArgs struct {
	DeletionID uuid.UUID `json:"deletion_id"`
}

// Kind names the job.
func (RemoveBlobsArgs) Kind() string { return "remove_blobs" }

// InsertOpts put the job on the maintenance queue, unique per deletion while one
// is live, retried with backoff (storage may be briefly unreachable).
func (RemoveBlobsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMaintenance,
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

type removeBlobsWorker struct {
	river.WorkerDefaults[RemoveBlobsArgs]
	p *Pipeline
}

// Work removes the blobs, then the deletion row; on failure River retries, and
// after its last attempt the row stays for the sweeper to queue it again.
func (w *removeBlobsWorker) Work(ctx context.Context, job *river.Job[RemoveBlobsArgs]) error {
	return w.p.removeBlobs(ctx, job.Args.DeletionID)
}

// removeBlobs carries out one recorded blob deletion.
func (p *Pipeline) removeBlobs(ctx context.Context, id uuid.UUID) error {
	d, err := p.Client.BlobDeletion.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil // done already
	}
	if err != nil {
		return err
	}
	owner, err := p.ownerStillExists(ctx, d.Key)
	if err != nil {
		return err
	}
	if owner != "" {
		// A deletion recorded by a change that did not delete (a refused delete
		// that committed) must not remove media still in use.
		p.Log.WarnContext(ctx, "blob deletion dropped: its owner still exists",
			"blob_deletion_id", id, "key", d.Key, "owner", owner, "reason", d.Reason)
		return p.Client.BlobDeletion.DeleteOneID(id).Exec(ctx)
	}
	keys := []string{d.Key}
	if d.Prefix {
		if keys, err = listKeys(ctx, p.Bucket, d.Key); err != nil {
			return err
		}
	}
	for _, key := range keys {
		if err := p.Bucket.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return fmt.Errorf("remove blob %s: %w", key, err)
		}
	}
	if len(keys) > 0 {
		p.Log.InfoContext(ctx, "removed blobs", "blob_deletion_id", id, "key", d.Key, "prefix", d.Prefix, "blobs", len(keys), "reason", d.Reason)
	}
	return p.Client.BlobDeletion.DeleteOneID(id).Exec(ctx)
}

// listKeys returns every key under prefix.
func listKeys(ctx context.Context, b *blob.Bucket, prefix string) ([]string, error) {
	var keys []string
	it := b.List(&blob.ListOptions{Prefix: prefix})
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			return keys, nil
		}
		if err != nil {
			return nil, fmt.Errorf("list blobs under %s: %w", prefix, err)
		}
		if !obj.IsDir {
			keys = append(keys, obj.Key)
		}
	}
}

// ownerStillExists names the video or project whose whole folder key is, when
// that video still exists or that project is not deleted; empty otherwise (and
// for single blobs, whose keys are never reused).
func (p *Pipeline) ownerStillExists(ctx context.Context, key string) (string, error) {
	parts := strings.Split(strings.TrimSuffix(key, "/"), "/")
	var videoID, projectID uuid.UUID
	var err error
	switch {
	case len(parts) == 2 && parts[0] == "videos": // videos/<video>/
		videoID, err = uuid.Parse(parts[1])
	case len(parts) == 4 && parts[0] == "projects" && parts[2] == "videos": // projects/<project>/videos/<video>/
		videoID, err = uuid.Parse(parts[3])
	case len(parts) == 2 && parts[0] == "projects": // projects/<project>/
		projectID, err = uuid.Parse(parts[1])
	default:
		return "", nil
	}
	if err != nil {
		return "", nil
	}
	if videoID != uuid.Nil {
		found, err := p.Client.Video.Query().Where(video.ID(videoID)).Exist(ctx)
		if found {
			return "video " + videoID.String(), err
		}
		return "", err
	}
	found, err := p.Client.Project.Query().Where(project.ID(projectID), project.DeletedAtIsNil()).Exist(ctx)
	if found {
		return "project " + projectID.String(), err
	}
	return "", err
}

// RemoveBlobsAfterCommit is the ent hook that queues the removal of every blob
// deletion recorded, once the change that recorded it has committed (at once
// when it ran outside a transaction): never before, so a change that rolls back
// removes nothing. A job lost to a crash meanwhile is queued by the sweeper.
func RemoveBlobsAfterCommit(queue *Queue, log *slog.Logger) ent.Hook {
	return func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			v, err := next.Mutate(ctx, m)
			bm, ok := m.(*ent.BlobDeletionMutation)
			if err != nil || !ok || !m.Op().Is(ent.OpCreate) {
				return v, err
			}
			id, ok := bm.ID()
			if !ok {
				return v, err
			}
			insert := func(ctx context.Context) {
				if err := queue.Insert(context.WithoutCancel(ctx), RemoveBlobsArgs{DeletionID: id}); err != nil {
					log.WarnContext(ctx, "queue blob removal (the sweeper will retry)", "blob_deletion_id", id, "err", err)
				}
			}
			tx, txErr := bm.Tx()
			if txErr != nil {
				insert(ctx)
				return v, err
			}
			tx.OnCommit(func(next ent.Committer) ent.Committer {
				return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
					if err := next.Commit(ctx, tx); err != nil {
						return err
					}
					insert(ctx)
					return nil
				})
			})
			return v, err
		})
	}
}
