package perm

import (
	"encoding/json"

	"github.com/google/uuid"
)

// MarshalJSON writes a grant in the array form of docs/spec.md 2.4; an
// organization-wide grant (no entity id) is written with an empty entity_id.
func (g Grant) MarshalJSON() ([]byte, error) {
	w := wireGrant{
		EntityType: string(g.EntityType),
		Name:       g.Name,
		Action:     g.Action.String(),
		Permission: []wirePermission{},
	}
	if g.EntityID != uuid.Nil {
		w.EntityID = g.EntityID.String()
	}
	for _, p := range g.Permissions {
		wp := wirePermission{Name: string(p.Area), Action: p.Action.String()}
		if p.Custom {
			wp.Action = "custom"
			for _, f := range p.Folders {
				wp.Folders = append(wp.Folders, wireFolder{Action: f.Action.String(), FolderID: f.FolderID.String()})
			}
		}
		w.Permission = append(w.Permission, wp)
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a grant written by MarshalJSON (how grants are stored),
// with the same checks as Parse.
func (g *Grant) UnmarshalJSON(data []byte) error {
	var w wireGrant
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	if w.EntityID == "" {
		w.EntityID = uuid.Nil.String() // an organization-wide grant of the map form
	}
	parsed, err := w.normalise("grant")
	if err != nil {
		return err
	}
	*g = parsed
	return nil
}
