// Package analytics collects player analytics: Vidra's own event beacon and CMCD
// v2 event mode in, enriched (country, device, viewer key) and filtered (bots),
// written in batches by one writer per process into the analytics tables of
// the ent schema, rolled up by a River job.
package analytics

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Event types of the beacon (stored in analytics_events.type by code: typeNames).
const (
	EvViewStart       = "viewstart"
	EvPlaying         = "playing"
	EvPause           = "pause"
	EvSeeking         = "seeking"
	EvSeeked          = "seeked"
	EvRebufferStart   = "rebufferstart"
	EvRebufferEnd     = "rebufferend"
	EvRenditionChange = "renditionchange"
	EvError           = "error"
	EvHeartbeat       = "heartbeat"
	EvEnded           = "ended"
	EvViewEnd         = "viewend"
	// EvPlay is the viewer's request to play (a click, a key, or autoplay): the
	// video startup time runs from the last one before the first playing.
	EvPlay = "play"
)

// Limits of one beacon.
const (
	// MaxBodyBytes is the largest request body accepted (413 beyond).
	MaxBodyBytes = 64 << 10
	// MaxEventsPerBatch is the most events one request may carry.
	MaxEventsPerBatch = 500
	// maxSeq bounds a view's event numbers.
	maxSeq = 1_000_000
	// maxPast and maxFuture bound an event's time against the server's clock.
	maxPast   = 7 * 24 * time.Hour
	maxFuture = 5 * time.Minute
)

// Batch is the beacon body of POST /collect/v1/{projectId}/events.
type Batch struct {
	// V is the beacon format version: 1.
	V         int    `json:"v"`
	ViewID    string `json:"view_id"`
	SessionID string `json:"session_id"`
	VideoID   string `json:"video_id"`
	PlayerID  string `json:"player_id,omitempty"`
	UserID    string `json:"user_id,omitempty"`
	// Token is a playback token for the video (also accepted as ?token= or
	// X-Playback-Token): required when the project's playback is signed.
	Token string `json:"token,omitempty"`
	// PlayerSoftware names the player, e.g. "hls.js 1.7.4".
	PlayerSoftware string `json:"player_software,omitempty"`
	// StreamType is on_demand (default) or live.
	StreamType string     `json:"stream_type,omitempty"`
	Events     []RawEvent `json:"events"`
}

// RawEvent is one event of a Batch as the player sends it.
type RawEvent struct {
	Seq *int    `json:"seq"`
	E   string  `json:"e"`
	T   *int64  `json:"t"`
	Pt  float64 `json:"pt"`
	// Code, Message and Fatal describe an error event.
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
	Fatal   bool   `json:"fatal,omitempty"`
	// Rendition (e.g. "720p") and Bitrate (bit/s) describe a rendition change.
	Rendition string `json:"rendition,omitempty"`
	Bitrate   int64  `json:"bitrate,omitempty"`
	// Rate is the playback rate from this event on (1 when absent).
	Rate float64 `json:"rate,omitempty"`
	// NoPlayhead marks an event without a playhead (CMCD events of players that
	// send no pt): it is stored with playhead_ms -1.
	NoPlayhead bool `json:"-"`
}

// Event is a validated event, as stored in analytics_events.
type Event struct {
	Seq       int
	Type      string
	TsMs      int64
	PlayMs    int64
	Detail    string
	Code      string
	Fatal     bool
	Rate      float64
	Bitrate   int64
	Rendition string
}

// detail is the JSON kept in analytics_events.detail.
type detail struct {
	Code      string  `json:"code,omitempty"`
	Message   string  `json:"message,omitempty"`
	Fatal     bool    `json:"fatal,omitempty"`
	Rendition string  `json:"rendition,omitempty"`
	Bitrate   int64   `json:"bitrate,omitempty"`
	Rate      float64 `json:"rate,omitempty"`
}

// encodeDetail is the detail JSON of an event, "" when it has none.
func encodeDetail(d detail) string {
	if d == (detail{}) {
		return ""
	}
	b, _ := json.Marshal(d)
	return string(b)
}

