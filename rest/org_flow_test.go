package rest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
)

func decodeInto(t *testing.T, raw json.RawMessage, out any) {
	t.Helper()
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
}

// TestOrganizationsAndMembersOverREST covers the organization and member rows:
// list, get, update, switch, members, role and grant changes, the last owner.
func TestOrganizationsAndMembersOverREST(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		var orgs []struct{ ID, Name string }
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organizations", ""), &orgs)
		// Newest first: Acme, then the personal organization of sign-up.
		if len(orgs) != 2 || orgs[0].ID != w.orgID || orgs[0].Name != "Acme" {
			t.Fatalf("organizations = %+v", orgs)
		}
		callREST(t, w.s, 200, "PUT", "/v1/organizations/"+w.orgID, `{"name": "Acme Inc"}`)
		out := w.outsider("out@example.test")
		callREST(t, out, 404, "GET", "/v1/organizations/"+w.orgID, "")
		callREST(t, out, 404, "POST", "/v1/organizations/"+w.orgID+"/switch", "")

		member := w.join("mem@example.test", "member", "")
		callREST(t, member, 200, "GET", "/v1/organizations/"+w.orgID, "")
		callREST(t, member, 403, "PUT", "/v1/organizations/"+w.orgID, `{"name": "Mine"}`)
		var members []struct {
			UserID string `json:"user_id"`
			Role   string
			User   struct{ Email string }
		}
		decodeInto(t, callREST(t, member, 200, "GET", "/v1/organization/members", ""), &members)
		if len(members) != 2 || members[0].Role != "owner" || members[1].User.Email != "mem@example.test" {
			t.Fatalf("members = %+v", members)
		}
		memberID, ownerID := members[1].UserID, members[0].UserID
		callREST(t, member, 403, "PUT", "/v1/organization/members/"+ownerID, `{"role": "member"}`)
		// Grants in the map form, read back in the array form.
		raw := callREST(t, w.s, 200, "PUT", "/v1/organization/members/"+memberID,
			`{"role": "admin", "permissions": "{\"folders.read\": true, \"billing.read\": true}"}`)
		var m struct {
			Role        string
			Permissions []map[string]any
		}
		decodeInto(t, raw, &m)
		if m.Role != "admin" || len(m.Permissions) != 2 || m.Permissions[0]["entity_type"] != "projects" || m.Permissions[1]["name"] != "billing" {
			t.Fatalf("updated member = %s", raw)
		}
		status, env := w.s.REST("PUT", "/v1/organization/members/"+memberID, `{"permissions": [{"entity_type": "teams"}]}`)
		if status != 422 || env.Errors[0].Field == nil || *env.Errors[0].Field != "permissions[0].entity_id" {
			t.Fatalf("malformed grants: %d %+v", status, env)
		}
		// The last owner can neither be demoted nor leave; admins cannot touch owners.
		callREST(t, w.s, 409, "PUT", "/v1/organization/members/"+ownerID, `{"role": "admin"}`)
		callREST(t, w.s, 409, "DELETE", "/v1/organization/members/"+ownerID, "")
		callREST(t, member, 403, "DELETE", "/v1/organization/members/"+ownerID, "")
		// A member leaves; its session's organization is then unreachable.
		callREST(t, member, 200, "DELETE", "/v1/organization/members/"+memberID, "")
		callREST(t, member, 404, "GET", "/v1/organizations/"+w.orgID, "")
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/members", ""), &members)
		if len(members) != 1 {
			t.Fatalf("members after leaving = %+v", members)
		}
		// Switching returns tokens carrying the organization.
		var sw struct {
			AccessToken string `json:"access_token"`
		}
		personal := orgs[0].ID
		decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organizations/"+personal+"/switch", ""), &sw)
		callREST(t, w.s.As(sw.AccessToken), 200, "GET", "/v1/organization/members", "")
		callREST(t, w.s.As(sw.AccessToken), 404, "GET", "/v1/organization/invitations/unknown-token", "")
	})
}

