package rest

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/go-chi/chi/v5"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/vidra-dev/vidra/graph/gqlexec"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/idempotency"
)

// Options configure the REST handler.
type Options struct {
	// AdminAPIKey is the key of the admin routes (header X-API-Key); they answer 404
	// while it is empty.
	AdminAPIKey string
	// MaxJSONBody caps a JSON body in bytes (413 above it); 1 MiB when zero.
	MaxJSONBody int64
	// MaxUploadSize caps a multipart body in bytes (413 above it); 64 MiB when zero.
	MaxUploadSize int64
	// Collect are the handlers of the analytics ingest paths (POST
	// /collect/v1/{projectId}/events and .../cmcd): plain handlers, not GraphQL
	// operations, mounted with the analytics host beside its rows. Keys are paths
	// below /collect/v1, e.g. "/{projectId}/events".
	Collect map[string]http.Handler
	// Gateways are the payment gateways' webhook endpoints of the main host:
	// plain handlers (the gateway signs the body; no credential, no GraphQL
	// operation), keyed by path below /v1, e.g. "/billing/webhooks/stripe".
	// Each is in the OpenAPI document (GatewayWebhooks).
	Gateways map[string]http.Handler
	// Idempotency stores the Idempotency-Key of POSTs; keys are ignored when nil.
	Idempotency *idempotency.Store
	// Log records failures of the idempotency store; slog.Default() when nil.
	Log *slog.Logger
}

// Handler serves a route table by executing each row's GraphQL operation in process.
type Handler struct {
	exec   *executor.Executor
	inputs *inputs
	routes []*compiled
	opts   Options
	// openAPI is the OpenAPI document of the routes, built once.
	openAPI []byte
}

// New checks every row against the executor's schema (parsing and validating its
// operation) and returns the handler, or the first broken row's error: a server
// with a broken row must not start.
func New(exec *executor.Executor, schema *ast.Schema, table []Route, opts Options) (*Handler, error) {
	if opts.MaxJSONBody == 0 {
		opts.MaxJSONBody = 1 << 20
	}
	if opts.MaxUploadSize == 0 {
		opts.MaxUploadSize = 64 << 20
	}
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	h := &Handler{exec: exec, inputs: newInputs(schema), opts: opts}
	pinned := map[string]*ast.QueryDocument{}
	seen := map[string]bool{}
	for _, r := range table {
		c, err := compile(schema, r)
		if err != nil {
			return nil, err
		}
		key := c.Method + " " + c.fullPath
		if seen[key] {
			return nil, fmt.Errorf("rest route %s: defined twice", key)
		}
		seen[key] = true
		pinned[c.Operation] = c.doc
		h.routes = append(h.routes, c)
	}
	// Every row's operation was parsed and validated above with the executor's rules;
	// pinning those documents in the executor's query cache means a call never parses
	// again, however many other queries pass through the cache.
	exec.SetQueryCache(pinnedCache{pinned: pinned, next: lru.New[*ast.QueryDocument](1000)})
	doc, err := openAPIDocument(h)
	if err != nil {
		return nil, err
	}
	h.openAPI = doc
	return h, nil
}

// pinnedCache answers the route table's documents from a fixed map and any other
// query from an LRU cache.
type pinnedCache struct {
	pinned map[string]*ast.QueryDocument
	next   graphql.Cache[*ast.QueryDocument]
}

func (c pinnedCache) Get(ctx context.Context, key string) (*ast.QueryDocument, bool) {
	if doc, ok := c.pinned[key]; ok {
		return doc, true
	}
	return c.next.Get(ctx, key)
}

func (c pinnedCache) Add(ctx context.Context, key string, value *ast.QueryDocument) {
	if _, ok := c.pinned[key]; !ok {
		c.next.Add(ctx, key, value)
	}
}

