// Package staticrendition runs the rules of static renditions: the MP4 (and
// M4A) downloads of a video, asked for by resolution and made by the media
// worker (internal/jobs) from the video's renditions without a second encode.
// Their status moves only through internal/staticlifecycle.
package staticrendition
