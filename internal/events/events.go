// Package events is the catalogue of the events Vidra records and delivers to
// webhook endpoints. It is a leaf package: the code that makes a change names its
// event from here and records it with webhooks.Recorder in the change's transaction.
package events

import "strings"

// Event types. Each names what happened to which resource; the payload ("data") is
// that resource as the API shows it.
const (
	// VideoCreated: a video record was created (data: the video).
	VideoCreated = "video.created"
	// VideoUploadCompleted: a video's source arrived by upload and processing is owed.
	VideoUploadCompleted = "video.upload.completed"
	// VideoProcessing: transcoding of a video started.
	VideoProcessing = "video.processing"
	// VideoReady: a video's renditions, thumbnails and storyboard are published.
	VideoReady = "video.ready"
	// VideoFailed: a video could not be uploaded, imported or processed (data.failure_reason).
	VideoFailed = "video.failed"
	// VideoDeleted: a video was deleted.
	VideoDeleted = "video.deleted"
	// VideoStaticRenditionReady: a static rendition (MP4 download) of a video
	// was written and can be downloaded (data: the static rendition).
	VideoStaticRenditionReady = "video.static_rendition.ready"
	// VideoStaticRenditionFailed: a static rendition could not be made
	// (data.failure_reason says why).
	VideoStaticRenditionFailed = "video.static_rendition.failed"
	// CaptionReady: a caption track of a video was stored and can be served.
	CaptionReady = "caption.ready"
	// CaptionFailed: an automatic caption generation failed (data: the
	// generation; data.failure_reason says why).
	CaptionFailed = "caption.failed"
	// ImportCompleted: a video pulled from a URL arrived; processing follows.
	ImportCompleted = "import.completed"
	// ImportFailed: pulling a video from a URL failed.
	ImportFailed = "import.failed"
	// TranscodingJobCompleted: a transcoding job's outputs are written (data: the job).
	TranscodingJobCompleted = "transcoding_job.completed"
	// TranscodingJobFailed: a transcoding job failed (data.failure_reason says why).
	TranscodingJobFailed = "transcoding_job.failed"
	// WebhookEndpointDisabled: the server disabled an endpoint that kept failing.
	WebhookEndpointDisabled = "webhook_endpoint.disabled"
	// SubscriptionCreated: an organization subscribed to a plan, or a plan
	// change created its next subscription (data: the docs/spec.md 2.2 record).
	SubscriptionCreated = "subscription.created"
	// SubscriptionUpdated: a subscription was changed without a change of status
	// (a downgrade or a cancellation scheduled for the period's end).
	SubscriptionUpdated = "subscription.updated"
	// SubscriptionActivated: a subscription became active (trial over, paid, a
	// scheduled downgrade started).
	SubscriptionActivated = "subscription.activated"
	// SubscriptionPastDue: a subscription's invoice is unpaid at its due date.
	SubscriptionPastDue = "subscription.past_due"
	// SubscriptionUnpaid: the grace period of a past_due subscription ran out.
	SubscriptionUnpaid = "subscription.unpaid"
	// SubscriptionCanceled: a pending subscription was canceled before it started.
	SubscriptionCanceled = "subscription.canceled"
	// SubscriptionTerminated: a subscription ended (cancel now, end of a
	// canceled period, replaced by an upgrade or downgrade, unpaid too long).
	SubscriptionTerminated = "subscription.terminated"
	// InvoiceFinalized: an invoice was numbered and became payable (data: the invoice).
	InvoiceFinalized = "invoice.finalized"
	// InvoicePaid: an invoice was paid in full.
	InvoicePaid = "invoice.paid"
	// InvoicePaymentFailed: an invoice was unpaid at its due date, or a charge of
	// it failed (data.error says why).
	InvoicePaymentFailed = "invoice.payment_failed"
	// UsageWarning: an organization's usage of a metric reached 80 % of its
	// plan's hard limit this period (data: organization_id, metric, quantity, hard_limit, percent).
	UsageWarning = "usage.warning"
	// UsageLimitReached: usage reached 100 % of a hard limit: new uploads and
	// playback sessions are refused with PAYMENT_REQUIRED until the period ends.
	UsageLimitReached = "usage.limit_reached"
	// LiveStreamCreated: a live stream was created (data: the stream, never its key).
	LiveStreamCreated = "livestream.created"
	// LiveStreamUpdated: a live stream's settings changed.
	LiveStreamUpdated = "livestream.updated"
	// LiveStreamDeleted: a live stream was deleted; its recordings stay.
	LiveStreamDeleted = "livestream.deleted"
	// LiveStreamConnected: a publisher's key was accepted (data.session_id).
	LiveStreamConnected = "livestream.connected"
	// LiveStreamActive: the first segment of a session is playable (data.video_id).
	LiveStreamActive = "livestream.active"
	// LiveStreamDisconnected: the publisher left; the reconnect window is open
	// (data.reconnect_deadline).
	LiveStreamDisconnected = "livestream.disconnected"
	// LiveStreamIdle: a session ended (data.end_reason).
	LiveStreamIdle = "livestream.idle"
	// LiveStreamDisabled: a live stream was disabled; publishers are refused.
	LiveStreamDisabled = "livestream.disabled"
	// LiveStreamEnabled: a disabled live stream was enabled again.
	LiveStreamEnabled = "livestream.enabled"
	// LiveStreamKeyReset: a live stream's key was replaced; the old key is refused.
	LiveStreamKeyReset = "livestream.key_reset"
	// LiveStreamWarning: a session's stream is unhealthy (data.warning).
	LiveStreamWarning = "livestream.warning"
	// LiveStreamRecordingReady: a session's recording plays as a VOD (data.video_id).
	LiveStreamRecordingReady = "livestream.recording.ready"
	// LiveStreamSimulcastError: a simulcast target failed (data.target_id, data.error).
	LiveStreamSimulcastError = "livestream.simulcast.error"
)

