package playback

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/golang-lru/v2/expirable"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// corsCacheTTL is how long a video's allowed domains are remembered for the
// CORS decision; a change of the project's access control reaches the CORS
// headers within it (the playback check itself reads the policy every time).
const corsCacheTTL = 10 * time.Second

// OriginChecker answers the CORS question of playback: may a page on origin
// read what /v1/play/{videoId}/... answers? Yes when the video's project allows
// the origin's host (its access control's allowed domains; any host when there
// are none), for paths that name no video of this database (the answer is an
// error anyway) and for transcoding outputs (a signed token is their access
// control).
type OriginChecker struct {
	client   *ent.Client
	policies PolicySource
	domains  *expirable.LRU[uuid.UUID, []string]
}

// NewOriginChecker returns a checker reading videos through client and their
// projects' policies through policies.
func NewOriginChecker(client *ent.Client, policies PolicySource) *OriginChecker {
	return &OriginChecker{client: client, policies: policies,
		domains: expirable.NewLRU[uuid.UUID, []string](10_000, nil, corsCacheTTL)}
}

// Allowed reports whether origin may read the answer to r.
func (c *OriginChecker) Allowed(r *http.Request, origin string) (bool, error) {
	idPart, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/v1/play/"), "/")
	id, err := uuid.Parse(idPart)
	if idPart == "transcoding" || err != nil || len(idPart) != 36 {
		return true, nil
	}
	domains, ok := c.domains.Get(id)
	if !ok {
		// Like playback itself, the check is not made for a principal.
		ctx := tenancy.TokenContext(r.Context(), "playback cors")
		v, err := c.client.Video.Query().Where(video.ID(id)).Select(video.FieldProjectID).Only(ctx)
		if ent.IsNotFound(err) {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		p, err := c.policies.PolicyFor(ctx, v.ProjectID)
		if err != nil {
			return false, err
		}
		domains = p.AllowedDomains
		c.domains.Add(id, domains)
	}
	if len(domains) == 0 {
		return true, nil
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false, nil
	}
	return domainAllowed(strings.ToLower(u.Hostname()), domains), nil
}
