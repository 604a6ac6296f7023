package upload

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	tusd "github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/uploadlock"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// LeaseLocker is tusd's locker over upload_locks rows, so that the replicas on
// one database never write one upload at once: a lock is a lease the holder
// renews every Renew and that lapses after TTL when its process died. A request
// waiting for a held upload asks the holder to let go (the row's
// release_requested, which the holder reads when it renews), as tusd's lock
// handover does within one process, and takes the lease once it is free or has
// lapsed. tusd ships file, memory and (separately) etcd/Redis lockers; none
// works across replicas sharing only the database, hence this one.
type LeaseLocker struct {
	Client *ent.Client
	Log    *slog.Logger
	// TTL is how long a lease lasts unrenewed (default 10 s); Renew how often the
	// holder renews it and reads release requests (default 1 s); Poll how often a
	// waiting request tries again (default 200 ms).
	TTL, Renew, Poll time.Duration

	once    sync.Once
	process string
}

// NewLock implements tusd.Locker.
func (l *LeaseLocker) NewLock(id string) (tusd.Lock, error) {
	l.once.Do(func() {
		b := make([]byte, 6)
		_, _ = rand.Read(b)
		l.process = hex.EncodeToString(b)
		if l.TTL <= 0 {
			l.TTL = 10 * time.Second
		}
		if l.Renew <= 0 {
			l.Renew = time.Second
		}
		if l.Poll <= 0 {
			l.Poll = 200 * time.Millisecond
		}
	})
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return &leaseLock{l: l, upload: objectID(id), holder: l.process + "/" + hex.EncodeToString(b)}, nil
}

// objectID is the part of a tus upload id that names the upload in Vidra's rows:
// the S3 store appends "+<multipart id>" to the id Vidra gave it.
func objectID(id string) string {
	if i := strings.IndexByte(id, '+'); i >= 0 {
		return id[:i]
	}
	return id
}

// leaseLock is one request's lock on one upload.
type leaseLock struct {
	l      *LeaseLocker
	upload string
	holder string
	stop   chan struct{}
	done   chan struct{}
}

// lockContext is the context of the lock's own statements: the upload request's
// bookkeeping, authorised by its upload token (logged at debug level, as they
// run every second while an upload is written).
func lockContext(ctx context.Context) context.Context {
	return tenancy.TokenContext(ctx, "upload lock")
}

// Lock takes the lease, waiting (and asking the holder to let go) until ctx ends.
func (k *leaseLock) Lock(ctx context.Context, requestRelease func()) error {
	sctx := lockContext(ctx)
	asked := false
	for {
		ok, err := k.tryAcquire(sctx)
		if err != nil {
			return err
		}
		if ok {
			k.stop, k.done = make(chan struct{}), make(chan struct{})
			go k.keep(requestRelease)
			return nil
		}
		if !asked {
			if err := k.l.Client.UploadLock.Update().
				Where(uploadlock.UploadID(k.upload), uploadlock.HolderNEQ(k.holder)).
				SetReleaseRequested(true).Exec(sctx); err != nil {
				return err
			}
			asked = true
		}
		select {
		case <-ctx.Done():
			return tusd.ErrLockTimeout
		case <-time.After(k.l.Poll):
		}
	}
}

// tryAcquire inserts the lease, or takes over one that has lapsed.
func (k *leaseLock) tryAcquire(ctx context.Context) (bool, error) {
	now := time.Now()
	err := k.l.Client.UploadLock.Create().
		SetUploadID(k.upload).SetHolder(k.holder).SetExpiresAt(now.Add(k.l.TTL)).
		OnConflictColumns(uploadlock.FieldUploadID).DoNothing().Exec(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) { // PostgreSQL: nothing returned on conflict
		return false, err
	}
	n, err := k.l.Client.UploadLock.Update().
		Where(uploadlock.UploadID(k.upload), uploadlock.Or(uploadlock.Holder(k.holder), uploadlock.ExpiresAtLT(now))).
		SetHolder(k.holder).SetExpiresAt(now.Add(k.l.TTL)).SetReleaseRequested(false).
		Save(ctx)
	return n == 1, err
}

// keep renews the lease until Unlock, and passes a release request (or a lost
// lease) on to tusd, which then ends the request holding the lock.
func (k *leaseLock) keep(requestRelease func()) {
	defer close(k.done)
	ctx := lockContext(context.Background())
	t := time.NewTicker(k.l.Renew)
	defer t.Stop()
	released := false
	for {
		select {
		case <-k.stop:
			return
		case <-t.C:
		}
		n, err := k.l.Client.UploadLock.Update().
			Where(uploadlock.UploadID(k.upload), uploadlock.Holder(k.holder)).
			SetExpiresAt(time.Now().Add(k.l.TTL)).Save(ctx)
		if err != nil {
			k.l.Log.WarnContext(ctx, "renew upload lock", "upload_id", k.upload, "err", err)
			continue
		}
		wanted := n == 0
		if !wanted {
			wanted, err = k.l.Client.UploadLock.Query().
				Where(uploadlock.UploadID(k.upload), uploadlock.Holder(k.holder), uploadlock.ReleaseRequested(true)).
				Exist(ctx)
			if err != nil {
				continue
			}
		}
		if wanted && !released && requestRelease != nil {
			released = true
			requestRelease()
		}
	}
}

// Unlock ends the lease.
func (k *leaseLock) Unlock() error {
	if k.stop != nil {
		close(k.stop)
		<-k.done
		k.stop = nil
	}
	_, err := k.l.Client.UploadLock.Delete().
		Where(uploadlock.UploadID(k.upload), uploadlock.Holder(k.holder)).
		Exec(lockContext(context.Background()))
	return err
}
