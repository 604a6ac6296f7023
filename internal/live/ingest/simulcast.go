package ingest

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/codecs"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/netguard"
)

// simulcastBuffer is how many access units a target may lag behind before it
// is dropped and reconnected (about 10 s of 25 fps video with its audio).
const simulcastBuffer = 1024

// simulcastRetry is the pause before a failed target is tried again.
const simulcastRetry = 2 * time.Second

// simulcastStable is how long a target must send without an error before a
// new failure counts as a new livestream.simulcast.error (a server that
// accepts the connection and resets it at once fails every retry).
const simulcastStable = 5 * time.Second

// simulcastDial bounds connecting to a target.
const simulcastDial = 10 * time.Second

// simulcast restreams a session's access units, as they are (no re-encoding),
// to the stream's enabled targets, each on its own goroutine and connection,
// each with its own state in the history. It supports H.264 video and AAC
// audio, what RTMP services take.
type simulcast struct {
	targets []*restream
	// ctx is the targets' context, ended by stop.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// notices records livestream.simulcast.error for each failure.
	notices *failNotices
}

// simulcastOptions are how a session's targets are reached.
type simulcastOptions struct {
	// outbound is the address policy of the connections (netguard).
	outbound netguard.Policy
	// log receives each failure's detail; the history shows only its kind.
	log *slog.Logger
}

// restream is one simulcast target.
type restream struct {
	id    uuid.UUID
	url   string // without the key, as the history shows it
	dest  *url.URL
	ch    chan accessUnit
	mu    sync.Mutex
	state live.SimulcastState
	bytes atomic.Int64
	// codec of the session's media, set before the first access unit.
	videoCodec, audioCodec string
	begun                  bool
	audioConf              *mpeg4audio.AudioSpecificConfig
	notices                *failNotices
	opts                   simulcastOptions
	// reported: the current failure was reported; cleared once the target
	// has sent for simulcastStable again.
	reported bool
}

// target describes a simulcast destination.
type target struct {
	ID       uuid.UUID
	URL, Key string
}

// startSimulcast starts restreaming to targets; nil when there are none.
// onFail is told each failure of a target (nil: nobody).
func startSimulcast(ctx context.Context, targets []target, onFail func(live.SimulcastState), opts simulcastOptions) *simulcast {
	if len(targets) == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	sc := &simulcast{ctx: ctx, cancel: cancel, notices: &failNotices{fn: onFail}}
	for _, t := range targets {
		dest, err := url.Parse(t.URL)
		r := &restream{id: t.ID, url: t.URL, ch: make(chan accessUnit, simulcastBuffer), notices: sc.notices, opts: opts}
		r.state = live.SimulcastState{TargetID: t.ID, URL: t.URL, State: live.SimulcastConnecting}
		if err != nil {
			r.fail(errors.New("bad target URL"))
			sc.targets = append(sc.targets, r)
			continue
		}
		dest.Fragment = t.Key
		r.dest = dest
		sc.targets = append(sc.targets, r)
	}
	return sc
}

// begin tells the targets the session's codecs and starts them, on the
// simulcast's own context (stop ends them; the connection's would not).
func (sc *simulcast) begin(videoCodec, audioCodec string, audioConf *mpeg4audio.AudioSpecificConfig) {
	for _, r := range sc.targets {
		if r.dest == nil {
			continue
		}
		r.mu.Lock()
		started := r.begun
		r.begun = true
		r.videoCodec, r.audioCodec, r.audioConf = videoCodec, audioCodec, audioConf
		r.mu.Unlock()
		if started {
			continue
		}
		if (videoCodec != "" && videoCodec != codecH264) || (audioCodec != "" && audioCodec != codecAAC) {
			r.fail(fmt.Errorf("simulcast carries H.264 and AAC only; the stream sends %s/%s", videoCodec, audioCodec))
			continue
		}
		sc.wg.Add(1)
		go func() {
			defer sc.wg.Done()
			r.run(sc.ctx)
		}()
	}
}

// send offers an access unit to every target, never waiting: a target that
// lags too far is marked failed and reconnects.
func (sc *simulcast) send(au accessUnit) {
	for _, r := range sc.targets {
		select {
		case r.ch <- au:
		default:
			r.fail(errors.New("target too slow: access units dropped; reconnecting"))
		}
	}
}

// states returns the targets' states for the history.
func (sc *simulcast) states() []live.SimulcastState {
	if sc == nil {
		return nil
	}
	out := make([]live.SimulcastState, 0, len(sc.targets))
	for _, r := range sc.targets {
		r.mu.Lock()
		st := r.state
		r.mu.Unlock()
		st.Bytes = r.bytes.Load()
		out = append(out, st)
	}
	return out
}

// stop ends every target.
func (sc *simulcast) stop() {
	if sc == nil {
		return
	}
	sc.cancel()
	sc.wg.Wait()
	sc.notices.close()
	for _, r := range sc.targets {
		r.mu.Lock()
		if r.state.State != live.SimulcastFailed {
			r.state.State = live.SimulcastStopped
		}
		r.mu.Unlock()
	}
}

