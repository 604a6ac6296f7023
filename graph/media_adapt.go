package graph

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"

	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/ingestapi"
	"github.com/vidra-dev/vidra/internal/playbackapi"
	videolib "github.com/vidra-dev/vidra/internal/video"
)

// The GraphQL shapes of internal/ingestapi's and internal/playbackapi's
// arguments and answers, and of internal/video's thumbnail upload.

// uploadTokenInput is a createUploadToken input as the domain takes it.
func uploadTokenInput(in model.CreateUploadTokenInput) ingestapi.UploadTokenInput {
	return ingestapi.UploadTokenInput{Title: in.Title, FolderID: in.FolderID, MaxSize: in.MaxSize, ExpiresIn: in.ExpiresIn}
}

// uploadCredentials is a new upload token as GraphQL shows it.
func uploadCredentials(c *ingestapi.UploadCredentials, err error) (*model.UploadCredentials, error) {
	if err != nil {
		return nil, err
	}
	return &model.UploadCredentials{Token: c.Token, ExpiresAt: c.ExpiresAt, MaxSize: c.MaxSize,
		UploadURL: c.UploadURL, DirectUploadURL: c.DirectUploadURL, Video: c.Video}, nil
}

// pullInput is a pullVideo input as the domain takes it.
func pullInput(in model.PullVideoInput) ingestapi.PullInput {
	return ingestapi.PullInput{URL: in.URL, Title: in.Title, FolderID: in.FolderID}
}

// playbackToken is a signed playback token as GraphQL shows it.
func playbackToken(t *playbackapi.Token, err error) (*model.PlaybackToken, error) {
	if err != nil {
		return nil, err
	}
	return &model.PlaybackToken{Token: t.Token, ExpiresAt: t.ExpiresAt, PlaybackURL: t.PlaybackURL, DashURL: t.DashURL, DownloadURLs: t.DownloadURLs}, nil
}

// videoTimeline is a video's timeline as GraphQL shows it; nil stays nil.
func videoTimeline(tl *playbackapi.Timeline) *model.VideoTimeline {
	if tl == nil {
		return nil
	}
	return &model.VideoTimeline{SpriteURL: tl.SpriteURL, VttURL: tl.VttURL, Interval: tl.Interval,
		Columns: tl.Columns, Rows: tl.Rows, TileWidth: tl.TileWidth, TileHeight: tl.TileHeight}
}

// videoTimelineOrError is videoTimeline of a read that may fail.
func videoTimelineOrError(tl *playbackapi.Timeline, err error) (*model.VideoTimeline, error) {
	if err != nil {
		return nil, err
	}
	return videoTimeline(tl), nil
}

// imageFile is an uploaded file as the domain takes it: its reader, announced
// size, name and content type, without gqlgen's type.
func imageFile(f graphql.Upload) videolib.ImageFile {
	return videolib.ImageFile{Body: f.File, Size: f.Size, Filename: f.Filename, ContentType: f.ContentType}
}

// imageArgs are the image API's query parameters from thumbnailURL's and
// animatedURL's arguments, the absent ones left out.
type imageArgs struct{ q url.Values }

func (a *imageArgs) seconds(name string, v *float64) *imageArgs {
	if v != nil {
		a.q.Set(name, strconv.FormatFloat(*v, 'f', -1, 64))
	}
	return a
}

func (a *imageArgs) whole(name string, v *int) *imageArgs {
	if v != nil {
		a.q.Set(name, strconv.Itoa(*v))
	}
	return a
}

// imageArgNames are the GraphQL names of the image API's query parameters
// (for the field of an input error).
var imageArgNames = map[string]string{"fit_mode": "fitMode", "": "format"}

// stillQuery is a thumbnailURL's file and query.
func stillQuery(at *float64, width, height *int, fit *model.ImageFitMode, format *model.StillFormat) (string, url.Values) {
	a := (&imageArgs{q: url.Values{}}).seconds("time", at).whole("width", width).whole("height", height)
	if fit != nil {
		a.q.Set("fit_mode", strings.ToLower(string(*fit)))
	}
	ext := "jpg"
	if format != nil {
		ext = strings.ToLower(string(*format))
	}
	return "thumbnail." + ext, a.q
}

// animatedQuery is an animatedURL's file and query.
func animatedQuery(start, end *float64, width, height, fps *int, format *model.AnimationFormat) (string, url.Values) {
	a := (&imageArgs{q: url.Values{}}).seconds("start", start).seconds("end", end).whole("width", width).whole("height", height).whole("fps", fps)
	ext := "gif"
	if format != nil {
		ext = strings.ToLower(string(*format))
	}
	return "animated." + ext, a.q
}
