package config

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Media is the configuration of jobs, uploads, transcoding, imports and playback.
type Media struct {
	// Workers runs the job workers in this process (VIDRA_WORKERS, default true);
	// API replicas set it to false and leave the work to `vidra worker` processes.
	Workers bool
	// MediaConcurrency is how many media jobs a process runs at once (VIDRA_MEDIA_CONCURRENCY, default 1).
	MediaConcurrency int
	// JobTimeout bounds one attempt of a job (VIDRA_JOB_TIMEOUT, default 2h).
	JobTimeout time.Duration
	// JobPollInterval is how often workers look for jobs (VIDRA_JOB_POLL_INTERVAL, default 1s).
	JobPollInterval time.Duration
	// SweepInterval is how often owed work without a job is looked for (VIDRA_SWEEP_INTERVAL, default 1m).
	SweepInterval time.Duration
	// ProcessHeartbeat is how often a process renews its liveness record
	// (VIDRA_PROCESS_HEARTBEAT, default 3s) and looks for expired ones to reclaim.
	ProcessHeartbeat time.Duration
	// ProcessExpiry is how long a liveness record lives without renewal
	// (VIDRA_PROCESS_EXPIRY, default 15s): after it the process counts as dead and
	// the jobs it was running go back to the queue.
	ProcessExpiry time.Duration
	// FFmpeg and FFprobe name the executables (VIDRA_FFMPEG, VIDRA_FFPROBE; found on PATH by default).
	FFmpeg, FFprobe string
	// MaxUploadSize is the largest upload a token may admit, in bytes (VIDRA_MAX_UPLOAD_SIZE, default 20 GiB).
	MaxUploadSize int64
	// MaxImportSize is the largest file pulled from a URL (VIDRA_MAX_IMPORT_SIZE, default 20 GiB).
	MaxImportSize int64
	// ImportTimeout bounds one pull from a URL (VIDRA_IMPORT_TIMEOUT, default 30m).
	ImportTimeout time.Duration
	// AllowPrivateNetworks lets imports reach loopback and private addresses (VIDRA_ALLOW_PRIVATE_NETWORKS).
	AllowPrivateNetworks bool
	// PlaybackSecret signs playback tokens (VIDRA_PLAYBACK_SECRET); when empty one is
	// generated and kept in <DataDir>/playback.key. Replicas must share it.
	PlaybackSecret string
	// CountryHeader is the request header that carries the client's country code for
	// country rules, e.g. CF-IPCountry (VIDRA_COUNTRY_HEADER, default X-Country-Code).
	CountryHeader string
	// ImagesPerVideo is how many pictures of one video the image API keeps in the
	// bucket (VIDRA_IMAGES_PER_VIDEO, default 500); past it a new picture is made
	// for its request but neither kept nor billed, so one video's variants cannot
	// fill the bucket.
	ImagesPerVideo int
	// VimeoAPIURL is the base address of the Vimeo API the Vimeo importer talks to
	// (VIDRA_VIMEO_API_URL, default https://api.vimeo.com; tests and proxies override it).
	VimeoAPIURL string
}

// readMedia reads the Media configuration through get (name, default).
func readMedia(get func(name, def string) string) (Media, []error) {
	var errs []error
	boolean := func(name, def string) bool {
		v, err := strconv.ParseBool(get(name, def))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: want true or false", name))
		}
		return v
	}
	duration := func(name, def string) time.Duration {
		v, err := time.ParseDuration(get(name, def))
		if err != nil || v <= 0 {
			errs = append(errs, fmt.Errorf("%s: want a positive duration such as 30s", name))
		}
		return v
	}
	integer := func(name, def string) int64 {
		v, err := strconv.ParseInt(strings.ReplaceAll(get(name, def), "_", ""), 10, 64)
		if err != nil || v <= 0 {
			errs = append(errs, fmt.Errorf("%s: want a positive whole number", name))
		}
		return v
	}
	m := Media{
		Workers:              boolean("VIDRA_WORKERS", "true"),
		MediaConcurrency:     int(integer("VIDRA_MEDIA_CONCURRENCY", "1")),
		JobTimeout:           duration("VIDRA_JOB_TIMEOUT", "2h"),
		JobPollInterval:      duration("VIDRA_JOB_POLL_INTERVAL", "1s"),
		SweepInterval:        duration("VIDRA_SWEEP_INTERVAL", "1m"),
		ProcessHeartbeat:     duration("VIDRA_PROCESS_HEARTBEAT", "3s"),
		ProcessExpiry:        duration("VIDRA_PROCESS_EXPIRY", "15s"),
		FFmpeg:               get("VIDRA_FFMPEG", "ffmpeg"),
		FFprobe:              get("VIDRA_FFPROBE", "ffprobe"),
		MaxUploadSize:        integer("VIDRA_MAX_UPLOAD_SIZE", "21474836480"),
		MaxImportSize:        integer("VIDRA_MAX_IMPORT_SIZE", "21474836480"),
		ImportTimeout:        duration("VIDRA_IMPORT_TIMEOUT", "30m"),
		AllowPrivateNetworks: boolean("VIDRA_ALLOW_PRIVATE_NETWORKS", "false"),
		PlaybackSecret:       get("VIDRA_PLAYBACK_SECRET", ""),
		CountryHeader:        get("VIDRA_COUNTRY_HEADER", "X-Country-Code"),
		ImagesPerVideo:       int(integer("VIDRA_IMAGES_PER_VIDEO", "500")),
		VimeoAPIURL:          strings.TrimRight(get("VIDRA_VIMEO_API_URL", "https://api.vimeo.com"), "/"),
	}
	if u, err := url.Parse(m.VimeoAPIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("VIDRA_VIMEO_API_URL: want an absolute http or https URL"))
	}
	if m.ProcessHeartbeat > 0 && m.ProcessExpiry < 2*m.ProcessHeartbeat {
		errs = append(errs, fmt.Errorf("VIDRA_PROCESS_EXPIRY: want at least twice VIDRA_PROCESS_HEARTBEAT"))
	}
	if m.PlaybackSecret != "" && len(m.PlaybackSecret) < 32 {
		errs = append(errs, fmt.Errorf("VIDRA_PLAYBACK_SECRET: want at least 32 characters"))
	}
	return m, errs
}
