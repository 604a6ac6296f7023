package importing

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
)

// State is where an import item stands, from the video it was imported as.
type State string

// The states of an import item.
const (
	// NotImported: the item has no video yet.
	NotImported State = "not_imported"
	// Importing: its video is being pulled and processed.
	Importing State = "importing"
	// Imported: its video has its source file (or the caller may not see it).
	Imported State = "imported"
	// Failed: its video failed; a new import retries it.
	Failed State = "failed"
)

// stateOf says where an item stands from the video it was imported as (v, nil
// when it has none or the caller cannot see it), with the failure reason of a
// failed one.
func stateOf(it *ent.ImportItem, v *ent.Video) (State, *string) {
	switch {
	case it.VideoID == nil:
		return NotImported, nil
	case v == nil: // imported as a video the caller may not see
		return Imported, nil
	case v.SourceKey != "":
		return Imported, nil
	case v.Status == video.StatusFailed:
		reason := v.FailureReason
		return Failed, &reason
	}
	return Importing, nil
}

// live reports whether an item's video is imported or being imported, so
// that it is not imported again.
func (st State) live() bool { return st == Importing || st == Imported }

// ItemState is an item's state and, when it failed, the reason; it reads the
// item's video (loaded already by LoadVideos, else queried).
func (s *Service) ItemState(ctx context.Context, it *ent.ImportItem) (State, *string, error) {
	if it.VideoID == nil {
		return NotImported, nil, nil
	}
	v, err := it.Video(ctx)
	if err != nil {
		return "", nil, err
	}
	state, reason := stateOf(it, v)
	return state, reason, nil
}
