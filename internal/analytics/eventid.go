package analytics

// Stored form of a raw event (analytics_events): its id packs the view's number
// and the event's seq, and its type is a small code.

// seqBits is the width of the seq part of an event id: 2^20 > maxSeq.
const seqBits = 20

// EventIDSpan is the number of event ids of one view: the events of the view
// numbered ref have ids from ref*EventIDSpan (SQL joins use it so).
const EventIDSpan = 1 << seqBits

// EventID is the id of the event seq of the view numbered ref
// (analytics_views.ref): ref<<20 | seq. The primary key is thus the (view, seq)
// uniqueness, and a view's events are one id range (EventRange).
func EventID(ref int64, seq int) int64 { return ref<<seqBits | int64(seq) }

// EventRange is the id range [lo, hi) of the events of the view numbered ref.
func EventRange(ref int64) (lo, hi int64) { return ref << seqBits, (ref + 1) << seqBits }

// EventSeq is the seq part of an event id.
func EventSeq(id int64) int { return int(id & (1<<seqBits - 1)) }

// typeNames are the event types by code; the order is stored, append only.
var typeNames = []string{EvViewStart, EvPlaying, EvPause, EvSeeking, EvSeeked, EvRebufferStart,
	EvRebufferEnd, EvRenditionChange, EvError, EvHeartbeat, EvEnded, EvViewEnd, EvPlay}

// typeCodes are the codes of the event types.
var typeCodes = func() map[string]int16 {
	m := make(map[string]int16, len(typeNames))
	for i, n := range typeNames {
		m[n] = int16(i)
	}
	return m
}()

// typeCode is the stored code of an event type (a validated one).
func typeCode(t string) int16 { return typeCodes[t] }

// EventTypeCode is the stored code of an event type; false for an unknown type.
func EventTypeCode(t string) (int16, bool) {
	c, ok := typeCodes[t]
	return c, ok
}

// EventTypeName is the event type of a stored code ("" for an unknown code).
func EventTypeName(code int16) string {
	if code < 0 || int(code) >= len(typeNames) {
		return ""
	}
	return typeNames[code]
}
