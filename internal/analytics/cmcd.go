package analytics

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/google/uuid"
)

// CMCD v2 event mode (CTA-5004-B): a player such as hls.js 1.7 (cmcd.eventTargets)
// POSTs application/cmcd bodies, one event per line, each line a Structured
// Field Dictionary (RFC 8941) such as
//
//	br=(2400),cid="<video id>",e=ps,sf=h,sid="<session>",sn=3,sta=p,ts=1764000000000,v=2
//
// Events map onto the beacon's: e=ps by sta (d/s view start, p playing, a pause,
// k seeking, r rebuffer start, e ended, f view end after a fatal error), e=t
// heartbeat, e=e error (fatal when sta=f), e=bc rendition change, e=pr rate change
// (a heartbeat carrying the rate). Other event types (rr, ce, c, b) are not
// stored. A view is one (sid, video); sn numbers its events.

// cmcdGapCapMs bounds one interval between CMCD events: two of the default
// 30-second time-interval events, plus slack.
const cmcdGapCapMs = 65_000

// cmcdNamespace derives the view id of a CMCD (project, sid, video).
var cmcdNamespace = uuid.MustParse("6f1c2a4e-7f53-4d0c-9a55-3c2b8d0e9a10")

// cmcdViewID is the view id of the CMCD session sid playing video in project.
func cmcdViewID(project, video uuid.UUID, sid string) uuid.UUID {
	return uuid.NewSHA1(cmcdNamespace, []byte(project.String()+"|"+video.String()+"|"+sid))
}

// ServeCMCD serves POST /collect/v1/{projectId}/cmcd: CMCD v2 event-mode
// reports. The video is the cid key (a Vidra video id) or the target URL's
// ?video_id=; a signed project's playback token is the target URL's ?token=;
// ?user_id= names the player's user. 204 when accepted.
func (c *Collector) ServeCMCD(w http.ResponseWriter, r *http.Request) {
	c.serve(w, r, func(project uuid.UUID, body []byte) *failure {
		batches, err := parseCMCD(body, r.URL.Query().Get("video_id"))
		if err != nil {
			c.drop(r, project, DropBadEvent)
			return fail(http.StatusBadRequest, err.Error())
		}
		for _, b := range batches {
			video, _ := uuid.Parse(b.VideoID)
			b.ViewID = cmcdViewID(project, video, b.SessionID).String()
			b.UserID = r.URL.Query().Get("user_id")
			b.PlayerSoftware = "cmcd"
			if f := c.acceptBatch(r, project, b, cmcdGapCapMs); f != nil {
				return f
			}
		}
		return nil
	}, "application/cmcd", "text/plain")
}

// parseCMCD turns a CMCD event-mode body into one beacon Batch per (sid,
// video); the caller sets each view id (cmcdViewID).
func parseCMCD(body []byte, videoParam string) ([]*Batch, error) {
	type key struct{ sid, video string }
	batches := map[key]*Batch{}
	var order []key
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 0, 4096), MaxBodyBytes)
	line := 0
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		line++
		if text == "" {
			continue
		}
		d, err := parseSFDict(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		video := d.str("cid")
		if videoParam != "" {
			video = videoParam
		}
		vid, err := uuid.Parse(video)
		if err != nil || len(video) != 36 {
			return nil, fmt.Errorf("line %d: the video must be the cid key or ?video_id= (a Vidra video id)", line)
		}
		sid := d.str("sid")
		if sid == "" || len(sid) > 128 {
			return nil, fmt.Errorf("line %d: sid (1 to 128 characters) is required", line)
		}
		ev, keep, err := cmcdEvent(d)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		if !keep {
			continue
		}
		k := key{sid, vid.String()}
		b, ok := batches[k]
		if !ok {
			b = &Batch{V: 1, SessionID: sid, VideoID: vid.String(), StreamType: cmcdStreamType(d.token("st"))}
			batches[k] = b
			order = append(order, k)
		}
		b.Events = append(b.Events, ev)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("the body could not be read: %v", err)
	}
	out := make([]*Batch, 0, len(order))
	for _, k := range order {
		out = append(out, batches[k])
	}
	return out, nil
}

