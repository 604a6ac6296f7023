package browsertest_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
)

// TestStudioLibrary: the Library screen in a real browser
// (browser/studio/scenarios/library.mjs), on both databases: 61 videos made
// through the API page by 50, a search kept in the URL across a reload, status
// and tag filters, sort by title, a tag made and added in bulk, a folder made,
// two videos moved into it through the keyboard's Move dialog, a video and a
// folder dragged onto folders, a folder renamed, a refused move shown, a folder
// deleted (its videos going to its parent) and a video deleted in bulk;
// each result is read back through the API, and axe-core finds no serious
// violation on the list or its dialogs.
func TestStudioLibrary(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		res := browsertest.RunStudio(t, browsertest.StudioOptions{Base: s.URL, Scenario: "library", Shots: studioShots(t)})
		t.Logf("the screen's answer to a folder moved into its subfolder: %s", res.Values["moveIntoChildError"])
	})
}
