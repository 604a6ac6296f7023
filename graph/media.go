package graph

import (
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/speech"
	"github.com/vidra-dev/vidra/internal/vimeo"
)

// MediaDeps are the media pipeline's parts the resolvers use.
type MediaDeps struct {
	// Queue receives import jobs after their mutation commits.
	Queue *jobs.Queue
	// Signer signs playback tokens.
	Signer *playback.Signer
	// Policies give each project's playback policy (token lifetime).
	Policies playback.PolicySource
	// PublicURL is the address clients see (VIDRA_PUBLIC_URL), for upload and playback URLs.
	PublicURL string
	// MaxUploadSize is the largest upload a token may admit.
	MaxUploadSize int64
	// Vimeo is the Vimeo API the importer checks credentials against.
	Vimeo *vimeo.Client
	// Speech is the deployment's speech engine of automatic captions; nil when
	// they are off (VIDRA_CAPTIONS_ENGINE=off).
	Speech speech.Engine
}
