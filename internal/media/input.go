package media

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gabriel-vasile/mimetype"
)

// Input is a user's media file as ffprobe and ffmpeg may open it: the one local
// file, read only through the file protocol, with the one container demuxer its
// leading bytes name. Playlist and multi-file demuxers (hls, concat, image
// sequences, dash, ...) are never chosen, so a file cannot make ffmpeg read
// another file, however it is named or what it says inside.
type Input struct {
	// Path is the local file.
	Path string
	// Demuxer is the ffmpeg input format of the file, e.g. mov or matroska.
	Demuxer string
}

// AcceptedContainers names the containers Vidra accepts as sources, for messages.
const AcceptedContainers = "MP4/MOV/3GP, WebM/Matroska, AVI, MPEG-TS, MPEG-PS, FLV, Ogg, ASF/WMV, and for sound alone M4A, MP3, WAV, FLAC, AAC"

// sniffBytes is how much of the head of a file the sniff reads.
const sniffBytes = 3072

// OpenInput sniffs the container of the file at path from its leading bytes (its
// name and extension are never trusted) and returns it as an Input, or a
// *NotMediaError saying why the file is refused.
func OpenInput(path string) (Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return Input{}, err
	}
	defer f.Close()
	head := make([]byte, sniffBytes)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return Input{}, fmt.Errorf("read %s: %w", path, err)
	}
	if n == 0 {
		return Input{}, &NotMediaError{Reason: "not a media file: the file is empty"}
	}
	head = head[:n]
	mime := mimetype.Detect(head)
	if d := demuxerOf(mime.String()); d != "" {
		return Input{Path: path, Demuxer: d}, nil
	}
	// The sniffing library knows no MPEG transport stream (camcorder .ts/.mts):
	// its sync bytes are checked here.
	if isTransportStream(head) {
		return Input{Path: path, Demuxer: "mpegts"}, nil
	}
	return Input{}, &NotMediaError{Reason: refusal(mime, head)}
}

// demuxerOf maps a sniffed media type to the ffmpeg demuxer that reads it; empty
// for anything that is not an accepted video container. Each demuxer named here
// reads only the file it is given (the mov demuxer's external data references
// are also turned off explicitly, in Args).
func demuxerOf(mime string) string {
	switch mime {
	case "video/mp4", "video/quicktime", "video/3gpp", "video/3gpp2", "video/x-m4v":
		return "mov"
	case "video/webm", "video/matroska":
		return "matroska"
	case "video/x-msvideo":
		return "avi"
	case "video/x-flv":
		return "flv"
	case "video/ogg", "application/ogg":
		return "ogg"
	case "video/mpeg":
		return "mpeg"
	case "video/x-ms-asf":
		return "asf"
	// Audio-only sources become audio-only assets (issue 47).
	case "audio/mp4", "audio/x-m4a":
		return "mov"
	case "audio/mpeg":
		return "mp3"
	case "audio/wav", "audio/x-wav", "audio/vnd.wave":
		return "wav"
	case "audio/flac", "audio/x-flac":
		return "flac"
	case "audio/ogg", "audio/opus":
		return "ogg"
	case "audio/aac":
		return "aac"
	}
	return ""
}

// isTransportStream reports whether head is MPEG-TS: sync bytes 0x47 at the start
// of several consecutive 188-byte packets (or 192-byte ones, as in .m2ts).
func isTransportStream(head []byte) bool {
	for _, size := range []int{188, 192} {
		first := size - 188 // a .m2ts packet starts with a 4-byte time code
		starts := 0         // packets that start within head
		if len(head) > first {
			starts = (len(head) - first + size - 1) / size
		}
		need := min(4, starts)
		if need < 2 {
			continue
		}
		synced := true
		for i := 0; i < need && synced; i++ {
			synced = head[first+i*size] == 0x47
		}
		if synced {
			return true
		}
	}
	return false
}

// refusal says why a sniffed file is not accepted.
func refusal(mime *mimetype.MIME, head []byte) string {
	text := strings.TrimLeft(string(head[:min(len(head), 512)]), "\ufeff \t\r\n")
	switch {
	case mime.Is("application/vnd.apple.mpegurl") || strings.HasPrefix(text, "#EXTM3U"):
		return "not a media file: the file is an HLS playlist, which may name other files; upload the video itself"
	case strings.HasPrefix(text, "ffconcat") || strings.HasPrefix(text, "file "):
		return "not a media file: the file is a concat list, which names other files; upload the video itself"
	case strings.HasPrefix(mime.String(), "text/"):
		return "not a media file: the file is text (playlists and lists of files are refused); upload a video in one of " + AcceptedContainers
	case strings.HasPrefix(mime.String(), "image/"):
		return "not a media file: the file is an image (" + mime.String() + "), and image sequences are refused; upload a video in one of " + AcceptedContainers
	case strings.HasPrefix(mime.String(), "audio/"):
		return "not a media file: " + mime.String() + " is not an accepted audio format; accepted are " + AcceptedContainers
	case mime.Is("application/octet-stream"):
		return "not a media file: its format is not recognised as a video container; accepted are " + AcceptedContainers
	}
	return "not a media file: " + mime.String() + " is not an accepted video container; accepted are " + AcceptedContainers
}

// Args are the input options and the input itself for an ffmpeg or ffprobe command
// line, after the options before (e.g. -ss): the protocol and format allow-lists,
// the forced demuxer and the file, named with the file: protocol so no part of the
// path is read as another protocol. Every command on user media builds its input
// here.
func (in Input) Args(before ...string) []string {
	args := append([]string{}, before...)
	args = append(args,
		"-protocol_whitelist", "file",
		"-format_whitelist", in.Demuxer,
		"-f", in.Demuxer)
	if in.Demuxer == "mov" {
		// Off by default too; said here so no build's default can turn them on.
		args = append(args, "-enable_drefs", "0", "-use_absolute_path", "0")
	}
	return append(args, "-i", "file:"+in.Path)
}
