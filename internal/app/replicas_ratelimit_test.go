package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestSignInLimitsHoldAcrossReplicas: three Vidra servers on one database (on
// PostgreSQL each with its own connection pool, as replicas have) allow the
// same password attempts on an account as one server: wrong passwords sent
// round robin to the three are refused as UNAUTHENTICATED up to the limit, then
// every replica answers RATE_LIMITED with the same Retry-After a single server
// gives, over GraphQL and REST alike. Replicas share PostgreSQL; the embedded
// SQLite serves one process, which counts in process (internal/app/auth.go): there the
// test checks that one server still limits.
func TestSignInLimitsHoldAcrossReplicas(t *testing.T) {
	limits := graph.DefaultAuthLimits
	limits.LoginPerAccount = auth.Limit{Burst: 4, Every: time.Hour}
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			first := testdb.Open(t, d)
			replicas := []*apptest.Server{apptest.New(t, d, apptest.Options{DB: first, AuthLimits: limits})}
			others := 2
			if first.URL == "" {
				others = 0 // the embedded SQLite: one process
			}
			for range others {
				db, err := database.Open(context.Background(), first.URL, "")
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = db.Close() })
				replicas = append(replicas, apptest.New(t, d, apptest.Options{DB: db, AuthLimits: limits, Anonymous: true}))
			}
			login := func(s *apptest.Server, password string) (string, string) {
				t.Helper()
				body, _ := json.Marshal(map[string]any{"query": `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`,
					"variables": map[string]any{"e": apptest.DefaultEmail, "p": password}})
				res, err := s.Client.Post(s.URL+"/graphql", "application/json", bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				defer func() { _ = res.Body.Close() }()
				var out apptest.GraphQLResponse
				if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
					t.Fatal(err)
				}
				if len(out.Errors) == 0 {
					return "OK", ""
				}
				return out.Errors[0].Code(), res.Header.Get("Retry-After")
			}
			// The default user's sign-up took no password attempt.
			for i := range 4 {
				n := i % len(replicas)
				if code, _ := login(replicas[n], "wrong password "+strconv.Itoa(i)); code != "UNAUTHENTICATED" {
					t.Fatalf("attempt %d on replica %d: %s, want UNAUTHENTICATED", i+1, n, code)
				}
			}
			for i, s := range replicas {
				code, retry := login(s, apptest.DefaultPassword)
				secs, _ := strconv.Atoi(retry)
				if code != "RATE_LIMITED" || secs < 3590 || secs > 3600 {
					t.Errorf("replica %d after the limit: %s, Retry-After %q; want RATE_LIMITED and about 3600", i, code, retry)
				}
			}
			// REST runs the same mutation: limited too, with 429.
			status, env := replicas[len(replicas)-1].Anonymous().REST("POST", "/v1/auth/login", `{"email": "`+apptest.DefaultEmail+`", "password": "`+apptest.DefaultPassword+`"}`)
			if status != http.StatusTooManyRequests {
				t.Errorf("REST login on the last replica: %d %s, want 429", status, env.Message)
			}
		})
	}
}

// TestConcurrentSignInsDoNotExhaustThePool: more sign-ins at once than the
// main pool has connections (25), each holding one for its transaction while
// its attempt is counted, all finish (the shared limits count through a pool
// of their own), and none is refused by a limit it is far below (the hashing
// slots let them wait their turn here: this test is about the pool). PostgreSQL
// only: the pool and the shared limits are PostgreSQL's (the embedded SQLite
// has one writer and counts in process).
func TestConcurrentSignInsDoNotExhaustThePool(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		if d != "postgres" {
			continue
		}
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			limits := graph.DefaultAuthLimits
			limits.LoginPerIP = auth.Limit{Burst: 1000, Every: time.Millisecond}
			s := apptest.New(t, d, apptest.Options{Anonymous: true, AuthLimits: limits,
				PasswordHashing: auth.Hashing{Wait: 80 * time.Second}})
			client := &http.Client{Timeout: 90 * time.Second}
			const n = 40
			errs := make(chan error, n)
			for i := range n {
				go func() {
					body, _ := json.Marshal(map[string]any{"query": `mutation($e: String!) { login(email: $e, password: "wrong password") { accessToken } }`,
						"variables": map[string]any{"e": "nobody" + strconv.Itoa(i) + "@example.test"}})
					res, err := client.Post(s.URL+"/graphql", "application/json", bytes.NewReader(body))
					if err == nil {
						var out apptest.GraphQLResponse
						err = json.NewDecoder(res.Body).Decode(&out)
						_ = res.Body.Close()
						if err == nil && (len(out.Errors) == 0 || out.Errors[0].Code() != "UNAUTHENTICATED") {
							err = fmt.Errorf("login of an unknown account: %+v", out.Errors)
						}
					}
					errs <- err
				}()
			}
			for range n {
				if err := <-errs; err != nil {
					t.Error(err)
				}
			}
		})
	}
}
