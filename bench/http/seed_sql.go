package main

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/lib/pq"
)

// seedVersion marks a Vidra database seeded by this code (COMMENT ON DATABASE);
// bump it when the seed changes, so older databases are seeded again.
const seedVersion = "vidra bench-http seed v1"

// The volume, in bulk SQL with the formulas of the kit's seed.sql (same random seed,
// same order of random() calls): 200,000 videos (20,000 per project, video n in
// project ((n-1) % 10) + 1, ~5 % without folder), their tags (video_tags), 100,000
// captions (every 4th video, en and es). Ids are UUIDv7 like Vidra's own, made from
// each row's created_at and an md5 of its seed number, so they are deterministic
// and follow creation order.
const seedVideosSQL = `CREATE TEMP TABLE seed_videos ON COMMIT DROP AS
SELECT n, ((n - 1) % 10) + 1 AS p,
       (lpad(to_hex(floor(extract(epoch FROM ts) * 1000)::bigint), 12, '0') || '7'
        || substr(md5('video-' || n), 1, 3) || '8' || substr(md5('video-' || n), 4, 15))::uuid AS id,
       CASE WHEN (n / 10) % 21 = 0 THEN NULL
            ELSE ($1::uuid[])[(((n / 10) % 21) - 1) * 10 + ((n - 1) % 10) + 1]
       END AS folder_id,
       (ARRAY['Quarterly update', 'Product demo', 'Customer interview', 'Onboarding walkthrough',
              'Conference talk', 'Release notes', 'Team all-hands', 'Tutorial'])[1 + (n % 8)]
         || ' #' || n AS title,
       left(repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ',
                   3), (random() * 360)::int) AS description,
       CASE WHEN r < 0.90 THEN 'ready' WHEN r < 0.94 THEN 'processing'
            WHEN r < 0.97 THEN 'uploading' ELSE 'failed' END AS status,
       dur / 1000.0 AS duration,
       dur * (250 + (random() * 500)::bigint) AS size,
       ts AS created_at,
       ts + (random() * 48) * interval '1 hour' AS updated_at
FROM (
    SELECT n, random() AS r,
           (10000 + random() * 7190000)::bigint AS dur,
           '2025-06-01 00:00:00+00'::timestamptz - n * interval '5 minutes'
             + (random() * 240) * interval '1 second' AS ts
    FROM generate_series(1, 200000) AS n
) s`

const insertVideosSQL = `INSERT INTO videos (id, created_at, updated_at, title, description, status,
                    duration, size, folder_id, project_id)
SELECT id, created_at, updated_at, title, description, status, duration, size, folder_id,
       ($1::uuid[])[p]
FROM seed_videos ORDER BY n`

// insertVideoTagsSQL gives video n the tags the kit's seed.sql puts in its tags
// column (by n % 5), as rows of the join table.
const insertVideoTagsSQL = `INSERT INTO video_tags (video_id, tag_id)
SELECT s.id, ($1::uuid[])[(s.p - 1) * 7 + t.i]
FROM seed_videos s
CROSS JOIN LATERAL unnest(CASE s.n % 5 WHEN 0 THEN ARRAY[1, 2] WHEN 1 THEN ARRAY[3]
                                       WHEN 2 THEN '{}'::int[] WHEN 3 THEN ARRAY[4, 5, 6]
                                       ELSE ARRAY[7] END) AS t(i)`

const insertCaptionsSQL = `INSERT INTO captions (id, created_at, updated_at, language, label, source_format,
                      blob_key, size, video_id)
SELECT c.id, c.ts, c.ts, c.lang, c.label, 'vtt',
       'projects/' || ($1::uuid[])[c.p] || '/videos/' || c.video_id || '/captions/' || c.id || '.vtt',
       2048, c.video_id
FROM (
    SELECT s.id AS video_id, s.p, l.lang, l.label, ts,
           (lpad(to_hex(floor(extract(epoch FROM ts) * 1000)::bigint), 12, '0') || '7'
            || substr(md5('caption-' || s.n || '-' || l.lang), 1, 3) || '8'
            || substr(md5('caption-' || s.n || '-' || l.lang), 4, 15))::uuid AS id
    FROM seed_videos s
    CROSS JOIN (VALUES ('en', 'English'), ('es', 'Español')) AS l(lang, label)
    CROSS JOIN LATERAL (SELECT '2025-06-01 00:00:00+00'::timestamptz - s.n * interval '5 minutes'
                               + interval '1 hour' AS ts) t
    WHERE s.n % 4 = 1
) c
ORDER BY c.video_id, c.lang`

