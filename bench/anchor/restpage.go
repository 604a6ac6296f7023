package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/embedlink"
)

// restPageSQL reads the first page of 50 videos of a project from Vidra's own
// tables, newest first, with the columns Vidra's REST list answers with (width and
// height size the embed snippet); the 51st row only tells that there is more.
const restPageSQL = `SELECT id, created_at, updated_at, project_id, folder_id, title, description, status,
       duration, size, metadata, width, height
FROM videos
WHERE project_id = $1
ORDER BY created_at DESC, id DESC
LIMIT 51`

// restResponse mirrors the envelope of Vidra's GET /v1/projects/{id}/videos.
type restResponse struct {
	Success    bool           `json:"success"`
	Message    string         `json:"message"`
	Result     []restVideo    `json:"result"`
	Pagination restPagination `json:"pagination"`
}

type restVideo struct {
	ID          string          `json:"id"`
	CreatedAt   time.Time       `json:"created_at"`
	UpdatedAt   time.Time       `json:"updated_at"`
	ProjectID   string          `json:"project_id"`
	FolderID    *string         `json:"folder_id"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Status      string          `json:"status"`
	Duration    gqlFloat        `json:"duration"`
	Size        int64           `json:"size"`
	Metadata    json.RawMessage `json:"metadata"`
	EmbedURL    string          `json:"embed_url"`
	EmbedCode   string          `json:"embed_code"`
}

type restPagination struct {
	// NextCursor is this handler's own cursor (created_at,id); Vidra's is opaque.
	NextCursor *string `json:"next_cursor"`
	HasMore    bool    `json:"has_more"`
}

// restPageHandler serves GET /videos-rest: the page Vidra's REST list answers,
// with the embed links written against base, Vidra's public address.
type restPageHandler struct {
	*vidraPage
	base string
}

func newRESTPageHandler(db *sql.DB, prepare bool, base string, log *slog.Logger) (*restPageHandler, error) {
	p, err := newVidraPage(db, restPageSQL, prepare, log)
	if err != nil {
		return nil, err
	}
	return &restPageHandler{vidraPage: p, base: base}, nil
}

func (h *restPageHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rows, ok := h.rows(w, r)
	if !ok {
		return
	}
	defer func() { _ = rows.Close() }()
	out := restResponse{Success: true, Message: "videos fetched", Result: make([]restVideo, 0, pageSize+1)}
	for rows.Next() {
		var v restVideo
		var id uuid.UUID
		var folder sql.NullString
		var metadata []byte
		var width, height int
		if err := rows.Scan(&id, &v.CreatedAt, &v.UpdatedAt, &v.ProjectID, &folder, &v.Title, &v.Description,
			&v.Status, &v.Duration, &v.Size, &metadata, &width, &height); err != nil {
			h.internal(w, "scan", err)
			return
		}
		if folder.Valid {
			v.FolderID = &folder.String
		}
		v.Metadata = json.RawMessage("null")
		if metadata != nil {
			v.Metadata = metadata
		}
		// The id is scanned as a UUID: the embed links are written from it.
		v.ID = id.String()
		v.EmbedURL = embedlink.PageURL(h.base, id)
		v.EmbedCode = embedlink.Snippet(h.base, id, v.Title, width, height)
		out.Result = append(out.Result, v)
	}
	if err := rows.Err(); err != nil {
		h.internal(w, "rows", err)
		return
	}
	if len(out.Result) > pageSize {
		out.Result = out.Result[:pageSize]
		out.Pagination.HasMore = true
		last := out.Result[pageSize-1]
		c := last.CreatedAt.Format(time.RFC3339Nano) + "," + last.ID
		out.Pagination.NextCursor = &c
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // the snippet's markup as Vidra writes it, not \u003c
	if err := enc.Encode(&out); err != nil {
		h.internal(w, "encode", err)
		return
	}
	writeJSON(w, buf.Bytes())
}
