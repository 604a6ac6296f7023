package reports

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/analytics/query"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/txn"
)

// DefaultRange is the range of a query or list when the caller names no start.
const DefaultRange = 30 * 24 * time.Hour

// Page sizes of the lists: DefaultPage when the caller names none, at most MaxPage.
const (
	DefaultPage = 50
	MaxPage     = 500
)

// Eraser erases a player-reported user's analytics of a project: the
// analytics writer (analytics.Writer.EraseUser), which also forgets its cached
// state of the erased views, so later events of them cannot bring it back.
type Eraser interface {
	EraseUser(ctx context.Context, project uuid.UUID, userID string) (analytics.Erasure, error)
}

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own (a transaction's) takes its place.
	Client *ent.Client
	// Store is the analytics store the queries and lists run on.
	Store analytics.AnalyticsStore
	// Eraser is the analytics writer (nil: EraseUser fails, INTERNAL).
	Eraser Eraser
}

// Service runs the analytics API's rules.
type Service struct {
	client *ent.Client
	store  analytics.AnalyticsStore
	eraser Eraser
}

// New builds a Service.
func New(d Deps) *Service {
	return &Service{client: d.Client, store: d.Store, eraser: d.Eraser}
}

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.client) }

// requireRead finds a project whose analytics the caller may read: NOT_FOUND
// when the caller cannot see the project, FORBIDDEN without the analytics read
// permission on it. The analytics are read with SQL, outside the tenancy
// interceptors, so this is their one check.
func requireRead(ctx context.Context, client *ent.Client, projectID uuid.UUID) error {
	p, err := client.Project.Query().Where(project.ID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return fault.NotFound("project")
	}
	if err != nil {
		return err
	}
	pr := auth.FromContext(ctx)
	if pr == nil || !pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Analytics, ProjectID: p.ID}) {
		return fault.Errorf(fault.KindForbidden, "not allowed: reading analytics needs the analytics read permission on the project")
	}
	return nil
}

// queryError makes a refused query a BAD_REQUEST about its field.
func queryError(err error) error {
	var qe *query.Error
	if errors.As(err, &qe) {
		return &fault.Error{Kind: fault.KindBadRequest, Field: qe.Field, Message: qe.Message}
	}
	return err
}

// rangeOf is a query's or list's range: the given bounds, by default the
// DefaultRange up to now.
func rangeOf(start, end *time.Time) (time.Time, time.Time) {
	e := time.Now().UTC()
	if end != nil {
		e = *end
	}
	s := e.Add(-DefaultRange)
	if start != nil {
		s = *start
	}
	return s, e
}

// pageSize is a list's page size: first, DefaultPage by default, at most MaxPage.
func pageSize(first *int) (int, error) {
	if first == nil {
		return DefaultPage, nil
	}
	if *first < 1 || *first > MaxPage {
		return 0, &fault.Error{Kind: fault.KindBadRequest, Field: "first", Message: "first (limit) must be between 1 and 500"}
	}
	return *first, nil
}
