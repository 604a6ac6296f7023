package app_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// BenchmarkSubscriptionRevocation measures the time from a member's removal
// committed on server a to the end of that member's subscription connection
// on server b (the change feed's notice through PostgreSQL, b's check of the
// credential, the close), and reports its p50, p99 and max. The periodic
// credential check is 30 s apart: only the notice ends the connection sooner.
func BenchmarkSubscriptionRevocation(bm *testing.B) {
	a, b := twoServers(bm)
	org := a.CreateOrganization("Org")
	a.SwitchOrganization(org)
	videoID := a.CreateVideo(a.CreateProject(org, "P"), "", "v")
	up := a.SignUp("member@example.test", "glacier ember violin", "M")
	ctx := apptest.System()
	orgID, userID := uuid.MustParse(org), uuid.MustParse(up.User.ID)
	addMember := func() uuid.UUID {
		m := a.App.DB.Client.Membership.Create().SetOrganizationID(orgID).SetUserID(userID).
			SetRole(membership.RoleAdmin).SaveX(ctx)
		return m.ID
	}
	m := addMember()
	member := a.As(up.AccessToken)
	member.SwitchOrganization(org)
	member = b.As(member.Token)

	latencies := make([]time.Duration, 0, bm.N)
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		if i > 0 {
			m = addMember()
		}
		c, code, err := member.DialWS(bearer(member))
		if err != nil {
			bm.Fatalf("connect: %v (close %d)", err, code)
		}
		c.Subscribe("v", videoSubscription, map[string]any{"id": videoID})
		if msg := c.Next("v", 10*time.Second); msg.Type != "next" {
			bm.Fatalf("first value: %s %s", msg.Type, msg.Payload)
		}
		start := time.Now()
		a.App.DB.Client.Membership.DeleteOneID(m).ExecX(ctx)
		deadline := start.Add(10 * time.Second)
		for {
			if _, err := c.Read(time.Until(deadline)); err != nil {
				if time.Now().After(deadline) {
					bm.Fatal("the connection is still open")
				}
				break
			}
		}
		latencies = append(latencies, time.Since(start))
	}
	bm.StopTimer()
	reportLatencies(bm, latencies)
}
