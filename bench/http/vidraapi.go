package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// vidraClient speaks GraphQL to the running Vidra over HTTP, as any client does.
type vidraClient struct {
	base    string // http://127.0.0.1:port
	access  string
	refresh string
	http    *http.Client
}

func newVidraClient(base string) *vidraClient {
	return &vidraClient{base: base, http: &http.Client{Timeout: 60 * time.Second}}
}

// do posts one GraphQL operation and decodes its data into out; any error in the
// answer fails the call.
func (c *vidraClient) do(ctx context.Context, query string, vars map[string]any, out any) error {
	raw, err := c.post(ctx, query, vars)
	if err != nil {
		return err
	}
	var resp struct {
		Data   json.RawMessage `json:"data"`
		Errors []any           `json:"errors"`
	}
	if err := json.Unmarshal(raw, &resp); err != nil {
		return fmt.Errorf("answer is not JSON: %w: %.300s", err, raw)
	}
	if len(resp.Errors) > 0 {
		return fmt.Errorf("GraphQL errors: %.600s", raw)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(resp.Data, out)
}

// post sends the operation and returns the raw answer of a 200.
func (c *vidraClient) post(ctx context.Context, query string, vars map[string]any) ([]byte, error) {
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", c.base+"/graphql", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if c.access != "" {
		req.Header.Set("Authorization", "Bearer "+c.access)
	}
	return c.send(req)
}

// get fetches a path with the bearer token and returns the raw answer of a 200.
func (c *vidraClient) get(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.access)
	return c.send(req)
}

func (c *vidraClient) send(req *http.Request) ([]byte, error) {
	return sendOK(c.http, req)
}

// sendOK sends req with client and returns the body, or an error naming the
// request unless the answer is 200.
func sendOK(client *http.Client, req *http.Request) ([]byte, error) {
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s %s: HTTP %d: %.600s", req.Method, req.URL.Path, resp.StatusCode, raw)
	}
	return raw, nil
}

// The benchmark's account. The password only guards a throw-away database on
// loopback; it is long enough for Vidra's strength check.
const (
	benchEmail    = "bench@example.com"
	benchPassword = "wrk drives four honest requests at Vidra"
)

const tokensFields = `{ accessToken refreshToken }`

type tokens struct {
	AccessToken  string `json:"accessToken"`
	RefreshToken string `json:"refreshToken"`
}

func (c *vidraClient) keep(t tokens) {
	c.access, c.refresh = t.AccessToken, t.RefreshToken
}

// register makes the benchmark's account (and with it its organization).
func (c *vidraClient) register(ctx context.Context) error {
	var out struct{ Register tokens }
	err := c.do(ctx, `mutation($input: RegisterInput!) { register(input: $input) `+tokensFields+` }`,
		map[string]any{"input": map[string]any{"email": benchEmail, "password": benchPassword, "name": "Bench"}}, &out)
	if err == nil {
		c.keep(out.Register)
	}
	return err
}

// login signs in to the account of an earlier seed.
func (c *vidraClient) login(ctx context.Context) error {
	var out struct{ Login tokens }
	err := c.do(ctx, `mutation($email: String!, $password: String!) { login(email: $email, password: $password) `+tokensFields+` }`,
		map[string]any{"email": benchEmail, "password": benchPassword}, &out)
	if err == nil {
		c.keep(out.Login)
	}
	return err
}

// renew exchanges the refresh token for a fresh access token (15 minutes), so a
// long run never measures expired-token answers.
func (c *vidraClient) renew(ctx context.Context) error {
	var out struct{ RefreshToken tokens }
	err := c.do(ctx, `mutation($t: String!) { refreshToken(refreshToken: $t) `+tokensFields+` }`,
		map[string]any{"t": c.refresh}, &out)
	if err == nil {
		c.keep(out.RefreshToken)
	}
	return err
}
