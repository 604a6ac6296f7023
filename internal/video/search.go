package video

import (
	"context"
	"strings"
	"unicode"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/sqljson"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/fault"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// maxSearchWords caps the words of a search query.
const maxSearchWords = 16

// Page is the page of a video connection a list asks for (entgql's arguments).
type Page struct {
	After   *entgql.Cursor[uuid.UUID]
	First   *int
	Before  *entgql.Cursor[uuid.UUID]
	Last    *int
	OrderBy *ent.VideoOrder
}

// searchWords splits a query into the words it must match: runs of letters and
// digits, lower-cased. Everything else separates words, so no query syntax of
// either database reaches it.
func searchWords(q string) []string {
	words := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(words) > maxSearchWords {
		words = words[:maxSearchWords]
	}
	return words
}

// matchesSearch is a predicate on videos matching every word, through the
// full-text index of the dialect: a GIN-indexed tsvector on PostgreSQL, FTS5 on
// SQLite (both kept current by triggers; see migrate/*/..._video_search.up.sql).
func matchesSearch(dialectName string, projectID uuid.UUID, words []string) func(*sql.Selector) {
	return func(s *sql.Selector) {
		var sub *sql.Selector
		if dialectName == dialect.Postgres {
			sub = sql.Dialect(dialectName).Select("video_id").From(sql.Table("video_search")).Where(sql.And(
				sql.EQ("project_id", projectID),
				sql.P(func(b *sql.Builder) {
					b.WriteString("document @@ to_tsquery('simple', ").Arg(strings.Join(words, " & ")).WriteString(")")
				}),
			))
		} else {
			quoted := make([]string, len(words))
			for i, w := range words {
				quoted[i] = `"` + w + `"`
			}
			sub = sql.Dialect(dialectName).Select("video_id").From(sql.Table("video_search_docs")).Where(sql.And(
				sql.EQ("project_id", projectID),
				sql.P(func(b *sql.Builder) {
					b.WriteString("id IN (SELECT rowid FROM video_search WHERE video_search MATCH ").Arg(strings.Join(quoted, " ")).WriteString(")")
				}),
			))
		}
		s.Where(sql.In(s.C(video.FieldID), sub))
	}
}

// Search pages through a project's videos matching every word of the query in
// their title, description or tag names.
func (s *Service) Search(ctx context.Context, projectID uuid.UUID, query string, p Page) (*ent.VideoConnection, error) {
	client := s.db(ctx)
	words := searchWords(query)
	if len(words) == 0 {
		return nil, fault.FieldError("query", "give at least one word to search for")
	}
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	return client.Video.Query().
		Where(video.ProjectID(projectID), matchesSearch(s.dialect, projectID, words)).
		Paginate(ctx, p.After, p.First, p.Before, p.Last, ent.WithVideoOrder(p.OrderBy))
}

// ByCustomField pages through a project's videos whose custom metadata has key
// set to the string value.
func (s *Service) ByCustomField(ctx context.Context, projectID uuid.UUID, key, value string, p Page) (*ent.VideoConnection, error) {
	client := s.db(ctx)
	if err := ValidateMetadataKey(key, "key"); err != nil {
		return nil, err
	}
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	return client.Video.Query().
		Where(video.ProjectID(projectID), func(s *sql.Selector) {
			s.Where(sqljson.ValueEQ(s.C(video.FieldMetadata), value, sqljson.Path(key)))
		}).
		Paginate(ctx, p.After, p.First, p.Before, p.Last, ent.WithVideoOrder(p.OrderBy))
}
