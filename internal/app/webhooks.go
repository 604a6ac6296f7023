package app

import (
	"log/slog"

	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// newWebhooks builds the event recorder and the delivery worker from the
// configuration; the recorder's queue is set once the queue is open.
func newWebhooks(cfg config.Config, db *database.DB, log *slog.Logger) (*webhooks.Recorder, *webhooks.Deliverer, error) {
	mailer, err := mail.New(cfg.Auth.SMTPURL, cfg.Auth.MailFrom, log)
	if err != nil {
		return nil, nil, err
	}
	policy := webhooks.Policy{
		Timeout:      cfg.Webhooks.Timeout,
		Base:         cfg.Webhooks.RetryBase,
		MaxDelay:     cfg.Webhooks.RetryMaxDelay,
		RetryFor:     cfg.Webhooks.RetryFor,
		DisableAfter: cfg.Webhooks.DisableAfter,
		AllowPrivate: cfg.Webhooks.AllowPrivateNetworks,
	}
	rec := &webhooks.Recorder{Log: log, MaxAttempts: policy.MaxAttempts()}
	notifier := &webhooks.MailNotifier{Client: db.Client, Mailer: mailer, Log: log}
	del := webhooks.NewDeliverer(db.Client, rec, policy, notifier, log)
	del.Dialect = db.Dialect
	return rec, del, nil
}
