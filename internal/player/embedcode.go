package player

import (
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/embedlink"
)

// EmbedURL is the address of a video's player page under publicURL.
func EmbedURL(publicURL string, videoID uuid.UUID) string {
	return embedlink.PageURL(publicURL, videoID)
}

// EmbedCode is the iframe snippet that embeds a video's player at width x
// height (the video's own size, 640x360 when unknown).
func EmbedCode(publicURL string, videoID uuid.UUID, title string, width, height int) string {
	return embedlink.Snippet(publicURL, videoID, title, width, height)
}

// frameSize is embedlink.FrameSize: the player's size for a video of width x
// height within maxWidth and maxHeight.
func frameSize(width, height, maxWidth, maxHeight int) (int, int) {
	return embedlink.FrameSize(width, height, maxWidth, maxHeight)
}
