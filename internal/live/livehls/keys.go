package livehls

import "github.com/google/uuid"

// Blob layout of a live session, under the session video's folder (so deleting
// the video removes it, and /v1/play/{videoId}/live/... serves it). The playback
// package keeps the same layout (it cannot import this package).

// Prefix is the folder of a session video's live playlists and segments.
func Prefix(videoID uuid.UUID) string { return "videos/" + videoID.String() + "/live/" }

// MasterKey is the live master playlist, served as /v1/play/{videoId}/master.m3u8
// while the video has no transcoded ladder.
func MasterKey(videoID uuid.UUID) string { return Prefix(videoID) + "master.m3u8" }

// PlaylistKey is the sliding live media playlist (live/index.m3u8).
func PlaylistKey(videoID uuid.UUID) string { return Prefix(videoID) + "index.m3u8" }

// RecordingKey is the whole session's VOD playlist, written when the session ends
// (live/recording.m3u8).
func RecordingKey(videoID uuid.UUID) string { return Prefix(videoID) + "recording.m3u8" }

// EncryptionKeyKey holds the session's AES-128 key (16 bytes) when the project
// encrypts playback; it is served as live/key only with a valid token.
func EncryptionKeyKey(videoID uuid.UUID) string { return Prefix(videoID) + "aes.key" }