// The search document triggers would refresh each video once per inserted row (the
// video, then each of its tags: some 520,000 calls); they are off in the seeding
// transaction and each video's document is built once, by the migration's own
// function. (Most of that time is the GIN index taking 200,000 documents; building
// them in one INSERT ... SELECT saved little, so the function keeps them exact.)
var seedTriggers = [][2]string{{"videos", "video_search_video"}, {"video_tags", "video_search_video_tag"}}

const refreshSearchSQL = `SELECT count(video_search_refresh(id)) FROM seed_videos`

// seedVolume runs the bulk inserts in one transaction, then vacuums and analyzes the
// tables (autovacuum may be off) so plans see the real sizes.
func seedVolume(ctx context.Context, log *slog.Logger, db *sql.DB, s apiSeed) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close() }()
	exec := func(what, q string, args ...any) error {
		start := time.Now()
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("seed %s: %w", what, err)
		}
		if d := time.Since(start); d > time.Second {
			log.Info("seed step", "step", what, "took", d.Round(time.Millisecond))
		}
		return nil
	}
	if err := exec("begin", `BEGIN`); err != nil {
		return err
	}
	// Undoes a seed that failed half-way; after the COMMIT it finds no
	// transaction, which PostgreSQL only warns of.
	defer func() { _, _ = conn.ExecContext(context.Background(), `ROLLBACK`) }()
	if err := exec("random seed", `SELECT setseed(0.42)`); err != nil {
		return err
	}
	if err := exec("video rows", seedVideosSQL, pq.Array(s.folders)); err != nil {
		return err
	}
	for _, t := range seedTriggers {
		if err := exec("triggers", `ALTER TABLE `+pq.QuoteIdentifier(t[0])+` DISABLE TRIGGER `+pq.QuoteIdentifier(t[1])); err != nil {
			return err
		}
	}
	steps := []struct {
		what, q string
		arg     []string
	}{
		{"videos", insertVideosSQL, s.projects},
		{"video tags", insertVideoTagsSQL, s.tags},
		{"captions", insertCaptionsSQL, s.projects},
	}
	for _, st := range steps {
		if err := exec(st.what, st.q, pq.Array(st.arg)); err != nil {
			return err
		}
	}
	if err := exec("search documents", refreshSearchSQL); err != nil {
		return err
	}
	for _, t := range seedTriggers {
		if err := exec("triggers", `ALTER TABLE `+pq.QuoteIdentifier(t[0])+` ENABLE TRIGGER `+pq.QuoteIdentifier(t[1])); err != nil {
			return err
		}
	}
	if err := exec("commit", `COMMIT`); err != nil {
		return err
	}
	return exec("vacuum", `VACUUM (ANALYZE) projects, folders, tags, videos, video_tags, captions, video_search`)
}

// seededWith is the seed mark of the database, empty when it has none.
func seededWith(ctx context.Context, admin *sql.DB, name string) (string, error) {
	var mark sql.NullString
	err := admin.QueryRowContext(ctx,
		`SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = $1`, name).Scan(&mark)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return mark.String, err
}

// markSeeded records that the database holds this version's complete seed.
func markSeeded(ctx context.Context, admin *sql.DB, name string) error {
	_, err := admin.ExecContext(ctx, `COMMENT ON DATABASE `+pq.QuoteIdentifier(name)+` IS `+pq.QuoteLiteral(seedVersion))
	return err
}

// recreateDatabase drops the database (closing its connections) and makes it empty.
func recreateDatabase(ctx context.Context, admin *sql.DB, name string) error {
	if _, err := admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+pq.QuoteIdentifier(name)+` WITH (FORCE)`); err != nil {
		return err
	}
	_, err := admin.ExecContext(ctx, `CREATE DATABASE `+pq.QuoteIdentifier(name))
	return err
}
