// Package changefeed tells the GraphQL subscriptions of every server process
// that a video, a transcoding job, a webhook delivery or a live stream changed,
// and their connections that a credential changed (a session, a membership, an
// API key, or a deleted organization or user: credential.go). An ent hook
// (hook.go) turns each committed change of those entities into a Notice; the
// Bus carries notices to the subscribers of this process and, on PostgreSQL,
// of every process through LISTEN/NOTIFY (postgres.go). A notice names the row,
// never its content: subscribers read the row again with their own principal,
// so a notification can neither leak a row nor outgrow NOTIFY's payload limit.
// The same hook writes the changes of videos, transcoding jobs and webhook
// deliveries to the change log (log.go), numbered in commit order, from which
// a subscription resumed with a cursor is sent what it missed.
package changefeed

import (
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
)

// Kinds of rows a notice can name.
const (
	// KindVideo names a video (status, progress, metadata, deletion).
	KindVideo = "video"
	// KindTranscodingJob names a transcoding job (status, progress).
	KindTranscodingJob = "transcoding_job"
	// KindWebhookDelivery names a webhook delivery (created, attempted, settled).
	KindWebhookDelivery = "webhook_delivery"
	// KindLiveStream names a live stream (status, enabled, key reset, deletion):
	// ingest nodes follow it to kick a publisher whose stream was disabled,
	// re-keyed or deleted.
	KindLiveStream = "live_stream"
	// KindSession names a session whose credential changed (revoked, moved
	// to another organization, deleted); creations and sign-in bookkeeping
	// (last seen, address, user agent) are not announced.
	KindSession = "session"
	// KindMembership names a membership changed (role, grants) or removed.
	KindMembership = "membership"
	// KindAPIKey names an API key changed or deleted (its last-use touch is not
	// announced).
	KindAPIKey = "api_key"
	// KindOrganization names a deleted organization (its memberships and
	// sessions go with it, without notices of their own).
	KindOrganization = "organization"
	// KindUser names a deleted user (its memberships and sessions go with it).
	KindUser = "user"
	// KindResync tells every subscriber that notices may have been lost (the
	// PostgreSQL listener reconnected): each reads its rows again.
	KindResync = "resync"
)

// MaxPayload is the largest NOTIFY payload PostgreSQL accepts (8000 bytes in its
// default build, one byte of which the terminator takes).
const MaxPayload = 7999

// Notice says that a row changed; subscribers read the row again.
type Notice struct {
	// Kind is one of the Kind constants.
	Kind string `json:"k"`
	// ID is the row's id.
	ID uuid.UUID `json:"id"`
	// ProjectID is the row's project when the change carried it; uuid.Nil
	// otherwise (subscribers then read the row to learn it).
	ProjectID uuid.UUID `json:"p,omitzero"`
	// Deleted says the row is gone.
	Deleted bool `json:"d,omitempty"`
}

// encodeBatches packs notices into JSON arrays of at most limit bytes each, so a
// transaction that changed many rows sends a few notifications rather than one
// per row, and none above NOTIFY's limit.
func encodeBatches(notices []Notice, limit int) ([]string, error) {
	var out []string
	batch := []byte{'['}
	for _, n := range notices {
		b, err := json.Marshal(n)
		if err != nil {
			return nil, err
		}
		if len(b)+2 > limit {
			return nil, fmt.Errorf("changefeed: notice of %d bytes exceeds the %d-byte payload limit", len(b), limit)
		}
		if len(batch)+len(b)+1 > limit {
			out = append(out, string(append(batch, ']')))
			batch = []byte{'['}
		}
		if len(batch) > 1 {
			batch = append(batch, ',')
		}
		batch = append(batch, b...)
	}
	if len(batch) > 1 {
		out = append(out, string(append(batch, ']')))
	}
	return out, nil
}

// decodeBatch reads a payload written by encodeBatches.
func decodeBatch(payload string) ([]Notice, error) {
	var ns []Notice
	if err := json.Unmarshal([]byte(payload), &ns); err != nil {
		return nil, fmt.Errorf("changefeed: bad payload: %w", err)
	}
	return ns, nil
}
