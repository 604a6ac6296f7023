package webhooks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/ent/webhookendpoint"
	"github.com/vidra-dev/vidra/internal/events"
)

// settle records an attempt in one transaction: its log line, the delivery's new
// state, and the endpoint's failure run, disabling the endpoint when the run has
// lasted longer than the Policy allows.
func (d *Deliverer) settle(ctx context.Context, del *ent.WebhookDelivery, ep *ent.WebhookEndpoint, out outcome, last bool) error {
	// The attempt happened whatever the job's context says now: record it.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	tx, err := d.Client.Tx(ctx)
	if err != nil {
		return err
	}
	disabled, err := d.settleIn(ctx, tx, del, ep, out, last)
	if err != nil {
		return errors.Join(err, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if disabled != nil && d.Notifier != nil {
		d.Notifier.EndpointDisabled(ctx, disabled)
	}
	return nil
}

func (d *Deliverer) settleIn(ctx context.Context, tx *ent.Tx, del *ent.WebhookDelivery, ep *ent.WebhookEndpoint, out outcome, last bool) (*ent.WebhookEndpoint, error) {
	now := time.Now()
	// Take the endpoint's row first, before the delivery's: a transaction that
	// disables the endpoint holds it while it cancels the other deliveries, so a
	// concurrent attempt taking the rows the other way round would deadlock with it
	// (and the deadlock victims' retries collide again, stalling the disabling).
	// On SQLite a writing transaction already excludes the others.
	if out.ok() {
		if err := tx.WebhookEndpoint.Update().
			Where(webhookendpoint.ID(ep.ID), webhookendpoint.FailingSinceNotNil()).
			ClearFailingSince().Exec(ctx); err != nil {
			return nil, err
		}
	} else if d.Dialect == dialect.Postgres {
		if _, err := tx.WebhookEndpoint.Query().Where(webhookendpoint.ID(ep.ID)).ForUpdate().Only(ctx); err != nil {
			return nil, err
		}
	}
	if err := tx.WebhookAttempt.Create().
		SetDeliveryID(del.ID).
		SetStatusCode(out.status).
		SetDurationMs(int(out.duration.Milliseconds())).
		SetResponseBody(out.body).
		SetError(out.err).
		SetSucceeded(out.ok()).
		Exec(ctx); err != nil {
		return nil, err
	}
	upd := tx.WebhookDelivery.UpdateOne(del).AddAttempts(1).SetLastStatusCode(out.status)
	switch {
	case out.ok():
		upd.SetStatus(webhookdelivery.StatusSucceeded).SetCompletedAt(now)
	case !out.retryable || last:
		upd.SetStatus(webhookdelivery.StatusFailed).SetCompletedAt(now)
	}
	if err := upd.Exec(ctx); err != nil {
		return nil, err
	}
	if out.ok() {
		return nil, nil
	}
	// A failure: start the endpoint's failure run, or disable it when the run is too long.
	cur, err := tx.WebhookEndpoint.Get(ctx, ep.ID)
	if err != nil {
		return nil, err
	}
	if cur.FailingSince == nil {
		return nil, tx.WebhookEndpoint.UpdateOne(cur).SetFailingSince(now).Exec(ctx)
	}
	if !cur.Enabled || now.Sub(*cur.FailingSince) < d.Policy.DisableAfter {
		return nil, nil
	}
	reason := fmt.Sprintf("every delivery failed since %s (more than %s)", cur.FailingSince.UTC().Format(time.RFC3339), d.Policy.DisableAfter)
	cur, err = tx.WebhookEndpoint.UpdateOne(cur).SetEnabled(false).SetDisabledReason(reason).Save(ctx)
	if err != nil {
		return nil, err
	}
	// Deliveries still owed to it are cancelled: nobody is listening.
	if err := tx.WebhookDelivery.Update().
		Where(webhookdelivery.EndpointID(cur.ID), webhookdelivery.StatusEQ(webhookdelivery.StatusPending), webhookdelivery.IDNEQ(del.ID)).
		SetStatus(webhookdelivery.StatusCancelled).SetCompletedAt(now).Exec(ctx); err != nil {
		return nil, err
	}
	if _, err := d.Recorder.Record(ctx, tx, events.WebhookEndpointDisabled, cur.ProjectID, map[string]any{
		"endpoint_id": cur.ID, "url": cur.URL, "reason": reason,
	}); err != nil {
		return nil, err
	}
	d.Log.WarnContext(ctx, "webhook endpoint disabled", "endpoint_id", cur.ID, "reason", reason)
	return cur, nil
}
