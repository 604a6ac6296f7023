package graph

import (
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/importing"
)

// importerInput is the domain's form of setImporter's input.
func importerInput(in model.SetImporterInput) importing.ImporterInput {
	return importing.ImporterInput{Provider: in.Provider, Credential: in.Credential}
}

// importChoice is the domain's form of importVideos' input.
func importChoice(in model.ImportVideosInput) importing.Choice {
	return importing.Choice{MigrationID: in.MigrationID, VideoIDs: in.VideoIDs}
}

// importItemState is the GraphQL enum of an item's state (the same names).
func importItemState(s importing.State) model.ImportItemState {
	return model.ImportItemState(s)
}
