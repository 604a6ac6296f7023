// Package mail sends Vidra's mail: over SMTP when VIDRA_SMTP_URL is set, otherwise
// to the log, so that the embedded mode works without a mail server.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one plain-text mail to one recipient.
type Message struct {
	To      string
	Subject string
	Text    string
}

// Mailer sends messages.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// New returns an SMTP mailer for smtpURL (smtp://user:pass@host:port, or smtps://
// for implicit TLS), or a log mailer when smtpURL is empty.
func New(smtpURL, from string, log *slog.Logger) (Mailer, error) {
	if smtpURL == "" {
		return &logMailer{log: log}, nil
	}
	u, err := url.Parse(smtpURL)
	if err != nil {
		return nil, fmt.Errorf("VIDRA_SMTP_URL: %w", err)
	}
	opts := []gomail.Option{gomail.WithTimeout(15 * time.Second)}
	if u.Scheme == "smtps" {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if p := u.Port(); p != "" {
		port, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("VIDRA_SMTP_URL: port %q", p)
		}
		opts = append(opts, gomail.WithPort(port))
	}
	if u.User != nil {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	if _, err := gomail.NewClient(u.Hostname(), opts...); err != nil {
		return nil, fmt.Errorf("VIDRA_SMTP_URL: %w", err)
	}
	return &smtpMailer{host: u.Hostname(), opts: opts, from: from, log: log}, nil
}

// smtpMailer delivers through an SMTP server, one connection per message.
type smtpMailer struct {
	host string
	opts []gomail.Option
	from string
	log  *slog.Logger
}

// Send implements Mailer.
func (s *smtpMailer) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("mail from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("mail to: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return err
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("smtp send: %w", err)
	}
	s.log.InfoContext(ctx, "mail sent", "subject", m.Subject)
	return nil
}

// logMailer writes each message to the log (embedded mode without SMTP): the
// operator reads links and codes there. Nothing leaves the machine.
type logMailer struct {
	log *slog.Logger
}

// Send implements Mailer.
func (l *logMailer) Send(ctx context.Context, m Message) error {
	l.log.InfoContext(ctx, "mail (VIDRA_SMTP_URL not set, so written here instead of sent)",
		"to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}
