package rest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/rest"
)

// allGrants is every grant of the map form: what "with the grant" means below.
const allGrants = `"{\"projects.read\": true, \"projects.write\": true, \"projects.delete\": true,` +
	` \"folders.read\": true, \"folders.write\": true, \"folders.delete\": true,` +
	` \"settings.read\": true, \"settings.write\": true, \"settings.delete\": true,` +
	` \"advertisements.read\": true, \"advertisements.write\": true, \"advertisements.delete\": true,` +
	` \"analytics.read\": true, \"analytics.write\": true, \"analytics.delete\": true,` +
	` \"livestreams.read\": true, \"livestreams.write\": true, \"livestreams.delete\": true,` +
	` \"api.read\": true, \"api.write\": true, \"api.delete\": true}"`

// readGrants grant reading everything a project holds, and nothing more, in the
// map form ("the string form of grants").
const readGrants = `"{\"projects.read\": true, \"folders.read\": true, \"settings.read\": true,` +
	` \"advertisements.read\": true, \"analytics.read\": true, \"livestreams.read\": true, \"api.read\": true}"`

// readGrantsOn grants reading everything in one project, in the array form.
func readGrantsOn(projID string) string {
	return `[{"entity_id": "` + projID + `", "entity_type": "projects", "name": "custom", "action": "read", "permission": []}]`
}

// readingRows are the content rows other than GET that only read: signing a
// playback token is watching the video.
var readingRows = map[string]bool{"POST /key": true}

// principal is one way of calling: a bearer token, an API key, or nothing.
type principal struct {
	name    string
	server  *apptest.Server
	headers []http.Header
	// keyFor, when set, makes the principal's API key for a fixture set (grants
	// naming its project).
	keyFor func(f fixtures) string
	// readOnly principals may read all the fixtures but change none: every
	// change they ask for must be FORBIDDEN, never a success or a not found.
	readOnly bool
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
	// analyticsRead rows read analytics: owners, admins, and members and keys
	// holding the analytics read permission (the read grants and allGrants);
	// members and keys without it are refused, whatever else they hold.
	analyticsRead
)

// classes are the rows that are not content rows, by "METHOD path".
var classes = map[string]rowClass{
	"GET /": public, "GET /health": public, "GET /regions": public, "GET /migrate": public,
	"POST /auth/check-account": public, "POST /auth/forgot-password": public, "POST /auth/resend-otp": public,
	"GET /auth/sessions": anyUser, "GET /user/profile": anyUser, "PUT /user/profile": anyUser, "POST /organizations": anyUser,
	"GET /auth/api-access-check": anyPrincipal, "GET /organizations": anyPrincipal,
	"GET /organization/invitations": orgAdmin,
}

// allowed is the expectation of the matrix: may this principal call the row
// ("METHOD path") of this class? The read-only principals may call the content
// rows that read.
func allowed(class rowClass, who, row string) bool {
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
	case analyticsRead:
		return who == "owner" || who == "admin" || who == "member with grants" || who == "key with grants" ||
			who == "member with read" || strings.HasPrefix(who, "key with read")
	}
	if who == "member with read" || strings.HasPrefix(who, "key with read") {
		return strings.HasPrefix(row, "GET ") || readingRows[row]
	}
	return who == "owner" || who == "admin" || who == "member with grants" || who == "key with grants"
}

