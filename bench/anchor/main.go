// Command anchor is the hand-written ceiling that `make bench-http` measures Vidra
// against. It is the kit's limit server (../shared/bench-anchors/limit, vendored)
// with one more variant:
//
//	GET /videos?project_id=<uuid>       first keyset page of 50 videos as JSON, from the
//	                                    anchors' own database (the kit's "limit-db")
//	GET /videos-tags?project_id=<uuid>  the same page with each video's tags joined, from
//	                                    Vidra's database, written as the JSON Vidra's
//	                                    GraphQL page with tags(first: 10) returns
//	GET /videos-rest?project_id=<uuid>  the page of 50 videos from Vidra's database, written
//	                                    as the envelope Vidra's REST list answers (embed
//	                                    links included, written against EMBED_BASE_URL)
//
// Environment: LISTEN (default 127.0.0.1:8080), DATABASE_URL (enables /videos),
// TAGS_DATABASE_URL (enables /videos-tags, and /videos-rest when EMBED_BASE_URL,
// Vidra's public address, is set too), DB_MAX_CONNS (default 16 per database),
// PREPARE (default 1: prepared statements).
package main

import (
	"database/sql"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"time"

	_ "github.com/lib/pq"
)

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	addr := os.Getenv("LISTEN")
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	conns, err := envInt("DB_MAX_CONNS", 16)
	if err != nil {
		fail(log, "DB_MAX_CONNS", err)
	}
	prepare, err := envInt("PREPARE", 1)
	if err != nil {
		fail(log, "PREPARE", err)
	}
	mux := http.NewServeMux()
	if dsn := os.Getenv("DATABASE_URL"); dsn != "" {
		db, err := openDB(dsn, conns)
		if err != nil {
			fail(log, "DATABASE_URL", err)
		}
		p, err := newPageHandler(db, prepare == 1, log)
		if err != nil {
			fail(log, "prepare page statements", err)
		}
		mux.Handle("GET /videos", p)
	}
	if dsn := os.Getenv("TAGS_DATABASE_URL"); dsn != "" {
		db, err := openDB(dsn, conns)
		if err != nil {
			fail(log, "TAGS_DATABASE_URL", err)
		}
		t, err := newTagsPageHandler(db, prepare == 1, log)
		if err != nil {
			fail(log, "prepare tags page statement", err)
		}
		mux.Handle("GET /videos-tags", t)
		if base := os.Getenv("EMBED_BASE_URL"); base != "" {
			rp, err := newRESTPageHandler(db, prepare == 1, base, log)
			if err != nil {
				fail(log, "prepare REST page statement", err)
			}
			mux.Handle("GET /videos-rest", rp)
		}
	}
	srv := &http.Server{
		Addr:              addr,
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	log.Info("anchor listening", "addr", addr)
	fail(log, "listen", srv.ListenAndServe())
}

// openDB opens a lib/pq pool of n connections, kept open, and checks it answers.
func openDB(dsn string, n int) (*sql.DB, error) {
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	db.SetConnMaxLifetime(0)
	if err := db.Ping(); err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

func envInt(name string, def int) (int, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	return strconv.Atoi(v)
}

func fail(log *slog.Logger, what string, err error) {
	log.Error(what, "err", err)
	os.Exit(1)
}

// writeJSON answers 200 with a JSON body and its length.
func writeJSON(w http.ResponseWriter, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body) // a client gone away: nothing left to answer
}
