//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
)

// readmeBase is the server address the README's commands use; the walker
// replaces it with the address of the server under test.
const readmeBase = "http://localhost:8080"

// walker runs the steps against one server, carrying the values they return.
type walker struct {
	base         string // e.g. http://127.0.0.1:43121
	dir          string // where shell steps run (clip.mp4 is made there)
	stepTimeout  time.Duration
	readyTimeout time.Duration
	client       *http.Client
	out          io.Writer
	values       map[string]string // placeholder name -> value
}

// run runs every step in order and stops at the first that fails.
func (w *walker) run(ctx context.Context, steps []step) error {
	for _, s := range steps {
		fmt.Fprintf(w.out, "\n--- README line %d (%s)\n%s\n", s.line, s.kind, s.text)
		text := w.fill(s.text)
		var err error
		if s.kind == "graphql" {
			err = w.graphql(ctx, s, text)
		} else {
			err = w.shell(ctx, text)
		}
		if err != nil {
			return fmt.Errorf("README line %d: %w", s.line, err)
		}
	}
	return nil
}

// fill replaces the placeholders with their values and the README's server
// address with the one under test.
func (w *walker) fill(text string) string {
	text = placeholder.ReplaceAllStringFunc(text, func(m string) string {
		if v, ok := w.values[m[1:len(m)-1]]; ok {
			return v
		}
		return m // plan has made sure this does not happen
	})
	return strings.ReplaceAll(text, readmeBase, w.base)
}

// graphql runs one operation and keeps what its answer gives to later steps.
// The video query is repeated until the video is ready (or failed, or the wait
// is over), as the README asks its reader to.
func (w *walker) graphql(ctx context.Context, s step, text string) error {
	deadline := time.Now().Add(w.readyTimeout)
	for {
		data, err := w.post(ctx, text)
		if err != nil {
			return err
		}
		status, polled, err := videoStatus(s.op, data)
		if err != nil {
			return err
		}
		if !polled || status == "ready" {
			fmt.Fprintf(w.out, "=> %s\n", data)
			return w.keep(s.op, data)
		}
		if status == "failed" {
			return fmt.Errorf("the video failed: %s", data)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the video is still %s after %s: %s", status, w.readyTimeout, data)
		}
		fmt.Fprintf(w.out, "   status %s, asking again\n", status)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// post sends an operation to /graphql and returns its data, or its errors.
func (w *walker) post(ctx context.Context, query string) (json.RawMessage, error) {
	body, _ := json.Marshal(map[string]string{"query": query})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.base+"/graphql", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if t := w.values["accessToken"]; t != "" {
		req.Header.Set("Authorization", "Bearer "+t)
	}
	resp, err := w.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var answer struct {
		Data   json.RawMessage `json:"data"`
		Errors json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil || resp.StatusCode != http.StatusOK || len(answer.Errors) > 0 {
		return nil, fmt.Errorf("POST /graphql answered %s: %s", resp.Status, raw)
	}
	return answer.Data, nil
}

// videoStatus reads the status of the video query's answer; polled is false
// for any other operation.
func videoStatus(op *ast.OperationDefinition, data json.RawMessage) (status string, polled bool, err error) {
	if op.Operation != ast.Query {
		return "", false, nil
	}
	for _, f := range topFields(op) {
		if f.Name != pollField {
			continue
		}
		v, err := lookup(data, responseKey(f)+".status")
		return v, true, err
	}
	return "", false, nil
}

// keep records the values an operation's answer gives to later steps.
func (w *walker) keep(op *ast.OperationDefinition, data json.RawMessage) error {
	for _, f := range topFields(op) {
		for _, c := range captures {
			if c.operation != op.Operation || c.field != f.Name {
				continue
			}
			v, err := lookup(data, responseKey(f)+"."+c.path)
			if err != nil {
				return err
			}
			if v == "" {
				return fmt.Errorf("%s.%s is empty, and later steps need it as <%s>", f.Name, c.path, c.placeholder)
			}
			w.values[c.placeholder] = v
		}
	}
	return nil
}

// lookup returns the string at a dot-separated path of a JSON object.
func lookup(data json.RawMessage, path string) (string, error) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return "", err
	}
	for _, key := range strings.Split(path, ".") {
		obj, ok := v.(map[string]any)
		if !ok {
			return "", fmt.Errorf("the answer has no %s: %s", path, data)
		}
		v = obj[key]
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("the answer's %s is %v, not a string: %s", path, v, data)
	}
	return s, nil
}

// shell runs a sh block with bash (errors and unset variables stop it, as
// does a failed command of a pipe) in the walker's directory, within the step
// timeout; on timeout the block and everything it started are killed.
func (w *walker) shell(ctx context.Context, text string) error {
	ctx, cancel := context.WithTimeout(ctx, w.stepTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-euo", "pipefail", "-c", text)
	cmd.Dir = w.dir
	cmd.Stdout, cmd.Stderr = w.out, w.out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("the shell block did not finish within %s", w.stepTimeout)
		}
		return fmt.Errorf("the shell block failed: %w", err)
	}
	return nil
}

// mkdirWork makes the shell steps' directory when none was given.
func mkdirWork(dir string) (string, error) {
	if dir != "" {
		return dir, os.MkdirAll(dir, 0o750)
	}
	return os.MkdirTemp("", "vidra-smoke-work-")
}
