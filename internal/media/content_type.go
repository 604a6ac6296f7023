package media

import (
	"path"
	"strings"
)

// ContentType is the media type of a file Vidra stores or serves, by extension.
func ContentType(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".m3u8":
		return "application/vnd.apple.mpegurl"
	case ".ts":
		return "video/mp2t"
	case ".m4s", ".mp4":
		return "video/mp4"
	case ".m4a":
		return "audio/mp4"
	case ".mpd":
		return "application/dash+xml"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".png":
		return "image/png"
	case ".webp":
		return "image/webp"
	case ".gif":
		return "image/gif"
	case ".vtt":
		return "text/vtt; charset=utf-8"
	}
	return "application/octet-stream"
}
