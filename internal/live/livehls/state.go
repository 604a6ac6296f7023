package livehls

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// The state of a session's output is kept in the bucket beside its segments,
// so that another ingest node can continue the session (Options.Resume) when
// the publisher reconnects there: which segments exist (sequence number,
// duration, PROGRAM-DATE-TIME, discontinuity, parts), from which the media
// sequence, the discontinuity sequence, the playlist window, the recording
// and the next part numbers follow. The session's AES key is its own blob
// (EncryptionKeyKey). The state is written after each segment and before the
// playlist that names it, in chunks of stateChunk segments, so a write stays
// small however long the session runs.

// stateChunk is how many segments one state blob holds.
const stateChunk = 256

// stateVersion is the layout of a state blob.
const stateVersion = 1

// stateName is the blob of chunk i (segments i*stateChunk onwards).
func stateName(i int) string { return fmt.Sprintf("state_%05d.json", i) }

// stateDoc is one state blob.
type stateDoc struct {
	V int `json:"v"`
	// Runs is how many publisher connections the session had.
	Runs int `json:"runs"`
	// Target is the playlist's EXT-X-TARGETDURATION so far.
	Target int `json:"target"`
	// Segs are the chunk's segments, in order.
	Segs []stateSeg `json:"segs"`
}

// stateSeg is one segment in a state blob.
type stateSeg struct {
	Seq   int         `json:"q"`
	Dur   float64     `json:"d"`
	Start time.Time   `json:"t"`
	Disc  bool        `json:"x,omitempty"`
	Bytes int         `json:"b"`
	Parts []statePart `json:"p,omitempty"`
}

// statePart is one part of a segment: duration and independence.
type statePart struct {
	Index       int     `json:"n,omitempty"`
	Dur         float64 `json:"d"`
	Independent bool    `json:"i,omitempty"`
}

// saveState writes the chunk holding the newest segment.
func (p *publisher) saveState() error {
	n := len(p.all)
	if n == 0 {
		return nil
	}
	chunk := (n - 1) / stateChunk
	p.s.mu.Lock()
	runs := p.s.runs
	p.s.mu.Unlock()
	doc := stateDoc{V: stateVersion, Runs: runs, Target: p.pl.target}
	for _, s := range p.all[chunk*stateChunk:] {
		ss := stateSeg{Seq: s.seq, Dur: s.dur, Start: s.start, Disc: s.disc, Bytes: s.bytes}
		for _, pt := range s.parts {
			ss.Parts = append(ss.Parts, statePart{Index: pt.index, Dur: pt.dur, Independent: pt.independent})
		}
		doc.Segs = append(doc.Segs, ss)
	}
	data, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	return p.write(Prefix(p.s.o.VideoID)+stateName(chunk), data)
}

// loadedState is what a resumed session starts from.
type loadedState struct {
	segs   []segment
	runs   int
	target int
	key    []byte
	// staleParts is one past the highest part index a previous node wrote
	// for the next segment number before it stopped (0: none).
	staleParts int
}

// loadState reads a session's state from the bucket: its segments in order
// (they must be numbered 0..n-1 without a gap), the connections it had and
// its AES key when it has one.
func loadState(ctx context.Context, b *blob.Bucket, videoID uuid.UUID) (loadedState, error) {
	var st loadedState
	var chunks []int
	it := b.List(&blob.ListOptions{Prefix: Prefix(videoID) + "state_"})
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return st, err
		}
		name := strings.TrimPrefix(obj.Key, Prefix(videoID)+"state_")
		i, err := strconv.Atoi(strings.TrimSuffix(name, ".json"))
		if err != nil {
			continue
		}
		chunks = append(chunks, i)
	}
	sort.Ints(chunks)
	for k, i := range chunks {
		if i != k {
			return st, fmt.Errorf("livehls: state chunk %d is missing", k)
		}
		data, err := b.ReadAll(ctx, Prefix(videoID)+stateName(i))
		if err != nil {
			return st, err
		}
		var doc stateDoc
		if err := json.Unmarshal(data, &doc); err != nil {
			return st, fmt.Errorf("livehls: state chunk %d: %w", i, err)
		}
		if doc.V != stateVersion {
			return st, fmt.Errorf("livehls: state chunk %d has version %d", i, doc.V)
		}
		for _, ss := range doc.Segs {
			if ss.Seq != len(st.segs) {
				return st, fmt.Errorf("livehls: state chunk %d names segment %d, want %d", i, ss.Seq, len(st.segs))
			}
			seg := segment{seq: ss.Seq, dur: ss.Dur, start: ss.Start, disc: ss.Disc, bytes: ss.Bytes}
			for _, pt := range ss.Parts {
				seg.parts = append(seg.parts, part{index: pt.Index, dur: pt.Dur, independent: pt.Independent})
			}
			st.segs = append(st.segs, seg)
		}
		st.runs, st.target = doc.Runs, max(st.target, doc.Target)
	}
	// Parts of the next segment a node wrote before it died: their names
	// are not used again (players and caches may hold them).
	stale := fmt.Sprintf("%spart_%05d_", Prefix(videoID), len(st.segs))
	pit := b.List(&blob.ListOptions{Prefix: stale})
	for {
		obj, err := pit.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return st, err
		}
		if i, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(obj.Key, stale), ".ts")); err == nil {
			st.staleParts = max(st.staleParts, i+1)
		}
	}
	key, err := b.ReadAll(ctx, EncryptionKeyKey(videoID))
	switch {
	case gcerrors.Code(err) == gcerrors.NotFound:
	case err != nil:
		return st, fmt.Errorf("livehls: read the session key: %w", err)
	case len(key) != 16:
		return st, fmt.Errorf("livehls: the session key has %d bytes", len(key))
	default:
		st.key = key
	}
	return st, nil
}

// resume makes the publisher continue from st: the same numbering, window,
// recording and key; the next connection starts after a discontinuity. It
// runs before the publisher goroutine starts.
func (p *publisher) resume(st loadedState) {
	p.all = st.segs
	p.pl.target = max(p.pl.target, st.target)
	p.pl.next = len(p.all)
	p.pl.partBase = st.staleParts
	for _, s := range p.all {
		p.maxDur = max(p.maxDur, s.dur)
	}
	from := max(0, len(p.all)-p.window)
	p.pl.segs = p.all[from:]
	for _, s := range p.all[:from] {
		if s.disc {
			p.pl.discSeq++
		}
	}
	// The master naming the live playlist was written with the first segment.
	p.firstDone = len(p.all) > 0
}
