// Package s3test starts a real S3-compatible server for a test: the Versity S3
// Gateway (versitygw, Apache 2.0, a Go program installed from the module proxy
// by scripts/deps-s3.sh) over a temporary directory, with one bucket. Tests talk
// S3 to it exactly as Vidra talks to AWS S3 or any S3-compatible store.
package s3test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/vidra-dev/vidra/internal/browsertest"
)

// Credentials of the gateway's root user, which the tests and Vidra both use.
const (
	AccessKey = "vidra-test-access"
	SecretKey = "vidra-test-secret-key"
	Region    = "us-east-1"
)

// Server is a running gateway with one bucket.
type Server struct {
	// Endpoint is the gateway's base URL, e.g. http://127.0.0.1:41234.
	Endpoint string
	// Bucket is the bucket the test owns.
	Bucket string
	// Dir is the directory the gateway stores the bucket in.
	Dir string
}

// StorageURL is Vidra's VIDRA_STORAGE_URL for the bucket; the credentials go in
// the environment (Env).
func (s *Server) StorageURL() string {
	return fmt.Sprintf("s3://%s?region=%s&endpoint=%s&use_path_style=true&disable_https=true", s.Bucket, Region, s.Endpoint)
}

// Environ is the AWS credentials as environment entries, for a process of Vidra.
func (s *Server) Environ() []string {
	return []string{"AWS_ACCESS_KEY_ID=" + AccessKey, "AWS_SECRET_ACCESS_KEY=" + SecretKey, "AWS_REGION=" + Region}
}

// Env sets the AWS credentials the SDK reads for the rest of the test.
func (s *Server) Env(t testing.TB) {
	t.Setenv("AWS_ACCESS_KEY_ID", AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", SecretKey)
	t.Setenv("AWS_REGION", Region)
}

// Client is an S3 client for the gateway, to look at what Vidra stored.
func (s *Server) Client() *s3.Client {
	return s3.New(s3.Options{
		Region:       Region,
		BaseEndpoint: aws.String(s.Endpoint),
		UsePathStyle: true,
		Credentials:  credentials.NewStaticCredentialsProvider(AccessKey, SecretKey, ""),
	})
}

// Find locates versitygw: $VIDRA_VERSITYGW, else .tools/bin/versitygw at the
// module root (where scripts/deps-s3.sh installs it), else PATH.
func Find() (string, error) {
	if p := os.Getenv("VIDRA_VERSITYGW"); p != "" {
		return p, nil
	}
	if p := filepath.Join(moduleRoot(), ".tools", "bin", "versitygw"); fileExists(p) {
		return p, nil
	}
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p, nil
	}
	return "", errors.New("versitygw (the S3-compatible test server) is not installed: run make test-deps (scripts/deps-s3.sh)")
}

// Binary is Find for a test: a missing gateway fails the test where the tests'
// dependencies are required (CI, VIDRA_REQUIRE_POSTGRES=1) and skips it elsewhere.
func Binary(t testing.TB) string {
	t.Helper()
	bin, err := Find()
	if err == nil {
		return bin
	}
	if browsertest.Required() {
		t.Fatal("s3test: " + err.Error())
	}
	t.Skip("s3test: " + err.Error())
	return ""
}

// Start runs a gateway for the test, stopped at its end, with an empty bucket.
// Its request log is shown when the test fails.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := Binary(t)
	logPath := filepath.Join(t.TempDir(), "versitygw.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	s, stop, err := Launch(bin, t.TempDir(), logFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stop()
		_ = logFile.Close()
		if t.Failed() { // the gateway's request log, to see what S3 was asked
			if b, err := os.ReadFile(logPath); err == nil {
				t.Logf("versitygw log:\n%s", b)
			}
		}
	})
	return s
}

// Launch runs the gateway bin over dir on a free loopback port, writing its log
// to logw, and creates the bucket; stop kills it.
func Launch(bin, dir string, logw io.Writer) (s *Server, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	cmd := exec.Command(bin, "--access", AccessKey, "--secret", SecretKey, "--region", Region,
		"--port", addr, "posix", dir)
	cmd.Stdout, cmd.Stderr = logw, logw
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("s3test: start %s: %w", bin, err)
	}
	stop = func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	s = &Server{Endpoint: "http://" + addr, Bucket: "vidra-test", Dir: dir}
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, err := http.Get(s.Endpoint)
		if err == nil {
			_ = resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			stop()
			return nil, nil, fmt.Errorf("s3test: versitygw did not answer on %s: %w", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := s.Client().CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(s.Bucket)}); err != nil {
		stop()
		return nil, nil, fmt.Errorf("s3test: create bucket: %w", err)
	}
	return s, stop, nil
}

// moduleRoot is the repository's root: two levels above this file.
func moduleRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
