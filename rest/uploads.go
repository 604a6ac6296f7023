package rest

import (
	"io"
	"net/http"

	"github.com/99designs/gqlgen/graphql"
)

// releaseUploads closes the files a multipart request's variables opened and
// removes the temporary files its form was parsed into, on every way out of the
// request (success, refusal, GraphQL error, panic: it is deferred). The server
// would remove them itself only for the request it created, not for the copy
// (r.WithContext) that middleware hands down, which is the one that parsed the form.
func releaseUploads(r *http.Request, vars map[string]any) {
	for _, v := range vars {
		if u, ok := v.(graphql.Upload); ok {
			if c, ok := u.File.(io.Closer); ok {
				_ = c.Close()
			}
		}
	}
	if r.MultipartForm != nil {
		_ = r.MultipartForm.RemoveAll()
	}
}
