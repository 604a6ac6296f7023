package player

import (
	"html"
	"strconv"
	"strings"

	"github.com/google/uuid"
)

// EmbedURL is the address of a video's player page under publicURL.
func EmbedURL(publicURL string, videoID uuid.UUID) string {
	return publicURL + "/embed/" + videoID.String()
}

// EmbedCode is the iframe snippet that embeds a video's player at width x
// height (the video's own size, 640x360 when unknown).
//
// A page of videos (GET /v1/projects/{id}/videos) writes one per video, so it
// is built by appending to one buffer sized up front rather than with
// fmt.Sprintf, whose formatting was most of the field's cost per page.
func EmbedCode(publicURL string, videoID uuid.UUID, title string, width, height int) string {
	width, height = frameSize(width, height, 0, 0)
	src, name := html.EscapeString(EmbedURL(publicURL, videoID)), html.EscapeString(title)
	var b strings.Builder
	b.Grow(len(embedOpen) + len(src) + len(embedWidth) + len(embedHeight) + len(embedTitle) + len(name) + len(embedClose) + 40)
	b.WriteString(embedOpen)
	b.WriteString(src)
	b.WriteString(embedWidth)
	b.WriteString(strconv.Itoa(width))
	b.WriteString(embedHeight)
	b.WriteString(strconv.Itoa(height))
	b.WriteString(embedTitle)
	b.WriteString(name)
	b.WriteString(embedClose)
	return b.String()
}

// The fixed parts of EmbedCode's snippet, around the address, size and title.
const (
	embedOpen   = `<iframe src="`
	embedWidth  = `" width="`
	embedHeight = `" height="`
	embedTitle  = `" title="`
	embedClose  = `" frameborder="0" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>`
)

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
