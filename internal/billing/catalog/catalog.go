// Package catalog is the vocabulary of plans shared by the ent schema, pricing,
// limits and the API: the metric names, the pricing models, a price tier, the
// plan intervals and the subscription statuses. It imports nothing of Vidra's,
// so every package (ent/schema included) may use it.
package catalog

// Metric names (fixed by the billing contract; package usage reports them).
const (
	// DeliveredBytes is the bytes written by /v1/play responses.
	DeliveredBytes = "delivered_bytes"
	// DeliveredSeconds is the seconds of media in the segments served.
	DeliveredSeconds = "delivered_seconds"
	// StoredByteSeconds is bytes stored times seconds kept.
	StoredByteSeconds = "stored_byte_seconds"
	// StoredVideoSeconds is seconds of video stored times seconds kept.
	StoredVideoSeconds = "stored_video_seconds"
	// EncodedOutputSeconds is the seconds of renditions encoded.
	EncodedOutputSeconds = "encoded_output_seconds"
	// LiveInputSeconds is the seconds of live input received.
	LiveInputSeconds = "live_input_seconds"
	// CaptionCPUSeconds is the processor seconds speech engines spent making
	// automatic captions on the deployment's machines.
	CaptionCPUSeconds = "caption_cpu_seconds"
)

// Metrics lists every metric name, in a fixed order.
var Metrics = []string{DeliveredBytes, DeliveredSeconds, StoredByteSeconds, StoredVideoSeconds, EncodedOutputSeconds, LiveInputSeconds, CaptionCPUSeconds}

// IsMetric reports whether name is one of Metrics.
func IsMetric(name string) bool {
	for _, m := range Metrics {
		if m == name {
			return true
		}
	}
	return false
}

// Pricing models of a plan metric.
const (
	// Standard prices every unit above the included amount at UnitPriceMicro.
	Standard = "standard"
	// Graduated prices each unit at the price of the tier it falls in.
	Graduated = "graduated"
	// Volume prices every unit at the price of the tier the total falls in.
	Volume = "volume"
	// Package prices units in whole packages of PackageSize.
	Package = "package"
)

// Models lists the pricing models.
var Models = []string{Standard, Graduated, Volume, Package}

// Tier is one step of a graduated or volume price: units up to UpTo
// (inclusive; 0 on the last tier means no upper bound) cost UnitPriceMicro
// millionths of a minor unit each, plus FlatMinor once when the tier is reached.
type Tier struct {
	UpTo           int64 `json:"up_to"`
	UnitPriceMicro int64 `json:"unit_price_micro"`
	FlatMinor      int64 `json:"flat_minor"`
}

// Plan intervals.
const (
	// Monthly plans renew every calendar month.
	Monthly = "monthly"
	// Yearly plans renew every year.
	Yearly = "yearly"
)

// Visibility of a plan (the seed's "plan" label of a subscription).
const (
	// Public plans are listed to everyone.
	Public = "public"
	// Private plans are listed only to the organizations subscribed to them and
	// on the admin host; anyone told the code may still subscribe.
	Private = "private"
)

// Subscription statuses (the design's state machine). The empty status means
// billing is off for the organization.
const (
	Pending    = "pending"
	Trialing   = "trialing"
	Active     = "active"
	PastDue    = "past_due"
	Unpaid     = "unpaid"
	Canceled   = "canceled"
	Terminated = "terminated"
)

// Statuses lists every status.
var Statuses = []string{Pending, Trialing, Active, PastDue, Unpaid, Canceled, Terminated}

// IsCurrent reports whether a subscription of this status is its
// organization's current one (at most one is, per organization).
func IsCurrent(status string) bool {
	switch status {
	case Trialing, Active, PastDue, Unpaid:
		return true
	}
	return false
}

// Billing times: a period starts on the first of the month (calendar) or on
// the subscription's own day (anniversary).
const (
	Calendar    = "calendar"
	Anniversary = "anniversary"
)
