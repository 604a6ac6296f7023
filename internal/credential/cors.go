package credential

import (
	"context"
	"net/http"
	"time"

	"github.com/vidra-dev/vidra/ent/apikey"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// APIKeyAdmitsRequest is the CORS check of an actual API request: it presents
// an API key (X-API-Key), and the authentication accepted it for the request's
// Origin (authenticateAPIKey refuses a key used from another origin).
func (ch *Checker) APIKeyAdmitsRequest(req *http.Request, origin string) (bool, error) {
	p := auth.FromContext(req.Context())
	return p != nil && p.Kind == auth.KindAPIKey && req.Header.Get("X-API-Key") != "", nil
}

// AnyAPIKeyAdmits is the CORS check of an API preflight, which carries no
// credential: some live (unexpired) API key is bound to origin.
func (ch *Checker) AnyAPIKeyAdmits(ctx context.Context, origin string) (bool, error) {
	sys := tenancy.CredentialContext(ctx, "cors preflight: API key origins")
	origins, err := ch.client.APIKey.Query().Where(apikey.ExpiresAtGT(time.Now())).
		Unique(true).Select(apikey.FieldOrigin).Strings(sys)
	if err != nil {
		return false, err
	}
	for _, o := range origins {
		if originAllowed(o, origin) {
			return true, nil
		}
	}
	return false, nil
}