// Register mounts the routes of the given hosts on r: /v1 (main and admin), /v2
// (the HostMainV2 rows, mounted with the main host) and /report/v1, /collect/v1
// (analytics). Unknown paths below those prefixes and wrong methods answer with
// the failure envelope.
func (h *Handler) Register(r chi.Router, hosts ...string) {
	want := map[string]bool{}
	for _, host := range hosts {
		want[host] = true
	}
	v1, v2 := newRouter(), newRouter()
	mounts := map[string]chi.Router{}
	if want[HostMain] {
		v1.Get("/openapi.json", h.serveOpenAPI)
		for path, handler := range h.opts.Gateways {
			v1.Post(path, handler.ServeHTTP)
		}
	}
	if want[HostAdmin] && h.opts.AdminAPIKey != "" {
		admin := newRouter()
		for _, c := range h.routes {
			if c.Host == HostAdmin {
				admin.Method(c.Method, c.Path, h.serve(c))
			}
		}
		// Wrapped rather than admin.Use: a router without routes skips its middleware.
		v1.Mount("/admin", h.requireAdminKey(admin))
	}
	for _, c := range h.routes {
		switch {
		case c.Host == HostMain && want[HostMain] && c.AdminKey:
			if h.opts.AdminAPIKey != "" {
				v1.Method(c.Method, c.Path, h.requireAdminKey(h.serve(c)))
			}
		case c.Host == HostMain && want[HostMain]:
			v1.Method(c.Method, c.Path, h.serve(c))
		case c.Host == HostMainV2 && want[HostMain]:
			v2.Method(c.Method, c.Path, h.serve(c))
		case c.Host == HostAnalytics && want[HostAnalytics]:
			prefix := c.Path[:strings.Index(c.Path[1:], "/v1/")+4] // /report/v1 or /collect/v1
			if mounts[prefix] == nil {
				mounts[prefix] = newRouter()
			}
			mounts[prefix].Method(c.Method, strings.TrimPrefix(c.Path, prefix), h.serve(c))
		}
	}
	r.Mount("/v1", v1)
	if want[HostMain] {
		r.Mount("/v2", v2)
	}
	if want[HostAnalytics] {
		for _, prefix := range []string{"/report/v1", "/collect/v1"} {
			if mounts[prefix] == nil {
				mounts[prefix] = newRouter()
			}
		}
		for path, handler := range h.opts.Collect {
			mounts["/collect/v1"].Handle(path, handler)
		}
	}
	prefixes := make([]string, 0, len(mounts))
	for p := range mounts {
		prefixes = append(prefixes, p)
	}
	sort.Strings(prefixes)
	for _, p := range prefixes {
		r.Mount(p, mounts[p])
	}
}

func newRouter() chi.Router {
	r := chi.NewRouter()
	r.NotFound(notFound)
	r.MethodNotAllowed(methodNotAllowed)
	return r
}

func notFound(w http.ResponseWriter, r *http.Request) {
	writeFailure(w, http.StatusNotFound, "no such route: "+r.Method+" "+r.URL.Path, nil)
}

func methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	writeFailure(w, http.StatusMethodNotAllowed, "method "+r.Method+" is not allowed on "+r.URL.Path, nil)
}

// requireAdminKey lets through requests carrying the admin key in X-API-Key.
func (h *Handler) requireAdminKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("X-API-Key")
		if key == "" || subtle.ConstantTimeCompare([]byte(key), []byte(h.opts.AdminAPIKey)) != 1 {
			writeFailure(w, http.StatusUnauthorized, "a valid admin key is required in X-API-Key", nil)
			return
		}
		next.ServeHTTP(w, r.WithContext(auth.WithAdmin(r.Context())))
	})
}

// serveOpenAPI serves the OpenAPI document of the route table.
func (h *Handler) serveOpenAPI(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	// The one /v1 response that may be cached (API responses are no-store): it
	// changes only with the server's version.
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write(h.openAPI)
}

// serve is the one handler of every row: request -> variables -> the GraphQL
// operation, executed in process with the request's context -> envelope.
func (h *Handler) serve(c *compiled) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !c.Public && !auth.IsAdmin(r.Context()) && auth.FromContext(r.Context()) == nil {
			// Refused before the body is read: an anonymous caller costs no parsing,
			// and no multipart file is written for it.
			forbidden, msg := auth.Refusal(r.Context())
			status := http.StatusUnauthorized
			if forbidden {
				status = http.StatusForbidden
			}
			writeFailure(w, status, msg, nil)
			return
		}
		vars, err := h.variables(r, c)
		defer releaseUploads(r, vars)
		if err != nil {
			var re *requestError
			if !errors.As(err, &re) {
				re = &requestError{status: http.StatusInternalServerError, message: "internal error"}
			}
			writeFailure(w, re.status, re.message, []fieldError{{Field: optional(re.field), Message: re.message}})
			return
		}
		w, r, done, ok := h.idempotent(w, r, c, vars)
		if !ok {
			return
		}
		defer done()
		// The answer is written before serve returns, and nothing keeps the
		// operation's data after that (an idempotency record copies what it
		// keeps): the data can go into a pooled buffer.
		ctx, release := gqlexec.WithResponseBuffer(r.Context())
		defer release()
		resp := h.execute(ctx, r, c, vars)
		if errors.Is(r.Context().Err(), context.Canceled) {
			// The client went away: nobody reads an answer, and the executor's
			// (nil, or errors of cancelled statements) is not one to log as ours.
			return
		}
		if resp == nil {
			writeFailure(w, http.StatusInternalServerError, "internal error", nil)
			return
		}
		if len(resp.Errors) > 0 {
			writeGraphQLErrors(w, c, resp)
			return
		}
		h.writeResult(w, c, resp.Data, vars)
	}
}

