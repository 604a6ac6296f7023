package mail

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/mailtest"
)

// TestSMTPSend sends through a real SMTP server on loopback and reads the
// message as it arrived: sender, recipient, subject (non-ASCII included) and
// text.
func TestSMTPSend(t *testing.T) {
	srv := mailtest.Start(t)
	var logs bytes.Buffer
	m, err := New(srv.URL, "Vidra <noreply@vidra.test>", slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	msg := Message{
		To:      "alice@example.com",
		Subject: "Vérifiez votre adresse",
		Text:    "Bonjour Alice,\n\nvotre code : 123456\nhttps://vidra.test/verify?token=a=b&c\n",
	}
	if err := m.Send(context.Background(), msg); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := srv.Wait(t, "alice@example.com")
	if got.From != "noreply@vidra.test" {
		t.Errorf("envelope sender %q, want noreply@vidra.test", got.From)
	}
	if len(got.To) != 1 || got.To[0] != "alice@example.com" {
		t.Errorf("recipients %q, want [alice@example.com]", got.To)
	}
	if got.Subject != msg.Subject {
		t.Errorf("subject %q, want %q", got.Subject, msg.Subject)
	}
	if text := strings.ReplaceAll(got.Text, "\r\n", "\n"); strings.TrimRight(text, "\n") != strings.TrimRight(msg.Text, "\n") {
		t.Errorf("text %q, want %q", text, msg.Text)
	}
	if !strings.Contains(logs.String(), "mail sent") || strings.Contains(logs.String(), "123456") {
		t.Errorf("log %q: want \"mail sent\" and not the text", logs.String())
	}
	if n := srv.Count(); n != 0 {
		t.Errorf("%d more messages received, want 1 in all", n)
	}
}

// TestSMTPSendRefused checks that a bad address or an unreachable server is
// an error naming the step, and nothing is delivered.
func TestSMTPSendRefused(t *testing.T) {
	srv := mailtest.Start(t)
	quiet := slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))
	// A port nothing listens on: a listener's, closed.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "smtp://" + ln.Addr().String()
	_ = ln.Close()
	cases := []struct {
		name, url, from, to, prefix string
	}{
		{"bad recipient", srv.URL, "noreply@vidra.test", "not an address", "mail to: "},
		{"empty recipient", srv.URL, "noreply@vidra.test", "", "mail to: "},
		{"bad sender", srv.URL, "noreply", "bob@example.com", "mail from: "},
		{"server down", closed, "noreply@vidra.test", "bob@example.com", "smtp send: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := New(c.url, c.from, quiet)
			if err != nil {
				t.Fatal(err)
			}
			err = m.Send(context.Background(), Message{To: c.to, Subject: "s", Text: "t"})
			if err == nil || !strings.HasPrefix(err.Error(), c.prefix) {
				t.Fatalf("Send: %v, want an error starting %q", err, c.prefix)
			}
			if n := srv.Count(); n != 0 {
				t.Errorf("%d messages delivered", n)
			}
		})
	}
}

// TestNewRefusesBadURL checks that a malformed VIDRA_SMTP_URL stops New with
// an error that names the variable.
func TestNewRefusesBadURL(t *testing.T) {
	cases := []struct{ url, want string }{
		{"smtp://mail.test:abc", `VIDRA_SMTP_URL: parse "smtp://mail.test:abc": invalid port ":abc" after host`},
		{"smtp://mail.test:99999999999999999999", `VIDRA_SMTP_URL: port "99999999999999999999"`},
		{"smtp://%zz", `VIDRA_SMTP_URL: parse "smtp://%zz": invalid URL escape "%zz"`},
		{"smtp://mail.test:70000", "VIDRA_SMTP_URL: "},
		{"smtp://", "VIDRA_SMTP_URL: "},
	}
	for _, c := range cases {
		m, err := New(c.url, "noreply@vidra.test", slog.Default())
		if err == nil {
			t.Errorf("New(%q) = %T, want an error", c.url, m)
			continue
		}
		if strings.HasSuffix(c.want, ": ") {
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("New(%q): %v, want an error starting %q", c.url, err, c.want)
			}
		} else if err.Error() != c.want {
			t.Errorf("New(%q): %q, want %q", c.url, err, c.want)
		}
	}
}

// TestSMTPURLForms checks what the URL's scheme and credentials change, against
// the loopback server, which speaks plain SMTP without AUTH: smtps:// insists on
// implicit TLS and credentials insist on authenticating, so both fail there
// rather than send in the clear or unauthenticated; smtp:// without them sends.
func TestSMTPURLForms(t *testing.T) {
	srv := mailtest.Start(t)
	addr := strings.TrimPrefix(srv.URL, "smtp://")
	quiet := slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))
	cases := []struct {
		url  string
		sent bool
	}{
		{"smtp://" + addr, true},
		{"SMTP://" + addr, true},
		{"smtps://" + addr, false},
		{"smtp://user:p%40ss@" + addr, false},
	}
	for _, c := range cases {
		t.Run(c.url, func(t *testing.T) {
			m, err := New(c.url, "noreply@vidra.test", quiet)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if _, ok := m.(*smtpMailer); !ok {
				t.Fatalf("New = %T, want an SMTP mailer", m)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			err = m.Send(ctx, Message{To: "dan@example.com", Subject: "s", Text: "t"})
			if c.sent {
				if err != nil {
					t.Fatalf("Send: %v", err)
				}
				srv.Wait(t, "dan@example.com")
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), "smtp send: ") {
				t.Errorf("Send: %v, want an \"smtp send: \" error", err)
			}
			if n := srv.Count(); n != 0 {
				t.Errorf("%d messages delivered", n)
			}
		})
	}
}

// TestLogMailer checks the embedded mode: without VIDRA_SMTP_URL the message
// is written to the log, whole, and Send succeeds.
func TestLogMailer(t *testing.T) {
	var logs bytes.Buffer
	m, err := New("", "noreply@vidra.test", slog.New(slog.NewJSONHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.(*logMailer); !ok {
		t.Fatalf("New(\"\") = %T, want the log mailer", m)
	}
	err = m.Send(context.Background(), Message{To: "carol@example.com", Subject: "Your code", Text: "code: 654321\nbye"})
	if err != nil {
		t.Fatalf("Send: %v", err)
	}
	for _, want := range []string{`"to":"carol@example.com"`, `"subject":"Your code"`, `"text":"code: 654321\nbye"`, `"level":"INFO"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log %s lacks %s", logs.String(), want)
		}
	}
}
