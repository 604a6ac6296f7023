package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/lib/pq"
)

// The kit's limit-db page, unchanged: a keyset page of the anchors' videos table.
const pageSize = 50

const firstPageSQL = `SELECT id, project_id, folder_id, title, description, status,
       duration_ms, size_bytes, tags, created_at, updated_at
FROM videos
WHERE project_id = $1
ORDER BY created_at DESC, id DESC
LIMIT 50`

const nextPageSQL = `SELECT id, project_id, folder_id, title, description, status,
       duration_ms, size_bytes, tags, created_at, updated_at
FROM videos
WHERE project_id = $1 AND (created_at, id) < ($2, $3)
ORDER BY created_at DESC, id DESC
LIMIT 50`

type video struct {
	ID          string    `json:"id"`
	ProjectID   string    `json:"projectId"`
	FolderID    *string   `json:"folderId"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Status      string    `json:"status"`
	DurationMs  int64     `json:"durationMs"`
	SizeBytes   int64     `json:"sizeBytes"`
	Tags        []string  `json:"tags"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

type page struct {
	Data       []video `json:"data"`
	NextCursor *string `json:"nextCursor"`
}

var errBadCursor = errors.New("bad cursor")

// pageHandler serves GET /videos: the kit's hand-written page of 50 videos.
type pageHandler struct {
	db        *sql.DB
	firstStmt *sql.Stmt
	nextStmt  *sql.Stmt
	log       *slog.Logger
}

func newPageHandler(db *sql.DB, prepare bool, log *slog.Logger) (*pageHandler, error) {
	p := &pageHandler{db: db, log: log}
	if prepare {
		var err error
		if p.firstStmt, err = db.Prepare(firstPageSQL); err != nil {
			return nil, err
		}
		if p.nextStmt, err = db.Prepare(nextPageSQL); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (p *pageHandler) query(ctx context.Context, projectID, after string) (*sql.Rows, error) {
	if after == "" {
		if p.firstStmt != nil {
			return p.firstStmt.QueryContext(ctx, projectID)
		}
		return p.db.QueryContext(ctx, firstPageSQL, projectID)
	}
	ts, id, ok := strings.Cut(after, ",")
	if !ok {
		return nil, errBadCursor
	}
	t, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return nil, errBadCursor
	}
	if p.nextStmt != nil {
		return p.nextStmt.QueryContext(ctx, projectID, t, id)
	}
	return p.db.QueryContext(ctx, nextPageSQL, projectID, t, id)
}

func (p *pageHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	projectID := q.Get("project_id")
	if projectID == "" {
		http.Error(w, `{"error":"project_id required"}`, http.StatusBadRequest)
		return
	}
	rows, err := p.query(r.Context(), projectID, q.Get("after"))
	if err != nil {
		if errors.Is(err, errBadCursor) {
			http.Error(w, `{"error":"bad cursor"}`, http.StatusBadRequest)
			return
		}
		p.internal(w, "query", err)
		return
	}
	defer func() { _ = rows.Close() }()
	out := page{Data: make([]video, 0, pageSize)}
	for rows.Next() {
		var v video
		var folder sql.NullString
		var tags pq.StringArray
		if err := rows.Scan(&v.ID, &v.ProjectID, &folder, &v.Title, &v.Description, &v.Status,
			&v.DurationMs, &v.SizeBytes, &tags, &v.CreatedAt, &v.UpdatedAt); err != nil {
			p.internal(w, "scan", err)
			return
		}
		if folder.Valid {
			v.FolderID = &folder.String
		}
		v.Tags = []string(tags)
		if v.Tags == nil {
			v.Tags = []string{}
		}
		out.Data = append(out.Data, v)
	}
	if err := rows.Err(); err != nil {
		p.internal(w, "rows", err)
		return
	}
	if len(out.Data) == pageSize {
		last := out.Data[len(out.Data)-1]
		c := last.CreatedAt.Format(time.RFC3339Nano) + "," + last.ID
		out.NextCursor = &c
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(&out); err != nil {
		p.internal(w, "encode", err)
		return
	}
	writeJSON(w, buf.Bytes())
}

func (p *pageHandler) internal(w http.ResponseWriter, what string, err error) {
	p.log.Error(what, "err", err)
	http.Error(w, `{"error":"internal"}`, http.StatusInternalServerError)
}
