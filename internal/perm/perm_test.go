package perm

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/uuid"
)

var (
	org      = uuid.MustParse("01900000-0000-7000-8000-000000000001")
	otherOrg = uuid.MustParse("01900000-0000-7000-8000-000000000002")
	projA    = uuid.MustParse("01900000-0000-7000-8000-00000000000a")
	projB    = uuid.MustParse("01900000-0000-7000-8000-00000000000b")
	folder1  = uuid.MustParse("01900000-0000-7000-8000-0000000000f1")
	folder2  = uuid.MustParse("01900000-0000-7000-8000-0000000000f2")
)

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestParseAction(t *testing.T) {
	//nolint:gocritic // mapKey: the spaces around " Read + DELETE " are the input under test
	for in, want := range map[string]Action{"": 0, "read": Read, "write+read": Read | Write, "write+read+delete": All, " Read + DELETE ": Read | Delete} {
		got, err := ParseAction(in)
		if err != nil || got != want {
			t.Errorf("ParseAction(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"read+read", "execute", "read+", "+"} {
		if _, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) accepted", bad)
		}
	}
	if All.String() != "write+read+delete" || (Read|Write).String() != "write+read" {
		t.Errorf("String = %q, %q", All.String(), (Read | Write).String())
	}
}

const grantsArray = `[
  {"entity_id": "01900000-0000-7000-8000-00000000000a", "entity_type": "projects", "name": "custom", "action": "",
   "permission": [
     {"name": "folders", "action": "custom", "folders": [{"action": "write+read", "folder_id": "01900000-0000-7000-8000-0000000000f1"}]},
     {"name": "analytics", "action": "read"},
     {"name": "advertisements", "action": "write+read+delete"}
   ]},
  {"entity_id": "01900000-0000-7000-8000-000000000001", "entity_type": "organizations", "name": "billing", "action": "write+read", "permission": []}
]`

func TestParseBothFormsAndRoundTrip(t *testing.T) {
	grants, err := Parse("permissions", decode(t, grantsArray))
	if err != nil {
		t.Fatal(err)
	}
	if len(grants) != 2 || len(grants[0].Permissions) != 3 || !grants[0].Permissions[0].Custom || grants[1].Action != Read|Write {
		t.Fatalf("grants = %+v", grants)
	}
	raw, _ := json.Marshal(grants)
	var back []Grant
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(back)
	if string(raw) != string(again) {
		t.Fatalf("round trip changed the grants:\n%s\n%s", raw, again)
	}

	mapForm := `"{\"folders.read\": true, \"folders.write\": true, \"analytics.read\": true, \"settings.delete\": false, \"billing.read\": true}"`
	grants, err = Parse("permissions", decode(t, mapForm))
	if err != nil {
		t.Fatal(err)
	}
	if len(grants) != 2 || grants[0].EntityID != uuid.Nil || grants[0].Permissions[0].Area != Folders || grants[0].Permissions[0].Action != Read|Write ||
		grants[1].Name != "billing" || grants[1].Action != Read {
		t.Fatalf("map form = %+v", grants)
	}
	raw, _ = json.Marshal(grants)
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatalf("map-form grants do not round trip: %v\n%s", err, raw)
	}
}

func TestParseRefusesMalformedPermissionsNamingTheField(t *testing.T) {
	cases := map[string]string{
		`"not json"`:                       "permissions",
		`42`:                               "permissions",
		`"{\"folders.read\": \"yes\"}"`:    "permissions.folders.read",
		`"{\"folders\": true}"`:            "permissions.folders",
		`"{\"videos.read\": true}"`:        "permissions.videos.read",
		`"{\"folders.read+write\": true}"`: "permissions.folders.read+write",
		`[{"entity_id": "x", "entity_type": "projects", "name": "custom", "action": "read", "permission": []}]`:                                         "permissions[0].entity_id",
		`[{"entity_id": "01900000-0000-7000-8000-00000000000a", "entity_type": "teams", "name": "custom", "action": "read", "permission": []}]`:         "permissions[0].entity_type",
		`[{"entity_id": "01900000-0000-7000-8000-00000000000a", "entity_type": "projects", "name": "all", "action": "read", "permission": []}]`:         "permissions[0].name",
		`[{"entity_id": "01900000-0000-7000-8000-00000000000a", "entity_type": "projects", "name": "custom", "action": "fly", "permission": []}]`:       "permissions[0].action",
		`[{"entity_id": "01900000-0000-7000-8000-00000000000a", "entity_type": "projects", "name": "custom", "action": "", "permission": []}]`:          "permissions[0].permission",
		`[{"entity_id": "01900000-0000-7000-8000-000000000001", "entity_type": "organizations", "name": "custom", "action": "read", "permission": []}]`: "permissions[0].name",
		`[{"entity_id": "01900000-0000-7000-8000-00000000000a", "entity_type": "projects", "name": "custom", "action": "",
		   "permission": [{"name": "analytics", "action": "custom", "folders": []}]}]`: "permissions[0].permission[0].action",
		`[{"entity_id": "01900000-0000-7000-8000-00000000000a", "entity_type": "projects", "name": "custom", "action": "",
		   "permission": [{"name": "folders", "action": "custom", "folders": [{"action": "read", "folder_id": "nope"}]}]}]`: "permissions[0].permission[0].folders[0].folder_id",
		`[{"entity_id": "01900000-0000-7000-8000-00000000000a", "entity_type": "projects", "name": "custom", "action": "",
		   "permission": [{"name": "analytics", "action": "read"}, {"name": "analytics", "action": "read"}]}]`: "permissions[0].permission[1].name",
	}
	for input, field := range cases {
		_, err := Parse("permissions", decode(t, input))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != field {
			t.Errorf("%s: error %v, want one on field %q", input, err, field)
		}
	}
}