// TestInvitationsOverREST covers sending, showing, accepting (also after
// registering), rejecting and revoking invitations.
func TestInvitationsOverREST(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		// Invited before registering; one pending invitation per address.
		token := w.invite("late@example.test", "member", `[]`)
		callREST(t, w.s, 409, "POST", "/v1/organization/invitations", `{"email": "Late@Example.test"}`)
		var preview struct {
			Email, Role, Status string
			OrganizationName    string `json:"organization_name"`
			Expired             bool
		}
		decodeInto(t, callREST(t, w.s.Anonymous(), 200, "GET", "/v1/organization/invitations/"+token, ""), &preview)
		if preview.Email != "late@example.test" || preview.OrganizationName != "Acme" || preview.Status != "pending" || preview.Expired {
			t.Fatalf("preview = %+v", preview)
		}
		// Someone else cannot accept it; the invitee registers and can.
		other := w.outsider("other@example.test")
		callREST(t, other, 403, "POST", "/v1/organization/invitations/"+token+"/accept", "")
		late := w.s.As(w.s.SignUp("late@example.test", apptest.DefaultPassword, "Late").AccessToken)
		callREST(t, late, 200, "POST", "/v1/organization/invitations/"+token+"/accept", "")
		callREST(t, late, 409, "POST", "/v1/organization/invitations/"+token+"/accept", "")
		late.SwitchOrganization(w.orgID)
		callREST(t, late, 200, "GET", "/v1/organization/members", "")

		// Reject, and revoke.
		rejected := w.invite("no@example.test", "admin", "")
		callREST(t, w.s.Anonymous(), 200, "POST", "/v1/organization/invitations/"+rejected+"/reject", "")
		callREST(t, w.s.Anonymous(), 409, "POST", "/v1/organization/invitations/"+rejected+"/reject", "")
		var sent struct{ ID string }
		decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organization/invitations", `{"email": "gone@example.test"}`), &sent)
		revoked := w.mailedToken("gone@example.test")
		callREST(t, late, 403, "DELETE", "/v1/organization/invitations/sent/"+sent.ID, "")
		callREST(t, w.s, 200, "DELETE", "/v1/organization/invitations/sent/"+sent.ID, "")
		callREST(t, w.s.Anonymous(), 409, "POST", "/v1/organization/invitations/"+revoked+"/reject", "")

		var list []struct{ Email, Status string }
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/invitations", ""), &list)
		got := map[string]string{}
		for _, i := range list {
			got[i.Email] = i.Status
		}
		if len(list) != 3 || got["late@example.test"] != "accepted" || got["no@example.test"] != "rejected" || got["gone@example.test"] != "revoked" {
			t.Fatalf("invitations = %+v", list)
		}
		callREST(t, late, 403, "GET", "/v1/organization/invitations", "")
		callREST(t, late, 403, "POST", "/v1/organization/invitations", `{"email": "x@example.test"}`)
	})
}

