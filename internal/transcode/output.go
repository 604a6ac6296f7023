// Package transcode holds the shapes of the transcoding jobs API shared by the
// ent schema, the GraphQL resolvers and the River worker.
package transcode

// Output is one requested output of a transcoding job: an HLS rendition of the
// given height and bit rates. Name names its folder under the job's prefix.
type Output struct {
	// Name names the output and its folder, e.g. 720p.
	Name string `json:"name"`
	// Height is the target height in pixels; the width follows the source's aspect.
	Height int `json:"height"`
	// VideoBitrateKbps and AudioBitrateKbps are the target bit rates.
	VideoBitrateKbps int `json:"video_bitrate_kbps"`
	AudioBitrateKbps int `json:"audio_bitrate_kbps"`
	// Width is the encoded width, set once the source has been probed.
	Width int `json:"width,omitempty"`
	// EncodedHeight is the encoded height (the source's own when it is shorter).
	EncodedHeight int `json:"encoded_height,omitempty"`
	// Playlist is the blob key of the output's HLS playlist once it is written.
	Playlist string `json:"playlist,omitempty"`
}

// Prefix is the blob key prefix of a job's outputs: transcoding/{job id}/.
func Prefix(jobID string) string { return "transcoding/" + jobID + "/" }
