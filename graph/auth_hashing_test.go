package graph_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// loginResult is the outcome of one login of a burst.
type loginResult struct {
	status int
	body   []byte
	err    error
}

// startLogins sends n logins of the default account at once; the results come
// on the channel returned, n of them.
func startLogins(ctx context.Context, s *apptest.Server, n int) <-chan loginResult {
	out := make(chan loginResult, n)
	for range n {
		go func() {
			status, _, body, err := restLogin(ctx, s, apptest.DefaultEmail, apptest.DefaultPassword)
			out <- loginResult{status, body, err}
		}()
	}
	return out
}

// parkedHashServer starts a server on dialect d whose password hashes park
// while park is armed, with slots hashing slots and the given wait for one.
func parkedHashServer(t *testing.T, d string, park *apptest.HashPark, slots int, wait time.Duration) *apptest.Server {
	return apptest.New(t, d, apptest.Options{AuthLimits: unlimited,
		PasswordHashing: auth.Hashing{Slots: slots, Wait: wait, Hold: park.Hold}})
}

// TestLoginBurstHoldsNoTransactionWhileHashing parks a burst of logins (real
// HTTP) mid-hash and checks, meanwhile, that none of them holds a database
// transaction: on PostgreSQL no connection sits "idle in transaction", on
// SQLite the write lock is free, so a signed-in write completes; and /health
// answers 200. Before the fix each login hashed inside the mutation's
// transaction (BEGIN IMMEDIATE on SQLite: the write lock).
func TestLoginBurstHoldsNoTransactionWhileHashing(t *testing.T) {
	const burst = 8
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			park := apptest.NewHashPark()
			s := parkedHashServer(t, d, park, burst, time.Minute)
			org := s.CreateOrganization("burst")
			project := s.CreateProject(org, "burst")
			// A bound on the whole test, so that a regression fails instead of hanging.
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()

			park.Arm()
			results := startLogins(ctx, s.Anonymous(), burst)
			park.WaitParked(t, burst)

			var since string
			if d == "postgres" {
				since = fmt.Sprint(s.SQLInt(`SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT)`))
			}
			// A signed-in write while every login is mid-hash.
			writer := *s
			writer.Client = &http.Client{Timeout: time.Minute}
			status, env := writer.REST("POST", "/v1/projects/"+project+"/tags", `{"name": "written during the burst"}`)
			if status != http.StatusOK {
				t.Fatalf("signed-in write while %d logins hash: %d %+v", burst, status, env)
			}
			if d == "postgres" {
				// Idle in a transaction since before the write, on this database.
				held := s.SQLInt(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
					AND state LIKE 'idle in transaction%' AND state_change < to_timestamp(CAST(? AS BIGINT) / 1000000.0)`, since)
				if held != 0 {
					t.Errorf("%d connections idle in transaction while %d logins hash", held, burst)
				}
			}
			if status, body := getHealth(t, writer.Client, s.URL); status != http.StatusOK {
				t.Errorf("/health while %d logins hash: %d %s", burst, status, body)
			}

			park.Release()
			for range burst {
				r := <-results
				if r.err != nil || r.status != http.StatusOK {
					t.Errorf("parked login: %d %s %v", r.status, r.body, r.err)
				}
			}
		})
	}
}

// TestLoginBeyondHashingSlotsIsRateLimited fills every hashing slot with
// parked logins: one more login (REST and GraphQL) and a registration wait the
// short bounded wait, then are refused with 429 / RATE_LIMITED and Retry-After,
// never a 500, and the refused registration creates nothing.
func TestLoginBeyondHashingSlotsIsRateLimited(t *testing.T) {
	const slots = 2
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			park := apptest.NewHashPark()
			s := parkedHashServer(t, d, park, slots, 50*time.Millisecond)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()

			park.Arm()
			results := startLogins(ctx, s.Anonymous(), slots)
			park.WaitParked(t, slots)

			status, retry, body, err := restLogin(ctx, s.Anonymous(), apptest.DefaultEmail, apptest.DefaultPassword)
			if err != nil || status != http.StatusTooManyRequests || retry != "1" {
				t.Errorf("login beyond the hashing slots: %d Retry-After %q %s %v; want 429 with Retry-After 1", status, retry, body, err)
			}
			code, header, res := rawGraphQL(t, s, loginOp, map[string]any{"e": apptest.DefaultEmail, "p": apptest.DefaultPassword}, nil)
			wantError(t, res, "RATE_LIMITED", "")
			if header.Get("Retry-After") != "1" || code == http.StatusInternalServerError {
				t.Errorf("GraphQL login beyond the hashing slots: status %d, Retry-After %q", code, header.Get("Retry-After"))
			}
			status, env := s.Anonymous().REST("POST", "/v1/auth/register",
				`{"email": "late@example.test", "password": "another fine passphrase", "name": "Late"}`)
			if status != http.StatusTooManyRequests {
				t.Errorf("register beyond the hashing slots: %d %+v; want 429", status, env)
			}
			if n := s.SQLInt(`SELECT count(*) FROM users WHERE email = ?`, "late@example.test"); n != 0 {
				t.Errorf("a refused registration created %d users", n)
			}

			park.Release()
			for range slots {
				if r := <-results; r.err != nil || r.status != http.StatusOK {
					t.Errorf("parked login: %d %s %v", r.status, r.body, r.err)
				}
			}
			// The slots are free again.
			if status, _, body, err := restLogin(ctx, s.Anonymous(), apptest.DefaultEmail, apptest.DefaultPassword); status != http.StatusOK {
				t.Errorf("login after the burst: %d %s %v", status, body, err)
			}
		})
	}
}

// TestPasswordOperationsRefuseASharedTransaction: a password operation sent
// beside another mutation would hash inside the shared transaction, so it is
// refused (400) before any hashing.
func TestPasswordOperationsRefuseASharedTransaction(t *testing.T) {
	forEachDialectWith(t, func(*testing.T) apptest.Options { return apptest.Options{AuthLimits: unlimited} },
		func(t *testing.T, s *apptest.Server) {
			res := s.GraphQL(`mutation($e: String!, $p: String!) {
				login(email: $e, password: $p) { accessToken }
				createOrganization(input: {name: "beside"}) { id } }`,
				map[string]any{"e": apptest.DefaultEmail, "p": apptest.DefaultPassword})
			wantError(t, res, "BAD_REQUEST", "login must be the only field of its mutation")
			if n := s.SQLInt(`SELECT count(*) FROM organizations WHERE name = ?`, "beside"); n != 0 {
				t.Errorf("the refused operation created %d organizations", n)
			}
		})
}

// getHealth asks GET /health and returns the status and the body.
func getHealth(t *testing.T, client *http.Client, base string) (int, []byte) {
	t.Helper()
	res, err := client.Get(base + "/health")
	if err != nil {
		t.Fatalf("GET /health: %v", err)
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body
}
