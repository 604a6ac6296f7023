package livehls

import (
	"context"
	"encoding/json"
	"fmt"

	"gocloud.dev/gcerrors"
)

// A transcoded rendition keeps its playlist state beside its segments
// (live/{rung}/state.json), written after each of its segments and before the
// playlist that names it, as the source does (state.go): a node that resumes
// the session (Options.Resume) goes on with the same media sequence, segment
// names and discontinuity sequence, so a viewer on a rendition sees the
// reconnect as one discontinuity, not a playlist that starts over.

// renditionStateVersion is the layout of a rendition's state blob.
const renditionStateVersion = 1

// renditionState is one rendition's state blob.
type renditionState struct {
	V        int        `json:"v"`
	Count    int        `json:"count"`
	MaxDur   float64    `json:"max_dur"`
	Peak     int        `json:"peak"`
	DiscGone int        `json:"disc_gone"`
	Target   int        `json:"target"`
	Segs     []stateSeg `json:"segs"`
}

// saveState writes the rendition's state (publisher goroutine).
func (r *rendition) saveState() error {
	doc := renditionState{V: renditionStateVersion, Count: r.count, MaxDur: r.maxDur, Peak: r.peak,
		DiscGone: r.discGone, Target: r.pl.target}
	for _, s := range r.segs {
		doc.Segs = append(doc.Segs, stateSeg{Seq: s.seq, Dur: s.dur, Start: s.start, Disc: s.disc, Bytes: s.bytes})
	}
	data, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	return r.l.s.pub.write(r.key("state.json"), data)
}

// restore loads the state another node saved for the rendition; none saved
// (the rendition had no segment yet) leaves it fresh.
func (r *rendition) restore(ctx context.Context) error {
	data, err := r.l.s.o.Bucket.ReadAll(ctx, r.key("state.json"))
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil
	}
	if err != nil {
		return err
	}
	var doc renditionState
	if err := json.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("livehls: rendition %s state: %w", r.rung.Name, err)
	}
	if doc.V != renditionStateVersion {
		return fmt.Errorf("livehls: rendition %s state has layout %d, want %d", r.rung.Name, doc.V, renditionStateVersion)
	}
	r.count, r.maxDur, r.peak, r.discGone, r.pl.target = doc.Count, doc.MaxDur, doc.Peak, doc.DiscGone, doc.Target
	r.segs = r.segs[:0]
	for _, s := range doc.Segs {
		r.segs = append(r.segs, segment{seq: s.Seq, dur: s.Dur, start: s.Start, disc: s.Disc, bytes: s.Bytes})
	}
	if len(r.segs) > 0 {
		r.slide()
	}
	return nil
}