// execute runs the row's operation through the executor in ctx (the
// request's), as gqlgen's HTTP transports do.
func (h *Handler) execute(ctx context.Context, r *http.Request, c *compiled, vars map[string]any) *graphql.Response {
	ctx = graphql.StartOperationTrace(ctx)
	start := graphql.Now()
	params := &graphql.RawParams{
		Query:     c.Operation,
		Variables: vars,
		Headers:   r.Header,
		ReadTime:  graphql.TraceTiming{Start: start, End: graphql.Now()},
	}
	oc, errs := h.exec.CreateOperationContext(ctx, params)
	if errs != nil {
		return h.exec.DispatchError(graphql.WithOperationContext(ctx, oc), errs)
	}
	responses, ctx := h.exec.DispatchOperation(ctx, oc)
	return responses(ctx)
}

// writeResult wraps the result field's value in the success envelope; vars are
// the request's variables (a sorted list's next cursor carries their sort).
func (h *Handler) writeResult(w http.ResponseWriter, c *compiled, data json.RawMessage, vars map[string]any) {
	raw, ok := descend(data, c)
	if !ok {
		writeFailure(w, http.StatusNotFound, "not found", nil)
		return
	}
	if c.Download != "" {
		writeDownload(w, raw, c.Download)
		return
	}
	// The envelope is written out before writeResult returns (a ResponseWriter
	// keeps nothing of a Write): its buffer is a pooled one.
	buf := gqlexec.GetResponseBuffer()
	defer gqlexec.PutResponseBuffer(buf)
	buf.Grow(len(raw) + 128)
	buf.WriteString(`{"success":`)
	status := http.StatusOK
	success := true
	if c.UnavailableUnless != "" {
		if ok, _ := member(raw, c.UnavailableUnless); string(ok) != "true" {
			status, success = http.StatusServiceUnavailable, false
		}
	}
	message := c.Message
	if !success {
		message = "service unavailable"
	}
	fmt.Fprintf(buf, "%t,\"message\":", success)
	m, _ := json.Marshal(message)
	buf.Write(m)
	key := "result"
	if c.ResultKey != "" {
		key = c.ResultKey
	}
	buf.WriteString(`,"` + key + `":`)
	var page *pagination
	var err error
	if c.connection != nil {
		page, err = convertConnection(buf, raw, c.connection)
	} else {
		err = convert(buf, raw, c.shape)
	}
	if err != nil {
		writeFailure(w, http.StatusInternalServerError, "internal error", nil)
		return
	}
	if page != nil {
		if page.NextCursor != nil && c.sort != nil {
			wrapped := wrapCursor(c.sort.current(vars), *page.NextCursor)
			page.NextCursor = &wrapped
		}
		p, _ := json.Marshal(page)
		buf.WriteString(`,"pagination":`)
		buf.Write(p)
	}
	buf.WriteString("}\n")
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	// The length is known: the answer goes out whole rather than as chunks
	// (one write fewer, and clients can show progress).
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// descend picks the result field's value out of the operation's data: it
// returns the data from the value's first byte on (the bytes after the value,
// its parents' closing brackets, are left for the converters, which stop at the
// value's end), so finding it costs no pass over the value itself.
func descend(data json.RawMessage, c *compiled) (json.RawMessage, bool) {
	d := []byte(data)
	at := skipWS(d, 0)
	for i, step := range c.resultSteps {
		if at >= len(d) || d[at] != '{' {
			return nil, false
		}
		next, err := memberStart(d, at, step)
		if err != nil {
			return nil, false
		}
		if next < 0 {
			if i < len(c.resultSteps)-1 {
				return nil, false
			}
			return []byte("null"), true
		}
		if i < len(c.resultSteps)-1 && isNullAt(d, next) {
			return nil, false
		}
		at = next
	}
	return d[at:], true
}
