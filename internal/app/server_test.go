package app_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/app"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// slowClientServer serves an app through app.NewServer, as the vidra command
// does, with short read timeouts.
func slowClientServer(t *testing.T) (*apptest.Server, string) {
	s := apptest.New(t, testdb.Dialects(t)[0], apptest.Options{Env: map[string]string{
		"VIDRA_READ_HEADER_TIMEOUT": "300ms", "VIDRA_READ_TIMEOUT": "500ms",
	}})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := app.NewServer(ln.Addr().String(), s.App.Handler, s.App.Config.HTTP)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s, ln.Addr().String()
}

// slowSend writes head to a new connection to addr, then up to n bytes of
// body one every 20 ms, and returns what the server answered once it closed the
// connection (closed false when it had not by the end of the body).
func slowSend(t *testing.T, addr, head string, n int) (answer string, closed bool) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	type result struct {
		answer string
		err    error
	}
	read := make(chan result, 1)
	go func() {
		// Far past the server's timeouts: a read ending here is not a close.
		_ = conn.SetReadDeadline(time.Now().Add(time.Minute))
		b, err := io.ReadAll(conn)
		read <- result{string(b), err}
	}()
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	for range n {
		select {
		case r := <-read:
			return r.answer, r.err == nil || !errors.Is(r.err, os.ErrDeadlineExceeded)
		default:
		}
		if _, err := conn.Write([]byte("a")); err != nil {
			r := <-read
			return r.answer, true
		}
		// The pace is what is under test: a slow client sends a byte every 20 ms.
		time.Sleep(20 * time.Millisecond)
	}
	return "", false
}

func TestSlowClientsAreCutOff(t *testing.T) {
	s, addr := slowClientServer(t)
	// Headers a byte at a time: closed after VIDRA_READ_HEADER_TIMEOUT.
	if _, closed := slowSend(t, addr, "POST /graphql HTTP/1.1\r\nHost: vidra\r\nX-Slow: ", 1_000); !closed {
		t.Error("a client sending its headers a byte at a time kept its connection")
	}
	// A GraphQL body a byte at a time: closed after VIDRA_READ_TIMEOUT, 408.
	head := "POST /graphql HTTP/1.1\r\nHost: vidra\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
	if answer, closed := slowSend(t, addr, head, 1_000); !closed || !strings.HasPrefix(answer, "HTTP/1.1 408") {
		t.Errorf("a GraphQL body sent a byte at a time: closed %v, answer %.200q", closed, answer)
	}
	// An upload a byte at a time: paced, so closed after one window.
	token, _ := s.UploadToken(s.CreateProject(s.CreateOrganization("slow"), "slow"), 1<<20)
	head = "PUT /v1/uploads/direct?token=" + token + " HTTP/1.1\r\nHost: vidra\r\nContent-Length: 100000\r\n\r\n"
	if answer, closed := slowSend(t, addr, head, 1_000); !closed || !strings.HasPrefix(answer, "HTTP/1.1 400") {
		t.Errorf("an upload sent a byte at a time: closed %v, answer %.200q", closed, answer)
	}
}

func TestUploadsOutlastTheReadTimeoutWhileTheyProgress(t *testing.T) {
	s, addr := slowClientServer(t)
	token, _ := s.UploadToken(s.CreateProject(s.CreateOrganization("paced"), "paced"), 1<<20)
	// 12 chunks of 64 KiB, one every 100 ms: more than the 500 ms read
	// timeout in all, 64 KiB in each window.
	const chunks, chunk = 12, 64 << 10
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	fmt.Fprintf(conn, "PUT /v1/uploads/direct?token=%s HTTP/1.1\r\nHost: vidra\r\nContent-Length: %d\r\nConnection: close\r\n\r\n", token, chunks*chunk)
	for range chunks {
		if _, err := conn.Write(bytes.Repeat([]byte{0x42}, chunk)); err != nil {
			t.Fatalf("the server stopped reading a progressing upload: %v", err)
		}
		// The pace is what is under test: a chunk every 100 ms.
		time.Sleep(100 * time.Millisecond)
	}
	answer, _ := io.ReadAll(conn)
	if !strings.HasPrefix(string(answer), "HTTP/1.1 201") {
		t.Fatalf("paced upload: %.300q", answer)
	}
}
