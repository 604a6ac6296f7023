package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/jobprocess"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Liveness settings' defaults (VIDRA_PROCESS_HEARTBEAT, VIDRA_PROCESS_EXPIRY).
const (
	DefaultHeartbeat = 3 * time.Second
	DefaultExpiry    = 15 * time.Second
)

// Liveness keeps this process's liveness record (a job_processes row named by
// its River client ID) renewed, and hands back to the queue the jobs held by
// processes known dead: a record not renewed before it expired, or, at start,
// a record of this host whose process id no longer runs (the previous run of a
// restarted server). River's own rescuer would wait for the job timeout plus a
// minute; this takes seconds.
type Liveness struct {
	client    *ent.Client
	queue     *Queue
	id        string
	host      string
	pid       int
	role      string
	heartbeat time.Duration
	expiry    time.Duration
	log       *slog.Logger

	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
	started atomic.Bool
}

// newProcessID is a River client ID unique to this process: host, pid and a
// random part (a restarted container often has the same host and pid).
func newProcessID(host string, pid int) string {
	raw := make([]byte, 4)
	_, _ = rand.Read(raw)
	if len(host) > 64 {
		host = host[:64]
	}
	return fmt.Sprintf("%s_%d_%s", host, pid, hex.EncodeToString(raw))
}

// systemCtx is the tenancy bypass of the liveness records (the server's own
// bookkeeping, every heartbeat: logged at debug level).
func systemCtx(ctx context.Context) context.Context {
	return tenancy.RoutineContext(ctx, "process liveness")
}

// register writes this process's record, then reclaims what dead processes
// hold: first this host's processes that no longer run (at once, without
// waiting for their records to expire), then every expired record.
func (l *Liveness) register(ctx context.Context) error {
	ctx = systemCtx(ctx)
	now := time.Now()
	if err := l.client.JobProcess.Create().SetID(l.id).SetHost(l.host).SetPid(l.pid).SetRole(l.role).
		SetStartedAt(now).SetHeartbeatAt(now).SetExpiresAt(now.Add(l.expiry)).Exec(ctx); err != nil {
		return fmt.Errorf("jobs: register process: %w", err)
	}
	ownProcesses.add(l.id)
	same, err := l.client.JobProcess.Query().
		Where(jobprocess.Host(l.host), jobprocess.IDNEQ(l.id)).All(ctx)
	if err != nil {
		return fmt.Errorf("jobs: read processes of this host: %w", err)
	}
	for _, p := range same {
		// The same pid is a previous run (a container's pid 1: this process
		// is it now) unless it is another queue of this very process.
		if ownProcesses.has(p.ID) || (p.Pid != l.pid && processAlive(p.Pid)) {
			continue
		}
		if err := l.reclaim(ctx, p, false); err != nil {
			return err
		}
	}
	return l.reclaimExpired(ctx)
}

// run renews the record and reclaims expired ones every heartbeat until stopped.
func (l *Liveness) run(ctx context.Context) {
	defer close(l.done)
	ctx = systemCtx(ctx) // once: the bypass is logged where it is made
	t := time.NewTicker(l.heartbeat)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := l.renew(ctx); err != nil {
			l.log.ErrorContext(ctx, "process heartbeat failed", "process", l.id, "error", err)
		}
		if err := l.reclaimExpired(ctx); err != nil {
			l.log.ErrorContext(ctx, "reclaiming jobs of dead processes failed", "error", err)
		}
	}
}

// renew pushes this process's expiry forward. A record that is gone or claimed
// means others took this process for dead (it missed heartbeats for longer than
// the expiry): its running jobs may run again elsewhere, so it says so loudly
// and registers again.
func (l *Liveness) renew(ctx context.Context) error {
	now := time.Now()
	n, err := l.client.JobProcess.Update().
		Where(jobprocess.ID(l.id), jobprocess.ReclaimedByIsNil()).
		SetHeartbeatAt(now).SetExpiresAt(now.Add(l.expiry)).Save(ctx)
	if err != nil || n == 1 {
		return err
	}
	l.log.ErrorContext(ctx, "this process was taken for dead and its jobs were reclaimed; registering again",
		"process", l.id, "expiry", l.expiry.String())
	if _, err := l.client.JobProcess.Delete().Where(jobprocess.ID(l.id)).Exec(ctx); err != nil {
		return err
	}
	return l.client.JobProcess.Create().SetID(l.id).SetHost(l.host).SetPid(l.pid).SetRole(l.role).
		SetStartedAt(now).SetHeartbeatAt(now).SetExpiresAt(now.Add(l.expiry)).Exec(ctx)
}

