package main

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net"
	"path/filepath"
	"strconv"
	"time"
)

// bench is one run: its options, the servers it started and what they serve.
type bench struct {
	o      options
	log    *slog.Logger
	root   string
	binDir string

	admin     *sql.DB
	pgPID     int
	vidraBin  string
	vidraDSN  string
	anchorDSN string

	vidra, anchor, pgl *server
	client             *vidraClient

	vidraProjects, anchorProjects []string
	seedNote                      string // how the Vidra data came to be, for the report
	settingsNote                  string // the PostgreSQL settings both sides ran with
}

// prepare sets up both databases and starts the three servers.
func (b *bench) prepare(ctx context.Context, vidraBin, anchorBin, pglBin string) error {
	if err := b.openAdmin(ctx); err != nil {
		return err
	}
	admin := b.admin
	var err error
	if b.anchorDSN, err = setUpAnchorDB(ctx, b.log, b.o, admin); err != nil {
		return err
	}
	if b.settingsNote, err = applyKitSettings(ctx, admin, b.o.kitDir, b.o.anchorDB); err != nil {
		return err
	}
	anchorDB, err := openPG(ctx, b.anchorDSN)
	if err != nil {
		return err
	}
	b.anchorProjects, err = projectIDs(ctx, anchorDB, `true`)
	_ = anchorDB.Close()
	if err != nil {
		return fmt.Errorf("anchor database: %w", err)
	}
	b.vidraBin = vidraBin
	b.vidraDSN = dbURL(b.o.adminURL, b.o.vidraDB, "", "")
	if err := b.prepareVidra(ctx); err != nil {
		return err
	}

	addr, err := freeAddr()
	if err != nil {
		return err
	}
	b.anchor, err = startServer("anchor", addr, filepath.Join(b.o.resultsDir, "anchor.log"), []string{
		"LISTEN=" + addr, "DATABASE_URL=" + b.anchorDSN, "TAGS_DATABASE_URL=" + b.vidraDSN,
		"EMBED_BASE_URL=" + b.client.base,
		"DB_MAX_CONNS=" + strconv.Itoa(b.o.dbMaxConns), "PREPARE=1",
	}, anchorBin)
	if err != nil {
		return err
	}
	if err := b.anchor.waitReady(ctx, "http://"+addr+"/videos?project_id="+b.anchorProjects[0], 30*time.Second); err != nil {
		return err
	}

	if addr, err = freeAddr(); err != nil {
		return err
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	b.pgl, err = startServer("postgraphile", addr, filepath.Join(b.o.resultsDir, "postgraphile.log"),
		[]string{"NODE_ENV=production"}, pglBin,
		"-c", b.anchorDSN, "--schema", "public", "--host", host, "--port", port,
		"--disable-query-log", "--disable-graphiql", "--max-pool-size", strconv.Itoa(b.o.pglPool))
	if err != nil {
		return err
	}
	return b.pgl.waitReady(ctx, "http://"+addr+"/graphql", 60*time.Second)
}

// openAdmin connects as the superuser and finds PostgreSQL's main process.
func (b *bench) openAdmin(ctx context.Context) error {
	admin, err := openPG(ctx, b.o.adminURL)
	if err != nil {
		return fmt.Errorf("%w (set BENCH_PG_URL to a superuser URL)", err)
	}
	b.admin = admin
	var backend int
	if err := admin.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
		return err
	}
	b.pgPID = postmasterPID(backend)
	if b.pgPID == 0 {
		b.log.Warn("PostgreSQL is not on this machine's process table: its CPU is not counted")
	}
	return nil
}

