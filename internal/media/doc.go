// Package media runs ffprobe and ffmpeg: it probes sources, plans the rendition
// ladder and produces HLS renditions, thumbnails and storyboards on local files.
// It knows nothing of the database or blob storage; the jobs package moves the
// results into place.
package media
