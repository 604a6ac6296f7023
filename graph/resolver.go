// Package graph holds Vidra's GraphQL resolvers and the domain rules not yet
// moved into a domain package under internal/.
//
// Resolvers (the generated *.resolvers.go files, one per schema file) stay thin: they
// check, call an ent builder, a domain service (internal/account, internal/video,
// internal/project, internal/org) or a domain function from the hand-written files
// beside them, and return. The transports, request limits and admission that stand
// before them are in graph/gqlserver; handler.go assembles the server from it.
package graph

import (
	"context"
	"database/sql"
	"log/slog"
	"sort"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/edgepage"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/accesscontrol"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/analytics/reports"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/captiongen"
	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/credential"
	"github.com/vidra-dev/vidra/internal/encodingprofile"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/importing"
	"github.com/vidra-dev/vidra/internal/ingestapi"
	"github.com/vidra-dev/vidra/internal/live/streams"
	orglib "github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/playbackapi"
	"github.com/vidra-dev/vidra/internal/players"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/staticrendition"
	"github.com/vidra-dev/vidra/internal/transcoding"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/usage"
	videolib "github.com/vidra-dev/vidra/internal/video"
	"github.com/vidra-dev/vidra/internal/webhooks/endpoint"
	"gocloud.dev/blob"
)

// AnalyticsEraser erases a player-reported user's analytics of a project: the
// analytics writer (reports.Eraser).
type AnalyticsEraser = reports.Eraser

// Resolver is the dependency root of the GraphQL layer: everything a resolver
// needs comes from here, nothing from package-level state.
type Resolver struct {
	// idempotency keeps the idempotency keys of mutations (idempotency.go).
	idempotency *idempotency.Store
	client      *ent.Client
	sqlDB       *sql.DB
	dialect     string
	bucket      *blob.Bucket
	log         *slog.Logger
	version     string
	// service is what the service query says of this deployment besides its version.
	oauthProviders []string
	captionEngine  string
	regions        []*model.Region
	healthChecks   []HealthCheck
	media          MediaDeps
	webhooks       WebhookDeps
	live           LiveDeps
	// account owns accounts and sign-in (internal/account).
	account *account.Service
	// credentials checks requests' credentials (internal/credential).
	credentials *credential.Checker
	// introspection says who may introspect the schema (gqlserver/introspection.go).
	introspection gqlserver.IntrospectionMode
	// pageStats are put in every operation's context (pageStatsContext).
	pageStats *edgepage.Stats
	// changes carries the change notices subscriptions follow (subscription.go).
	changes *changefeed.Bus
	// websocket is the subscriptions' transport, with its limits and its
	// count of each caller's open connections (gqlserver/subscription_transport.go).
	websocket *gqlserver.Websocket
	// admission bounds the operations executing at once (gqlserver/admission.go).
	admission *gqlserver.AdmissionGate
	// reports runs the analytics API's rules: the permission and scope checks,
	// ranges, pages and cursors of the queries and lists, and the erasure
	// (internal/analytics/reports).
	reports *reports.Service
	// billing is what the plan and subscription operations need (billing.go).
	billing BillingDeps
	// billingDesk runs the billing operations (internal/billing.Desk).
	billingDesk *billing.Desk
	// usage answers the usage reads of a project (internal/usage.Reports).
	usage *usage.Reports
	// videos runs the video library's rules: videos, folders, tags, metadata,
	// chapters, captions and search (internal/video).
	videos *videolib.Service
	// projects runs the rules of projects and their settings (internal/project).
	projects *projectlib.Service
	// orgs runs the rules of organizations, members, invitations and API keys
	// (internal/org).
	orgs *orglib.Service
	// endpoints runs the rules of webhook endpoints, their delivery logs and
	// resends (internal/webhooks/endpoint).
	endpoints *endpoint.Service
	// staticRenditions runs the rules of MP4 downloads (internal/staticrendition).
	staticRenditions *staticrendition.Service
	// captionGenerations runs the rules of automatic captions (internal/captiongen).
	captionGenerations *captiongen.Service
	// transcoding runs the rules of the transcoding jobs API (internal/transcoding).
	transcoding *transcoding.Service
	// players runs the rules of players and advertisements (internal/players).
	players *players.Service
	// profiles runs the rules of encoding profiles (internal/encodingprofile).
	profiles *encodingprofile.Service
	// access runs the rules of projects' playback rules (internal/accesscontrol).
	access *accesscontrol.Service
	// streams runs the rules of live streams and their simulcast targets
	// (internal/live/streams).
	streams *streams.Service
	// ingest runs the rules of upload tokens and pulls from URLs
	// (internal/ingestapi).
	ingest *ingestapi.Service
	// playback answers playback URLs and signs playback tokens
	// (internal/playbackapi).
	playback *playbackapi.Service
	// importing runs the rules of importers, their migrations and imports
	// (internal/importing).
	importing *importing.Service
}

