//go:build linux

package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/lib/pq"

	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestProcessConnectionsStayWithinTheBudget starts the real server (API and
// workers in one process) with VIDRA_DB_MAX_CONNS=10 and its connections named
// by application_name, drives 64 concurrent health checks through it (each
// queries the main pool and River's), and counts the process's connections in
// pg_stat_activity all the while: all its pools together never hold more than
// the setting. Before it, the main pool alone could open 25.
func TestProcessConnectionsStayWithinTheBudget(t *testing.T) {
	const budget = 10
	c := newCluster(t, dialect.Postgres)
	name := "vidra-budget-" + randomHex(4)
	ch := c.start("server", map[string]string{
		"VIDRA_DATABASE_URL": database.WithApplicationName(c.env["VIDRA_DATABASE_URL"], name),
		"VIDRA_DB_MAX_CONNS": "10",
	})
	c.waitHealthy(ch, time.Minute)
	admin := openAdmin(t)

	var peak atomic.Int64
	done := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			var n int64
			if err := admin.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, name).Scan(&n); err == nil && n > peak.Load() {
				peak.Store(n)
			}
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	var requests, failed atomic.Int64
	until := time.Now().Add(5 * time.Second)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	for range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(until) {
				res, err := client.Get(c.URL() + "/health")
				requests.Add(1)
				if err != nil {
					failed.Add(1)
					continue
				}
				if res.StatusCode != http.StatusOK {
					failed.Add(1)
				}
				_ = res.Body.Close()
			}
		}()
	}
	wg.Wait()
	close(done)
	<-polled
	t.Logf("%d health checks (%d failed) by 64 clients: at most %d PostgreSQL connections of the process (VIDRA_DB_MAX_CONNS=%d)",
		requests.Load(), failed.Load(), peak.Load(), budget)
	if peak.Load() > budget {
		t.Fatalf("the process held %d connections, over VIDRA_DB_MAX_CONNS=%d", peak.Load(), budget)
	}
	if peak.Load() < 2 {
		t.Fatalf("saw %d connections named %s: the count does not see the process", peak.Load(), name)
	}
}

// TestStartWaitsOutARefusingDatabase starts the real server while PostgreSQL
// refuses its role every connection (CONNECTION LIMIT 0: "too many
// connections for role", SQLSTATE 53300, as a full server's "too many
// clients"), lifts the limit a few seconds later, and sees the process, which
// kept retrying and logging each retry, migrate its database and answer
// /health/ready. Before, it exited at the first refusal.
func TestStartWaitsOutARefusingDatabase(t *testing.T) {
	c := newCluster(t, "")
	admin := openAdmin(t)
	role := "vidra_refused_" + randomHex(4)
	mustExec(t, admin, "CREATE ROLE "+pq.QuoteIdentifier(role)+" LOGIN CONNECTION LIMIT 0")
	t.Cleanup(func() { _, _ = admin.Exec("DROP ROLE IF EXISTS " + pq.QuoteIdentifier(role)) })
	dbName := role + "_db"
	mustExec(t, admin, "CREATE DATABASE "+pq.QuoteIdentifier(dbName)+" OWNER "+pq.QuoteIdentifier(role))
	t.Cleanup(func() { _, _ = admin.Exec("DROP DATABASE IF EXISTS " + pq.QuoteIdentifier(dbName) + " WITH (FORCE)") })
	u, err := url.Parse(testdb.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User, u.Path = url.User(role), "/"+dbName

	ch := c.start("server", map[string]string{"VIDRA_DATABASE_URL": u.String(), "VIDRA_DB_START_WAIT": "60s"})
	c.waitLog(ch, "PostgreSQL refused the connection; retrying", 30*time.Second)
	refusedAt := time.Now()
	// A few more retries, then room again.
	poll.Until(t, "three retries", 30*time.Second, func() bool {
		return strings.Count(ch.logs.String(), "PostgreSQL refused the connection; retrying") >= 3
	})
	select {
	case <-ch.done:
		t.Fatalf("the server exited while PostgreSQL refused it:\n%s", tail(ch.logs.String(), 4000))
	default:
	}
	if !strings.Contains(ch.logs.String(), "53300") && !strings.Contains(ch.logs.String(), "too many connections") {
		t.Fatalf("the retries do not name the refusal:\n%s", tail(ch.logs.String(), 2000))
	}
	mustExec(t, admin, "ALTER ROLE "+pq.QuoteIdentifier(role)+" CONNECTION LIMIT -1")
	poll.Until(t, "/health/ready", time.Minute, func() bool {
		res, err := http.Get(c.URL() + "/health/ready")
		if err != nil {
			return false
		}
		_ = res.Body.Close()
		return res.StatusCode == http.StatusOK
	})
	t.Logf("ready %s after the limit was lifted; %d retries logged", time.Since(refusedAt).Round(100*time.Millisecond),
		strings.Count(ch.logs.String(), "PostgreSQL refused the connection; retrying"))
}

// TestStartFailsAtOnceOnAMissingDatabase: a refusal that waiting does not cure
// (no such database, SQLSTATE 3D000) ends the process at once, unretried.
func TestStartFailsAtOnceOnAMissingDatabase(t *testing.T) {
	c := newCluster(t, "")
	u, err := url.Parse(testdb.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/vidra_no_such_database_" + randomHex(4)
	ch := c.start("server", map[string]string{"VIDRA_DATABASE_URL": u.String(), "VIDRA_DB_START_WAIT": "60s"})
	select {
	case <-ch.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("the server still runs 20 s after its database was found missing:\n%s", tail(ch.logs.String(), 2000))
	}
	if logs := ch.logs.String(); strings.Contains(logs, "retrying") || !strings.Contains(logs, "does not exist") {
		t.Fatalf("want an exit on the first error, naming it:\n%s", tail(logs, 2000))
	}
}

// openAdmin opens a small pool on the test PostgreSQL server as its admin.
func openAdmin(t *testing.T) *sql.DB {
	t.Helper()
	admin, err := sql.Open("postgres", testdb.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	admin.SetMaxOpenConns(2)
	t.Cleanup(func() { _ = admin.Close() })
	return admin
}

func mustExec(t *testing.T, db *sql.DB, query string) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), query); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