// prepareVidra reuses the Vidra database when it holds this version's seed, and
// seeds it otherwise; either way Vidra ends up running on it with a signed-in client.
func (b *bench) prepareVidra(ctx context.Context) error {
	mark, err := seededWith(ctx, b.admin, b.o.vidraDB)
	if err != nil {
		return err
	}
	if mark == seedVersion && !b.o.reseed {
		if _, err := applyKitSettings(ctx, b.admin, b.o.kitDir, b.o.vidraDB); err != nil {
			return err
		}
		if err := b.startVidra(ctx); err != nil {
			return fmt.Errorf("%w\n(the database %s was seeded by another version of Vidra? run again with RESEED=1)", err, b.o.vidraDB)
		}
		if err := b.client.login(ctx); err != nil {
			return fmt.Errorf("sign in to the seeded database: %w (RESEED=1 seeds it again)", err)
		}
		b.seedNote = fmt.Sprintf("reused database %s (%s)", b.o.vidraDB, seedVersion)
		b.log.Info("Vidra database already seeded", "db", b.o.vidraDB)
		return b.loadVidraProjects(ctx)
	}
	start := time.Now()
	b.log.Info("seeding Vidra's database", "db", b.o.vidraDB)
	if err := recreateDatabase(ctx, b.admin, b.o.vidraDB); err != nil {
		return fmt.Errorf("recreate %s: %w", b.o.vidraDB, err)
	}
	if _, err := applyKitSettings(ctx, b.admin, b.o.kitDir, b.o.vidraDB); err != nil {
		return err
	}
	if err := b.startVidra(ctx); err != nil {
		return err
	}
	if err := b.client.register(ctx); err != nil {
		return fmt.Errorf("register: %w", err)
	}
	seed, err := seedThroughAPI(ctx, b.client)
	if err != nil {
		return err
	}
	apiTook := time.Since(start)
	db, err := openPG(ctx, b.vidraDSN)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	if err := seedVolume(ctx, b.log, db, seed); err != nil {
		return err
	}
	if err := markSeeded(ctx, b.admin, b.o.vidraDB); err != nil {
		return err
	}
	took := time.Since(start)
	b.seedNote = fmt.Sprintf("seeded %s in %.1f s (fresh database, migrations and API part %.1f s, bulk SQL and VACUUM ANALYZE %.1f s)",
		b.o.vidraDB, took.Seconds(), apiTook.Seconds(), (took - apiTook).Seconds())
	b.log.Info("Vidra database seeded", "took", took.Round(time.Millisecond))
	// Start again, so no statement was prepared or planned before the volume existed.
	b.vidra.stop()
	if err := b.startVidra(ctx); err != nil {
		return err
	}
	if err := b.client.login(ctx); err != nil {
		return err
	}
	return b.loadVidraProjects(ctx)
}

// startVidra starts the real binary on the benchmark database: jobs off (an API
// benchmark), everything else as configured by default.
func (b *bench) startVidra(ctx context.Context) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	b.vidra, err = startServer("vidra", addr, filepath.Join(b.o.resultsDir, "vidra.log"), b.vidraEnv(addr, "vidra-data"), b.vidraBin)
	if err != nil {
		return err
	}
	b.client = newVidraClient("http://" + addr)
	return b.vidra.waitReady(ctx, "http://"+addr+"/health/ready", 120*time.Second)
}

// vidraEnv is the environment of a benchmarked Vidra server listening on addr
// with its files in dataDir (under the bench's directory): no workers, and no
// live ingest, whose default ports (RTMP :1935, SRT :6000) two servers of an
// A/B, or another program on the machine, would both want.
func (b *bench) vidraEnv(addr, dataDir string) []string {
	return []string{
		"VIDRA_DATABASE_URL=" + b.vidraDSN,
		"VIDRA_ADDR=" + addr,
		"VIDRA_DATA_DIR=" + filepath.Join(b.binDir, dataDir),
		"VIDRA_WORKERS=false",
		"VIDRA_RTMP_ADDR=off",
		"VIDRA_SRT_ADDR=off",
	}
}

func (b *bench) loadVidraProjects(ctx context.Context) error {
	db, err := openPG(ctx, b.vidraDSN)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	b.vidraProjects, err = projectIDs(ctx, db, `deleted_at IS NULL AND name LIKE 'Project %'`)
	return err
}

func (b *bench) stopServers() {
	for _, s := range []*server{b.vidra, b.anchor, b.pgl} {
		if s != nil {
			s.stop()
		}
	}
	if b.admin != nil {
		_ = b.admin.Close()
	}
}
