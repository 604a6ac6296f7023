package graph_test

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// namedHosts answers the names it knows with their addresses, and any other
// name as the system does (so localhost resolves through /etc/hosts).
type namedHosts map[string][]netip.Addr

func (h namedHosts) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if a, ok := h[strings.TrimSuffix(host, ".")]; ok {
		return a, nil
	}
	return net.DefaultResolver.LookupNetIP(ctx, network, host)
}

// TestSimulcastTargetAddressPolicy: with VIDRA_ALLOW_PRIVATE_NETWORKS off, a
// simulcast target whose host is or resolves to loopback, a private or a
// link-local address (cloud metadata) is refused when it is created, through
// GraphQL (INVALID_INPUT on input.url) and REST (422), and when a target's URL
// is changed to one; nothing is stored, and the message names no address. A
// public one is taken.
func TestSimulcastTargetAddressPolicy(t *testing.T) {
	hosts := namedHosts{
		"public.example":   {netip.MustParseAddr("8.8.8.8")},
		"loopback.example": {netip.MustParseAddr("127.0.0.1")},
		"private.example":  {netip.MustParseAddr("10.20.30.40")},
		"mixed.example":    {netip.MustParseAddr("8.8.8.8"), netip.MustParseAddr("::1")},
		"nowhere.example":  {},
	}
	opts := apptest.Options{Env: map[string]string{"VIDRA_ALLOW_PRIVATE_NETWORKS": "false"}, HostResolver: hosts}
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		var out struct{ CreateLiveStream liveStreamWithKey }
		s.MustGraphQL(createLiveStream, map[string]any{"p": proj, "in": map[string]any{"name": "x"}}, &out)
		stream := out.CreateLiveStream.LiveStream.ID
		create := `mutation($p: ID!, $s: ID!, $in: CreateLiveSimulcastTargetInput!) { createLiveSimulcastTarget(projectID: $p, liveStreamID: $s, input: $in) { id } }`
		refused := []string{
			"rtmp://127.0.0.1/app", "rtmp://127.0.0.1:22/app", "rtmp://[::1]:1935/app", "rtmp://localhost/app", "rtmps://LOCALHOST.:443/app",
			"rtmp://10.0.0.5/app", "rtmp://192.168.1.10/app", "rtmp://169.254.169.254/latest", "rtmp://[::ffff:127.0.0.1]/app",
			"rtmp://loopback.example/app", "rtmp://private.example:1935/app", "rtmp://mixed.example/app", "rtmp://nowhere.example/app",
		}
		for _, u := range refused {
			res := s.GraphQL(create, map[string]any{"p": proj, "s": stream, "in": map[string]any{"name": "t", "url": u, "streamKey": "k"}})
			if len(res.Errors) != 1 || res.Errors[0].Code() != "INVALID_INPUT" || res.Errors[0].Extensions["field"] != "input.url" {
				t.Errorf("GraphQL %s: %+v, want INVALID_INPUT on input.url", u, res.Errors)
				continue
			}
			if msg := res.Errors[0].Message; strings.Contains(msg, "127.") || strings.Contains(msg, "10.") || strings.Contains(msg, "::1") {
				t.Errorf("GraphQL %s: the message names an address: %q", u, msg)
			}
			status, env := s.REST("POST", fmt.Sprintf("/v1/projects/%s/livestreams/%s/simulcast-targets", proj, stream),
				fmt.Sprintf(`{"name": "t", "url": %q, "stream_key": "k"}`, u))
			if status != 422 || env.Success || len(env.Errors) == 0 {
				t.Errorf("REST %s: %d %+v, want 422", u, status, env)
			}
		}
		if n := s.App.DB.Client.LiveSimulcastTarget.Query().CountX(apptest.System()); n != 0 {
			t.Fatalf("%d targets stored by refused requests", n)
		}

		var ok struct{ CreateLiveSimulcastTarget struct{ ID string } }
		s.MustGraphQL(create, map[string]any{"p": proj, "s": stream, "in": map[string]any{"name": "t", "url": "rtmp://public.example/app", "streamKey": "k"}}, &ok)
		update := `mutation($p: ID!, $s: ID!, $id: ID!, $in: UpdateLiveSimulcastTargetInput!) { updateLiveSimulcastTarget(projectID: $p, liveStreamID: $s, id: $id, input: $in) { id } }`
		if code := s.ErrorCode(update, map[string]any{"p": proj, "s": stream, "id": ok.CreateLiveSimulcastTarget.ID, "in": map[string]any{"url": "rtmp://loopback.example/app"}}); code != "INVALID_INPUT" {
			t.Fatalf("update to a loopback name: %s", code)
		}
		tg := s.App.DB.Client.LiveSimulcastTarget.Query().OnlyX(apptest.System())
		if tg.URL != "rtmp://public.example/app" {
			t.Fatalf("the refused update changed the target: %s", tg.URL)
		}
	}, opts)
}
