package app

import "net/http"

// noStore marks every API response (GraphQL and REST) Cache-Control: no-store, so
// no browser or shared cache keeps one: many carry secrets (sign-in tokens, API
// key and webhook secrets, playback and upload tokens) and all are per caller. A
// handler whose response may be cached sets its own Cache-Control, replacing
// this one (the OpenAPI document); playback and the avatars are not API
// responses and keep their own caching.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}
