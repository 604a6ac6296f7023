package livehls

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vidra-dev/vidra/internal/media"
)

// Limits of a transcoded connection's encoder.
const (
	// maxBacklog is how much input may wait for the encoder before it counts
	// as too slow for real time (about 20 s of a 6 Mbit/s stream).
	maxBacklog = 16 << 20
	// encoderDrain bounds the encoder's flush at a connection's end.
	encoderDrain = 15 * time.Second
	// maxAnchorScan bounds the input scanned for the first timestamp.
	maxAnchorScan = 4 << 20
)

// errTooSlow: the encoder fell behind the live input.
var errTooSlow = errors.New("the ladder encoder fell behind real time")

// chunk is input handed to the encoder with its arrival time.
type chunk struct {
	b  []byte
	at time.Time
}

// transcodeRun is one publisher connection's encoder: a single ffmpeg child
// reading the connection's MPEG-TS on stdin (pipe protocol only) and writing
// one MPEG-TS per rendition on its own pipe (fd 3, 4, ...), each cut into
// segments by a cutter as the source is. It is the io.Writer the connection's
// input is teed to, and never blocks it: a backlog over maxBacklog fails the
// ladder instead.
type transcodeRun struct {
	l       *ladderState
	disc    bool
	cmd     *osexec.Cmd
	ch      chan chunk
	backlog atomic.Int64
	dead    atomic.Bool // killed, or failed: input is dropped
	stop    atomic.Bool // the connection ended: the encoder's exit is expected
	stderr  tailWriter
	wg      sync.WaitGroup

	// anchor maps the input's timestamps to its arrival (PROGRAM-DATE-TIME):
	// the encoder keeps the input's timestamps (-copyts).
	amu       sync.Mutex
	anchored  bool
	anchorPTS int64
	anchorAt  time.Time
	scan      []byte
	// clock is the source cutter's mapping of the input's timestamps (see
	// cutter.tick), which the anchor stands in for until it has one.
	clock *wallClock
}

// useClock makes the rungs' PROGRAM-DATE-TIME the source's mapping of the
// same timestamps (nil t: no encoder).
func (t *transcodeRun) useClock(c *wallClock) {
	if t == nil {
		return
	}
	t.amu.Lock()
	defer t.amu.Unlock()
	t.clock = c
}

// start starts the encoder of a connection; nil when the ladder has failed
// (or fails to start: it then falls back to transmux).
func (l *ladderState) start(ctx context.Context, disc bool) *transcodeRun {
	if !l.active() {
		return nil
	}
	t := &transcodeRun{l: l, disc: disc, ch: make(chan chunk, 8192)}
	readers := make([]*os.File, len(l.rends))
	writers := make([]*os.File, len(l.rends))
	closeAll := func() {
		for i := range readers {
			if readers[i] != nil {
				_ = readers[i].Close()
			}
			if writers[i] != nil {
				_ = writers[i].Close()
			}
		}
	}
	for i := range l.rends {
		var err error
		if readers[i], writers[i], err = os.Pipe(); err != nil {
			closeAll()
			l.fail(fmt.Errorf("encoder pipes: %w", err))
			return nil
		}
	}
	ffmpeg := l.o.FFmpeg
	if ffmpeg == "" {
		ffmpeg = "ffmpeg"
	}
	// Not the connection's context: the encoder is stopped by finish (input
	// closed, then flushed) or kill, never cut short with its output unread.
	cmd := media.Command(context.WithoutCancel(ctx), ffmpeg, ladderArgs(l, len(l.rends))...)
	cmd.ExtraFiles = writers
	cmd.Stderr = &t.stderr
	stdin, err := cmd.StdinPipe()
	if err == nil {
		err = cmd.Start()
	}
	for _, w := range writers {
		_ = w.Close() // the child holds them now
	}
	if err != nil {
		for _, r := range readers {
			_ = r.Close()
		}
		l.fail(fmt.Errorf("start ffmpeg: %w", err))
		return nil
	}
	t.cmd = cmd
	l.mu.Lock()
	if l.failed {
		l.mu.Unlock()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil
	}
	l.run = t
	l.mu.Unlock()

	var outputs sync.WaitGroup
	for i, r := range l.rends {
		outputs.Add(1)
		go func() {
			defer outputs.Done()
			defer readers[i].Close()
			t.cut(r, readers[i])
		}()
	}
	t.wg.Add(2)
	go func() { defer t.wg.Done(); t.feed(stdin) }()
	go func() {
		defer t.wg.Done()
		outputs.Wait()
		err := cmd.Wait()
		if ps := cmd.ProcessState; ps != nil {
			l.mu.Lock()
			l.encoderCPU += ps.UserTime() + ps.SystemTime()
			l.mu.Unlock()
		}
		if !t.stop.Load() && !t.dead.Load() {
			l.fail(fmt.Errorf("ffmpeg exited mid-connection: %v: %s", err, t.stderr.String()))
		}
	}()
	return t
}

