package graph_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/auth"
)

// checkAccountOp is a public operation limited per client address.
const checkAccountOp = `mutation($e: String!) { checkAccount(email: $e) { exists } }`

// forwarded is an X-Forwarded-For header.
func forwarded(v string) http.Header { return http.Header{"X-Forwarded-For": {v}} }

// proxyLimits allow two account checks per address, and plenty per account.
func proxyLimits() graph.AuthLimits {
	limits := graph.DefaultAuthLimits
	limits.CheckAccountPerIP = auth.Limit{Burst: 2, Every: time.Hour}
	limits.CheckPerAccount = auth.Limit{Burst: 100, Every: time.Second}
	return limits
}

// checkAccount asks about an address with headers and returns the error code, "" for none.
func checkAccount(t *testing.T, s *apptest.Server, header http.Header) string {
	t.Helper()
	_, _, res := rawGraphQL(t, s, checkAccountOp, map[string]any{"e": "someone@example.test"}, header)
	if len(res.Errors) > 0 {
		return res.Errors[0].Code()
	}
	return ""
}

// TestUntrustedPeersForwardedForIsIgnored: without VIDRA_TRUSTED_PROXIES the
// tests' loopback connection is the client, so a different X-Forwarded-For on
// every request does not escape the per-address limit, and the session and the
// audit log record the connection's address.
func TestUntrustedPeersForwardedForIsIgnored(t *testing.T) {
	forEachDialectWith(t, func(*testing.T) apptest.Options { return apptest.Options{AuthLimits: proxyLimits()} }, func(t *testing.T, s *apptest.Server) {
		anon := s.Anonymous()
		for i, from := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.3"} {
			want := ""
			if i == 2 {
				want = "RATE_LIMITED"
			}
			if got := checkAccount(t, anon, forwarded(from)); got != want {
				t.Fatalf("check %d, forwarded for %s: %q, want %q", i+1, from, got, want)
			}
		}
		if got := checkAccount(t, anon, nil); got != "RATE_LIMITED" {
			t.Fatalf("without the header: %q, want RATE_LIMITED (the same address)", got)
		}
		ip := signInAndCreateProject(t, s, forwarded("203.0.113.50"))
		if ip.session != "127.0.0.1" || ip.audit != "127.0.0.1" {
			t.Errorf("recorded addresses = %+v, want the peer 127.0.0.1", ip)
		}
	})
}

// TestTrustedProxysForwardedForIsHonoured: with the loopback proxy trusted,
// each forwarded client has its own limit, entries a client prepends do not
// change which client it is, and the session and the audit log record it.
func TestTrustedProxysForwardedForIsHonoured(t *testing.T) {
	opts := func(*testing.T) apptest.Options {
		return apptest.Options{AuthLimits: proxyLimits(), Env: map[string]string{"VIDRA_TRUSTED_PROXIES": "127.0.0.0/8, 10.0.0.0/8"}}
	}
	forEachDialectWith(t, opts, func(t *testing.T, s *apptest.Server) {
		anon := s.Anonymous()
		for i := range 2 {
			if got := checkAccount(t, anon, forwarded("203.0.113.7")); got != "" {
				t.Fatalf("check %d for 203.0.113.7: %q", i+1, got)
			}
		}
		for _, tc := range []struct {
			name, header, want string
		}{
			{"the same client again", "203.0.113.7", "RATE_LIMITED"},
			{"the same client with spoofed entries on the left", "198.51.100.1, 192.0.2.1, 203.0.113.7", "RATE_LIMITED"},
			{"the same client through a second trusted proxy", "203.0.113.7, 10.1.2.3", "RATE_LIMITED"},
			{"another client", "203.0.113.8", ""},
			{"another client behind two proxies, spoofing the first", "203.0.113.7, 203.0.113.9, 10.1.2.3", ""},
		} {
			if got := checkAccount(t, anon, forwarded(tc.header)); got != tc.want {
				t.Errorf("%s (%s): %q, want %q", tc.name, tc.header, got, tc.want)
			}
		}
		// The proxy itself, forwarding nothing, is a client of its own.
		if got := checkAccount(t, anon, nil); got != "" {
			t.Errorf("without the header: %q, want it allowed (the proxy's own address)", got)
		}
		ip := signInAndCreateProject(t, s, forwarded("192.0.2.99, 203.0.113.50"))
		if ip.session != "203.0.113.50" || ip.audit != "203.0.113.50" {
			t.Errorf("recorded addresses = %+v, want the forwarded client 203.0.113.50", ip)
		}
	})
}

// recordedAddresses are the client addresses a sign-in and a mutation left.
type recordedAddresses struct{ session, audit string }

// signInAndCreateProject signs in and creates a project with the headers, and
// returns the address recorded on the new session and in the project's audit entry.
func signInAndCreateProject(t *testing.T, s *apptest.Server, header http.Header) recordedAddresses {
	t.Helper()
	var login struct{ Login struct{ AccessToken string } }
	s.Anonymous().MustGraphQL(loginOp, map[string]any{"e": apptest.DefaultEmail, "p": apptest.DefaultPassword}, &login, header)
	signedIn := s.As(login.Login.AccessToken)
	var out recordedAddresses
	var sessions struct {
		Sessions []struct {
			IPAddress string
			Current   bool
		}
	}
	signedIn.MustGraphQL(`{ sessions { ipAddress current } }`, nil, &sessions)
	for _, ss := range sessions.Sessions {
		if ss.Current {
			out.session = ss.IPAddress
		}
	}
	org := signedIn.CreateOrganization("Audited") // switches the session to it, for the audit log
	var created struct{ CreateProject struct{ ID string } }
	signedIn.MustGraphQL(`mutation($o: ID!) { createProject(input: {name: "Audited", organizationID: $o}) { id } }`,
		map[string]any{"o": org}, &created, header)
	var audits struct {
		Audits struct {
			Edges []struct{ Node struct{ Address string } }
		}
	}
	signedIn.MustGraphQL(`query($id: ID!) { audits(entityID: $id, first: 5) { edges { node { address } } } }`,
		map[string]any{"id": created.CreateProject.ID}, &audits)
	if len(audits.Audits.Edges) != 1 {
		t.Fatalf("audits of the project = %+v", audits)
	}
	out.audit = audits.Audits.Edges[0].Node.Address
	return out
}
