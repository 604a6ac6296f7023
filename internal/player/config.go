package player

import (
	"context"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/advertisement"
	"github.com/vidra-dev/vidra/ent/caption"
	"github.com/vidra-dev/vidra/ent/chapter"
	entplayer "github.com/vidra-dev/vidra/ent/player"
	"github.com/vidra-dev/vidra/ent/video"
)

// pageConfig is what the page's script is told (JSON in #vidra-config).
type pageConfig struct {
	VideoID    string         `json:"videoId"`
	ProjectID  string         `json:"projectId"`
	Title      string         `json:"title"`
	Duration   float64        `json:"duration"`
	Src        string         `json:"src"`
	Poster     string         `json:"poster"`
	Token      string         `json:"token,omitempty"`
	Storyboard string         `json:"storyboard,omitempty"`
	Chapters   string         `json:"chapters,omitempty"`
	Captions   []captionTrack `json:"captions"`
	Player     playerConfig   `json:"player"`
	Ads        []adBreak      `json:"ads"`
	AdsScript  string         `json:"adsScript,omitempty"`
	Collect    string         `json:"collect"`
}

// captionTrack is one of the video's caption tracks.
type captionTrack struct {
	Language string `json:"language"`
	Label    string `json:"label"`
	Src      string `json:"src"`
}

// playerConfig is the player entity's configuration as the script reads it.
type playerConfig struct {
	ID                     string    `json:"id,omitempty"`
	PrimaryColor           string    `json:"primaryColor"`
	AccentColor            string    `json:"accentColor"`
	BackgroundColor        string    `json:"backgroundColor"`
	Controls               bool      `json:"controls"`
	Autoplay               bool      `json:"autoplay"`
	Muted                  bool      `json:"muted"`
	Loop                   bool      `json:"loop"`
	LogoURL                string    `json:"logoUrl,omitempty"`
	WatermarkURL           string    `json:"watermarkUrl,omitempty"`
	WatermarkPosition      string    `json:"watermarkPosition"`
	SpeedOptions           []float64 `json:"speedOptions"`
	CaptionsDefault        bool      `json:"captionsDefault"`
	DefaultCaptionLanguage string    `json:"defaultCaptionLanguage,omitempty"`
}

// defaultPlayer is the configuration of a project without players: the player
// entity's field defaults.
var defaultPlayer = playerConfig{
	PrimaryColor: "#ffffff", AccentColor: "#3b82f6", BackgroundColor: "#000000",
	Controls: true, WatermarkPosition: "top_right", SpeedOptions: []float64{0.5, 1, 1.25, 1.5, 2},
}

// adBreak is one enabled advertisement of the project.
type adBreak struct {
	TagURL    string `json:"tagUrl"`
	Placement string `json:"placement"`
	Offsets   []int  `json:"offsets"`
}

// pageConfig reads the player, tracks and ads of an admitted video.
func (s *Server) pageConfig(ctx context.Context, r *http.Request, v *ent.Video, token string) (*pageConfig, error) {
	pc, err := s.playerFor(ctx, r, v.ProjectID)
	if err != nil {
		return nil, err
	}
	cfg := &pageConfig{
		VideoID: v.ID.String(), ProjectID: v.ProjectID.String(), Title: v.Title, Duration: v.Duration,
		Src: playURL(v.ID, "master.m3u8", token), Poster: playURL(v.ID, "poster.jpg", token), Token: token,
		Player: pc, Captions: []captionTrack{}, Ads: []adBreak{},
		Collect: "/collect/v1/" + v.ProjectID.String() + "/events",
	}
	if v.Status == video.StatusLive {
		cfg.Poster = "" // a live session has no thumbnail yet: poster.jpg would answer 404
	}
	if v.Storyboard != nil {
		cfg.Storyboard = playURL(v.ID, "storyboard.vtt", token)
	}
	hasChapters, err := s.Client.Chapter.Query().Where(chapter.VideoID(v.ID)).Exist(ctx)
	if err != nil {
		return nil, err
	}
	if hasChapters {
		cfg.Chapters = playURL(v.ID, "chapters.vtt", token)
	}
	caps, err := s.Client.Caption.Query().Where(caption.VideoID(v.ID)).Order(caption.ByLanguage()).All(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range caps {
		label := c.Label
		if label == "" {
			label = c.Language
		}
		cfg.Captions = append(cfg.Captions, captionTrack{Language: c.Language, Label: label, Src: playURL(v.ID, "captions/"+c.Language+".vtt", token)})
	}
	ads, err := s.Client.Advertisement.Query().
		Where(advertisement.ProjectID(v.ProjectID), advertisement.Enabled(true)).
		Order(advertisement.ByCreatedAt()).All(ctx)
	if err != nil {
		return nil, err
	}
	for _, a := range ads {
		if !strings.HasPrefix(a.TagURL, "http://") && !strings.HasPrefix(a.TagURL, "https://") {
			continue
		}
		offsets := a.Offsets
		if offsets == nil {
			offsets = []int{}
		}
		cfg.Ads = append(cfg.Ads, adBreak{TagURL: a.TagURL, Placement: string(a.Placement), Offsets: offsets})
	}
	if len(cfg.Ads) > 0 {
		cfg.AdsScript = assetPrefix + s.Assets.Ads
	}
	return cfg, nil
}

// playerFor is the configuration of the player named by ?player= (it must be
// the project's), else the project's default player, else defaultPlayer.
func (s *Server) playerFor(ctx context.Context, r *http.Request, projectID uuid.UUID) (playerConfig, error) {
	q := s.Client.Player.Query().Where(entplayer.ProjectID(projectID))
	if raw := r.URL.Query().Get("player"); raw != "" {
		id, err := uuid.Parse(raw)
		if err != nil || len(raw) != 36 {
			return playerConfig{}, &refusal{http.StatusBadRequest, "The player named in this link is not a valid id."}
		}
		q = q.Where(entplayer.ID(id))
	} else {
		q = q.Where(entplayer.IsDefault(true))
	}
	p, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		if r.URL.Query().Get("player") != "" {
			return playerConfig{}, &refusal{http.StatusNotFound, "The player named in this link does not exist."}
		}
		return defaultPlayer, nil
	}
	if err != nil {
		return playerConfig{}, err
	}
	return playerConfig{
		ID: p.ID.String(), PrimaryColor: p.PrimaryColor, AccentColor: p.AccentColor, BackgroundColor: p.BackgroundColor,
		Controls: p.Controls, Autoplay: p.Autoplay, Muted: p.Muted, Loop: p.Loop,
		LogoURL: p.LogoURL, WatermarkURL: p.WatermarkURL, WatermarkPosition: string(p.WatermarkPosition),
		SpeedOptions: p.SpeedOptions, CaptionsDefault: p.CaptionsDefault, DefaultCaptionLanguage: p.DefaultCaptionLanguage,
	}, nil
}
