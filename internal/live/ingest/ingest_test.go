package ingest_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/ingest"
	"github.com/vidra-dev/vidra/internal/live/liveevents"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// fileMedia is a session output that writes each connection's MPEG-TS to its
// own file, for ffprobe. It stands where live HLS goes in production.
type fileMedia struct {
	dir   string
	mu    sync.Mutex
	runs  int
	first chan struct{}
	once  sync.Once
	// closed receives the end reason.
	closed chan string
}

// Run copies ts into dir/run-N.ts.
func (m *fileMedia) Run(_ context.Context, ts io.Reader) error {
	m.mu.Lock()
	m.runs++
	name := filepath.Join(m.dir, fmt.Sprintf("run-%d.ts", m.runs))
	m.mu.Unlock()
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }()
	buf := make([]byte, 64<<10)
	for {
		n, err := ts.Read(buf)
		if n > 0 {
			m.once.Do(func() { close(m.first) })
			if _, werr := f.Write(buf[:n]); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func (m *fileMedia) FirstSegment() <-chan struct{} { return m.first }

// Release reports "released" as the end the media saw.
func (m *fileMedia) Release(context.Context) error {
	select {
	case m.closed <- "released":
	default:
	}
	return nil
}

func (m *fileMedia) Close(_ context.Context, reason string) error {
	select {
	case m.closed <- reason:
	default: // closed before: the first reason stays
	}
	return nil
}

// rig is an app with an ingest node and one project.
type rig struct {
	t       *testing.T
	s       *apptest.Server
	node    *ingest.Server
	project uuid.UUID
	mu      sync.Mutex
	media   map[uuid.UUID]*fileMedia
	base    string
	// hls makes the nodes' sessions write live HLS to the app's bucket
	// (livehls, as in production) instead of files.
	hls bool
	// deaf starts the next nodes without the change feed: they see no notice.
	deaf bool
}

// newRig starts an app on dialect d, an ingest node on free loopback ports.
func newRig(t *testing.T, s *apptest.Server) *rig {
	t.Helper()
	org := s.CreateOrganization("Live org")
	project := uuid.MustParse(s.CreateProject(org, "Live"))
	r := &rig{t: t, s: s, project: project, media: map[uuid.UUID]*fileMedia{}, base: t.TempDir()}
	r.node = r.startNode("node-a")
	return r
}

// startNode starts an ingest node over the rig's database.
func (r *rig) startNode(id string) *ingest.Server {
	return r.startNodeWith(id, nil)
}

// startNodeWith starts an ingest node whose configuration tune changes (nil:
// the rig's). Its events go to the events table as the app's do.
func (r *rig) startNodeWith(id string, tune func(*ingest.Config)) *ingest.Server {
	r.t.Helper()
	cfg := ingest.Config{
		RTMPAddr: "127.0.0.1:0", SRTAddr: "127.0.0.1:0", NodeID: id,
		StallTimeout: 2 * time.Second, Lease: 3 * time.Second, Heartbeat: time.Second,
		// The tests' simulcast targets listen on loopback.
		Outbound: netguard.Policy{AllowPrivate: true},
	}
	if tune != nil {
		tune(&cfg)
	}
	changes := r.s.App.Changes
	if r.deaf {
		changes = nil
	}
	n, err := ingest.Start(context.Background(), cfg, ingest.Deps{
		Client:  r.s.App.DB.Client,
		Changes: changes,
		Emit: func(ctx context.Context, tx *ent.Tx, kind string, st *ent.LiveStream, data map[string]any) error {
			return liveevents.Emit(ctx, &webhooks.Recorder{}, tx, kind, st, data)
		},
		Media: func(ctx context.Context, o ingest.MediaOptions) (ingest.Media, error) {
			if r.hls {
				lo := r.s.App.LiveHLSOptions()
				lo.ProjectID, lo.StreamID, lo.SessionID, lo.VideoID = o.ProjectID, o.StreamID, o.SessionID, o.VideoID
				lo.LatencyMode, lo.Record, lo.Resume = o.LatencyMode, o.Record, o.Resume
				lo.Queue = nil // the VOD ladder is not what these tests check
				return livehls.Open(ctx, lo)
			}
			dir := filepath.Join(r.base, o.SessionID.String())
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, err
			}
			m := &fileMedia{dir: dir, first: make(chan struct{}), closed: make(chan string, 1)}
			r.mu.Lock()
			r.media[o.SessionID] = m
			r.mu.Unlock()
			return m, nil
		},
	})
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Cleanup(n.Close)
	return n
}

// stream creates a live stream and returns it with its key.
func (r *rig) stream(window int) (*ent.LiveStream, string) {
	r.t.Helper()
	key := livekey.New()
	st, err := r.s.App.DB.Client.LiveStream.Create().
		SetProjectID(r.project).SetName("Stream").
		SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).
		SetReconnectWindowSeconds(window).
		Save(apptest.System())
	if err != nil {
		r.t.Fatal(err)
	}
	return st, key
}

