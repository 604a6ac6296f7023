package analytics

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/goccy/go-json"
	"github.com/google/uuid"
	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/time/rate"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/clientip"
	"github.com/vidra-dev/vidra/internal/playback"
)

// CollectorOptions configure a Collector.
type CollectorOptions struct {
	// AllowHeadless keeps input from headless browsers (HeadlessChrome), which is
	// otherwise dropped as a bot: for deployments tested with a real headless
	// browser (VIDRA_ANALYTICS_ALLOW_HEADLESS=true).
	AllowHeadless bool
	// CountryHeader is the trusted proxy's country header (VIDRA_COUNTRY_HEADER).
	CountryHeader string
	// RatePerIP and BurstPerIP bound the requests per second of one client
	// address (429 beyond); defaults 20/s and 60 (three seconds' worth).
	RatePerIP  float64
	BurstPerIP int
	// HeartbeatMs is the beacon's heartbeat interval (default 10 s): an interval
	// between two events counts at most two heartbeats.
	HeartbeatMs int64
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Log receives the collector's errors; slog.Default() when nil.
	Log *slog.Logger
}

// Collector serves POST /collect/v1/{projectId}/events and .../cmcd: it
// authorises, validates, enriches and filters beacons, and queues them on the
// Writer.
type Collector struct {
	Client   *ent.Client
	Signer   *playback.Signer
	Policies playback.PolicySource
	Writer   *Writer

	opts    CollectorOptions
	agents  *uaCache
	salts   *salts
	limits  *ipLimits
	videos  *ttlCache[uuid.UUID, videoInfo]
	project *ttlCache[uuid.UUID, projectInfo]
}

// Bounds of the collector's caches. A project's existence and playback policy
// (signed playback, allowed domains) are reused for at most ProjectCacheTTL:
// a change of the allowed domains or of signed playback applies to beacons
// within that time. A video's project, folder and duration are reused for
// videoCacheTTL (a video never changes project).
const (
	// ProjectCacheTTL is the longest a project's cached policy is used.
	ProjectCacheTTL  = 5 * time.Second
	videoCacheTTL    = 30 * time.Second
	maxCachedProject = 10_000
	maxCachedVideos  = 100_000
)

// videoInfo is what the collector needs of a video.
type videoInfo struct {
	project    uuid.UUID
	folder     *uuid.UUID
	durationMs int64
	found      bool
}

// projectInfo is whether a project exists, and its playback policy.
type projectInfo struct {
	policy playback.Policy
	found  bool
}

