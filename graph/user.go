package graph

import "net/http"

// ServeAvatar serves an uploaded avatar from blob storage (GET
// /v1/avatars/{user}/{file}; internal/account).
func (r *Resolver) ServeAvatar(w http.ResponseWriter, req *http.Request, key string) {
	r.account.ServeAvatar(w, req, key)
}
