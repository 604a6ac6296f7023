package perm

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
)

// FieldError is a malformed permission, with the path of the field at fault in
// the request (e.g. permissions[0].entity_id).
type FieldError struct {
	Field   string
	Message string
}

// Error implements error.
func (e *FieldError) Error() string { return e.Field + ": " + e.Message }

func fieldErr(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// wireGrant is a grant as docs/spec.md 2.4 writes it.
type wireGrant struct {
	EntityID   string           `json:"entity_id"`
	EntityType string           `json:"entity_type"`
	Name       string           `json:"name"`
	Action     string           `json:"action"`
	Permission []wirePermission `json:"permission"`
}

type wirePermission struct {
	Name    string       `json:"name"`
	Action  string       `json:"action"`
	Folders []wireFolder `json:"folders"`
}

type wireFolder struct {
	Action   string `json:"action"`
	FolderID string `json:"folder_id"`
}

// Parse reads the permissions of an API key or member in either form of
// docs/spec.md 2.3, as decoded JSON: a string holding a JSON object that maps
// "<entity>.<action>" to booleans (organization-wide), or an array of grants
// (2.4). A JSON object given directly is read as the map form. field names the
// request field for error paths.
func Parse(field string, value any) ([]Grant, error) {
	switch v := value.(type) {
	case nil:
		return nil, fieldErr(field, "is required")
	case string:
		var m map[string]any
		if err := json.Unmarshal([]byte(v), &m); err != nil {
			return nil, fieldErr(field, "a string must hold a JSON object of \"<entity>.<action>\": true|false")
		}
		return parseMap(field, m)
	case map[string]any:
		return parseMap(field, v)
	case []any:
		raw, _ := json.Marshal(v)
		var wire []wireGrant
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&wire); err != nil {
			return nil, fieldErr(field, "must be an array of grants {entity_id, entity_type, name, action, permission}: %v", err)
		}
		grants := make([]Grant, 0, len(wire))
		for i, w := range wire {
			g, err := w.normalise(fmt.Sprintf("%s[%d]", field, i))
			if err != nil {
				return nil, err
			}
			grants = append(grants, g)
		}
		return grants, nil
	default:
		return nil, fieldErr(field, "must be a JSON string holding a permission map, or an array of grants")
	}
}

// parseMap reads the map form: keys "<entity>.<action>" with boolean values.
// Project areas become one organization-wide custom project grant; billing and
// api become organization grants; "projects" covers the project records.
func parseMap(field string, m map[string]any) ([]Grant, error) {
	areas := map[Area]Action{}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		allowed, ok := m[key].(bool)
		if !ok {
			return nil, fieldErr(field+"."+key, "must be true or false")
		}
		entity, action, found := strings.Cut(key, ".")
		if !found {
			return nil, fieldErr(field+"."+key, "keys are <entity>.<action>, e.g. folders.read")
		}
		a, err := ParseAction(action)
		if err != nil || a == 0 || strings.Contains(action, "+") {
			return nil, fieldErr(field+"."+key, "action must be read, write or delete")
		}
		area := Area(entity)
		if entity == "projects" {
			area = Project
		}
		if !slices.Contains(ProjectAreas, area) && !slices.Contains(OrganizationAreas, area) && area != Project {
			return nil, fieldErr(field+"."+key, "unknown entity %q", entity)
		}
		if allowed {
			areas[area] |= a
		}
	}
	var grants []Grant
	project := Grant{EntityType: Projects, Name: "custom"}
	for _, area := range ProjectAreas {
		if a := areas[area]; a != 0 {
			project.Permissions = append(project.Permissions, Permission{Area: area, Action: a})
		}
	}
	project.Action = areas[Project]
	if project.Action != 0 || len(project.Permissions) > 0 {
		grants = append(grants, project)
	}
	for _, area := range OrganizationAreas {
		if a := areas[area]; a != 0 {
			grants = append(grants, Grant{EntityType: Organizations, Name: string(area), Action: a})
		}
	}
	return grants, nil
}

// normalise checks one wire grant and turns it into a Grant.
func (w wireGrant) normalise(path string) (Grant, error) {
	id, err := uuid.Parse(w.EntityID)
	if err != nil || len(w.EntityID) != 36 {
		return Grant{}, fieldErr(path+".entity_id", "must be a 36-character UUID")
	}
	action, err := ParseAction(w.Action)
	if err != nil {
		return Grant{}, fieldErr(path+".action", "%v", err)
	}
	g := Grant{EntityType: EntityType(w.EntityType), EntityID: id, Name: w.Name, Action: action}
	switch g.EntityType {
	case Organizations:
		if !slices.Contains(OrganizationAreas, Area(w.Name)) {
			return Grant{}, fieldErr(path+".name", "an organization grant is named billing or api")
		}
		if action == 0 {
			return Grant{}, fieldErr(path+".action", "is required on an organization grant")
		}
		if len(w.Permission) > 0 {
			return Grant{}, fieldErr(path+".permission", "must be empty on an organization grant")
		}
	case Projects:
		if w.Name != "custom" {
			return Grant{}, fieldErr(path+".name", "a project grant is named custom")
		}
		seen := map[Area]bool{}
		for i, p := range w.Permission {
			perm, err := p.normalise(fmt.Sprintf("%s.permission[%d]", path, i))
			if err != nil {
				return Grant{}, err
			}
			if seen[perm.Area] {
				return Grant{}, fieldErr(fmt.Sprintf("%s.permission[%d].name", path, i), "%q is listed twice", perm.Area)
			}
			seen[perm.Area] = true
			g.Permissions = append(g.Permissions, perm)
		}
		if action == 0 && len(g.Permissions) == 0 {
			return Grant{}, fieldErr(path+".permission", "a custom project grant needs an action or finer permissions")
		}
	default:
		return Grant{}, fieldErr(path+".entity_type", "must be projects or organizations")
	}
	return g, nil
}

// normalise checks one finer project permission.
func (p wirePermission) normalise(path string) (Permission, error) {
	area := Area(p.Name)
	if !slices.Contains(ProjectAreas, area) {
		return Permission{}, fieldErr(path+".name", "must be one of folders, livestreams, analytics, advertisements, settings")
	}
	if p.Action == "custom" {
		if area != Folders {
			return Permission{}, fieldErr(path+".action", "custom is only for folders")
		}
		if len(p.Folders) == 0 {
			return Permission{}, fieldErr(path+".folders", "custom folders need at least one folder")
		}
		perm := Permission{Area: area, Custom: true}
		for i, f := range p.Folders {
			id, err := uuid.Parse(f.FolderID)
			if err != nil || len(f.FolderID) != 36 {
				return Permission{}, fieldErr(fmt.Sprintf("%s.folders[%d].folder_id", path, i), "must be a 36-character UUID")
			}
			a, err := ParseAction(f.Action)
			if err != nil || a == 0 {
				return Permission{}, fieldErr(fmt.Sprintf("%s.folders[%d].action", path, i), "must be read, write or delete joined by +")
			}
			perm.Folders = append(perm.Folders, FolderGrant{FolderID: id, Action: a})
		}
		return perm, nil
	}
	if len(p.Folders) > 0 {
		return Permission{}, fieldErr(path+".folders", "only with action custom")
	}
	a, err := ParseAction(p.Action)
	if err != nil || a == 0 {
		return Permission{}, fieldErr(path+".action", "must be read, write or delete joined by +, or custom for folders")
	}
	return Permission{Area: area, Action: a}, nil
}