// NewCollector builds a collector writing through w on db.
func NewCollector(client *ent.Client, db *sql.DB, signer *playback.Signer, policies playback.PolicySource, w *Writer, opts CollectorOptions) *Collector {
	if opts.RatePerIP <= 0 {
		opts.RatePerIP = 20
	}
	if opts.BurstPerIP <= 0 {
		opts.BurstPerIP = 60
	}
	if opts.HeartbeatMs <= 0 {
		opts.HeartbeatMs = 10_000
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	return &Collector{Client: client, Signer: signer, Policies: policies, Writer: w, opts: opts,
		agents: newUACache(maxCachedAgents), salts: &salts{db: db}, limits: newIPLimits(opts.RatePerIP, opts.BurstPerIP),
		videos:  newTTLCache[uuid.UUID, videoInfo](maxCachedVideos, videoCacheTTL),
		project: newTTLCache[uuid.UUID, projectInfo](maxCachedProject, ProjectCacheTTL)}
}

// failure is a refused request: its status, message and Retry-After.
type failure struct {
	status int
	msg    string
	retry  int
}

func (f *failure) Error() string { return f.msg }

func fail(status int, msg string) *failure { return &failure{status: status, msg: msg} }

// ServeEvents serves POST /collect/v1/{projectId}/events: Vidra's own beacon
// (Batch as JSON; text/plain is accepted so navigator.sendBeacon needs no
// preflight). 204 when accepted (or dropped as a bot: counted, not stored).
func (c *Collector) ServeEvents(w http.ResponseWriter, r *http.Request) {
	c.serve(w, r, func(project uuid.UUID, body []byte) *failure {
		var b Batch
		if err := json.Unmarshal(body, &b); err != nil {
			c.drop(r, project, DropBadEvent)
			return fail(http.StatusBadRequest, "the body is not a beacon batch: "+jsonError(err))
		}
		return c.acceptBatch(r, project, &b, c.opts.HeartbeatMs*2)
	}, "application/json", "text/plain")
}

// serve runs the checks common to both formats, then accept on the body.
func (c *Collector) serve(w http.ResponseWriter, r *http.Request, accept func(uuid.UUID, []byte) *failure, types ...string) {
	c.cors(w, r)
	if r.Method == http.MethodOptions {
		w.Header().Set("Access-Control-Allow-Methods", "POST, OPTIONS")
		w.Header().Set("Access-Control-Allow-Headers", "Content-Type, X-Playback-Token")
		w.Header().Set("Access-Control-Max-Age", "86400")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST, OPTIONS")
		c.write(w, fail(http.StatusMethodNotAllowed, "use POST"))
		return
	}
	raw := r.PathValue("projectId")
	if raw == "" {
		raw = pathProject(r.URL.Path)
	}
	project, err := uuid.Parse(raw)
	if err != nil || len(raw) != 36 {
		c.write(w, fail(http.StatusBadRequest, "projectId must be a UUID"))
		return
	}
	if !c.limits.allow(clientip.Of(r), c.opts.Now()) {
		c.drop(r, project, DropRate)
		c.write(w, &failure{status: http.StatusTooManyRequests, msg: "too many analytics requests from this address", retry: 1})
		return
	}
	if r.ContentLength > MaxBodyBytes {
		c.write(w, fail(http.StatusRequestEntityTooLarge, "the body is larger than 64 KB"))
		return
	}
	if !contentTypeIn(r.Header.Get("Content-Type"), types) {
		c.write(w, fail(http.StatusUnsupportedMediaType, "Content-Type must be one of "+strings.Join(types, ", ")))
		return
	}
	buf := bodies.Get().(*bytes.Buffer)
	defer putBody(buf)
	buf.Reset()
	_, err = buf.ReadFrom(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			c.write(w, fail(http.StatusRequestEntityTooLarge, "the body is larger than 64 KB"))
		} else {
			c.write(w, fail(http.StatusBadRequest, "the body could not be read"))
		}
		return
	}
	if f := accept(project, buf.Bytes()); f != nil {
		c.write(w, f)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// acceptBatch authorises, enriches and queues one view's batch.
func (c *Collector) acceptBatch(r *http.Request, project uuid.UUID, b *Batch, gapCapMs int64) *failure {
	now := c.opts.Now()
	ids, events, err := b.validate(now)
	if err != nil {
		c.drop(r, project, DropBadEvent)
		return fail(http.StatusBadRequest, err.Error())
	}
	ctx := r.Context()
	p, err := c.project.get(now, project, func() (projectInfo, error) { return c.loadProject(ctx, project) })
	if err != nil {
		return c.internal(ctx, err)
	}
	if !p.found {
		c.Writer.countUnattributed()
		return fail(http.StatusNotFound, "project not found")
	}
	v, err := c.videos.get(now, ids.video, func() (videoInfo, error) { return c.loadVideo(ctx, ids.video) })
	if err != nil {
		return c.internal(ctx, err)
	}
	if !v.found || v.project != project {
		if v.found {
			c.Writer.countDrop(project, DropWrongProject)
		}
		return fail(http.StatusNotFound, "video not found in this project")
	}
	if f := c.authorise(r, p.policy, ids.video, b.Token, now); f != nil {
		return f
	}
	ua := r.Header.Get("User-Agent")
	cl := c.agents.parse(ua, c.opts.AllowHeadless)
	if cl.Drop != "" {
		c.Writer.countDrop(project, cl.Drop)
		return nil
	}
	ip := clientip.Of(r)
	start := time.UnixMilli(events[0].TsMs)
	salt, err := c.salts.saltFor(ctx, start, now)
	if err != nil {
		return c.internal(ctx, err)
	}
	header := ""
	if clientip.ViaTrustedProxy(r) && c.opts.CountryHeader != "" {
		header = r.Header.Get(c.opts.CountryHeader)
	}
	rec := &ViewRecord{
		Project: project, Video: ids.video, View: ids.view, Folder: v.folder, Player: ids.player,
		UserID: b.UserID, SessionID: b.SessionID, ViewerKey: viewerKey(salt, project.String(), ip, ua),
		Country: countryOf(header, ip), Device: cl.Device, OS: cl.OS, Browser: cl.Browser,
		PlayerSoftware: b.PlayerSoftware, StreamType: b.StreamType,
		DurationMs: v.durationMs, GapCapMs: gapCapMs, Events: events,
	}
	if err := c.Writer.enqueue(item{view: rec}); err != nil {
		c.Writer.countDrop(project, DropQueueFull)
		return &failure{status: http.StatusServiceUnavailable, msg: "analytics ingest is busy; retry later", retry: 2}
	}
	return nil
}

// drop counts an input refused before its project was looked up: against the
// project when it exists, else in the writer's one unattributed counter, so
// that made-up project ids add no rows. A refusal by rate (429) only asks the
// collector's cache (O(1), never the database, expired entries included); a
// bad body asks what a valid beacon would (the cache, loading on a miss).
func (c *Collector) drop(r *http.Request, project uuid.UUID, reason string) {
	p, ok := c.project.peek(project)
	if reason != DropRate && !ok {
		ctx := r.Context()
		var err error
		p, err = c.project.get(c.opts.Now(), project, func() (projectInfo, error) { return c.loadProject(ctx, project) })
		ok = err == nil
	}
	if ok && p.found {
		c.Writer.countDrop(project, reason)
		return
	}
	c.Writer.countUnattributed()
}

// authorise applies the project's playback rules to a beacon: a valid playback
// token for the video when playback is signed (a token that is given must be
// valid in any case), and the page's Origin/Referer among the allowed domains.
func (c *Collector) authorise(r *http.Request, p playback.Policy, video uuid.UUID, token string, now time.Time) *failure {
	if token == "" {
		token = r.URL.Query().Get("token")
	}
	if token == "" {
		token = r.Header.Get("X-Playback-Token")
	}
	if token != "" {
		if err := c.Signer.Verify(token, video, now); err != nil {
			return fail(http.StatusForbidden, err.Error())
		}
	} else if p.SignedOnly {
		return fail(http.StatusUnauthorized, "this project's playback is signed: send the video's playback token")
	}
	if !p.OriginAllowed(r) {
		return fail(http.StatusForbidden, "analytics are not accepted from this domain")
	}
	return nil
}

func (c *Collector) loadProject(ctx context.Context, id uuid.UUID) (projectInfo, error) {
	ok, err := c.Client.Project.Get(ctx, id)
	if ent.IsNotFound(err) || (err == nil && ok == nil) {
		return projectInfo{}, nil
	}
	if err != nil {
		return projectInfo{}, err
	}
	p, err := c.Policies.PolicyFor(ctx, id)
	if err != nil {
		return projectInfo{}, err
	}
	return projectInfo{policy: p, found: true}, nil
}

func (c *Collector) loadVideo(ctx context.Context, id uuid.UUID) (videoInfo, error) {
	v, err := c.Client.Video.Get(ctx, id)
	if ent.IsNotFound(err) {
		return videoInfo{}, nil
	}
	if err != nil {
		return videoInfo{}, err
	}
	return videoInfo{project: v.ProjectID, folder: v.FolderID, durationMs: int64(v.Duration * 1000), found: true}, nil
}

// internal logs an unexpected failure and answers 503: the client may retry.
func (c *Collector) internal(ctx context.Context, err error) *failure {
	c.opts.Log.ErrorContext(ctx, "analytics collector", "err", err)
	return &failure{status: http.StatusServiceUnavailable, msg: "analytics ingest is unavailable; retry later", retry: 5}
}

// cors lets pages on other origins post beacons with fetch (the domain check
// is the project's allowed domains, applied on the POST).
func (c *Collector) cors(w http.ResponseWriter, r *http.Request) {
	if o := r.Header.Get("Origin"); o != "" {
		w.Header().Set("Access-Control-Allow-Origin", o)
		w.Header().Add("Vary", "Origin")
	}
}

// write answers a refused request in the REST failure envelope.
func (c *Collector) write(w http.ResponseWriter, f *failure) {
	if f.retry > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(f.retry))
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(f.status)
	_ = json.NewEncoder(w).Encode(map[string]any{"success": false, "message": f.msg, "result": nil,
		"errors": []map[string]any{{"field": nil, "message": f.msg}}})
}

func contentTypeIn(ct string, types []string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	for _, t := range types {
		if mt == t {
			return true
		}
	}
	return false
}

// pathProject is the {projectId} of /collect/v1/{projectId}/..., for routers
// that do not set path values.
func pathProject(p string) string {
	rest := strings.TrimPrefix(p, "/collect/v1/")
	id, _, _ := strings.Cut(rest, "/")
	return id
}

func jsonError(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return "malformed JSON at byte " + strconv.FormatInt(se.Offset, 10)
	case errors.As(err, &te):
		return te.Field + " has the wrong type"
	}
	return "malformed JSON"
}