// TestAPIKeysOverREST covers SEED 2.3 and 4.8: both permission forms, malformed
// ones naming the field, the secret shown once, X-API-Key with origin, expiry
// and deletion, and the audit record of it all.
func TestAPIKeysOverREST(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		proj := w.s.CreateProject(w.orgID, "Docs")
		future := time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339)
		body := func(perms string) string {
			return `{"name": "CI", "origin": "https://app.example.test", "permissions": ` + perms + `, "expires_at": "` + future + `"}`
		}
		// The array form of 2.4 and the string form, passed through untouched.
		array := `[{"entity_id": "` + proj + `", "entity_type": "projects", "name": "custom", "action": "", "permission": [{"name": "folders", "action": "read"}]},
			{"entity_id": "` + w.orgID + `", "entity_type": "organizations", "name": "api", "action": "write+read", "permission": []}]`
		raw := callREST(t, w.s, 200, "POST", "/v1/api-keys", body(array))
		var created struct {
			Key    string
			APIKey struct {
				ID, Name, Prefix, Last4 string
				Permissions             []map[string]any
			} `json:"api_key"`
		}
		decodeInto(t, raw, &created)
		if !strings.HasPrefix(created.Key, "vidra_") || created.APIKey.Last4 != created.Key[len(created.Key)-4:] ||
			len(created.APIKey.Permissions) != 2 || created.APIKey.Permissions[1]["action"] != "write+read" {
			t.Fatalf("created = %s", raw)
		}
		callREST(t, w.s, 200, "POST", "/v1/api-keys", body(`"{\"folders.read\": true, \"projects.read\": true}"`))
		for perms, field := range map[string]string{
			`[{"entity_id": "` + proj + `", "entity_type": "teams", "name": "custom", "action": "read", "permission": []}]`: "permissions[0].entity_type",
			`[{"entity_id": "nope", "entity_type": "projects", "name": "custom", "action": "read", "permission": []}]`:      "permissions[0].entity_id",
			`"{\"folders.execute\": true}"`: "permissions.folders.execute",
			`42`:                            "permissions",
		} {
			status, env := w.s.REST("POST", "/v1/api-keys", body(perms))
			if status != 422 || len(env.Errors) == 0 || env.Errors[0].Field == nil || *env.Errors[0].Field != field {
				t.Errorf("permissions %s: %d %+v; want 422 naming %s", perms, status, env, field)
			}
		}
		status, env := w.s.REST("POST", "/v1/api-keys", `{"name": "x", "origin": "https://a.test", "permissions": [], "expires_at": "`+future+`"}`)
		if status != 422 || *env.Errors[0].Field != "name" {
			t.Errorf("short name: %d %+v", status, env)
		}
		status, env = w.s.REST("POST", "/v1/api-keys", `{"name": "Old", "origin": "https://a.test", "permissions": [], "expires_at": "2001-01-01T00:00:00Z"}`)
		if status != 422 || *env.Errors[0].Field != "expires_at" {
			t.Errorf("past expiry: %d %+v", status, env)
		}
		// The secret is never shown again.
		for _, path := range []string{"/v1/api-keys", "/v1/api-keys/" + created.APIKey.ID} {
			status, env := w.s.REST("GET", path, "")
			if status != 200 || strings.Contains(string(env.Result), created.Key) || strings.Contains(string(env.Result), "secret") {
				t.Errorf("GET %s: %d %s", path, status, env.Result)
			}
		}
		// Calls with the key: its organization and grants only; the origin must match.
		key := w.s.Anonymous()
		callREST(t, key, 200, "GET", "/v1/api-keys/middleware-test", "", keyHeader(created.Key))
		callREST(t, key, 200, "GET", "/v1/api-keys/middleware-test", "", keyHeader(created.Key), http.Header{"Origin": {"https://app.example.test"}})
		callREST(t, key, 403, "GET", "/v1/api-keys/middleware-test", "", keyHeader(created.Key), http.Header{"Origin": {"https://evil.example.test"}})
		callREST(t, key, 200, "GET", "/v1/projects/"+proj+"/videos", "", keyHeader(created.Key))
		callREST(t, key, 403, "POST", "/v1/projects/"+proj+"/videos", `{"title": "No"}`, keyHeader(created.Key))
		callREST(t, key, 401, "GET", "/v1/api-keys/middleware-test", "", keyHeader("vidra_not-a-key"))
		callREST(t, w.s, 403, "GET", "/v1/api-keys/middleware-test", "")
		// Last use is recorded.
		k := w.s.App.DB.Client.APIKey.GetX(apptest.System(), uuidOf(t, created.APIKey.ID))
		if k.LastUsedAt == nil {
			t.Error("last_used_at not recorded")
		}
		// Expired and deleted keys are 401.
		other := w.apiKey(`[]`)
		if _, err := w.s.App.DB.SQL.Exec(rebindPG(w, "UPDATE api_keys SET expires_at = $1 WHERE last4 = $2"), time.Now().Add(-time.Minute), other[len(other)-4:]); err != nil {
			t.Fatal(err)
		}
		callREST(t, key, 401, "GET", "/v1/api-keys/middleware-test", "", keyHeader(other))
		callREST(t, w.s, 200, "DELETE", "/v1/api-keys/"+created.APIKey.ID, "")
		callREST(t, key, 401, "GET", "/v1/api-keys/middleware-test", "", keyHeader(created.Key))
		callREST(t, w.s, 404, "GET", "/v1/api-keys/"+created.APIKey.ID, "")

		// The audit log names the mutation, the actor and the key, with its secret hash redacted.
		var audits []struct {
			Action     string
			EntityType string `json:"entity_type"`
			Operation  string
			Changes    map[string]any
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/audits?entity_id="+created.APIKey.ID, ""), &audits)
		if len(audits) != 2 || audits[0].Action != "deleteApiKey" || audits[1].Action != "createApiKey" ||
			audits[1].Changes["secret_hash"] != "[redacted]" || audits[1].Changes["name"] != "CI" || audits[1].EntityType != "APIKey" {
			t.Fatalf("audits = %+v", audits)
		}
		member := w.join("m@example.test", "member", "")
		callREST(t, member, 403, "GET", "/v1/organization/audits", "")
	})
}

