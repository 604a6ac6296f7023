package account

import (
	"context"
	"net/mail"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/internal/fault"
	vmail "github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/txn"
)

// NormalizeEmail trims and lower-cases an address and checks its form.
func NormalizeEmail(field, email string) (string, error) {
	e := strings.ToLower(strings.TrimSpace(email))
	if e == "" {
		return "", fault.FieldError(field, "email is required")
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e || len(e) > 320 || !strings.Contains(e[strings.LastIndex(e, "@")+1:], ".") {
		return "", fault.FieldError(field, "%q is not an email address", email)
	}
	return e, nil
}

// afterCommit runs fn once the request's transaction commits (at once when there
// is none): mail must not leave before the change it announces is durable.
func afterCommit(ctx context.Context, fn func()) {
	txn.AfterCommit(ctx, func(context.Context) { fn() })
}

// SendMail sends a message in the background after commit, so that the
// response (and its timing) does not depend on the mail server.
func (svc *Service) SendMail(ctx context.Context, m vmail.Message) {
	afterCommit(ctx, func() {
		go func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
			defer cancel()
			if err := svc.mailer.Send(ctx, m); err != nil {
				svc.log.ErrorContext(ctx, "sending mail failed", "subject", m.Subject, "err", err)
			}
		}()
	})
}
