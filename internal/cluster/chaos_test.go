package cluster_test

import (
	"context"
	"database/sql"
	"os"
	"strings"
	"testing"
	"time"

	_ "github.com/lib/pq" // PostgreSQL driver, to read River's jobs

	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/cluster"
)

// lastByteDelays are the moments after an upload's last byte at which the
// replica that received it is killed: before, while and after it stores the
// source (the 0-204 ms the chaos test of issue 45 found uploads stuck in).
var lastByteDelays = []time.Duration{0, 25 * time.Millisecond, 50 * time.Millisecond, 75 * time.Millisecond,
	100 * time.Millisecond, 150 * time.Millisecond, 200 * time.Millisecond}

// backlogVideos is how many videos wait for a worker when one is killed.
const backlogVideos = 10

// TestClusterSurvivesKills runs three API replicas and two workers of the real
// binary on one PostgreSQL and one S3-compatible server behind HAProxy (round
// robin, no stickiness), as an operator does, and kills processes with SIGKILL
// where it hurts most:
//   - a replica right after an upload's last byte (at several moments while it
//     stores the source), then restarted: every upload still completes, and
//     no acknowledged byte is lost (no PATCH or HEAD answers less than one
//     acknowledged before);
//   - a worker in the middle of a transcode with a backlog of queued uploads:
//     its job runs again, ahead of the backlog, and the time that takes is
//     reported (under 30 s);
//
// while uploads are resumed after cut-off PATCHes through the proxy. Nothing
// may be lost: every video becomes ready and is announced ready once (one
// event, whatever the retries), no video is processed twice to completion,
// every event reaches the endpoint, every videoUpdated subscriber (connected
// through the proxy, reconnecting when its replica dies) sees its video ready,
// the killed worker leaves no ffmpeg behind, and no live replica ever reports
// not ready (replicas share one bucket).
func TestClusterSurvivesKills(t *testing.T) {
	long, err := os.ReadFile(clip.Make(t, 12, 640, 360, 25))
	if err != nil {
		t.Fatal(err)
	}
	short, err := os.ReadFile(clip.Make(t, 4, 320, 180, 25))
	if err != nil {
		t.Fatal(err)
	}
	c := startCluster(t, cluster.Options{Workers: 2,
		Env: []string{"VIDRA_ALLOW_PRIVATE_NETWORKS=true", "VIDRA_WEBHOOK_RETRY_BASE=200ms"}})
	ctx := context.Background()
	db, err := sql.Open("postgres", c.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	ready := watchReadiness(c)

	rcv := newHookReceiver(t)
	api := ownerClient(t, c)
	proj := api.CreateProject(api.CreateOrganization("Cluster"), "Chaos")
	api.MustGraphQL(`mutation($p: ID!, $u: String!) { createWebhookEndpoint(projectID: $p, input: {url: $u}) { endpoint { id } } }`,
		map[string]any{"p": proj, "u": rcv.URL}, nil)

	var videos []string
	watch := newReadyWatch(api)
	newVideo := func(data []byte) (token string) {
		token, id := api.UploadToken(proj, int64(len(data)))
		watch.follow(id)
		videos = append(videos, id)
		return token
	}
	for range 2 {
		resumedUpload(t, api, newVideo(long), long)
	}

	// A replica dies right after an upload's last byte, at several moments.
	r1 := c.Process("r1")
	stuckBefore := 0
	for _, delay := range lastByteDelays {
		token := newVideo(long)
		ready.killing(r1.Name)
		found := killAfterLastByte(t, c, r1, api, db, token, videos[len(videos)-1], long, delay)
		if !found.sourceRecorded {
			stuckBefore++
		}
		t.Logf("killed r1 %s after the last byte: source recorded by then %v, HEAD then answered %d of %d",
			delay, found.sourceRecorded, found.headAfter, len(long))
		if err := c.Restart(ctx, r1.Name); err != nil {
			t.Fatal(err)
		}
		ready.restarted(r1.Name)
	}
	t.Logf("%d of %d kills after the last byte came before the source was recorded", stuckBefore, len(lastByteDelays))

	// A worker dies mid-transcode with a backlog of uploads queued behind it.
	for range backlogVideos + 4 {
		api.TusUpload(newVideo(long), long)
	}
	video, job := waitTranscoding(t, db, func() { api.TusUpload(newVideo(short), short) })
	workerName := workerOf(t, c, job.Client)
	worker := c.Process(workerName)
	backlog := queuedVideoJobs(t, db)
	killedAt := time.Now()
	if err := c.Kill(workerName); err != nil {
		t.Fatal(err)
	}
	if orphans := ffmpegUnder(t, worker); len(orphans) > 0 {
		t.Errorf("the killed worker left ffmpeg running: pids %v", orphans)
	}
	// Uploads go on through the proxy while it is down.
	resumedUpload(t, api, newVideo(long), long)
	again := waitJob(t, db, video, func(j videoJob) bool { return j.Attempt > job.Attempt }, 2*time.Minute)
	took := again.AttemptedAt.Sub(killedAt)
	t.Logf("the killed worker's job ran again %s after the kill, with %d process_video jobs queued", took.Round(100*time.Millisecond), backlog)
	if backlog < backlogVideos {
		t.Errorf("only %d jobs were queued when the worker was killed; the test wants a backlog of %d", backlog, backlogVideos)
	}
	if took >= reclaimBound {
		t.Errorf("the reclaimed job waited %s to run again behind a backlog of %d (want < %s)", took, backlog, reclaimBound)
	}
	if err := c.Restart(ctx, workerName); err != nil {
		t.Fatal(err)
	}

	for _, id := range videos {
		if v := api.WaitVideo(id, 5*time.Minute); v.Status != "ready" {
			t.Fatalf("video %s: %s (%s)", id, v.Status, v.FailureReason)
		}
	}
	t.Logf("all %d videos ready %s after the worker's kill", len(videos), time.Since(killedAt).Round(time.Second))
	rcv.expectEach(t, videos, []string{"video.created", "video.upload.completed", "video.ready"}, 2*time.Minute)
	watch.expectReady(t, videos, time.Minute)
	expectOneCompletedJobPerVideo(t, c.DatabaseURL)
	ready.expectNoFalseFailures(t)
}

// expectOneCompletedJobPerVideo checks that no video was processed twice to
// completion: one completed process_video job per video (a job reclaimed from
// the killed worker is the same job, run again from clean outputs).
func expectOneCompletedJobPerVideo(t *testing.T, databaseURL string) {
	t.Helper()
	db, err := sql.Open("postgres", databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	rows, err := db.Query(`SELECT args->>'video_id', count(*) FROM river_job
		WHERE kind = 'process_video' AND state = 'completed' GROUP BY 1 HAVING count(*) > 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var video string
		var n int
		if err := rows.Scan(&video, &n); err != nil {
			t.Fatal(err)
		}
		t.Errorf("video %s was processed to completion %d times", video, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// ffmpegUnder lists running ffmpeg processes started by the (killed) process p:
// those whose command line names p's data directory.
func ffmpegUnder(t *testing.T, p *cluster.Process) []string {
	t.Helper()
	procs, _ := os.ReadDir("/proc")
	var found []string
	for _, e := range procs {
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		args := strings.Split(string(cmdline), "\x00")
		if len(args) > 0 && strings.HasSuffix(args[0], "ffmpeg") && strings.Contains(string(cmdline), p.DataDir()) {
			found = append(found, e.Name())
		}
	}
	return found
}
