package gqlserver

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql/handler/transport"
	coderws "github.com/coder/websocket"

	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/textcut"
)

// Close codes of a refused subscription connection. graphql-transport-ws
// names 4403 Forbidden for a connection_init the server rejects; 4429 (in the
// range it leaves to applications) is a caller over its connection limit.
const (
	closeForbidden       = 4403
	closeTooManyRequests = 4429
)

// Credentials is what the websocket transport needs of the application to
// admit a subscription connection: the checks of HTTP requests' credentials,
// and a watch that ends the connection once its credential no longer holds.
type Credentials interface {
	// AuthenticateBearer checks an Authorization header's value (a bearer
	// access token) and returns its user principal.
	AuthenticateBearer(ctx context.Context, authorization string) (*auth.Principal, error)
	// AuthenticateAPIKey checks an API key presented by a page at origin ("" for
	// a client that is not a browser) and returns its principal.
	AuthenticateAPIKey(ctx context.Context, key, origin string) (*auth.Principal, error)
	// WatchCredential follows p's credential for the connection whose context
	// is ctx, checking it at least every recheck, calls end once it no longer
	// holds, and returns the context the connection's operations run in.
	WatchCredential(ctx context.Context, end context.CancelFunc, p *auth.Principal, recheck time.Duration) context.Context
}

// Websocket is the subscriptions' transport of one server: its limits, the
// credential checks it admits connections by, and the count of each caller's
// open connections.
type Websocket struct {
	limits      SubscriptionLimits
	credentials Credentials
	log         *slog.Logger
	connections connectionCounts
}

// NewWebsocket returns the websocket transport bounded by limits (zero fields
// take DefaultSubscriptionLimits), admitting connections by credentials and
// logging refusals to log (slog.Default() when nil).
func NewWebsocket(limits SubscriptionLimits, credentials Credentials, log *slog.Logger) *Websocket {
	if log == nil {
		log = slog.Default()
	}
	return &Websocket{limits: limits.WithDefaults(), credentials: credentials, log: log}
}

type websocketOriginKey struct{}

// websocketOrigin is what the upgrade request said about its origin.
type websocketOrigin struct {
	origin  string
	trusted bool
}

// WithOrigin notes, for the connection_init check, the Origin of a websocket
// upgrade and whether the origin is trusted (websocketOriginTrusted). Wrap the
// handler the transport is added to with it.
func (s *Websocket) WithOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Header.Get("Upgrade") != "" {
			origin := req.Header.Get("Origin")
			o := websocketOrigin{origin: origin, trusted: websocketOriginTrusted(origin, req.Host, s.limits.PublicURL, s.limits.AppOrigins)}
			req = req.WithContext(context.WithValue(req.Context(), websocketOriginKey{}, o))
		}
		next.ServeHTTP(w, req)
	})
}

// Transport is gqlgen's websocket transport: graphql-transport-ws (and the
// legacy graphql-ws) with connection_init authenticated by init, a read limit
// and pings.
func (s *Websocket) Transport() transport.Websocket {
	l := s.limits
	readLimit := l.ReadLimit
	return transport.Websocket{
		// The origin is checked by WithOrigin and init, which know the app
		// origins and API keys' origins; coder/websocket's own check knows
		// only the request's host.
		Implementation:        transport.CoderWebsocketImplementation{AcceptOptions: coderws.AcceptOptions{InsecureSkipVerify: true}},
		InitFunc:              s.init,
		InitTimeout:           l.InitTimeout,
		KeepAlivePingInterval: l.PingInterval,
		PingPongInterval:      l.PingInterval,
		PayloadReadLimit:      &readLimit,
	}
}

// init authenticates a subscription connection from its connection_init
// payload, by the rules of HTTP requests: "Authorization": "Bearer <access
// token>", or "apiKey" (or "X-API-Key") with an API key, whose origin binding
// is checked against the page's Origin. Without either, the credential of the
// upgrade request's headers counts (non-browser clients). A bearer token is
// accepted only from a trusted origin (websocketOriginTrusted). A refused
// connection is closed with 4403, a caller over its connection limit with
// 4429. An open connection ends when its credential no longer holds
// (Credentials.WatchCredential).
func (s *Websocket) init(ctx context.Context, payload transport.InitPayload) (context.Context, *transport.InitPayload, error) {
	o, _ := ctx.Value(websocketOriginKey{}).(websocketOrigin)
	refuse := func(code int, err error) (context.Context, *transport.InitPayload, error) {
		s.log.InfoContext(ctx, "subscription connection refused", "code", code, "origin", o.origin, "reason", err.Error())
		return transport.WithWebsocketCloseCode(transport.AppendCloseReason(ctx, textcut.UTF8(err.Error(), 120)), code), nil, err
	}
	apiKey := payload.GetString("apiKey")
	if apiKey == "" {
		apiKey = payload.GetString("X-API-Key")
	}
	var p *auth.Principal
	var err error
	switch {
	case payload.Authorization() != "":
		if !o.trusted {
			return refuse(closeForbidden, fault.Errorf(fault.KindForbidden, "origin %s may connect only with an API key bound to it", o.origin))
		}
		p, err = s.credentials.AuthenticateBearer(ctx, payload.Authorization())
	case apiKey != "":
		p, err = s.credentials.AuthenticateAPIKey(ctx, apiKey, o.origin)
	default:
		if p = auth.FromContext(ctx); p == nil {
			_, msg := auth.Refusal(ctx)
			if strings.TrimSpace(msg) == "" {
				msg = "connection_init must carry Authorization or apiKey"
			}
			err = fault.Errorf(fault.KindUnauthenticated, "%s", msg)
		} else if p.Kind == auth.KindUser && !o.trusted {
			return refuse(closeForbidden, fault.Errorf(fault.KindForbidden, "origin %s may connect only with an API key bound to it", o.origin))
		}
	}
	if err != nil {
		return refuse(closeForbidden, err)
	}
	caller := "user:" + p.UserID.String()
	if p.Kind == auth.KindAPIKey {
		caller = "key:" + p.APIKeyID.String()
	}
	release, ok := s.connections.take(caller, s.limits.MaxConnectionsPerCaller)
	if !ok {
		return refuse(closeTooManyRequests, fault.Errorf(fault.KindRateLimited, "too many open subscription connections (at most %d)", s.limits.MaxConnectionsPerCaller))
	}
	// The request's context ends when the connection does; ending the
	// context returned here closes the connection.
	ctx, end := context.WithCancel(ctx)
	go func() {
		<-ctx.Done()
		release()
	}()
	ctx = s.credentials.WatchCredential(ctx, end, p, s.limits.CredentialRecheck)
	ctx = auth.WithPrincipal(ctx, p)
	ctx = context.WithValue(ctx, websocketConnectionKey{}, true)
	ctx = context.WithValue(ctx, subscriptionSlotsKey{}, &subscriptionSlots{max: int32(s.limits.MaxSubscriptionsPerConnection)})
	return ctx, nil, nil
}