func cmcdStreamType(st string) string {
	if st == "l" {
		return "live"
	}
	return "on_demand"
}

// cmcdEvent maps one CMCD event to a beacon event; keep is false for event
// types Vidra does not store.
func cmcdEvent(d sfDict) (RawEvent, bool, error) {
	sn, ok := d.int("sn")
	if !ok {
		return RawEvent{}, false, fmt.Errorf("sn (the event's sequence number) is required")
	}
	ts, ok := d.int("ts")
	if !ok {
		return RawEvent{}, false, fmt.Errorf("ts (epoch milliseconds) is required")
	}
	seq := int(sn)
	ev := RawEvent{Seq: &seq, T: &ts}
	if pt, ok := d.int("pt"); ok {
		ev.Pt = float64(pt)
	} else {
		ev.NoPlayhead = true
	}
	if pr, ok := d.num("pr"); ok {
		ev.Rate = pr
	}
	switch d.token("e") {
	case "ps":
		switch d.token("sta") {
		case "d", "s":
			ev.E = EvViewStart
		case "p":
			ev.E = EvPlaying
		case "a":
			ev.E = EvPause
		case "k":
			ev.E = EvSeeking
		case "r":
			ev.E = EvRebufferStart
		case "e":
			ev.E = EvEnded
		case "f":
			ev.E = EvViewEnd
		default:
			return ev, false, fmt.Errorf("unknown play state sta=%q", d.token("sta"))
		}
	case "t":
		ev.E = EvHeartbeat
	case "pr":
		ev.E = EvHeartbeat
	case "e":
		ev.E = EvError
		ev.Code = d.first("ec")
		ev.Fatal = d.token("sta") == "f"
	case "bc":
		ev.E = EvRenditionChange
		if br, ok := d.firstNum("br"); ok {
			ev.Bitrate = int64(br * 1000)
		}
	case "":
		return ev, false, fmt.Errorf("e (the event type) is required")
	default:
		return ev, false, nil
	}
	return ev, true, nil
}

// sfDict is a parsed Structured Field Dictionary: each member's value is a
// string, a token, a number (float64), a bool, or a list of those (inner list).
type sfDict map[string]any

type sfToken string

func (d sfDict) str(k string) string {
	if s, ok := d[k].(string); ok {
		return s
	}
	if t, ok := d[k].(sfToken); ok {
		return string(t)
	}
	return ""
}

func (d sfDict) token(k string) string {
	if t, ok := d[k].(sfToken); ok {
		return string(t)
	}
	if s, ok := d[k].(string); ok {
		return s
	}
	return ""
}

func (d sfDict) num(k string) (float64, bool) {
	f, ok := d[k].(float64)
	return f, ok
}

func (d sfDict) int(k string) (int64, bool) {
	f, ok := d[k].(float64)
	if !ok || f != float64(int64(f)) {
		return 0, false
	}
	return int64(f), true
}