// get reads a stream again.
func (r *rig) get(id uuid.UUID) *ent.LiveStream {
	r.t.Helper()
	st, err := r.s.App.DB.Client.LiveStream.Get(apptest.System(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	return st
}

// sessions lists a stream's sessions, oldest first.
func (r *rig) sessions(id uuid.UUID) []*ent.LiveSession {
	r.t.Helper()
	ss, err := r.s.App.DB.Client.LiveSession.Query().Where(livesession.LiveStreamID(id)).
		Order(ent.Asc(livesession.FieldStartedAt)).All(apptest.System())
	if err != nil {
		r.t.Fatal(err)
	}
	return ss
}

// waitFor polls cond until it holds, failing the test after timeout.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	poll.Until(t, what, timeout, cond)
}

// ffmpegPub is a running ffmpeg publisher.
type ffmpegPub struct {
	cmd    *exec.Cmd
	done   chan struct{}
	err    error
	stderr bytes.Buffer
}

// publishTo starts ffmpeg sending a 320x240 test picture and a tone to url
// for the given seconds, with a keyframe every 2 s.
func publishTo(t *testing.T, url string, seconds int) *ffmpegPub {
	t.Helper()
	return publishWithGOP(t, url, seconds, 50)
}

// publishWithGOP starts ffmpeg sending a 320x240 25 fps test picture and a
// tone to url for the given seconds, with a keyframe every gop frames, at
// their native rate (copied from testClip).
func publishWithGOP(t *testing.T, url string, seconds, gop int) *ffmpegPub {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	if seconds > clipSeconds {
		t.Fatalf("a publisher of %d s: the test clip is %d s", seconds, clipSeconds)
	}
	format := "flv"
	if strings.HasPrefix(url, "srt://") {
		format = "mpegts"
	}
	args := []string{"-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-t", fmt.Sprint(seconds),
		"-i", testClip(t, gop), "-c", "copy", "-f", format, url}
	p := &ffmpegPub{cmd: exec.Command("ffmpeg", args...), done: make(chan struct{})}
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		<-p.done
	})
	return p
}

// wait waits for ffmpeg to exit and returns its error.
func (p *ffmpegPub) wait(t *testing.T, timeout time.Duration) error {
	t.Helper()
	select {
	case <-p.done:
		return p.err
	case <-time.After(timeout):
		t.Fatalf("ffmpeg still running after %s", timeout)
		return nil
	}
}

// rtmpURL is the publish URL of key on node n.
func rtmpURL(n *ingest.Server, key string) string {
	return "rtmp://" + n.Addr(ingest.ProtocolRTMP) + "/live/" + key
}

// srtURL is the SRT publish URL of key on node n.
func srtURL(n *ingest.Server, key string) string {
	return "srt://" + n.Addr(ingest.ProtocolSRT) + "?streamid=publish:" + key
}

// mediaOf is the output of a session.
func (r *rig) mediaOf(session uuid.UUID) *fileMedia {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.media[session]
}

var _ = livestream.StatusIdle