// ipLimits are per-address token buckets, forgotten when idle.
type ipLimits struct {
	mu    sync.Mutex
	r     rate.Limit
	burst int
	m     map[string]*ipLimit
	swept time.Time
}

type ipLimit struct {
	l    *rate.Limiter
	seen time.Time
}

func newIPLimits(perSecond float64, burst int) *ipLimits {
	return &ipLimits{r: rate.Limit(perSecond), burst: burst, m: map[string]*ipLimit{}}
}

func (l *ipLimits) allow(ip string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, v := range l.m {
			if now.Sub(v.seen) > time.Minute {
				delete(l.m, k)
			}
		}
		l.swept = now
	}
	e, ok := l.m[ip]
	if !ok {
		e = &ipLimit{l: rate.NewLimiter(l.r, l.burst)}
		l.m[ip] = e
	}
	e.seen = now
	return e.l.AllowN(now, 1)
}

// bodies are request body buffers, reused: accept decodes the body before
// serve returns (the JSON decoder and the CMCD parser copy what they keep).
var bodies = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putBody returns a body buffer to the pool unless it grew beyond the largest
// body accepted.
func putBody(b *bytes.Buffer) {
	if b.Cap() <= 2*MaxBodyBytes {
		bodies.Put(b)
	}
}

// ttlCache is a bounded LRU cache whose entries expire ttl after they were
// loaded. Concurrent misses of one key may each load it.
type ttlCache[K comparable, V any] struct {
	ttl time.Duration
	lru *lru.Cache[K, ttlEntry[V]]
}

func newTTLCache[K comparable, V any](size int, ttl time.Duration) *ttlCache[K, V] {
	c, err := lru.New[K, ttlEntry[V]](size)
	if err != nil {
		panic(err) // size > 0: a constant of this package
	}
	return &ttlCache[K, V]{ttl: ttl, lru: c}
}

type ttlEntry[V any] struct {
	v   V
	exp time.Time
}

// peek returns k's cached value, expired or not, without loading it or
// refreshing its place in the LRU.
func (c *ttlCache[K, V]) peek(k K) (V, bool) {
	e, ok := c.lru.Peek(k)
	return e.v, ok
}

// get returns k's value, loading it when it is missing or expired.
func (c *ttlCache[K, V]) get(now time.Time, k K, load func() (V, error)) (V, error) {
	if e, ok := c.lru.Get(k); ok && now.Before(e.exp) {
		return e.v, nil
	}
	v, err := load()
	if err != nil {
		return v, err
	}
	c.lru.Add(k, ttlEntry[V]{v: v, exp: now.Add(c.ttl)})
	return v, nil
}
