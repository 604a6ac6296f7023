package rest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// allGrants is every grant of the map form: what "with the grant" means below.
const allGrants = `"{\"projects.read\": true, \"projects.write\": true, \"projects.delete\": true,` +
	` \"folders.read\": true, \"folders.write\": true, \"folders.delete\": true,` +
	` \"settings.read\": true, \"settings.write\": true, \"settings.delete\": true,` +
	` \"advertisements.read\": true, \"advertisements.write\": true, \"advertisements.delete\": true,` +
	` \"api.read\": true, \"api.write\": true, \"api.delete\": true}"`

// principal is one way of calling: a bearer token, an API key, or nothing.
type principal struct {
	name    string
	server  *apptest.Server
	headers []http.Header
}

// rowClass says who may call a row.
type rowClass int

const (
	// content rows: owners, admins, and members and keys with the grant.
	content rowClass = iota
	// public rows: everyone, even without a credential.
	public
	// anyUser rows act on the caller's own account: every signed-in user, no key.
	anyUser
	// anyPrincipal rows answer any credential about itself.
	anyPrincipal
	// orgAdmin rows: the current organization's owners and admins only.
	orgAdmin
)

// classes are the rows that are not content rows, by "METHOD path".
var classes = map[string]rowClass{
	"GET /": public, "GET /health": public, "GET /regions": public,
	"POST /auth/check-account": public, "POST /auth/forgot-password": public, "POST /auth/resend-otp": public,
	"GET /auth/sessions": anyUser, "GET /user/profile": anyUser, "PUT /user/profile": anyUser, "POST /organizations": anyUser,
	"GET /auth/api-access-check": anyPrincipal, "GET /organizations": anyPrincipal,
	"GET /organization/invitations": orgAdmin,
}

// allowed is the expectation of the matrix: may this principal call a row of this class?
func allowed(class rowClass, who string) bool {
	switch class {
	case public:
		return true
	case anyUser:
		return who != "anonymous" && !strings.HasPrefix(who, "key")
	case anyPrincipal:
		return who != "anonymous"
	case orgAdmin:
		// The user of another organization owns its own (personal) one, where it asks.
		return who == "owner" || who == "admin" || who == "other organization"
	}
	return who == "owner" || who == "admin" || who == "member with grants" || who == "key with grants"
}

// TestPermissionMatrix runs every row with a contract case as owner, admin,
// member with and without grants, API key with and without grants, a user of
// another organization and no credential, on fresh fixtures of the owner's
// organization, and checks that each is allowed or refused as the model says. A
// refusal is 401, 403, 404 or 422, or a list missing rows the owner sees.
// Flow rows (a mailed token, a shown-once secret) are covered by the flow tests.
func TestPermissionMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("the matrix makes thousands of requests")
	}
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		anon := w.s.Anonymous()
		principals := []principal{
			{name: "owner", server: w.s},
			{name: "admin", server: w.join("admin@example.test", "admin", "")},
			{name: "member with grants", server: w.join("granted@example.test", "member", allGrants)},
			{name: "member without grants", server: w.join("plain@example.test", "member", "")},
			{name: "key with grants", server: anon, headers: []http.Header{keyHeader(w.apiKey(allGrants))}},
			{name: "key without grants", server: anon, headers: []http.Header{keyHeader(w.apiKey(`[]`))}},
			{name: "other organization", server: w.outsider("outsider@example.test")},
			{name: "anonymous", server: anon},
		}
		shared := fixturesIn(w.s, w.orgID)
		for _, c := range contractCases {
			if c.flow {
				continue
			}
			key := c.key()
			class := classes[key]
			ownerCount := -1
			for _, p := range principals {
				f := shared
				if c.method != "GET" {
					f = fixturesIn(w.s, w.orgID)
				}
				status, env := f.send(p.server, c, f.url(c, nil), p.headers...)
				var list []any
				isList := json.Unmarshal(env.Result, &list) == nil && env.Result != nil && string(env.Result) != "null"
				if p.name == "owner" && isList {
					ownerCount = len(list)
				}
				var got bool
				switch status {
				case http.StatusOK:
					// A content list that hides rows the owner sees is a refusal.
					got = class != content || !isList || ownerCount <= 0 || len(list) == ownerCount
				case http.StatusTooManyRequests:
					// A mail row's per-address limiter answered: the permission check passed.
					got = class == public
				case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusUnprocessableEntity:
					got = false
				default:
					t.Errorf("%s as %s: status %d %+v", key, p.name, status, env)
					continue
				}
				if want := allowed(class, p.name); got != want {
					t.Errorf("%s as %s: allowed = %v, want %v (status %d, %s)", key, p.name, got, want, status, env.Message)
				}
			}
		}
	})
}