// Type describes one event type of the catalogue.
type Type struct {
	// Name is the event type, e.g. "video.ready"; a name ending in ".*" is a family.
	Name string
	// Description says when the event happens.
	Description string
	// Reserved families are named for later features and not emitted yet.
	Reserved bool
}

// Catalogue lists every event type, in the order the documentation shows them.
var Catalogue = []Type{
	{Name: VideoCreated, Description: "A video record was created."},
	{Name: VideoUploadCompleted, Description: "A video's source file finished uploading; processing follows."},
	{Name: VideoProcessing, Description: "Transcoding of a video started."},
	{Name: VideoReady, Description: "A video is playable: renditions, thumbnails and storyboard are published."},
	{Name: VideoFailed, Description: "A video could not be uploaded, imported or processed; data.failure_reason says why."},
	{Name: VideoDeleted, Description: "A video was deleted."},
	{Name: VideoStaticRenditionReady, Description: "A static rendition (MP4 download) of a video was written and can be downloaded."},
	{Name: VideoStaticRenditionFailed, Description: "A static rendition could not be made; data.failure_reason says why."},
	{Name: CaptionReady, Description: "A caption track was stored and can be served."},
	{Name: CaptionFailed, Description: "An automatic caption generation failed; data.failure_reason says why."},
	{Name: ImportCompleted, Description: "A video pulled from a URL arrived; processing follows."},
	{Name: ImportFailed, Description: "Pulling a video from a URL failed."},
	{Name: WebhookEndpointDisabled, Description: "An endpoint that kept failing was disabled by the server."},
	{Name: TranscodingJobCompleted, Description: "A transcoding job finished: its outputs are written."},
	{Name: TranscodingJobFailed, Description: "A transcoding job failed; data.failure_reason says why."},
	{Name: SubscriptionCreated, Description: "An organization subscribed to a plan (data: the subscription record); sent to every project of the organization."},
	{Name: SubscriptionUpdated, Description: "A downgrade or a cancellation was scheduled for the period's end."},
	{Name: SubscriptionActivated, Description: "A subscription became active."},
	{Name: SubscriptionPastDue, Description: "A subscription's invoice is unpaid at its due date."},
	{Name: SubscriptionUnpaid, Description: "The grace period of a past-due subscription ran out."},
	{Name: SubscriptionCanceled, Description: "A pending subscription was canceled before it started."},
	{Name: SubscriptionTerminated, Description: "A subscription ended."},
	{Name: InvoiceFinalized, Description: "An invoice was numbered and became payable; sent to every project of the organization."},
	{Name: InvoicePaid, Description: "An invoice was paid in full."},
	{Name: InvoicePaymentFailed, Description: "An invoice was unpaid at its due date, or a charge of it failed; data.error says why."},
	{Name: UsageWarning, Description: "Usage of a metric reached 80 % of the plan's hard limit this period."},
	{Name: UsageLimitReached, Description: "Usage of a metric reached the plan's hard limit: new uploads and playback sessions are refused."},
	{Name: LiveStreamCreated, Description: "A live stream was created."},
	{Name: LiveStreamUpdated, Description: "A live stream's settings changed."},
	{Name: LiveStreamDeleted, Description: "A live stream was deleted; its recordings stay."},
	{Name: LiveStreamConnected, Description: "A publisher connected with the stream's key; data.session_id names the session."},
	{Name: LiveStreamActive, Description: "A session's first segment is playable; data.video_id is its video."},
	{Name: LiveStreamDisconnected, Description: "The publisher left; the reconnect window is open until data.reconnect_deadline."},
	{Name: LiveStreamIdle, Description: "A session ended; data.end_reason says why."},
	{Name: LiveStreamDisabled, Description: "A live stream was disabled: publishers are refused and a publishing one is kicked."},
	{Name: LiveStreamEnabled, Description: "A disabled live stream was enabled again."},
	{Name: LiveStreamKeyReset, Description: "A live stream's key was replaced: the old key is refused and its publisher kicked."},
	{Name: LiveStreamWarning, Description: "A session's stream is unhealthy; data.warning says how (keyframe interval, audio-only, video-only, bitrate)."},
	{Name: LiveStreamRecordingReady, Description: "A session's recording plays as a VOD; data.video_id is the video (video.ready follows the ladder)."},
	{Name: LiveStreamSimulcastError, Description: "A simulcast target failed; data.target_id and data.error say which and why."},
	{Name: "livestream.*", Description: "Every live stream event."},
	{Name: "subscription.*", Description: "Every subscription event."},
}

// Known reports whether name is an event type an endpoint can subscribe to: a
// type or family of the catalogue, or a name inside a reserved family
// ("subscription.renewed"). A family that is not reserved lists its members.
func Known(name string) bool {
	for _, t := range Catalogue {
		if t.Name == name {
			return true
		}
		if prefix, ok := strings.CutSuffix(t.Name, "*"); ok && t.Reserved && strings.HasPrefix(name, prefix) && len(name) > len(prefix) {
			return true
		}
	}
	return false
}

// Subscribed reports whether an endpoint subscribed to types (empty: all) gets
// events of type name. A family ("livestream.*", which Known accepts) subscribes
// to every type inside it.
func Subscribed(types []string, name string) bool {
	if len(types) == 0 {
		return true
	}
	for _, t := range types {
		if t == name {
			return true
		}
		if prefix, ok := strings.CutSuffix(t, "*"); ok && strings.HasPrefix(name, prefix) && len(name) > len(prefix) {
			return true
		}
	}
	return false
}
