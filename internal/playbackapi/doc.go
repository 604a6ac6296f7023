// Package playbackapi is what the API says about playing a video: the public
// URLs of its playback files (the master playlist once a rendition plays,
// thumbnails, the storyboard of its timeline) and the signed playback tokens
// a project's access control asks for, within that project's token
// lifetimes. internal/playback serves those URLs and checks the tokens.
package playbackapi