// TestPermissionMatrix runs every row with a contract case as owner, admin,
// member with and without grants, API key with and without grants, a member and
// keys (both grant forms) that may only read, a user of
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
			{name: "member with read", server: w.join("reader@example.test", "member", readGrants), readOnly: true},
			{name: "key with read (string form)", server: anon, headers: []http.Header{keyHeader(w.apiKey(readGrants))}, readOnly: true},
			{name: "key with read", server: anon, readOnly: true,
				keyFor: func(f fixtures) string { return w.apiKey(readGrantsOn(f["projId"])) }},
		}
		shared := fixturesIn(w.s, w.orgID)
		keys := map[string]string{} // the single-project key of each fixture set
		for _, c := range contractCases {
			if c.flow {
				continue
			}
			key := c.key()
			class := classes[key]
			ownerCount := -1
			var readOnlyFixtures fixtures
			for _, p := range principals {
				f := shared
				switch {
				case c.method == "GET":
				case p.readOnly && readOnlyFixtures != nil:
					// Nothing may change: the read-only principals share one set.
					f = readOnlyFixtures
				default:
					f = fixturesIn(w.s, w.orgID)
					if p.readOnly {
						readOnlyFixtures = f
					}
				}
				headers := p.headers
				if p.keyFor != nil {
					if keys[f["projId"]] == "" {
						keys[f["projId"]] = p.keyFor(f)
					}
					headers = append(headers, keyHeader(keys[f["projId"]]))
				}
				var before string
				if c.method != "GET" {
					before = stateOf(t, w.s)
				}
				status, env := f.send(p.server, c, f.url(c, nil), headers...)
				var list []any
				isList := json.Unmarshal(env.Result, &list) == nil && env.Result != nil && string(env.Result) != "null"
				if p.name == "owner" && isList {
					ownerCount = len(list)
				}
				var got bool
				switch status {
				case http.StatusOK:
					// A content list that hides rows the owner sees is a refusal (but
					// a key on one project sees only that project's rows).
					got = class != content || !isList || ownerCount <= 0 || len(list) == ownerCount ||
						(p.keyFor != nil && !strings.Contains(c.path, "{projId}"))
				case http.StatusTooManyRequests:
					// A mail row's per-address limiter answered: the permission check passed.
					got = class == public
				case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusUnprocessableEntity:
					got = false
				default:
					t.Errorf("%s as %s: status %d %+v", key, p.name, status, env)
					continue
				}
				want := allowed(class, p.name, key)
				if got != want {
					t.Errorf("%s as %s: allowed = %v, want %v (status %d, %s)", key, p.name, got, want, status, env.Message)
				}
				if want || c.method == "GET" {
					continue
				}
				// A refused change changes nothing and records nothing: no row,
				// no event, no owed work, no audit record.
				if after := stateOf(t, w.s); after != before {
					t.Errorf("%s as %s: refused (%d) but the database changed: %s", key, p.name, status, stateDiff(before, after))
				}
				if p.readOnly && class == content && strings.Contains(c.path, "{projId}") && status != http.StatusForbidden {
					t.Errorf("%s as %s: status %d, want 403 (the principal sees what it may not change): %s", key, p.name, status, env.Message)
				}
			}
		}
	})
}

// TestAdminKeyRowsRefuseEveryPrincipal runs every row that needs the admin key
// (the admin host's and the main host's AdminKey rows) as the matrix's
// principals, none of which holds it: each is 401. The admin key itself is
// let through.
func TestAdminKeyRowsRefuseEveryPrincipal(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		anon := w.s.Anonymous()
		principals := []principal{
			{name: "owner", server: w.s},
			{name: "admin", server: w.join("admin@example.test", "admin", "")},
			{name: "key with grants", server: anon, headers: []http.Header{keyHeader(w.apiKey(allGrants))}},
			{name: "anonymous", server: anon},
			{name: "wrong admin key", server: anon, headers: []http.Header{keyHeader(adminKey + "x")}},
		}
		rows := 0
		for _, row := range rest.Table() {
			if row.Host != rest.HostAdmin && !row.AdminKey {
				continue
			}
			rows++
			path := basePath(row.Host) + placeholder.ReplaceAllStringFunc(row.Path, func(string) string { return uuid.NewString() })
			before := stateOf(t, w.s)
			for _, p := range principals {
				if status, env := p.server.REST(row.Method, path, "{}", p.headers...); status != http.StatusUnauthorized || env.Success {
					t.Errorf("%s %s as %s: %d %+v, want 401", row.Method, path, p.name, status, env)
				}
			}
			if after := stateOf(t, w.s); after != before {
				t.Errorf("%s %s: refused but the database changed: %s", row.Method, path, stateDiff(before, after))
			}
			if row.Method == "GET" && path == basePath(row.Host)+row.Path {
				if status, env := anon.REST(row.Method, path, "", keyHeader(adminKey)); status != http.StatusOK || !env.Success {
					t.Errorf("%s %s with the admin key: %d %+v", row.Method, path, status, env)
				}
			}
		}
		if rows < 3 {
			t.Fatalf("%d admin-key rows, want at least 3", rows)
		}
	})
}
