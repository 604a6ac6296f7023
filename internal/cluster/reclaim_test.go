package cluster_test

import (
	"database/sql"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/cluster"
	"github.com/vidra-dev/vidra/internal/poll"
)

// reclaimBacklog is how many process_video jobs are queued behind the one
// whose worker is killed (the bound holds under a backlog of 10).
const reclaimBacklog = 12

// reclaimBound is the bound on the time from a worker's death to its
// transcode running again, under that backlog.
const reclaimBound = 30 * time.Second

// TestReclaimedTranscodeKeepsItsPlace kills (SIGKILL) the worker process that
// transcodes a video while reclaimBacklog uploads queue behind it, and
// measures, from River's river_job row, the time from the kill to the job
// running again on the surviving worker: the dead worker's job is handed back
// (liveness expiry) at its original place in the queue, so the survivor takes
// it as soon as it finishes the job it is on, before the backlog. Rescheduled
// at the time of the reclaim, it waited behind the whole backlog (56-118 s in
// the run).
func TestReclaimedTranscodeKeepsItsPlace(t *testing.T) {
	c := startCluster(t, cluster.Options{Replicas: 1, Workers: 2, Env: []string{"VIDRA_MEDIA_CONCURRENCY=1"}})
	long, err := os.ReadFile(clip.Make(t, 60, 640, 360, 25))
	if err != nil {
		t.Fatal(err)
	}
	// Queued transcodes of some seconds each: the backlog outlasts the
	// liveness expiry, as a real one does.
	short, err := os.ReadFile(clip.Make(t, 20, 640, 360, 25))
	if err != nil {
		t.Fatal(err)
	}
	api := apptest.Remote(t, c.URL)
	api.Token = api.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
	proj := api.CreateProject(api.CreateOrganization("Cluster"), "Reclaim")
	upload := func(data []byte) string {
		token, id := api.UploadToken(proj, int64(len(data)))
		api.TusUpload(token, data)
		return id
	}
	db, err := sql.Open("postgres", c.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })

	victim := upload(long)
	first := waitJob(t, db, victim, func(j videoJob) bool { return j.State == "running" }, 2*time.Minute)
	for range reclaimBacklog {
		upload(short)
	}
	poll.Until(t, "a backlog of 10 queued process_video jobs", 2*time.Minute, func() bool {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM river_job WHERE kind = 'process_video' AND state = 'available'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n >= 10
	})
	now := jobOfVideo(t, db, victim)
	if now.State != "running" || now.Attempt != first.Attempt {
		t.Fatalf("the long transcode ended before the backlog was queued (state %s, attempt %d): make the clip longer", now.State, now.Attempt)
	}
	name := workerOf(t, c, now.Client)
	killedAt := time.Now()
	if err := c.Kill(name); err != nil {
		t.Fatal(err)
	}
	again := waitJob(t, db, victim, func(j videoJob) bool { return j.Attempt > first.Attempt }, 5*time.Minute)
	took := again.AttemptedAt.Sub(killedAt)
	var reclaimedAt time.Time
	if err := db.QueryRow(`SELECT (errors[array_length(errors, 1)]->>'at')::timestamptz FROM river_job WHERE id = $1`,
		again.ID).Scan(&reclaimedAt); err != nil {
		t.Fatal(err)
	}
	var overtook int
	if err := db.QueryRow(`SELECT count(*) FROM river_job WHERE kind = 'process_video' AND id <> $1
		AND attempted_at > $2 AND attempted_at < $3`, again.ID, killedAt, again.AttemptedAt).Scan(&overtook); err != nil {
		t.Fatal(err)
	}
	var perJob sql.NullFloat64
	if err := db.QueryRow(`SELECT avg(extract(epoch FROM finalized_at - attempted_at)) FROM river_job
		WHERE kind = 'process_video' AND state = 'completed'`).Scan(&perJob); err != nil {
		t.Fatal(err)
	}
	t.Logf("killed %s while transcoding job %d behind a backlog of %d (queued transcodes take %.1fs each): handed back %s after the kill, running again after %s (%d queued jobs started before it)",
		name, again.ID, reclaimBacklog, perJob.Float64, reclaimedAt.Sub(killedAt).Round(100*time.Millisecond), took.Round(100*time.Millisecond), overtook)
	if took >= reclaimBound {
		t.Fatalf("the reclaimed transcode ran again %s after its worker was killed, want < %s", took.Round(100*time.Millisecond), reclaimBound)
	}
}

// videoJob is a video's process_video job as River's row has it.
type videoJob struct {
	ID          int64
	State       string
	Attempt     int
	AttemptedAt time.Time
	// Client is the River client ID of its last attempt (host_pid_random).
	Client string
}

// jobOfVideo reads a video's process_video job; a video has none yet is
// reported as the zero videoJob.
func jobOfVideo(t *testing.T, db *sql.DB, video string) videoJob {
	t.Helper()
	var j videoJob
	var at sql.NullTime
	var client sql.NullString
	err := db.QueryRow(`SELECT id, state, attempt, attempted_at, attempted_by[array_length(attempted_by, 1)]
		FROM river_job WHERE kind = 'process_video' AND args->>'video_id' = $1 ORDER BY id DESC LIMIT 1`, video).
		Scan(&j.ID, &j.State, &j.Attempt, &at, &client)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		t.Fatal(err)
	}
	j.AttemptedAt, j.Client = at.Time, client.String
	return j
}

// waitJob polls a video's process_video job until ok holds.
func waitJob(t *testing.T, db *sql.DB, video string, ok func(videoJob) bool, timeout time.Duration) videoJob {
	t.Helper()
	var j videoJob
	poll.Until(t, "the process_video job of "+video, timeout, func() bool {
		j = jobOfVideo(t, db, video)
		return j.ID != 0 && ok(j)
	})
	return j
}

// workerOf names the worker process (w1, w2) whose River client ID is
// client: the ID holds the process's pid (host_pid_random).
func workerOf(t *testing.T, c *cluster.Cluster, client string) string {
	t.Helper()
	parts := strings.Split(client, "_")
	for _, name := range []string{"w1", "w2"} {
		if p := c.Process(name); len(parts) >= 3 && p != nil && parts[len(parts)-2] == strconv.Itoa(p.Pid()) {
			return name
		}
	}
	t.Fatalf("no worker runs as River client %q", client)
	return ""
}