// Write queues input for the encoder; it never fails nor blocks (the
// connection's own output must go on whatever the encoder does).
func (t *transcodeRun) Write(p []byte) (int, error) {
	if t.dead.Load() || t.stop.Load() {
		return len(p), nil
	}
	if t.backlog.Add(int64(len(p))) > maxBacklog {
		t.l.fail(errTooSlow)
		return len(p), nil
	}
	select {
	case t.ch <- chunk{b: append([]byte(nil), p...), at: t.l.s.now()}:
	default:
		t.l.fail(errTooSlow)
	}
	return len(p), nil
}

// feed writes the queued input to the encoder's stdin, and closes it when the
// connection ends.
func (t *transcodeRun) feed(stdin io.WriteCloser) {
	defer stdin.Close()
	for c := range t.ch {
		t.backlog.Add(-int64(len(c.b)))
		if t.dead.Load() {
			continue
		}
		t.findAnchor(c)
		if _, err := stdin.Write(c.b); err != nil && !t.dead.Load() {
			t.l.fail(fmt.Errorf("ffmpeg input: %w: %s", err, t.stderr.String()))
		}
	}
}

// findAnchor records the first timestamp of the input with its arrival.
func (t *transcodeRun) findAnchor(c chunk) {
	t.amu.Lock()
	defer t.amu.Unlock()
	if t.anchored || len(t.scan) > maxAnchorScan {
		return
	}
	t.scan = append(t.scan, c.b...)
	i := 0
	for ; i+packetSize <= len(t.scan); i++ {
		if t.scan[i] != 0x47 {
			continue
		}
		p := parsePacket(t.scan[i : i+packetSize])
		if p.pusi && p.pid != 0 {
			if pts, _, _, ok := pesTimes(p.payload); ok {
				t.anchored, t.anchorPTS, t.anchorAt, t.scan = true, pts, c.at, nil
				return
			}
		}
		i += packetSize - 1
	}
	t.scan = append([]byte(nil), t.scan[i:]...)
}

// pdt is the wall clock of a rendition's timestamp: the date the source
// published for the same instant (useClock, wallClock.dated), else the arrival of the same instant of the input;
// fallback when no anchor was found.
func (t *transcodeRun) pdt(pts int64, fallback time.Time) time.Time {
	t.amu.Lock()
	defer t.amu.Unlock()
	if t.clock != nil {
		if at := t.clock.dated(pts); !at.IsZero() {
			return at
		}
	}
	if !t.anchored {
		return fallback
	}
	return t.anchorAt.Add(time.Duration(tsDiff(t.anchorPTS, pts)) * time.Second / 90000)
}

