package reports

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/folder"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/analytics/query"
	"github.com/vidra-dev/vidra/internal/fault"
)

// maxUserID bounds a player-reported user id (as the views store it).
const maxUserID = 128

// Scope narrows a query to a folder, a video or a player-reported user of the
// project; nil fields do not narrow it.
type Scope struct {
	FolderID, MediaID *uuid.UUID
	UserID            *string
}

// filters checks the folder and video a query is scoped to (NOT_FOUND when
// the project has no such one) and the user id, and returns the filters they add.
func (sc Scope) filters(ctx context.Context, client *ent.Client, projectID uuid.UUID) ([]query.Filter, error) {
	var out []query.Filter
	if sc.FolderID != nil {
		ok, err := client.Folder.Query().Where(folder.ID(*sc.FolderID), folder.ProjectID(projectID)).Exist(ctx)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fault.NotFound("folder")
		}
		out = append(out, query.Filter{Field: query.FolderID, Operator: query.Equal, Values: []string{sc.FolderID.String()}})
	}
	if sc.MediaID != nil {
		ok, err := client.Video.Query().Where(video.ID(*sc.MediaID), video.ProjectID(projectID)).Exist(ctx)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fault.NotFound("video")
		}
		out = append(out, query.Filter{Field: query.MediaID, Operator: query.Equal, Values: []string{sc.MediaID.String()}})
	}
	if sc.UserID != nil {
		if err := checkUser(*sc.UserID); err != nil {
			return nil, err
		}
		out = append(out, query.Filter{Field: query.UserID, Operator: query.Equal, Values: []string{*sc.UserID}})
	}
	return out, nil
}

// checkUser checks a player-reported user id a list or query names.
func checkUser(id string) error {
	if id == "" || len(id) > maxUserID {
		return &fault.Error{Kind: fault.KindBadRequest, Field: "userId", Message: "userId is 1 to 128 characters"}
	}
	return nil
}
