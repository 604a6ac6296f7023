// Package encodingprofile is the domain of a project's encoding profiles:
// named ladders of renditions (validated and normalised by internal/ladder),
// one of which may be the project's default, the ladder its new videos are
// encoded with (Ladders, the media pipeline's ladder source; ladder.Default
// when the project has no default profile). Transcoding jobs may name a
// profile's renditions (internal/transcoding).
package encodingprofile
