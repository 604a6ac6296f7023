package webhooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/internal/jobs"
)

// maxBodyExcerpt bounds the response body kept in an attempt's log line.
const maxBodyExcerpt = 2048

// DeliverArgs asks for one delivery to be sent.
type DeliverArgs struct {
	DeliveryID uuid.UUID `json:"delivery_id"`

	maxAttempts int // from the Policy, not part of the job's identity
}

// Kind names the job.
func (DeliverArgs) Kind() string { return "webhook_delivery" }

// InsertOpts make the job unique per delivery while one is live, on the webhooks queue.
func (a DeliverArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       jobs.QueueWebhooks,
		MaxAttempts: max(1, a.maxAttempts),
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: jobs.ActiveStates},
	}
}

// Payload is the JSON body of a delivery.
type Payload struct {
	ID        uuid.UUID      `json:"id"`
	Type      string         `json:"type"`
	CreatedAt time.Time      `json:"created_at"`
	ProjectID uuid.UUID      `json:"project_id"`
	Data      map[string]any `json:"data"`
}

// Deliverer sends deliveries and records their attempts.
type Deliverer struct {
	Client   *ent.Client
	Recorder *Recorder
	Policy   Policy
	Notifier Notifier
	Log      *slog.Logger
	// Dialect is the database's (entgo.io/ent/dialect); on PostgreSQL a failed
	// attempt locks its endpoint's row first (see settleIn).
	Dialect string

	http *http.Client
}

// NewDeliverer builds a Deliverer with its HTTP client.
func NewDeliverer(client *ent.Client, rec *Recorder, p Policy, n Notifier, log *slog.Logger) *Deliverer {
	return &Deliverer{Client: client, Recorder: rec, Policy: p, Notifier: n, Log: log,
		http: newHTTPClient(p.Timeout, p.AllowPrivate)}
}

// deliverWorker runs DeliverArgs jobs.
type deliverWorker struct {
	river.WorkerDefaults[DeliverArgs]
	d *Deliverer
	// notBefore holds, by River job id, the time a receiver's Retry-After asked
	// for, from the failed Work to the NextRetry River calls right after it.
	notBefore sync.Map
}

// NextRetry is the exponential, jittered backoff of the Policy, or the time the
// receiver's Retry-After named when that is later.
func (w *deliverWorker) NextRetry(job *river.Job[DeliverArgs]) time.Time {
	next := time.Now().Add(w.d.Policy.Backoff(max(1, job.Attempt)))
	if v, ok := w.notBefore.LoadAndDelete(job.ID); ok && v.(time.Time).After(next) {
		return v.(time.Time)
	}
	return next
}

// Timeout bounds a job: the request's timeout plus time for the database.
func (w *deliverWorker) Timeout(*river.Job[DeliverArgs]) time.Duration {
	return w.d.Policy.Timeout + 30*time.Second
}

// Work sends the delivery once. A retryable failure returns an error so River
// retries after NextRetry; the last attempt, a final answer or a gone endpoint
// settle the delivery and end the job.
func (w *deliverWorker) Work(ctx context.Context, job *river.Job[DeliverArgs]) error {
	w.notBefore.Delete(job.ID)
	err := w.d.attempt(ctx, job.Args.DeliveryID, job.Attempt >= job.MaxAttempts)
	var later *retryAfterError
	if errors.As(err, &later) {
		w.notBefore.Store(job.ID, time.Now().Add(later.after))
	}
	return err
}

// retryAfterError is a retryable failure whose receiver said, with Retry-After,
// how long to wait before the next attempt.
type retryAfterError struct {
	after time.Duration
	err   error
}

func (e *retryAfterError) Error() string {
	return fmt.Sprintf("%v (retry after %s)", e.err, e.after)
}

func (e *retryAfterError) Unwrap() error { return e.err }

