package graph

import (
	"context"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql/handler/transport"
	coderws "github.com/coder/websocket"

	"github.com/vidra-dev/vidra/internal/auth"
)

// Close codes of a refused subscription connection. graphql-transport-ws
// names 4403 Forbidden for a connection_init the server rejects; 4429 (in the
// range it leaves to applications) is a caller over its connection limit.
const (
	closeForbidden       = 4403
	closeTooManyRequests = 4429
)

type websocketOriginKey struct{}

// websocketOrigin is what the upgrade request said about its origin.
type websocketOrigin struct {
	origin  string
	trusted bool
}

// withWebsocketOrigin notes, for the connection_init check, the Origin of a
// websocket upgrade and whether the origin is trusted (websocketOriginTrusted).
func (r *Resolver) withWebsocketOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Header.Get("Upgrade") != "" {
			origin := req.Header.Get("Origin")
			o := websocketOrigin{origin: origin, trusted: websocketOriginTrusted(origin, req.Host, r.subscriptions.PublicURL, r.subscriptions.AppOrigins)}
			req = req.WithContext(context.WithValue(req.Context(), websocketOriginKey{}, o))
		}
		next.ServeHTTP(w, req)
	})
}

// websocketTransport is the subscriptions' transport: graphql-transport-ws
// (and the legacy graphql-ws) with connection_init authenticated by
// initSubscriptions, a read limit and pings.
func (r *Resolver) websocketTransport() transport.Websocket {
	l := r.subscriptions
	readLimit := l.ReadLimit
	return transport.Websocket{
		// The origin is checked by withWebsocketOrigin and initSubscriptions,
		// which know the app origins and API keys' origins; coder/websocket's
		// own check knows only the request's host.
		Implementation:        transport.CoderWebsocketImplementation{AcceptOptions: coderws.AcceptOptions{InsecureSkipVerify: true}},
		InitFunc:              r.initSubscriptions,
		InitTimeout:           l.InitTimeout,
		KeepAlivePingInterval: l.PingInterval,
		PingPongInterval:      l.PingInterval,
		PayloadReadLimit:      &readLimit,
	}
}

// initSubscriptions authenticates a subscription connection from its
// connection_init payload, by the rules of HTTP requests: "Authorization":
// "Bearer <access token>", or "apiKey" (or "X-API-Key") with an API key, whose
// origin binding is checked against the page's Origin. Without either, the
// credential of the upgrade request's headers counts (non-browser clients). A
// bearer token is accepted only from a trusted origin (websocketOriginTrusted).
// A refused connection is closed with 4403, a caller over its connection limit
// with 4429. An open connection ends when its credential no longer holds
// (watchCredential), as soon as the change feed announces the change.
func (r *Resolver) initSubscriptions(ctx context.Context, payload transport.InitPayload) (context.Context, *transport.InitPayload, error) {
	o, _ := ctx.Value(websocketOriginKey{}).(websocketOrigin)
	refuse := func(code int, err error) (context.Context, *transport.InitPayload, error) {
		r.log.InfoContext(ctx, "subscription connection refused", "code", code, "origin", o.origin, "reason", err.Error())
		return transport.WithWebsocketCloseCode(transport.AppendCloseReason(ctx, truncate(err.Error(), 120)), code), nil, err
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
			return refuse(closeForbidden, Errorf(KindForbidden, "origin %s may connect only with an API key bound to it", o.origin))
		}
		p, _, err = r.authenticateBearer(ctx, payload.Authorization())
	case apiKey != "":
		p, err = r.authenticateAPIKey(ctx, apiKey, o.origin)
	default:
		if p = auth.FromContext(ctx); p == nil {
			_, msg := auth.Refusal(ctx)
			if strings.TrimSpace(msg) == "" {
				msg = "connection_init must carry Authorization or apiKey"
			}
			err = Errorf(KindUnauthenticated, "%s", msg)
		} else if p.Kind == auth.KindUser && !o.trusted {
			return refuse(closeForbidden, Errorf(KindForbidden, "origin %s may connect only with an API key bound to it", o.origin))
		}
	}
	if err != nil {
		return refuse(closeForbidden, err)
	}
	caller := "user:" + p.UserID.String()
	if p.Kind == auth.KindAPIKey {
		caller = "key:" + p.APIKeyID.String()
	}
	release, ok := r.wsConnections.take(caller, r.subscriptions.MaxConnectionsPerCaller)
	if !ok {
		return refuse(closeTooManyRequests, Errorf(KindRateLimited, "too many open subscription connections (at most %d)", r.subscriptions.MaxConnectionsPerCaller))
	}
	// The request's context ends when the connection does; ending the
	// context returned here closes the connection.
	ctx, end := context.WithCancel(ctx)
	go func() {
		<-ctx.Done()
		release()
	}()
	gate := newCredentialGate()
	sub := r.followCredential(ctx, p, gate)
	go r.watchCredential(ctx, end, p, gate, sub, r.subscriptions.CredentialRecheck)
	ctx = auth.WithPrincipal(ctx, p)
	ctx = context.WithValue(ctx, credentialGateKey{}, gate)
	ctx = context.WithValue(ctx, websocketConnectionKey{}, true)
	ctx = context.WithValue(ctx, subscriptionSlotsKey{}, &subscriptionSlots{max: int32(r.subscriptions.MaxSubscriptionsPerConnection)})
	return ctx, nil, nil
}
