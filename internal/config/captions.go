package config

import (
	"fmt"
	"net/url"
	"runtime"
	"strconv"
	"time"
)

// Captions is the configuration of automatic captions (docs/api/captions.md):
// which speech engine transcribes, and how.
type Captions struct {
	// Engine is pocketsphinx (the built-in default: offline, English),
	// openai (a server speaking the OpenAI audio transcription API, such as
	// whisper.cpp's) or off (VIDRA_CAPTIONS_ENGINE).
	Engine string
	// URL is the openai engine's server, e.g. http://10.0.0.5:8080
	// (VIDRA_CAPTIONS_URL); its address is checked like every URL Vidra
	// fetches (VIDRA_ALLOW_PRIVATE_NETWORKS lets it be private).
	URL string
	// Model is the openai engine's model (VIDRA_CAPTIONS_MODEL, default
	// whisper-1); for pocketsphinx, the model directory
	// (default /usr/share/pocketsphinx/model/en-us).
	Model string
	// Key, when set, is sent to the openai engine as a bearer token (VIDRA_CAPTIONS_KEY).
	Key string
	// ChunkSeconds bounds the audio one engine call hears; longer speech is
	// cut at silences (VIDRA_CAPTIONS_CHUNK_SECONDS, default 30).
	ChunkSeconds float64
	// Timeout bounds one engine call (VIDRA_CAPTIONS_TIMEOUT, default 10m).
	Timeout time.Duration
	// Parallel is how many chunks of one video are transcribed at once
	// (VIDRA_CAPTIONS_PARALLEL): by default one per CPU core for the built-in
	// engine (each run uses one core), 1 for a server (whisper.cpp's serves
	// one request at a time).
	Parallel int
}

// The engines of Captions.Engine.
const (
	CaptionsPocketsphinx = "pocketsphinx"
	CaptionsOpenAI       = "openai"
	CaptionsOff          = "off"
)

// readCaptions reads the Captions configuration through get (name, default).
func readCaptions(get func(name, def string) string) (Captions, []error) {
	var errs []error
	c := Captions{
		Engine: get("VIDRA_CAPTIONS_ENGINE", CaptionsPocketsphinx),
		URL:    get("VIDRA_CAPTIONS_URL", ""),
		Model:  get("VIDRA_CAPTIONS_MODEL", ""),
		Key:    get("VIDRA_CAPTIONS_KEY", ""),
	}
	chunk, err := strconv.ParseFloat(get("VIDRA_CAPTIONS_CHUNK_SECONDS", "30"), 64)
	if err != nil || chunk < 5 || chunk > 600 {
		errs = append(errs, fmt.Errorf("VIDRA_CAPTIONS_CHUNK_SECONDS: want seconds between 5 and 600"))
	}
	c.ChunkSeconds = chunk
	timeout, err := time.ParseDuration(get("VIDRA_CAPTIONS_TIMEOUT", "10m"))
	if err != nil || timeout <= 0 {
		errs = append(errs, fmt.Errorf("VIDRA_CAPTIONS_TIMEOUT: want a positive duration such as 10m"))
	}
	c.Timeout = timeout
	parallel := strconv.Itoa(runtime.NumCPU())
	if c.Engine == CaptionsOpenAI {
		parallel = "1"
	}
	n, err := strconv.Atoi(get("VIDRA_CAPTIONS_PARALLEL", parallel))
	if err != nil || n < 1 || n > 64 {
		errs = append(errs, fmt.Errorf("VIDRA_CAPTIONS_PARALLEL: want a whole number from 1 to 64"))
	}
	c.Parallel = n
	switch c.Engine {
	case CaptionsPocketsphinx, CaptionsOff:
	case CaptionsOpenAI:
		if u, err := url.Parse(c.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("VIDRA_CAPTIONS_URL: the openai engine wants an absolute http or https URL"))
		}
		if c.Model == "" {
			c.Model = "whisper-1"
		}
	default:
		errs = append(errs, fmt.Errorf("VIDRA_CAPTIONS_ENGINE: want pocketsphinx, openai or off"))
	}
	return c, errs
}