// fail records a target's error. The first failure since the target was last
// active is reported to the notices (livestream.simulcast.error): a target
// retrying every simulcastRetry while it stays down is one failure.
func (r *restream) fail(err error) {
	r.mu.Lock()
	r.state.State = live.SimulcastFailed
	r.state.Error = truncate(err.Error(), 500)
	st := r.state
	report := !r.reported
	r.reported = true
	r.mu.Unlock()
	if report {
		st.Bytes = r.bytes.Load()
		r.notices.notify(st)
	}
}

// setState records a target's state, keeping its last error.
func (r *restream) setState(state string) {
	r.mu.Lock()
	r.state.State = state
	if state == live.SimulcastActive {
		r.state.Error = ""
	}
	r.mu.Unlock()
}

// run keeps one target connected until ctx ends.
func (r *restream) run(ctx context.Context) {
	for ctx.Err() == nil {
		r.setState(live.SimulcastConnecting)
		err := r.push(ctx)
		if ctx.Err() != nil {
			return
		}
		r.opts.log.Info("simulcast target failed", "target", r.id, "err", err)
		r.fail(targetError(err))
		select {
		case <-ctx.Done():
			return
		case <-time.After(simulcastRetry):
		}
	}
}

// push connects to the target at the next keyframe and sends access units
// until an error or ctx's end.
func (r *restream) push(ctx context.Context) error {
	first, err := r.nextKeyframe(ctx)
	if err != nil {
		return err
	}
	dctx, cancel := context.WithTimeout(ctx, simulcastDial)
	c := &gortmplib.Client{URL: r.dest, Publish: true, DialContext: r.opts.outbound.DialContext}
	err = c.Initialize(dctx)
	cancel()
	if err != nil {
		return connectError{err}
	}
	stop := context.AfterFunc(ctx, c.Close)
	defer stop()
	defer c.Close()
	r.mu.Lock()
	var tracks []*gortmplib.Track
	var video, audio *gortmplib.Track
	if r.videoCodec != "" {
		sps, pps := h264Params(first.nalus)
		video = &gortmplib.Track{Codec: &codecs.H264{SPS: sps, PPS: pps}}
		tracks = append(tracks, video)
	}
	if r.audioCodec != "" && r.audioConf != nil {
		audio = &gortmplib.Track{Codec: &codecs.MPEG4Audio{Config: r.audioConf}}
		tracks = append(tracks, audio)
	}
	r.mu.Unlock()
	_ = c.NetConn().SetWriteDeadline(time.Now().Add(simulcastDial))
	w := &gortmplib.Writer{Conn: c, Tracks: tracks}
	if err := w.Initialize(); err != nil {
		return fmt.Errorf("announce tracks: %w", err)
	}
	r.setState(live.SimulcastActive)
	base := first.dts
	toDur := func(ticks int64) time.Duration {
		return time.Duration((ticks - base) * int64(time.Second) / clockRate)
	}
	sent := c.BytesSent()
	au := first
	activeAt, stable := time.Now(), false
	for {
		_ = c.NetConn().SetWriteDeadline(time.Now().Add(simulcastDial))
		switch {
		case au.video && video != nil:
			err = w.WriteH264(video, toDur(au.pts), toDur(au.dts), au.nalus)
		case !au.video && audio != nil:
			for i, f := range au.audio {
				if err = w.WriteMPEG4Audio(audio, toDur(au.pts)+time.Duration(i)*1024*time.Second/time.Duration(r.audioConf.SampleRate), f); err != nil {
					break
				}
			}
		}
		if err != nil {
			return fmt.Errorf("send: %w", err)
		}
		now := c.BytesSent()
		r.bytes.Add(int64(now - sent))
		sent = now
		if !stable && time.Since(activeAt) >= simulcastStable {
			stable = true
			r.mu.Lock()
			r.reported = false
			r.mu.Unlock()
		}
		for {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case au = <-r.ch:
			}
			// Audio from before the first keyframe would go out with a
			// negative timestamp.
			if au.video || au.pts >= base {
				break
			}
		}
	}
}

// nextKeyframe drops access units until a video keyframe (or, for an
// audio-only stream, any audio).
func (r *restream) nextKeyframe(ctx context.Context) (accessUnit, error) {
	for {
		select {
		case <-ctx.Done():
			return accessUnit{}, ctx.Err()
		case au := <-r.ch:
			if au.keyframe || (!au.video && r.videoCodec == "") {
				return au, nil
			}
		}
	}
}

// h264Params finds the SPS and PPS of an H.264 access unit (the muxer puts
// them before every keyframe).
func h264Params(au [][]byte) (sps, pps []byte) {
	for _, n := range au {
		if len(n) == 0 {
			continue
		}
		switch h264.NALUType(n[0] & 0x1f) {
		case h264.NALUTypeSPS:
			sps = n
		case h264.NALUTypePPS:
			pps = n
		}
	}
	return sps, pps
}
