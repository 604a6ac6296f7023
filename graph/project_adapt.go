package graph

import (
	"github.com/vidra-dev/vidra/graph/model"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// The GraphQL shapes of internal/project's arguments.

// settingsInput is project settings as the domain takes them.
func settingsInput(in []*model.ProjectSettingInput) []projectlib.Setting {
	out := make([]projectlib.Setting, len(in))
	for i, s := range in {
		out[i] = projectlib.Setting{Key: s.Key, Value: s.Value}
	}
	return out
}
