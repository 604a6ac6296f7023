package apptest

import (
	"slices"
	"strconv"
	"testing"
	"time"
)

// Subscription documents of the resume scenario.
const (
	resumeVideoSub    = `subscription($id: ID!, $after: String) { videoUpdated(id: $id, after: $after) { id title } }`
	resumeDeliverySub = `subscription($p: ID!, $after: String) { webhookDeliveryUpdated(projectID: $p, after: $after) { id eventType } }`
)

// ResumedDelivery is a delivery event of the resume scenario.
type ResumedDelivery struct {
	ID, EventType, Cursor string
}

// nextDelivery reads subscription id's next delivery event with its cursor.
func (c *WSConn) nextDelivery(t testing.TB, id string) ResumedDelivery {
	t.Helper()
	m := c.Next(id, 15*time.Second)
	var d struct {
		WebhookDeliveryUpdated struct{ ID, EventType string }
	}
	if err := m.Data(&d); err != nil {
		t.Fatalf("subscription %s: %v", id, err)
	}
	if m.Cursor() == "" {
		t.Fatalf("subscription %s: event without extensions.cursor: %s", id, m.Payload)
	}
	return ResumedDelivery{ID: d.WebhookDeliveryUpdated.ID, EventType: d.WebhookDeliveryUpdated.EventType, Cursor: m.Cursor()}
}

// cursorAfter fails unless cursor a comes after b.
func cursorAfter(t testing.TB, a, b string) {
	t.Helper()
	x, errA := strconv.ParseInt(a, 10, 64)
	y, errB := strconv.ParseInt(b, 10, 64)
	if errA != nil || errB != nil || x <= y {
		t.Fatalf("cursor %q does not come after %q", a, b)
	}
}

// SubscriptionResume is the scenario of a subscriber that loses its
// connection (issue 45): connected to a, it follows a video and the webhook
// deliveries of project (whose endpoint receives video.created), while every
// change is made through b. Then lose ends its connection (closing it, or
// killing a's process), three changes are made through b meanwhile, and the
// subscriber connects to b again. Subscribing again without after misses the
// two deliveries created meanwhile; with the last cursor it received it gets
// exactly those two, in order, then live changes; the video, resumed, is sent
// once in its renamed state, and not at all from a cursor after the rename.
func SubscriptionResume(t testing.TB, a, b *Server, project string, lose func(*WSConn)) {
	t.Helper()
	bearer := func(s *Server) map[string]any { return map[string]any{"Authorization": "Bearer " + s.Token} }
	videoID := b.CreateVideo(project, "", "followed")
	ca, code, err := a.DialWS(bearer(a))
	if err != nil {
		t.Fatalf("connect to a: %v (close %d)", err, code)
	}
	ca.Subscribe("v", resumeVideoSub, map[string]any{"id": videoID})
	first := ca.Next("v", 15*time.Second)
	c0 := first.Cursor()
	if first.Type != "next" || c0 == "" {
		t.Fatalf("first video event: %s %s, want one with extensions.cursor", first.Type, first.Payload)
	}
	// From c0, the deliveries subscription misses nothing however late the
	// server takes it up.
	ca.Subscribe("d", resumeDeliverySub, map[string]any{"p": project, "after": c0})
	b.CreateVideo(project, "", "one")
	d1 := ca.nextDelivery(t, "d")
	if d1.EventType != "video.created" {
		t.Fatalf("first delivery: %+v", d1)
	}
	cursorAfter(t, d1.Cursor, c0)

	lose(ca)
	b.MustGraphQL(`mutation($id: ID!, $t: String!) { updateVideo(id: $id, input: {title: $t}) { id } }`,
		map[string]any{"id": videoID, "t": "renamed"}, nil)
	b.CreateVideo(project, "", "two")
	b.CreateVideo(project, "", "three")

	cb, code, err := b.DialWS(bearer(b))
	if err != nil {
		t.Fatalf("connect to b: %v (close %d)", err, code)
	}
	// Without after (as before resuming existed) the two are lost; this one
	// has a connection of its own, since reading one subscription's messages
	// drops the others'.
	cp, code, err := b.DialWS(bearer(b))
	if err != nil {
		t.Fatalf("connect to b: %v (close %d)", err, code)
	}
	cp.Subscribe("plain", resumeDeliverySub, map[string]any{"p": project})
	cb.Subscribe("d", resumeDeliverySub, map[string]any{"p": project, "after": d1.Cursor})
	got := []ResumedDelivery{cb.nextDelivery(t, "d"), cb.nextDelivery(t, "d")}
	if err := cb.Quiet("d", time.Second); err != nil {
		t.Fatalf("resumed deliveries: more than the two missed: %v", err)
	}
	ids := []string{d1.ID}
	for i, d := range got {
		if d.EventType != "video.created" || slices.Contains(ids, d.ID) {
			t.Fatalf("resumed delivery %d: %+v, want a new video.created delivery (seen %v)", i, d, ids)
		}
		ids = append(ids, d.ID)
	}
	cursorAfter(t, got[0].Cursor, d1.Cursor)
	cursorAfter(t, got[1].Cursor, got[0].Cursor)
	if err := cp.Quiet("plain", 500*time.Millisecond); err != nil {
		t.Fatalf("a subscription without after got a delivery created before it: %v", err)
	}

	cb.Subscribe("v", resumeVideoSub, map[string]any{"id": videoID, "after": c0})
	m := cb.Next("v", 15*time.Second)
	var v struct{ VideoUpdated struct{ ID, Title string } }
	if err := m.Data(&v); err != nil || v.VideoUpdated.Title != "renamed" || m.Cursor() == "" {
		t.Fatalf("resumed video: %+v %v (cursor %q), want it renamed", v, err, m.Cursor())
	}
	cb.Subscribe("v2", resumeVideoSub, map[string]any{"id": videoID, "after": m.Cursor()})
	if err := cb.Quiet("v2", 500*time.Millisecond); err != nil {
		t.Fatalf("video resumed after its last change: %v", err)
	}

	// Then live: the resumed subscription and the plain one both get the next.
	b.CreateVideo(project, "", "four")
	d4 := cb.nextDelivery(t, "d")
	cursorAfter(t, d4.Cursor, got[1].Cursor)
	if p := cp.nextDelivery(t, "plain"); p.ID != d4.ID {
		t.Fatalf("live delivery without after: %+v, want %s", p, d4.ID)
	}
}
