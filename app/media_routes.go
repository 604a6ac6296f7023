package app

import (
	"github.com/go-chi/chi/v5"
)

// mediaRoutes mounts the media protocols under /v1: tus uploads, the plain
// upload and playback. They speak tus and HLS, not the REST envelope.
func (a *App) mediaRoutes(r chi.Router) {
	r.Handle("/v1/play/*", a.media.play)
	direct := a.media.uploads.DirectHandler()
	r.Put("/v1/uploads/direct", direct.ServeHTTP)
	r.Post("/v1/uploads/direct", direct.ServeHTTP)
	tus, err := a.media.uploads.TusHandler("/v1/uploads/")
	if err != nil {
		// The uploads directory cannot be created: tus is off, and the log says why.
		a.log.Error("tus uploads are off", "err", err)
		return
	}
	r.Handle("/v1/uploads/*", tus)
}
