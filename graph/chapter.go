package graph

import (
	"context"
	"sort"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/chapter"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/captions"
)

// maxChapters caps a video's chapters.
const maxChapters = 500

// setVideoChapters replaces a video's chapters after checking them: titles of 1 to
// 200 characters on one line, distinct starts at or after 0 and, when the duration
// is known, before the end.
func (r *Resolver) setVideoChapters(ctx context.Context, videoID uuid.UUID, in []*model.ChapterInput) ([]*ent.Chapter, error) {
	client := r.db(ctx)
	v, err := client.Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	if len(in) > maxChapters {
		return nil, FieldError("chapters", "a video has at most %d chapters", maxChapters)
	}
	sorted := append([]*model.ChapterInput(nil), in...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].StartSeconds < sorted[j].StartSeconds })
	builders := make([]*ent.ChapterCreate, len(sorted))
	for i, c := range sorted {
		title := strings.TrimSpace(c.Title)
		switch {
		case title == "" || len([]rune(title)) > 200:
			return nil, FieldError("title", "a chapter title has 1 to 200 characters")
		case strings.ContainsAny(title, "\r\n"):
			return nil, FieldError("title", "a chapter title is one line")
		case c.StartSeconds < 0:
			return nil, FieldError("startSeconds", "chapter %q starts before the video", title)
		case v.Duration > 0 && c.StartSeconds >= v.Duration:
			return nil, FieldError("startSeconds", "chapter %q starts at %gs, after the video's end (%gs)", title, c.StartSeconds, v.Duration)
		case i > 0 && c.StartSeconds == sorted[i-1].StartSeconds:
			return nil, FieldError("startSeconds", "two chapters start at %gs", c.StartSeconds)
		}
		builders[i] = client.Chapter.Create().SetVideoID(videoID).SetTitle(title).SetStartSeconds(c.StartSeconds)
	}
	if _, err := client.Chapter.Delete().Where(chapter.VideoID(videoID)).Exec(ctx); err != nil {
		return nil, err
	}
	if len(builders) == 0 {
		return []*ent.Chapter{}, nil
	}
	if err := client.Chapter.CreateBulk(builders...).Exec(ctx); err != nil {
		return nil, err
	}
	return r.videoChapters(ctx, videoID)
}

// videoChapters lists a video's chapters in start order.
func (r *Resolver) videoChapters(ctx context.Context, videoID uuid.UUID) ([]*ent.Chapter, error) {
	client := r.db(ctx)
	if _, err := client.Video.Get(ctx, videoID); err != nil {
		return nil, err
	}
	return client.Chapter.Query().Where(chapter.VideoID(videoID)).Order(chapter.ByStartSeconds()).All(ctx)
}

// videoChaptersWebVTT writes a video's chapters as a WebVTT chapters track.
func (r *Resolver) videoChaptersWebVTT(ctx context.Context, videoID uuid.UUID) (string, error) {
	v, err := r.db(ctx).Video.Get(ctx, videoID)
	if err != nil {
		return "", err
	}
	list, err := r.db(ctx).Chapter.Query().Where(chapter.VideoID(videoID)).Order(chapter.ByStartSeconds()).All(ctx)
	if err != nil {
		return "", err
	}
	chapters := make([]captions.Chapter, len(list))
	for i, c := range list {
		chapters[i] = captions.Chapter{Title: c.Title, StartSeconds: c.StartSeconds}
	}
	return captions.ChaptersVTT(chapters, v.Duration), nil
}