func (d sfDict) first(k string) string {
	if l, ok := d[k].([]any); ok && len(l) > 0 {
		switch v := l[0].(type) {
		case string:
			return v
		case sfToken:
			return string(v)
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
	}
	return d.str(k)
}

func (d sfDict) firstNum(k string) (float64, bool) {
	if l, ok := d[k].([]any); ok && len(l) > 0 {
		f, ok := l[0].(float64)
		return f, ok
	}
	return d.num(k)
}

// parseSFDict parses a Structured Field Dictionary (RFC 8941, the subset CMCD
// uses: no parameters are kept, byte sequences are skipped).
func parseSFDict(s string) (sfDict, error) {
	p := &sfParser{s: s}
	d := sfDict{}
	for {
		p.skipSpace()
		if p.done() {
			break
		}
		k := p.key()
		if k == "" {
			return nil, fmt.Errorf("bad key at %d", p.i)
		}
		var v any = true
		if p.peek() == '=' {
			p.i++
			var err error
			if p.peek() == '(' {
				v, err = p.innerList()
			} else {
				v, err = p.bareItem()
			}
			if err != nil {
				return nil, err
			}
		}
		p.skipParams()
		if len(d) >= 64 {
			return nil, fmt.Errorf("too many keys")
		}
		d[k] = v
		p.skipSpace()
		if p.done() {
			break
		}
		if p.peek() != ',' {
			return nil, fmt.Errorf("expected ',' at %d", p.i)
		}
		p.i++
	}
	return d, nil
}

type sfParser struct {
	s string
	i int
}

func (p *sfParser) done() bool { return p.i >= len(p.s) }

func (p *sfParser) peek() byte {
	if p.done() {
		return 0
	}
	return p.s[p.i]
}

func (p *sfParser) skipSpace() {
	for !p.done() && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *sfParser) key() string {
	start := p.i
	for !p.done() {
		c := p.s[p.i]
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' || c == '*' {
			p.i++
			continue
		}
		break
	}
	return p.s[start:p.i]
}

// skipParams skips ;key=value parameters.
func (p *sfParser) skipParams() {
	for p.peek() == ';' {
		p.i++
		p.key()
		if p.peek() == '=' {
			p.i++
			_, _ = p.bareItem()
		}
	}
}

func (p *sfParser) innerList() ([]any, error) {
	p.i++ // (
	var out []any
	for {
		p.skipSpace()
		if p.peek() == ')' {
			p.i++
			return out, nil
		}
		if p.done() || len(out) >= 32 {
			return nil, fmt.Errorf("unterminated inner list")
		}
		v, err := p.bareItem()
		if err != nil {
			return nil, err
		}
		p.skipParams()
		out = append(out, v)
	}
}

func (p *sfParser) bareItem() (any, error) {
	c := p.peek()
	switch {
	case c == '"':
		var sb strings.Builder
		for p.i++; !p.done(); p.i++ {
			ch := p.s[p.i]
			switch {
			case ch == '\\' && p.i+1 < len(p.s):
				p.i++
				sb.WriteByte(p.s[p.i])
			case ch == '"':
				p.i++
				return sb.String(), nil
			default:
				sb.WriteByte(ch)
			}
			if sb.Len() > 2048 {
				return nil, fmt.Errorf("string too long")
			}
		}
		return nil, fmt.Errorf("unterminated string")
	case c == '-' || (c >= '0' && c <= '9'):
		start := p.i
		p.i++
		for !p.done() && ((p.s[p.i] >= '0' && p.s[p.i] <= '9') || p.s[p.i] == '.') {
			p.i++
		}
		f, err := strconv.ParseFloat(p.s[start:p.i], 64)
		if err != nil {
			return nil, fmt.Errorf("bad number %q", p.s[start:p.i])
		}
		return f, nil
	case c == '?':
		if p.i+1 < len(p.s) && (p.s[p.i+1] == '0' || p.s[p.i+1] == '1') {
			p.i += 2
			return p.s[p.i-1] == '1', nil
		}
		return nil, fmt.Errorf("bad boolean at %d", p.i)
	case c == ':':
		end := strings.IndexByte(p.s[p.i+1:], ':')
		if end < 0 {
			return nil, fmt.Errorf("unterminated byte sequence")
		}
		p.i += end + 2
		return "", nil
	case (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '*':
		start := p.i
		for !p.done() && strings.IndexByte(",;() \t\"", p.s[p.i]) < 0 {
			p.i++
		}
		return sfToken(p.s[start:p.i]), nil
	}
	return nil, fmt.Errorf("bad value at %d", p.i)
}