func TestCan(t *testing.T) {
	grants, err := Parse("permissions", decode(t, grantsArray))
	if err != nil {
		t.Fatal(err)
	}
	member := Principal{OrganizationID: org, Role: Member, Grants: grants}
	res := func(area Area, project uuid.UUID, folders ...uuid.UUID) Resource {
		return Resource{OrganizationID: org, Area: area, ProjectID: project, FolderPath: folders}
	}
	cases := []struct {
		name string
		p    Principal
		want Action
		r    Resource
		ok   bool
	}{
		{"owner anything", Principal{OrganizationID: org, Role: Owner}, Delete, res(Settings, projA), true},
		{"admin anything", Principal{OrganizationID: org, Role: Admin}, Write, res(Billing, uuid.Nil), true},
		{"owner of another org", Principal{OrganizationID: otherOrg, Role: Owner}, Read, res(Folders, projA), false},
		{"member without grants", Principal{OrganizationID: org, Role: Member}, Read, res(Project, projA), false},
		{"unknown role", Principal{OrganizationID: org, Role: "guest"}, Read, res(Project, projA), false},
		{"granted folder", member, Write, res(Folders, projA, folder1), true},
		{"below granted folder", member, Read, res(Folders, projA, folder2, folder1), true},
		{"delete in granted folder", member, Delete, res(Folders, projA, folder1), false},
		{"other folder", member, Read, res(Folders, projA, folder2), false},
		{"project root content", member, Read, res(Folders, projA), false},
		{"analytics read", member, Read, res(Analytics, projA), true},
		{"analytics write", member, Write, res(Analytics, projA), false},
		{"ads delete", member, Delete, res(Advertisements, projA), true},
		{"unlisted area falls back to empty action", member, Read, res(Settings, projA), false},
		{"read the project record", member, Read, res(Project, projA), true},
		{"rename the project", member, Write, res(Project, projA), false},
		{"other project", member, Read, res(Analytics, projB), false},
		{"billing read", member, Read, res(Billing, uuid.Nil), true},
		{"billing delete", member, Delete, res(Billing, uuid.Nil), false},
		{"api keys", member, Read, res(API, uuid.Nil), false},
		{"no action", member, 0, res(Analytics, projA), false},
	}
	for _, c := range cases {
		if got := c.p.Can(c.want, c.r); got != c.ok {
			t.Errorf("%s: Can = %v, want %v", c.name, got, c.ok)
		}
	}

	orgWide, _ := Parse("permissions", decode(t, `"{\"folders.read\": true, \"api.write\": true}"`))
	key := Principal{OrganizationID: org, Role: APIKey, Grants: orgWide}
	if !key.Can(Read, res(Folders, projB)) || key.Can(Write, res(Folders, projB)) || !key.Can(Write, res(API, uuid.Nil)) || key.Can(Read, res(Billing, uuid.Nil)) {
		t.Error("map-form key decisions are wrong")
	}
	// The map form's projects.<action> keys cover the project records, not the
	// areas the map leaves out.
	projectsOnly, _ := Parse("permissions", decode(t, `"{\"projects.read\": true, \"projects.delete\": true, \"folders.read\": true}"`))
	key = Principal{OrganizationID: org, Role: APIKey, Grants: projectsOnly}
	if !key.Can(Delete, res(Project, projA)) || key.Can(Delete, res(Folders, projA)) || key.Can(Read, res(Settings, projA)) || !key.Can(Read, res(Folders, projA)) {
		t.Error("map-form projects keys reach areas the map does not name")
	}
}

func TestScopes(t *testing.T) {
	grants, _ := Parse("permissions", decode(t, grantsArray))
	member := Principal{OrganizationID: org, Role: Member, Grants: grants}
	if s := member.Projects(Read, Folders); s.All || len(s.IDs) != 1 || s.IDs[0] != projA {
		t.Errorf("projects with readable folders = %+v", s)
	}
	if s := member.Projects(Read, Settings); s.All || len(s.IDs) != 0 {
		t.Errorf("projects with readable settings = %+v", s)
	}
	if s := member.Folders(Read, projA); s.All || len(s.IDs) != 1 || s.IDs[0] != folder1 {
		t.Errorf("readable folders = %+v", s)
	}
	if s := member.Folders(Read, projB); s.All || len(s.IDs) != 0 {
		t.Errorf("folders of another project = %+v", s)
	}
	if s := (Principal{OrganizationID: org, Role: Owner}).Folders(Delete, projB); !s.All {
		t.Errorf("owner folders = %+v", s)
	}
}