// reclaimExpired reclaims every process whose record expired.
func (l *Liveness) reclaimExpired(ctx context.Context) error {
	dead, err := l.client.JobProcess.Query().
		Where(jobprocess.ExpiresAtLT(time.Now()), jobprocess.IDNEQ(l.id)).All(ctx)
	if err != nil {
		return fmt.Errorf("jobs: read expired processes: %w", err)
	}
	for _, p := range dead {
		if err := l.reclaim(ctx, p, true); err != nil {
			return err
		}
	}
	return nil
}

// reclaim claims a dead process's record (one conditional update, so only one
// process reclaims it; a claim that lapses, its claimant dead too, can be taken
// again), hands the jobs still running under its client ID back to the queue,
// then deletes the record.
func (l *Liveness) reclaim(ctx context.Context, p *ent.JobProcess, expired bool) error {
	now := time.Now()
	upd := l.client.JobProcess.Update().Where(jobprocess.ID(p.ID))
	if expired {
		upd.Where(jobprocess.ExpiresAtLT(now))
	} else {
		upd.Where(jobprocess.Or(jobprocess.ReclaimedByIsNil(), jobprocess.ExpiresAtLT(now)))
	}
	n, err := upd.SetReclaimedBy(l.id).SetExpiresAt(now.Add(l.expiry)).Save(ctx)
	if err != nil {
		return fmt.Errorf("jobs: claim dead process %s: %w", p.ID, err)
	}
	if n == 0 {
		return nil // another process claimed it, or it renewed meanwhile
	}
	jobs, err := l.queue.reclaimJobsOf(ctx, p.ID)
	if err != nil {
		return fmt.Errorf("jobs: reclaim jobs of %s: %w", p.ID, err)
	}
	if _, err := l.client.JobProcess.Delete().Where(jobprocess.ID(p.ID), jobprocess.ReclaimedBy(l.id)).Exec(ctx); err != nil {
		return fmt.Errorf("jobs: forget dead process %s: %w", p.ID, err)
	}
	why := "liveness expired"
	if !expired {
		why = "previous run on this host"
	}
	level := slog.LevelInfo
	if jobs == 0 {
		level = slog.LevelDebug // a clean shutdown's record: nothing was left running
	}
	l.log.Log(ctx, level, "reclaimed jobs of a dead process", "dead_process", p.ID, "host", p.Host,
		"pid", p.Pid, "reason", why, "last_heartbeat", p.HeartbeatAt, "jobs", jobs)
	return nil
}

// Close stops the heartbeat and expires this process's record at once (it is
// called after River stopped), so a job that did not end within the shutdown
// timeout, left running under this process's ID, is reclaimed by the next
// process that looks, without waiting for the expiry; with nothing left
// running the record is simply deleted by that process.
func (l *Liveness) Close(ctx context.Context) {
	l.once.Do(func() {
		close(l.stop)
		if l.started.Load() {
			<-l.done
		}
		ownProcesses.remove(l.id)
		past := time.Now().Add(-time.Second)
		if err := l.client.JobProcess.UpdateOneID(l.id).SetExpiresAt(past).Exec(systemCtx(ctx)); err != nil && !ent.IsNotFound(err) {
			l.log.WarnContext(ctx, "could not expire the process's liveness record", "process", l.id, "error", err)
		}
	})
}

// ownProcesses are the liveness records of the queues open in this process
// (tests open several): a record with this process's pid is a previous run's
// only when it is not one of them.
var ownProcesses = &idSet{ids: map[string]bool{}}

// idSet is a set of ids safe for concurrent use.
type idSet struct {
	mu  sync.Mutex
	ids map[string]bool
}

func (s *idSet) add(id string) { s.mu.Lock(); s.ids[id] = true; s.mu.Unlock() }

func (s *idSet) remove(id string) { s.mu.Lock(); delete(s.ids, id); s.mu.Unlock() }

func (s *idSet) has(id string) bool { s.mu.Lock(); defer s.mu.Unlock(); return s.ids[id] }

// ProcessID is this process's River client ID.
func (l *Liveness) ProcessID() string { return l.id }

func hostname() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "unknown"
	}
	return h
}