// Deps are what the resolvers are built from.
type Deps struct {
	// Client is the ent client of the database.
	Client *ent.Client
	// SQL is the connection pool under Client; the schema-migration queries
	// read through it (nil: they answer that migrations are not available).
	SQL *sql.DB
	// Dialect is entgo.io/ent/dialect.SQLite or dialect.Postgres.
	Dialect string
	// Bucket is the blob storage.
	Bucket *blob.Bucket
	// Log receives structured logs; slog.Default() when nil.
	Log *slog.Logger
	// Version is the server's version, shown by the service query.
	Version string
	// Regions are the regions of this deployment.
	Regions []*model.Region
	// HealthChecks are the dependencies the health query checks, beside the database.
	HealthChecks []HealthCheck
	// Media is what the media operations need (internal/ingestapi,
	// internal/playbackapi, the importer).
	Media MediaDeps
	// Webhooks is what the webhook operations need (graph/webhook.go).
	Webhooks WebhookDeps
	// Live configures the live stream resolvers (ingest URLs).
	Live LiveDeps
	// Auth configures accounts and sign-in (internal/account).
	Auth AuthDeps
	// Introspection says who may introspect the schema; IntrospectionOn when empty.
	Introspection gqlserver.IntrospectionMode
	// AnalyticsEraser is the analytics writer, which erases a user's analytics
	// and its own cached state of them (nil: eraseAnalyticsUser fails, INTERNAL).
	AnalyticsEraser AnalyticsEraser
	// Changes is the change feed subscriptions follow (nil: subscriptions
	// answer INTERNAL).
	Changes *changefeed.Bus
	// Subscriptions bound the subscription connections; zero fields take
	// gqlserver.DefaultSubscriptionLimits.
	Subscriptions gqlserver.SubscriptionLimits
	// Admission bounds the operations executing at once; zero fields take
	// gqlserver.DefaultAdmission.
	Admission gqlserver.Admission
	// Analytics is the analytics store the queries run on; nil: the SQL store
	// of SQL (analytics.NewSQLStore).
	Analytics analytics.AnalyticsStore
	// Billing is what the plan and subscription operations need; its zero
	// value serves them without events, limits or usage.
	Billing BillingDeps
	// PageStats are the database's column statistics the per-parent page
	// statements choose their form by (ent/edgepage); nil: none.
	PageStats *edgepage.Stats
}

