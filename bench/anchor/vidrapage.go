package main

import (
	"database/sql"
	"log/slog"
	"net/http"
)

// vidraPage is what the variants on Vidra's tables (/videos-tags, /videos-rest)
// share: their one statement, prepared when asked, run for the request's
// project_id.
type vidraPage struct {
	db   *sql.DB
	text string
	stmt *sql.Stmt
	log  *slog.Logger
}

func newVidraPage(db *sql.DB, text string, prepare bool, log *slog.Logger) (*vidraPage, error) {
	p := &vidraPage{db: db, text: text, log: log}
	if prepare {
		var err error
		if p.stmt, err = db.Prepare(text); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// rows runs the statement for the request's project_id; on a missing parameter
// or a failure it has answered, and returns false.
func (p *vidraPage) rows(w http.ResponseWriter, r *http.Request) (*sql.Rows, bool) {
	projectID := r.URL.Query().Get("project_id")
	if projectID == "" {
		http.Error(w, `{"error":"project_id required"}`, http.StatusBadRequest)
		return nil, false
	}
	var rows *sql.Rows
	var err error
	if p.stmt != nil {
		rows, err = p.stmt.QueryContext(r.Context(), projectID)
	} else {
		rows, err = p.db.QueryContext(r.Context(), p.text, projectID)
	}
	if err != nil {
		p.internal(w, "query", err)
		return nil, false
	}
	return rows, true
}

func (p *vidraPage) internal(w http.ResponseWriter, what string, err error) {
	p.log.Error(what, "err", err)
	http.Error(w, `{"error":"internal"}`, http.StatusInternalServerError)
}
