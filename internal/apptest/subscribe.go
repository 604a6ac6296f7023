package apptest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// WSMessage is a graphql-transport-ws message.
type WSMessage struct {
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// WSConn is a graphql-transport-ws connection to a test server's /graphql.
type WSConn struct {
	conn *websocket.Conn
	s    *Server
	// in receives the messages read, and readErr the error that ended reading
	// (a read with a deadline would close the connection when it passed).
	in      chan WSMessage
	readErr chan error
}

// WSOptions tune DialWS.
type WSOptions struct {
	// Origin is sent as the upgrade's Origin header when set.
	Origin string
	// Header is sent with the upgrade request.
	Header http.Header
}

// DialWS opens a graphql-transport-ws connection and sends connection_init with
// payload (nil: none). It returns the connection once the server acknowledged,
// or the close status with which the server refused it (0 when it did not close).
func (s *Server) DialWS(payload map[string]any, opts ...WSOptions) (*WSConn, websocket.StatusCode, error) {
	s.t.Helper()
	var o WSOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	h := http.Header{}
	for k, v := range o.Header {
		h[k] = v
	}
	if o.Origin != "" {
		h.Set("Origin", o.Origin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// coder/websocket's Dial: "You never need to close resp.Body yourself."
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http")+"/graphql", //nolint:bodyclose // Dial closes it
		&websocket.DialOptions{Subprotocols: []string{"graphql-transport-ws"}, HTTPHeader: h})
	if err != nil {
		return nil, 0, err
	}
	c := &WSConn{conn: conn, s: s, in: make(chan WSMessage, 1024), readErr: make(chan error, 1)}
	s.t.Cleanup(func() { _ = conn.CloseNow() })
	go c.readLoop()
	init := WSMessage{Type: "connection_init"}
	if payload != nil {
		init.Payload, _ = json.Marshal(payload)
	}
	if err := c.Send(init); err != nil {
		return nil, 0, err
	}
	for {
		m, err := c.Read(10 * time.Second)
		if err != nil {
			return nil, websocket.CloseStatus(err), err
		}
		switch m.Type {
		case "connection_ack":
			return c, 0, nil
		case "ping", "pong", "ka":
			continue
		}
	}
}

// Send writes a message.
func (c *WSConn) Send(m WSMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return c.conn.Write(ctx, websocket.MessageText, b)
}

// readLoop reads messages until the connection ends, answering the server's
// pings on the way.
func (c *WSConn) readLoop() {
	for {
		_, b, err := c.conn.Read(context.Background())
		if err != nil {
			c.readErr <- err
			return
		}
		var m WSMessage
		if err := json.Unmarshal(b, &m); err != nil {
			c.readErr <- fmt.Errorf("bad message %q: %w", b, err)
			return
		}
		if m.Type == "ping" {
			_ = c.Send(WSMessage{Type: "pong"})
			continue
		}
		c.in <- m
	}
}

// errTimeout is Read's error when no message came in time.
var errTimeout = errors.New("no message in time")

// Read returns the next message, or the error that ended the connection (its
// close status: websocket.CloseStatus), or errTimeout.
func (c *WSConn) Read(timeout time.Duration) (WSMessage, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case m := <-c.in:
		return m, nil
	case err := <-c.readErr:
		c.readErr <- err
		return WSMessage{}, err
	case <-t.C:
		return WSMessage{}, errTimeout
	}
}

// Subscribe starts a subscription with id.
func (c *WSConn) Subscribe(id, query string, vars map[string]any) {
	c.s.t.Helper()
	payload, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err := c.Send(WSMessage{ID: id, Type: "subscribe", Payload: payload}); err != nil {
		c.s.t.Fatal(err)
	}
}

// Next reads the next message of subscription id ("next", "error" or
// "complete"), failing the test after timeout.
func (c *WSConn) Next(id string, timeout time.Duration) WSMessage {
	c.s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		m, err := c.Read(time.Until(deadline))
		if err != nil {
			c.s.t.Fatalf("subscription %s: no message within %s: %v", id, timeout, err)
		}
		if m.ID == id {
			return m
		}
	}
}

// Data decodes a "next" message's data into out, failing on errors.
func (m WSMessage) Data(out any) error {
	if m.Type != "next" {
		return fmt.Errorf("message %s, want next: %s", m.Type, m.Payload)
	}
	var res struct {
		Data   json.RawMessage
		Errors []GraphQLError
	}
	if err := json.Unmarshal(m.Payload, &res); err != nil {
		return err
	}
	if len(res.Errors) > 0 {
		return fmt.Errorf("errors: %+v", res.Errors)
	}
	return json.Unmarshal(res.Data, out)
}

// Errors returns the GraphQL errors an "error" or "next" message carries.
func (m WSMessage) Errors() []GraphQLError {
	var errs []GraphQLError
	if m.Type == "error" {
		_ = json.Unmarshal(m.Payload, &errs)
		return errs
	}
	var res struct{ Errors []GraphQLError }
	_ = json.Unmarshal(m.Payload, &res)
	return res.Errors
}

// Close ends the connection normally.
func (c *WSConn) Close() { _ = c.conn.Close(websocket.StatusNormalClosure, "") }

// Quiet fails when a message of subscription id arrives within d.
func (c *WSConn) Quiet(id string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		m, err := c.Read(time.Until(deadline))
		if errors.Is(err, errTimeout) {
			return nil
		}
		if err != nil {
			return err
		}
		if m.ID == id {
			return fmt.Errorf("unexpected message: %s %s", m.Type, m.Payload)
		}
	}
}

// Drain reads and drops the messages of subscription id that arrive within d.
func (c *WSConn) Drain(id string, d time.Duration) {
	deadline := time.Now().Add(d)
	for {
		m, err := c.Read(time.Until(deadline))
		if err != nil {
			return
		}
		if m.ID != id {
			c.s.t.Logf("dropped message %s of %s while draining %s", m.Type, m.ID, id)
		}
	}
}

// Cursor is the resume point a "next" message carries in its extensions
// ({"cursor": "..."}); empty when it has none.
func (m WSMessage) Cursor() string {
	var res struct {
		Extensions struct {
			Cursor string `json:"cursor"`
		} `json:"extensions"`
	}
	_ = json.Unmarshal(m.Payload, &res)
	return res.Extensions.Cursor
}
