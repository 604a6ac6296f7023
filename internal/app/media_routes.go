package app

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// mediaRoutes mounts the media protocols under /v1: tus uploads, the plain
// upload and playback. They speak tus and HLS, not the REST envelope.
func (a *App) mediaRoutes(r chi.Router) {
	r.Handle("/v1/play/*", tokenAuthorised("playback", a.media.play))
	// The embeddable player: its page follows the project's playback rules.
	r.Handle("/embed/assets/*", a.media.embed.Assets)
	r.Handle("/embed/{videoId}", tokenAuthorised("embed", a.media.embed))
	r.Get("/oembed", tokenAuthorised("oembed", http.HandlerFunc(a.media.embed.ServeOEmbed)).ServeHTTP)
	pace := a.Config.HTTP.ReadTimeout
	direct := uploadPace(pace, tokenAuthorised("upload", a.media.uploads.DirectHandler()))
	r.Put("/v1/uploads/direct", direct.ServeHTTP)
	r.Post("/v1/uploads/direct", direct.ServeHTTP)
	tus, err := a.media.uploads.TusHandler("/v1/uploads/")
	if err != nil {
		// The uploads directory cannot be created: tus is off, and the log says why.
		a.log.Error("tus uploads are off", "err", err)
		return
	}
	r.Handle("/v1/uploads/*", uploadPace(pace, tokenAuthorised("upload", tus)))
}

// tokenAuthorised marks requests that these handlers authorise themselves, by an
// upload or playback token (or a public project's policy), not by a principal:
// the tenancy rules are bypassed for them, with the reason logged.
func tokenAuthorised(reason string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(tenancy.TokenContext(r.Context(), reason)))
	})
}
