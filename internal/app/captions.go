package app

import (
	"net/http"

	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/speech"
)

// speechEngine is the deployment's speech engine of automatic captions
// (VIDRA_CAPTIONS_*): the built-in pocketsphinx, a server speaking the
// OpenAI transcription API reached through the outbound address policy, or
// nil when they are off.
func speechEngine(cfg config.Config) speech.Engine {
	c := cfg.Captions
	switch c.Engine {
	case config.CaptionsPocketsphinx:
		return speech.Pocketsphinx{ModelDir: c.Model, Timeout: c.Timeout}
	case config.CaptionsOpenAI:
		outbound := netguard.Policy{AllowPrivate: cfg.Media.AllowPrivateNetworks}
		return speech.OpenAI{BaseURL: c.URL, ModelName: c.Model, Key: c.Key, Timeout: c.Timeout,
			Client: &http.Client{Transport: &http.Transport{
				DialContext:         outbound.DialContext,
				Proxy:               nil,
				ForceAttemptHTTP2:   true,
				MaxIdleConnsPerHost: 2,
			}}}
	}
	return nil
}