// decodeDetail fills the parsed parts of e from its stored detail.
func (e *Event) decodeDetail() {
	if e.Detail == "" {
		return
	}
	var d detail
	if json.Unmarshal([]byte(e.Detail), &d) == nil {
		e.Code, e.Fatal, e.Rate, e.Bitrate = d.Code, d.Fatal, d.Rate, d.Bitrate
	}
}

// BadRequest is a beacon the collector refuses with 400: the message says why.
type BadRequest struct{ Msg string }

func (e *BadRequest) Error() string { return e.Msg }

func bad(format string, a ...any) error { return &BadRequest{Msg: fmt.Sprintf(format, a...)} }

// ids are the parsed identifiers of a batch.
type ids struct {
	view, video uuid.UUID
	player      *uuid.UUID
}

// validate checks a batch and returns its ids and events, sorted as sent.
func (b *Batch) validate(now time.Time) (ids, []Event, error) {
	var out ids
	if b.V != 1 {
		return out, nil, bad("v must be 1")
	}
	var err error
	if out.view, err = parseUUID("view_id", b.ViewID); err != nil {
		return out, nil, err
	}
	if out.video, err = parseUUID("video_id", b.VideoID); err != nil {
		return out, nil, err
	}
	if b.PlayerID != "" {
		p, err := parseUUID("player_id", b.PlayerID)
		if err != nil {
			return out, nil, err
		}
		out.player = &p
	}
	for _, f := range []struct {
		name, value string
		max         int
	}{{"session_id", b.SessionID, 128}, {"user_id", b.UserID, 128}, {"player_software", b.PlayerSoftware, 64}} {
		if err := checkText(f.name, f.value, f.max); err != nil {
			return out, nil, err
		}
	}
	switch b.StreamType {
	case "":
		b.StreamType = "on_demand"
	case "on_demand", "live":
	default:
		return out, nil, bad("stream_type must be on_demand or live")
	}
	if len(b.Events) == 0 {
		return out, nil, bad("events is empty")
	}
	if len(b.Events) > MaxEventsPerBatch {
		return out, nil, bad("at most %d events per request", MaxEventsPerBatch)
	}
	events := make([]Event, 0, len(b.Events))
	for i, r := range b.Events {
		e, err := r.validate(now)
		if err != nil {
			return out, nil, bad("events[%d]: %s", i, err.Error())
		}
		events = append(events, e)
	}
	return out, events, nil
}

func (r RawEvent) validate(now time.Time) (Event, error) {
	if r.Seq == nil || *r.Seq < 0 || *r.Seq > maxSeq {
		return Event{}, fmt.Errorf("seq must be an integer from 0 to %d", maxSeq)
	}
	if _, ok := typeCodes[r.E]; !ok {
		return Event{}, fmt.Errorf("unknown event type %q", r.E)
	}
	if r.T == nil {
		return Event{}, fmt.Errorf("t (epoch milliseconds) is required")
	}
	t := time.UnixMilli(*r.T)
	if t.Before(now.Add(-maxPast)) || t.After(now.Add(maxFuture)) {
		return Event{}, fmt.Errorf("t is not within the last 7 days")
	}
	if r.Pt < 0 || r.Pt > 1e12 {
		return Event{}, fmt.Errorf("pt must be a playhead in milliseconds")
	}
	if r.Rate < 0 || r.Rate > 16 {
		return Event{}, fmt.Errorf("rate must be from 0 to 16")
	}
	d := detail{Code: clip(r.Code, 64), Message: clip(r.Message, 256), Fatal: r.Fatal && r.E == EvError,
		Rendition: clip(r.Rendition, 32), Bitrate: max(r.Bitrate, 0), Rate: r.Rate}
	pt := int64(r.Pt)
	if r.NoPlayhead {
		pt = -1
	}
	return Event{Seq: *r.Seq, Type: r.E, TsMs: *r.T, PlayMs: pt, Detail: encodeDetail(d),
		Code: d.Code, Fatal: d.Fatal, Rate: r.Rate, Bitrate: d.Bitrate, Rendition: d.Rendition}, nil
}

func parseUUID(name, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil || len(s) != 36 {
		return uuid.Nil, bad("%s must be a UUID", name)
	}
	return id, nil
}

// clip cuts s to at most n bytes, on a rune boundary, without control characters.
func clip(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
