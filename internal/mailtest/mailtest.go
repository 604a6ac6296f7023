// Package mailtest runs a real SMTP server on loopback for tests and hands over
// the mail it receives, so tests read verification links and codes as users do.
package mailtest

import (
	"bytes"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Mail is one received message.
type Mail struct {
	From    string
	To      []string
	Subject string
	Text    string
}

// Server is a loopback SMTP server.
type Server struct {
	// URL is the server's address as VIDRA_SMTP_URL (smtp://127.0.0.1:port).
	URL string

	mu    sync.Mutex
	mails []Mail
	ch    chan struct{}
}

// Start runs a server until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{URL: "smtp://" + ln.Addr().String(), ch: make(chan struct{}, 100)}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// Wait returns the next message sent to to, waiting up to 10 seconds for it.
func (s *Server) Wait(t testing.TB, to string) Mail {
	t.Helper()
	m, ok := s.Next(to, 10*time.Second)
	if !ok {
		t.Fatalf("no mail to %s within 10s", to)
	}
	return m
}

// Next returns the next message sent to to, waiting up to timeout for it;
// false when none came. Unlike Wait it may be called from any goroutine (an
// HTTP handler a browser scenario reads its mail from).
func (s *Server) Next(to string, timeout time.Duration) (Mail, bool) {
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		for i, m := range s.mails {
			for _, rcpt := range m.To {
				if strings.EqualFold(rcpt, to) {
					s.mails = append(s.mails[:i], s.mails[i+1:]...)
					s.mu.Unlock()
					return m, true
				}
			}
		}
		s.mu.Unlock()
		select {
		case <-s.ch:
		case <-deadline:
			return Mail{}, false
		}
	}
}

// Count is how many received messages have not been taken by Wait.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.mails)
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []string
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error { x.from = from; return nil }

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	msg, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(msg.Body)
	if err != nil {
		return err
	}
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		if body, err = io.ReadAll(quotedprintable.NewReader(bytes.NewReader(body))); err != nil {
			return err
		}
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		subject = msg.Header.Get("Subject")
	}
	x.s.mu.Lock()
	x.s.mails = append(x.s.mails, Mail{From: x.from, To: x.to, Subject: subject, Text: string(body)})
	x.s.mu.Unlock()
	x.s.ch <- struct{}{}
	return nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }
