package player

import (
	"fmt"
	"html"

	"github.com/google/uuid"
)

// EmbedURL is the address of a video's player page under publicURL.
func EmbedURL(publicURL string, videoID uuid.UUID) string {
	return publicURL + "/embed/" + videoID.String()
}

// EmbedCode is the iframe snippet that embeds a video's player at width x
// height (the video's own size, 640x360 when unknown).
func EmbedCode(publicURL string, videoID uuid.UUID, title string, width, height int) string {
	width, height = frameSize(width, height, 0, 0)
	return fmt.Sprintf(`<iframe src="%s" width="%d" height="%d" title="%s" frameborder="0" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>`,
		html.EscapeString(EmbedURL(publicURL, videoID)), width, height, html.EscapeString(title))
}

// frameSize is the player's size for a video of width x height: 640x360 when
// the size is unknown, scaled down (keeping the aspect ratio) to fit maxWidth and
// maxHeight when they are above 0.
func frameSize(width, height, maxWidth, maxHeight int) (int, int) {
	if width <= 0 || height <= 0 {
		width, height = 640, 360
	}
	if maxWidth > 0 && width > maxWidth {
		height = height * maxWidth / width
		width = maxWidth
	}
	if maxHeight > 0 && height > maxHeight {
		width = width * maxHeight / height
		height = maxHeight
	}
	return max(width, 1), max(height, 1)
}
