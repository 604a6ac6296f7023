package graph_test

import (
	"fmt"
	"testing"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// unlimited lets a benchmark sign in as often as it likes.
var unlimited = func() graph.AuthLimits {
	l := graph.DefaultAuthLimits
	off := auth.Limit{} // zero burst: no limit
	l.LoginPerIP, l.LoginPerAccount, l.RegisterPerIP = off, off, off
	l.CodePerIP, l.CodePerAccount, l.CheckAccountPerIP = off, off, off
	return l
}()

// forEachDialectBench runs a benchmark on each dialect over real HTTP.
func forEachDialectBench(b *testing.B, bench func(b *testing.B, s *apptest.Server)) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			bench(b, apptest.New(b, d, apptest.Options{AuthLimits: unlimited}))
		})
	}
}

func reportOpsPerSecond(b *testing.B) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, "ops/s")
	}
}

// BenchmarkLogin measures password sign-in over HTTP: argon2id (19 MiB, 2 passes)
// dominates, by design.
func BenchmarkLogin(b *testing.B) {
	forEachDialectBench(b, func(b *testing.B, s *apptest.Server) {
		anon := s.Anonymous()
		vars := map[string]any{"e": apptest.DefaultEmail, "p": apptest.DefaultPassword}
		b.ResetTimer()
		for b.Loop() {
			if res := anon.GraphQL(loginOp, vars); len(res.Errors) > 0 {
				b.Fatal(res.Errors)
			}
		}
		reportOpsPerSecond(b)
	})
}

// BenchmarkRefreshToken measures refresh-token rotation over HTTP.
func BenchmarkRefreshToken(b *testing.B) {
	forEachDialectBench(b, func(b *testing.B, s *apptest.Server) {
		anon := s.Anonymous()
		token := s.Login(apptest.DefaultEmail, apptest.DefaultPassword).RefreshToken
		b.ResetTimer()
		for b.Loop() {
			var out struct{ RefreshToken apptest.Tokens }
			anon.MustGraphQL(refreshOp, map[string]any{"t": token}, &out)
			token = out.RefreshToken.RefreshToken
		}
		reportOpsPerSecond(b)
	})
}

// BenchmarkSessionCheck measures what authentication adds to a request: the same
// public query anonymously and with a bearer token (JWT verification plus the
// session's primary-key read).
func BenchmarkSessionCheck(b *testing.B) {
	forEachDialectBench(b, func(b *testing.B, s *apptest.Server) {
		for _, c := range []struct {
			name string
			as   *apptest.Server
		}{{"anonymous", s.Anonymous()}, {"bearer", s}} {
			b.Run(c.name, func(b *testing.B) {
				for b.Loop() {
					if res := c.as.GraphQL(`{ service { name } }`, nil); len(res.Errors) > 0 {
						b.Fatal(fmt.Sprint(res.Errors))
					}
				}
				reportOpsPerSecond(b)
			})
		}
	})
}
