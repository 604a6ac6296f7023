package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/lib/pq"
)

// tagsPageSQL reads the first page of 50 videos of a project from Vidra's own tables,
// newest first, with the first 10 tags of each video (by id, as Vidra's tags
// connection orders them) joined in the same statement: the page is cut first, so
// only its 50 videos look up their tags.
const tagsPageSQL = `SELECT v.id, v.project_id, v.folder_id, v.title, v.description, v.status,
       v.duration, v.size, v.created_at, v.updated_at, t.ids, t.names
FROM (
    SELECT id, project_id, folder_id, title, description, status, duration, size, created_at, updated_at
    FROM videos
    WHERE project_id = $1
    ORDER BY created_at DESC, id DESC
    LIMIT 51
) v
LEFT JOIN LATERAL (
    SELECT array_agg(tg.id ORDER BY tg.id) AS ids, array_agg(tg.name ORDER BY tg.id) AS names
    FROM (
        SELECT tags.id, tags.name
        FROM video_tags JOIN tags ON tags.id = video_tags.tag_id
        WHERE video_tags.video_id = v.id
        ORDER BY tags.id
        LIMIT 10
    ) tg
) t ON true
ORDER BY v.created_at DESC, v.id DESC`

// The response mirrors Vidra's GraphQL answer to the "page with tags" request:
// data.videos.edges[].node{...; tags.edges[].node{id name}} and pageInfo.
type tagsResponse struct {
	Data struct {
		Videos struct {
			Edges    []tagsVideoEdge `json:"edges"`
			PageInfo pageInfo        `json:"pageInfo"`
		} `json:"videos"`
	} `json:"data"`
}

type tagsVideoEdge struct {
	Node tagsVideo `json:"node"`
}

type tagsVideo struct {
	ID          string    `json:"id"`
	ProjectID   string    `json:"projectID"`
	FolderID    *string   `json:"folderID"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Status      string    `json:"status"`
	Duration    gqlFloat  `json:"duration"`
	Size        int64     `json:"size"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	Tags        tagConn   `json:"tags"`
}

type tagConn struct {
	Edges []tagEdge `json:"edges"`
}

type tagEdge struct {
	Node tag `json:"node"`
}

type tag struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type pageInfo struct {
	// EndCursor is this handler's own cursor (created_at,id); Vidra's is opaque.
	EndCursor   *string `json:"endCursor"`
	HasNextPage bool    `json:"hasNextPage"`
}

// gqlFloat is written as GraphQL's Float is (fmt's %g), not as encoding/json would.
type gqlFloat float64

// MarshalJSON writes f with the shortest %g representation.
func (f gqlFloat) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, float64(f), 'g', -1, 64), nil
}

// tagsPageHandler serves GET /videos-tags: the page of 50 videos with their tags.
type tagsPageHandler struct {
	*vidraPage
}

func newTagsPageHandler(db *sql.DB, prepare bool, log *slog.Logger) (*tagsPageHandler, error) {
	p, err := newVidraPage(db, tagsPageSQL, prepare, log)
	if err != nil {
		return nil, err
	}
	return &tagsPageHandler{vidraPage: p}, nil
}

func (h *tagsPageHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rows, ok := h.rows(w, r)
	if !ok {
		return
	}
	defer func() { _ = rows.Close() }()
	var out tagsResponse
	edges := make([]tagsVideoEdge, 0, pageSize+1)
	for rows.Next() {
		var v tagsVideo
		var folder sql.NullString
		var ids, names pq.StringArray
		if err := rows.Scan(&v.ID, &v.ProjectID, &folder, &v.Title, &v.Description, &v.Status,
			&v.Duration, &v.Size, &v.CreatedAt, &v.UpdatedAt, &ids, &names); err != nil {
			h.internal(w, "scan", err)
			return
		}
		if folder.Valid {
			v.FolderID = &folder.String
		}
		v.Tags.Edges = make([]tagEdge, len(ids))
		for i := range ids {
			v.Tags.Edges[i] = tagEdge{Node: tag{ID: ids[i], Name: names[i]}}
		}
		edges = append(edges, tagsVideoEdge{Node: v})
	}
	if err := rows.Err(); err != nil {
		h.internal(w, "rows", err)
		return
	}
	page := &out.Data.Videos
	if len(edges) > pageSize {
		page.PageInfo.HasNextPage = true
		edges = edges[:pageSize]
	}
	page.Edges = edges
	if n := len(edges); n > 0 {
		last := edges[n-1].Node
		c := last.CreatedAt.Format(time.RFC3339Nano) + "," + last.ID
		page.PageInfo.EndCursor = &c
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(&out); err != nil {
		h.internal(w, "encode", err)
		return
	}
	writeJSON(w, buf.Bytes())
}
