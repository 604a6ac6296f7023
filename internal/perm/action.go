// Package perm is Vidra's permission model (docs/spec.md 2.3, 2.4): grants on
// projects and organizations with actions read, write and delete, parsed from
// both forms the API accepts, and the one decision function that answers "may
// this principal do this action on this resource" for owners, admins, members
// with grants and API keys alike.
package perm

import (
	"fmt"
	"strings"
)

// Action is a set of actions, read, write and delete, as bits.
type Action uint8

// The actions of the model.
const (
	Read Action = 1 << iota
	Write
	Delete

	// All is read, write and delete.
	All = Read | Write | Delete
)

// actionNames lists the actions in their canonical order.
var actionNames = []struct {
	action Action
	name   string
}{{Read, "read"}, {Write, "write"}, {Delete, "delete"}}

// ParseAction reads actions joined by plus signs ("write+read+delete"); the
// empty string is no action. Unknown or repeated actions are errors.
func ParseAction(s string) (Action, error) {
	var a Action
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	for _, part := range strings.Split(s, "+") {
		part = strings.ToLower(strings.TrimSpace(part))
		found := false
		for _, n := range actionNames {
			if n.name == part {
				if a&n.action != 0 {
					return 0, fmt.Errorf("action %q is given twice", part)
				}
				a |= n.action
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown action %q: want read, write or delete joined by +", part)
		}
	}
	return a, nil
}

// String joins the actions with plus signs in the spec's order (write+read+delete).
func (a Action) String() string {
	var parts []string
	for _, n := range []struct {
		action Action
		name   string
	}{{Write, "write"}, {Read, "read"}, {Delete, "delete"}} {
		if a&n.action != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, "+")
}

// Has reports whether every action of want is in a.
func (a Action) Has(want Action) bool {
	return want != 0 && a&want == want
}