// outcome is what one request gave.
type outcome struct {
	status    int
	duration  time.Duration
	body      string
	err       string
	retryable bool
	// retryAfter is the receiver's Retry-After (429, 503), bounded by the Policy; 0 without one.
	retryAfter time.Duration
}

func (o outcome) ok() bool { return o.err == "" && o.status >= 200 && o.status < 300 }

// attempt sends a pending delivery and records the attempt; last says whether a
// retryable failure ends the delivery.
func (d *Deliverer) attempt(ctx context.Context, id uuid.UUID, last bool) error {
	del, err := d.Client.WebhookDelivery.Query().
		Where(webhookdelivery.ID(id)).
		WithEvent().WithEndpoint().
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil // its endpoint was deleted: nothing owed
	}
	if err != nil {
		return err
	}
	if del.Status != webhookdelivery.StatusPending {
		return nil
	}
	ep := del.Edges.Endpoint
	if !ep.Enabled {
		return d.Client.WebhookDelivery.UpdateOne(del).
			SetStatus(webhookdelivery.StatusCancelled).SetCompletedAt(time.Now()).Exec(ctx)
	}
	out := d.send(ctx, ep, del.Edges.Event)
	if err := d.settle(ctx, del, ep, out, last); err != nil {
		return err
	}
	if out.ok() || !out.retryable || last {
		return nil
	}
	if out.status == 0 {
		return errors.New(out.err)
	}
	err = fmt.Errorf("endpoint answered %d", out.status)
	if out.retryAfter > 0 {
		return &retryAfterError{after: out.retryAfter, err: err}
	}
	return err
}

// send POSTs the signed event to the endpoint.
func (d *Deliverer) send(ctx context.Context, ep *ent.WebhookEndpoint, ev *ent.Event) outcome {
	body, err := json.Marshal(Payload{ID: ev.ID, Type: ev.Type, CreatedAt: ev.CreatedAt.UTC(), ProjectID: ev.ProjectID, Data: ev.Data})
	if err != nil {
		return outcome{err: "encode payload: " + err.Error()}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return outcome{err: "bad endpoint URL: " + err.Error()}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Vidra-Webhooks/1")
	secrets := []string{ep.Secret}
	if ep.PreviousSecret != "" && ep.PreviousSecretExpiresAt != nil && time.Now().Before(*ep.PreviousSecretExpiresAt) {
		secrets = append(secrets, ep.PreviousSecret)
	}
	// The message id is the event's, so a receiver can drop a repeated delivery.
	if err := signHeaders(req.Header, "msg_"+ev.ID.String(), time.Now(), body, secrets...); err != nil {
		return outcome{err: err.Error()}
	}
	start := time.Now()
	res, err := d.http.Do(req)
	out := outcome{duration: time.Since(start)}
	if err != nil {
		out.err, out.retryable = describeSendError(err), !errors.Is(err, errRefusedAddress)
		return out
	}
	defer func() { _ = res.Body.Close() }()
	excerpt, _ := io.ReadAll(io.LimitReader(res.Body, maxBodyExcerpt))
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<20)) // let the connection be reused
	out.status, out.body = res.StatusCode, validUTF8(excerpt)
	out.retryable = res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500
	if res.StatusCode == http.StatusTooManyRequests || res.StatusCode == http.StatusServiceUnavailable {
		out.retryAfter = d.Policy.retryAfter(res.Header.Get("Retry-After"), time.Now())
	}
	return out
}

// describeSendError says why a request got no response, in words for the log.
func describeSendError(err error) string {
	var ne interface{ Timeout() bool }
	switch {
	case errors.Is(err, errRefusedAddress):
		return errRefusedAddress.Error()
	case errors.As(err, &ne) && ne.Timeout():
		return "timed out: " + err.Error()
	default:
		return "connection failed: " + err.Error()
	}
}

// validUTF8 keeps a body excerpt storable as text: invalid bytes become U+FFFD.
func validUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return string(bytes.ToValidUTF8(b, []byte("\uFFFD")))
}