// NewResolver builds the resolver root.
func NewResolver(d Deps) *Resolver {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	r := &Resolver{
		idempotency: &idempotency.Store{Client: d.Client},
		client:      d.Client,
		sqlDB:       d.SQL,
		dialect:     d.Dialect,
		bucket:      d.Bucket,
		log:         d.Log,
		version:     d.Version,
		regions:     d.Regions,
		media:       d.Media,
		webhooks:    d.Webhooks,
		live:        d.Live,

		introspection: d.Introspection,
		changes:       d.Changes,
		admission:     gqlserver.NewAdmissionGate(d.Admission),
		billing:       d.Billing,
		pageStats:     d.PageStats,
	}
	if d.Analytics == nil && d.SQL != nil {
		d.Analytics = analytics.NewSQLStore(d.SQL, d.Dialect)
	}
	r.reports = reports.New(reports.Deps{Client: d.Client, Store: d.Analytics, Eraser: d.AnalyticsEraser})
	r.billingDesk = r.newBillingDesk(d.Billing)
	r.usage = usage.NewReports(d.Client)
	r.videos = videolib.New(videolib.Deps{Client: d.Client, Dialect: d.Dialect, Events: d.Webhooks.Events, Bucket: d.Bucket, Log: d.Log})
	accountDeps := d.Auth
	accountDeps.Bucket = d.Bucket
	r.account = account.New(d.Client, accountDeps, d.Log)
	r.credentials = credential.New(credential.Deps{Client: d.Client, Dialect: d.Dialect, Account: r.account, Log: d.Log})
	r.projects = projectlib.New(projectlib.Deps{Client: d.Client})
	r.orgs = orglib.New(orglib.Deps{Client: d.Client, Account: r.account})
	r.endpoints = endpoint.New(endpoint.Deps{Client: d.Client, Events: d.Webhooks.Events,
		AllowPlainHTTP: d.Webhooks.AllowPlainHTTP, SecretOverlap: d.Webhooks.SecretOverlap})
	r.players = players.New(d.Client)
	r.profiles = encodingprofile.New(d.Client)
	r.access = accesscontrol.New(d.Client)
	r.streams = streams.New(streams.Deps{Client: d.Client, Events: d.Webhooks.Events, Outbound: d.Live.Outbound})
	r.staticRenditions = staticrendition.New(staticrendition.Deps{Client: d.Client, Queue: d.Media.Queue})
	r.captionGenerations = captiongen.New(captiongen.Deps{Client: d.Client, Queue: d.Media.Queue, Engine: d.Media.Speech})
	r.transcoding = transcoding.New(transcoding.Deps{Client: d.Client, Queue: d.Media.Queue})
	r.ingest = ingestapi.New(ingestapi.Deps{Client: d.Client, Events: d.Webhooks.Events, Limits: d.Billing.Limits,
		Queue: d.Media.Queue, PublicURL: d.Media.PublicURL, MaxUploadSize: d.Media.MaxUploadSize, Log: d.Log})
	r.importing = importing.New(importing.Deps{Client: d.Client, Vimeo: d.Media.Vimeo, Queue: d.Media.Queue,
		Pulls: r.ingest})
	r.playback = playbackapi.New(playbackapi.Deps{Client: d.Client, Signer: d.Media.Signer,
		Policies: d.Media.Policies, PublicURL: d.Media.PublicURL})
	r.websocket = gqlserver.NewWebsocket(d.Subscriptions, subscriptionCredentials{r}, d.Log)
	for name := range d.Auth.Providers {
		r.oauthProviders = append(r.oauthProviders, name)
	}
	sort.Strings(r.oauthProviders)
	r.captionEngine = "off"
	if d.Media.Speech != nil {
		r.captionEngine = d.Media.Speech.Name()
	}
	r.healthChecks = append([]HealthCheck{{Name: "database", Check: r.pingDatabase, Readiness: true}}, d.HealthChecks...)
	return r
}

// db returns the ent client for this request: the mutation's transaction when
// one is open (entgql.Transactioner puts it in the context), the root client otherwise.
func (r *Resolver) db(ctx context.Context) *ent.Client { return txn.Client(ctx, r.client) }

// Version is the server's version.
func (r *Resolver) Version() string { return r.version }

// Regions are the deployment's regions, the default first.
func (r *Resolver) Regions() []*model.Region { return r.regions }

// Credentials is the request credential checker: the HTTP middleware, the
// CORS checks of API keys and the session change feed's receiver.
func (r *Resolver) Credentials() *credential.Checker { return r.credentials }

// Idempotency is the store of idempotency keys, shared with the REST layer.
func (r *Resolver) Idempotency() *idempotency.Store { return r.idempotency }