// TestPermissionTestAndAdminOverREST covers GET /organization/permissions/test
// and the admin listing of SEED 4.10.
func TestPermissionTestAndAdminOverREST(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		proj := w.s.CreateProject(w.orgID, "Docs")
		member := w.join("m@example.test", "member", `[{"entity_id": "`+proj+`", "entity_type": "projects", "name": "custom", "action": "", "permission": [{"name": "analytics", "action": "read"}]}]`)
		ask := func(s *apptest.Server, name, action string) bool {
			var out struct{ Allowed bool }
			decodeInto(t, callREST(t, s, 200, "GET", "/v1/organization/permissions/test?entity_type=projects&entity_id="+proj+"&name="+name+"&action="+action, ""), &out)
			return out.Allowed
		}
		if !ask(member, "analytics", "read") || ask(member, "analytics", "write") || ask(member, "settings", "read") || !ask(w.s, "settings", "write%2Bread") {
			t.Error("permission test answers differ from the grants")
		}
		callREST(t, member, 422, "GET", "/v1/organization/permissions/test?entity_type=teams&name=x&action=read", "")

		status, env := w.s.Anonymous().REST("GET", "/v1/admin/organizations", "", http.Header{"X-Api-Key": {adminKey}})
		var data []struct {
			ID, Name, Month  string
			Traffic, Storage float64
			VideoDuration    float64 `json:"video_duration"`
		}
		if status != 200 || !env.Success || env.Keys["data"] == nil || env.Keys["result"] != nil {
			t.Fatalf("admin listing: %d %+v", status, env)
		}
		decodeInto(t, env.Keys["data"], &data)
		if len(data) != 3 || data[1].Name != "Acme" || data[1].Traffic != 0 || data[0].Month != time.Now().UTC().Format("2006-01") {
			t.Fatalf("admin data = %s", env.Keys["data"])
		}
		status, _ = w.s.REST("GET", "/v1/admin/organizations", "", http.Header{"X-Api-Key": {"wrong"}})
		if status != 401 {
			t.Fatalf("wrong admin key: %d", status)
		}
		// The field is refused outside the admin host.
		if code := w.s.ErrorCode(`{ adminOrganizations { id } }`, nil); code != "FORBIDDEN" {
			t.Fatalf("adminOrganizations on /graphql: %s", code)
		}
	})
}
