// Package crossorigin is Vidra's one CORS policy, for every route a page on
// another origin may call: playback (/v1/play/), uploads (/v1/uploads/, tus and
// direct), the REST API (/v1/...) and GraphQL (/graphql). It is built on
// github.com/rs/cors; this package only decides, per request, which origins a
// route admits:
//
//   - playback admits the origins the video's project allows (its access
//     control's allowed domains; any origin when it has none);
//   - uploads admit any origin: the upload token, or the upload's unguessable
//     URL, is the capability, and no ambient credential (cookie) is involved;
//   - the API admits the configured app origins (VIDRA_APP_ORIGINS) and the
//     origin an API key is bound to: on an actual request, the key it presents
//     (whose origin the authentication already checked); on a preflight, which
//     carries no credential, any live key bound to that origin.
//
// A refused origin gets no CORS header at all; a refused preflight is answered
// 403 (an admitted one 204), so a browser never reads a refused answer.
package crossorigin

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"github.com/rs/cors"
)

// Checker decides whether origin may use the resource r asks for; an error
// refuses it (and is logged).
type Checker func(r *http.Request, origin string) (bool, error)

// Options are the pieces the policy asks.
type Options struct {
	// AppOrigins are the configured origins of the deployment's own web apps,
	// admitted on every API route ("*" admits any origin).
	AppOrigins []string
	// Playback admits the origins a video's project allows (playback.Server).
	Playback Checker
	// RequestAPIKey admits the origin of an actual API request when the request
	// presents an API key bound to it.
	RequestAPIKey Checker
	// AnyAPIKey admits the origin of an API preflight when a live API key is
	// bound to it.
	AnyAPIKey func(ctx context.Context, origin string) (bool, error)
	// Log records checks that failed.
	Log *slog.Logger
}

// Headers of each kind of route. Range, X-Playback-Token and the CMCD request
// headers are what hls.js and Safari send; Content-Length, Content-Range and
// Accept-Ranges are what they read of a byte-range answer.
var (
	playbackHeaders  = []string{"Range", "X-Playback-Token", "CMCD-Request", "CMCD-Object", "CMCD-Status", "CMCD-Session"}
	playbackExposed  = []string{"Content-Length", "Content-Range", "Accept-Ranges", "Content-Type"}
	uploadHeaders    = []string{"Authorization", "Content-Type", "Upload-Token", "Upload-Length", "Upload-Offset", "Upload-Metadata", "Upload-Defer-Length", "Upload-Concat", "Upload-Incomplete", "Upload-Complete", "Upload-Draft-Interop-Version", "Tus-Resumable", "X-HTTP-Method-Override", "X-Requested-With", "X-Request-Id"}
	uploadExposed    = []string{"Location", "Upload-Offset", "Upload-Length", "Upload-Metadata", "Upload-Expires", "Upload-Defer-Length", "Tus-Resumable", "Tus-Version", "Tus-Extension", "Tus-Max-Size", "Upload-Concat", "Upload-Incomplete", "Upload-Complete", "Upload-Draft-Interop-Version", "Video-Id"}
	apiHeaders       = []string{"Authorization", "Content-Type", "X-API-Key", "Idempotency-Key", "Accept"}
	apiExposed       = []string{"Retry-After", "Location", "Idempotency-Replayed", "Content-Disposition"}
	playbackMethods  = []string{http.MethodGet, http.MethodHead}
	uploadMethods    = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	apiMethods       = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	preflightMaxAge  = 600
	playbackPrefix   = "/v1/play/"
	uploadPrefix     = "/v1/uploads/"
	avatarPrefix     = "/v1/avatars/"
	decisionContext  = decisionKey{}
	anyOriginChecker = func(*http.Request, string) (bool, error) { return true, nil }
)

type decisionKey struct{}

// Policy is the CORS middleware of the main listener.
type Policy struct {
	opts                        Options
	playback, uploads, api, img *route
}

// route is one kind of route: its checker and the rs/cors handler with its
// methods and headers.
type route struct {
	name  string
	check Checker
	cors  *cors.Cors
}

// New builds the policy.
func New(opts Options) *Policy {
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	p := &Policy{opts: opts}
	p.playback = p.newRoute("playback", opts.Playback, playbackMethods, playbackHeaders, playbackExposed)
	p.img = p.newRoute("image", anyOriginChecker, playbackMethods, playbackHeaders, playbackExposed)
	p.uploads = p.newRoute("upload", anyOriginChecker, uploadMethods, uploadHeaders, uploadExposed)
	p.api = p.newRoute("api", p.checkAPI, apiMethods, apiHeaders, apiExposed)
	return p
}

func (p *Policy) newRoute(name string, check Checker, methods, headers, exposed []string) *route {
	return &route{name: name, check: check, cors: cors.New(cors.Options{
		// The decision is made once per request (Middleware) and read back here.
		AllowOriginVaryRequestFunc: func(r *http.Request, _ string) (bool, []string) {
			ok, _ := r.Context().Value(decisionContext).(bool)
			return ok, nil
		},
		AllowedMethods: methods,
		AllowedHeaders: headers,
		ExposedHeaders: exposed,
		MaxAge:         preflightMaxAge,
		// Vidra's credentials are headers (bearer, API key, tokens), never cookies.
		AllowCredentials:     false,
		OptionsSuccessStatus: http.StatusNoContent,
	})}
}

// routeOf picks the kind of route a path is.
func (p *Policy) routeOf(path string) *route {
	switch {
	case strings.HasPrefix(path, playbackPrefix):
		return p.playback
	case strings.HasPrefix(path, uploadPrefix):
		return p.uploads
	case strings.HasPrefix(path, avatarPrefix):
		return p.img
	default:
		return p.api
	}
}

// Middleware applies the policy. It goes after authentication (an API request's
// key is then known) and before routing, so a preflight is answered on any
// path. Requests without an Origin header pass untouched.
func (p *Policy) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" {
			next.ServeHTTP(w, r)
			return
		}
		rt := p.routeOf(r.URL.Path)
		ok, err := rt.check(r, origin)
		if err != nil {
			p.opts.Log.ErrorContext(r.Context(), "cors check failed; origin refused", "route", rt.name, "origin", origin, "err", err)
			ok = false
		}
		r = r.WithContext(context.WithValue(r.Context(), decisionContext, ok))
		preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
		if preflight && !ok {
			w.Header().Add("Vary", "Origin")
			w.Header().Set("Cache-Control", "no-store")
			http.Error(w, "origin "+origin+" is not allowed here", http.StatusForbidden)
			return
		}
		rt.cors.ServeHTTP(w, r, next.ServeHTTP)
	})
}

// checkAPI admits the app origins, the origin of the API key an actual request
// presents, and on a preflight the origin of any live API key.
func (p *Policy) checkAPI(r *http.Request, origin string) (bool, error) {
	if MatchAny(p.opts.AppOrigins, origin) {
		return true, nil
	}
	if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
		if p.opts.AnyAPIKey == nil {
			return false, nil
		}
		return p.opts.AnyAPIKey(r.Context(), origin)
	}
	if p.opts.RequestAPIKey == nil {
		return false, nil
	}
	return p.opts.RequestAPIKey(r, origin)
}
