package video

import (
	"context"
	"sort"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/chapter"
	"github.com/vidra-dev/vidra/internal/captions"
	"github.com/vidra-dev/vidra/internal/fault"
)

// maxChapters caps a video's chapters.
const maxChapters = 500

// ChapterInput is a chapter as given: where it starts and its title.
type ChapterInput struct {
	Title        string
	StartSeconds float64
}

// SetChapters replaces a video's chapters after checking them: titles of 1 to
// 200 characters on one line, distinct starts at or after 0 and, when the
// duration is known, before the end.
func (s *Service) SetChapters(ctx context.Context, videoID uuid.UUID, in []ChapterInput) (out []*ent.Chapter, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		v, err := client.Video.Get(ctx, videoID)
		if err != nil {
			return err
		}
		if len(in) > maxChapters {
			return fault.FieldError("chapters", "a video has at most %d chapters", maxChapters)
		}
		sorted, err := checkChapters(in, v.Duration)
		if err != nil {
			return err
		}
		if _, err := client.Chapter.Delete().Where(chapter.VideoID(videoID)).Exec(ctx); err != nil {
			return err
		}
		if len(sorted) == 0 {
			out = []*ent.Chapter{}
			return nil
		}
		builders := make([]*ent.ChapterCreate, len(sorted))
		for i, c := range sorted {
			builders[i] = client.Chapter.Create().SetVideoID(videoID).SetTitle(c.Title).SetStartSeconds(c.StartSeconds)
		}
		if err := client.Chapter.CreateBulk(builders...).Exec(ctx); err != nil {
			return err
		}
		out, err = s.Chapters(ctx, videoID)
		return err
	})
	return out, err
}

// checkChapters returns the chapters in start order with their titles trimmed,
// or the first rule one of them breaks; duration is the video's (0: unknown).
func checkChapters(in []ChapterInput, duration float64) ([]ChapterInput, error) {
	sorted := append([]ChapterInput(nil), in...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].StartSeconds < sorted[j].StartSeconds })
	for i, c := range sorted {
		title := strings.TrimSpace(c.Title)
		switch {
		case title == "" || len([]rune(title)) > 200:
			return nil, fault.FieldError("title", "a chapter title has 1 to 200 characters")
		case strings.ContainsAny(title, "\r\n"):
			return nil, fault.FieldError("title", "a chapter title is one line")
		case c.StartSeconds < 0:
			return nil, fault.FieldError("startSeconds", "chapter %q starts before the video", title)
		case duration > 0 && c.StartSeconds >= duration:
			return nil, fault.FieldError("startSeconds", "chapter %q starts at %gs, after the video's end (%gs)", title, c.StartSeconds, duration)
		case i > 0 && c.StartSeconds == sorted[i-1].StartSeconds:
			return nil, fault.FieldError("startSeconds", "two chapters start at %gs", c.StartSeconds)
		}
		sorted[i].Title = title
	}
	return sorted, nil
}

// Chapters lists a video's chapters in start order.
func (s *Service) Chapters(ctx context.Context, videoID uuid.UUID) ([]*ent.Chapter, error) {
	client := s.db(ctx)
	if _, err := client.Video.Get(ctx, videoID); err != nil {
		return nil, err
	}
	return client.Chapter.Query().Where(chapter.VideoID(videoID)).Order(chapter.ByStartSeconds()).All(ctx)
}

// ChaptersWebVTT writes a video's chapters as a WebVTT chapters track.
func (s *Service) ChaptersWebVTT(ctx context.Context, videoID uuid.UUID) (string, error) {
	client := s.db(ctx)
	v, err := client.Video.Get(ctx, videoID)
	if err != nil {
		return "", err
	}
	list, err := client.Chapter.Query().Where(chapter.VideoID(videoID)).Order(chapter.ByStartSeconds()).All(ctx)
	if err != nil {
		return "", err
	}
	chapters := make([]captions.Chapter, len(list))
	for i, c := range list {
		chapters[i] = captions.Chapter{Title: c.Title, StartSeconds: c.StartSeconds}
	}
	return captions.ChaptersVTT(chapters, v.Duration), nil
}
