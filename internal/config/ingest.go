package config

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/vidra-dev/vidra/internal/live/liveslots"
)

// Ingest configures the live ingest node (package internal/live/ingest): on by default in
// `vidra`, and the whole job of `vidra ingest`.
type Ingest struct {
	// Enabled runs the ingest listeners in `vidra` (VIDRA_INGEST, default true;
	// `vidra ingest` always runs them; `vidra worker` never does).
	Enabled bool
	// RTMPAddr is the RTMP listen address (VIDRA_RTMP_ADDR, default :1935;
	// "off" turns RTMP off).
	RTMPAddr string
	// RTMPSAddr is the RTMPS listen address; RTMPS is off while it or the
	// certificate is empty (VIDRA_RTMPS_ADDR, e.g. :1936).
	RTMPSAddr string
	// RTMPSCertFile and RTMPSKeyFile are the PEM certificate chain and key of
	// RTMPS (VIDRA_RTMPS_CERT_FILE, VIDRA_RTMPS_KEY_FILE).
	RTMPSCertFile, RTMPSKeyFile string
	// SRTAddr is the SRT listen address, UDP (VIDRA_SRT_ADDR, default :6000;
	// "off" turns SRT off).
	SRTAddr string
	// NodeID names this node in stream leases and histories
	// (VIDRA_INGEST_NODE_ID, default host name and process id).
	NodeID string
	// StallTimeout is how long a publisher may send nothing before it counts as
	// disconnected (VIDRA_LIVE_STALL_TIMEOUT, default 5s).
	StallTimeout time.Duration
	// Lease is how long a node's claim on a live stream lasts unrenewed: a dead
	// node's streams can be taken again after it (VIDRA_LIVE_LEASE, default 15s).
	Lease time.Duration
	// Heartbeat is how often leases are renewed and statistics written
	// (VIDRA_LIVE_HEARTBEAT, default 5s).
	Heartbeat time.Duration
	// BitrateLimitKbps raises a session's bitrate warning above it
	// (VIDRA_LIVE_BITRATE_LIMIT_KBPS, default 20000; 0: never).
	BitrateLimitKbps int
	// MaxDuration caps the continuous duration of every session on this node,
	// over each stream's own max_duration_seconds (VIDRA_LIVE_MAX_DURATION,
	// default 24h, the longest a stream may ask for).
	MaxDuration time.Duration
	// TranscodeSlots is the node's budget of transcoded live renditions
	// running at once (VIDRA_LIVE_TRANSCODE_SLOTS, default 2 per CPU; 0: no
	// transcoded live, every such stream is transmuxed). See internal/live/liveslots.
	TranscodeSlots int
	// MaxUnauthenticated caps the RTMP(S) connections that have not yet
	// presented a valid stream key; a connection beyond it is closed at once
	// (VIDRA_INGEST_MAX_UNAUTHENTICATED, default 256).
	MaxUnauthenticated int
	// AuthTimeout is how long an RTMP(S) connection has for its handshake, its
	// publish command and the check of its key before it is closed
	// (VIDRA_INGEST_AUTH_TIMEOUT, default 10s).
	AuthTimeout time.Duration
}

// readIngest reads the Ingest configuration through get (name, default).
func readIngest(get func(name, def string) string) (Ingest, []error) {
	var errs []error
	duration := func(name, def string) time.Duration { return positiveDuration(get, &errs, name, def) }
	enabled, err := strconv.ParseBool(get("VIDRA_INGEST", "true"))
	if err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_INGEST: want true or false"))
	}
	limit, err := strconv.Atoi(get("VIDRA_LIVE_BITRATE_LIMIT_KBPS", "20000"))
	if err != nil || limit < 0 {
		errs = append(errs, fmt.Errorf("VIDRA_LIVE_BITRATE_LIMIT_KBPS: want a whole number >= 0"))
	}
	slots := liveslots.Default()
	if v := get("VIDRA_LIVE_TRANSCODE_SLOTS", ""); v != "" {
		if slots, err = strconv.Atoi(v); err != nil || slots < 0 {
			errs = append(errs, fmt.Errorf("VIDRA_LIVE_TRANSCODE_SLOTS: want a whole number >= 0"))
		}
	}
	maxUnauth, err := strconv.Atoi(get("VIDRA_INGEST_MAX_UNAUTHENTICATED", "256"))
	if err != nil || maxUnauth <= 0 {
		errs = append(errs, fmt.Errorf("VIDRA_INGEST_MAX_UNAUTHENTICATED: want a positive whole number"))
	}
	off := func(addr string) string {
		if addr == "off" {
			return ""
		}
		return addr
	}
	in := Ingest{
		Enabled:          enabled,
		RTMPAddr:         off(get("VIDRA_RTMP_ADDR", ":1935")),
		RTMPSAddr:        off(get("VIDRA_RTMPS_ADDR", "")),
		RTMPSCertFile:    get("VIDRA_RTMPS_CERT_FILE", ""),
		RTMPSKeyFile:     get("VIDRA_RTMPS_KEY_FILE", ""),
		SRTAddr:          off(get("VIDRA_SRT_ADDR", ":6000")),
		NodeID:           get("VIDRA_INGEST_NODE_ID", ""),
		StallTimeout:     duration("VIDRA_LIVE_STALL_TIMEOUT", "5s"),
		Lease:            duration("VIDRA_LIVE_LEASE", "15s"),
		Heartbeat:        duration("VIDRA_LIVE_HEARTBEAT", "5s"),
		BitrateLimitKbps: limit,
		MaxDuration:      duration("VIDRA_LIVE_MAX_DURATION", "24h"),
		TranscodeSlots:   slots,

		MaxUnauthenticated: maxUnauth,
		AuthTimeout:        duration("VIDRA_INGEST_AUTH_TIMEOUT", "10s"),
	}
	for name, addr := range map[string]string{"VIDRA_RTMP_ADDR": in.RTMPAddr, "VIDRA_RTMPS_ADDR": in.RTMPSAddr, "VIDRA_SRT_ADDR": in.SRTAddr} {
		if addr == "" {
			continue
		}
		if _, _, err := net.SplitHostPort(addr); err != nil {
			errs = append(errs, fmt.Errorf("%s: %q is not host:port (or off)", name, addr))
		}
	}
	if in.RTMPSAddr != "" && (in.RTMPSCertFile == "" || in.RTMPSKeyFile == "") {
		errs = append(errs, fmt.Errorf("VIDRA_RTMPS_ADDR: needs VIDRA_RTMPS_CERT_FILE and VIDRA_RTMPS_KEY_FILE"))
	}
	if in.Heartbeat >= in.Lease {
		errs = append(errs, fmt.Errorf("VIDRA_LIVE_HEARTBEAT: must be shorter than VIDRA_LIVE_LEASE"))
	}
	return in, errs
}
