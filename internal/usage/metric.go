package usage

import (
	"time"

	"github.com/vidra-dev/vidra/ent/usagehourly"
)

// The metrics, with the names plans and invoices price.
const (
	DeliveredBytes       = "delivered_bytes"
	DeliveredSeconds     = "delivered_seconds"
	StoredByteSeconds    = "stored_byte_seconds"
	StoredVideoSeconds   = "stored_video_seconds"
	EncodedOutputSeconds = "encoded_output_seconds"
	LiveInputSeconds     = "live_input_seconds"
	// CaptionCPUSeconds is the processor time speech engines spent on this
	// deployment's machines making automatic captions.
	CaptionCPUSeconds = "caption_cpu_seconds"
)

// Metrics lists every metric, in a stable order.
var Metrics = []string{DeliveredBytes, DeliveredSeconds, StoredByteSeconds, StoredVideoSeconds, EncodedOutputSeconds, LiveInputSeconds, CaptionCPUSeconds}

// hourOf is the start of the UTC hour of t.
func hourOf(t time.Time) time.Time { return t.UTC().Truncate(time.Hour) }

// inMillis reports whether the tables keep metric in milliseconds.
func inMillis(metric string) bool {
	switch metric {
	case DeliveredSeconds, EncodedOutputSeconds, LiveInputSeconds, CaptionCPUSeconds:
		return true
	}
	return false
}

// hourlyMetric is the enum value of metric in usage_hourly.
func hourlyMetric(metric string) usagehourly.Metric { return usagehourly.Metric(metric) }