// cut reads one rendition's MPEG-TS from the encoder and publishes its
// segments (through the session's publisher goroutine).
func (t *transcodeRun) cut(r *rendition, out io.Reader) {
	first := true
	c := &cutter{target: int64(t.l.s.o.SegmentSeconds * 90000), now: t.l.s.now}
	c.onSegment = func(data []byte, dur float64, start time.Time) {
		start = t.pdt(c.segStart, start)
		disc := t.disc && first
		first = false
		t.l.s.tasks <- func() {
			if t.l.active() {
				r.addSegment(data, dur, start, disc)
			}
		}
	}
	pr := newPacketReader(out)
	buf := make([]byte, packetSize)
	var err error
	for {
		var raw []byte
		if raw, err = pr.next(buf); err != nil {
			break
		}
		if err = c.packet(raw); err != nil {
			break
		}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, os.ErrClosed) {
		err = nil
	}
	if t.dead.Load() {
		return // killed: what is cut short is not published
	}
	if ferr := c.finish(); err == nil {
		err = ferr
	}
	if err != nil {
		t.l.fail(fmt.Errorf("rendition %s: %w", r.rung.Name, err))
	}
}

// finish ends the connection's encoding: the input is closed, the encoder
// flushes its last segments (up to encoderDrain, then it is killed), and
// finish returns once they are handed to the publisher.
func (t *transcodeRun) finish() {
	if t == nil {
		return
	}
	t.stop.Store(true)
	close(t.ch)
	done := make(chan struct{})
	go func() { t.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(encoderDrain):
		t.kill()
		<-done
	}
	t.l.mu.Lock()
	if t.l.run == t {
		t.l.run = nil
	}
	t.l.mu.Unlock()
}

// kill stops the encoder at once; its output is dropped.
func (t *transcodeRun) kill() {
	t.dead.Store(true)
	if t.cmd != nil && t.cmd.Process != nil {
		_ = t.cmd.Process.Kill()
	}
}

// ladderArgs are the encoder's arguments: the input from stdin (pipe
// protocol only), one decode split to the renditions, each scaled to its
// height (never above the source's), x264 with keyframes forced every
// segment duration on the input's clock (so the renditions' segments start
// on the same instants and a player can switch), AAC when the input has
// audio, and the input's timestamps kept (PROGRAM-DATE-TIME follows them).
func ladderArgs(l *ladderState, n int) []string {
	preset := l.o.Preset
	if preset == "" {
		preset = "veryfast"
	}
	seg := strconv.FormatFloat(l.s.o.SegmentSeconds, 'f', -1, 64)
	var graph strings.Builder
	fmt.Fprintf(&graph, "[0:v]split=%d", n)
	for i := range n {
		fmt.Fprintf(&graph, "[s%d]", i)
	}
	for i, r := range l.rends {
		fmt.Fprintf(&graph, ";[s%d]scale=-2:'min(%d,ih)',setsar=1[v%d]", i, r.rung.Height, i)
	}
	args := []string{"-hide_banner", "-nostdin", "-loglevel", "error", "-nostats",
		"-protocol_whitelist", "pipe", "-f", "mpegts", "-i", "pipe:0", "-copyts",
		"-filter_complex", graph.String()}
	for i, r := range l.rends {
		args = append(args,
			"-map", fmt.Sprintf("[v%d]", i),
			"-c:v", "libx264", "-preset", preset, "-tune", "zerolatency", "-profile:v", "high", "-pix_fmt", "yuv420p",
			"-b:v", fmt.Sprintf("%dk", r.rung.VideoKbps),
			"-maxrate", fmt.Sprintf("%dk", r.rung.VideoKbps*107/100),
			"-bufsize", fmt.Sprintf("%dk", r.rung.VideoKbps*3/2),
			"-g", "1000", "-sc_threshold", "0", "-forced-idr", "1",
			"-force_key_frames", "expr:if(isnan(prev_forced_t),1,gte(t,prev_forced_t+"+seg+"))",
			"-map", "0:a:0?", "-c:a", "aac", "-b:a", fmt.Sprintf("%dk", max(r.rung.AudioKbps, 32)), "-ac", "2",
			"-mpegts_copyts", "1", "-flush_packets", "1",
			"-f", "mpegts", fmt.Sprintf("pipe:%d", 3+i))
	}
	return args
}

// tailWriter keeps the last few KB of the encoder's errors.
type tailWriter struct {
	mu sync.Mutex
	b  []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b = append(w.b, p...)
	if len(w.b) > 4096 {
		w.b = w.b[len(w.b)-4096:]
	}
	return len(p), nil
}

func (w *tailWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.TrimSpace(string(w.b))
}
