package apptest

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// UploadToken creates an upload token (through GraphQL) and returns it with its video id.
func (s *Server) UploadToken(projectID string, maxSize int64) (token, videoID string) {
	s.t.Helper()
	var out struct {
		CreateUploadToken struct {
			Token     string
			UploadURL string
			Video     struct{ ID string }
		}
	}
	input := map[string]any{"title": "clip"}
	if maxSize > 0 {
		input["maxSize"] = maxSize
	}
	s.MustGraphQL(`mutation($p: ID!, $in: CreateUploadTokenInput!) {
		createUploadToken(projectID: $p, input: $in) { token uploadURL video { id } } }`,
		map[string]any{"p": projectID, "in": input}, &out)
	return out.CreateUploadToken.Token, out.CreateUploadToken.Video.ID
}

// TusCreate starts a tus upload of size bytes and returns the status and upload URL.
func (s *Server) TusCreate(token string, size int64) (int, string, string) {
	s.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/uploads/", nil)
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Length", strconv.FormatInt(size, 10))
	req.Header.Set("Upload-Metadata", "token "+base64.StdEncoding.EncodeToString([]byte(token))+
		",filename "+base64.StdEncoding.EncodeToString([]byte("clip.mp4")))
	res, err := s.Client.Do(req)
	if err != nil {
		s.t.Fatalf("tus POST: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	loc := res.Header.Get("Location")
	if loc != "" && strings.HasPrefix(loc, "/") {
		loc = s.URL + loc
	}
	return res.StatusCode, loc, string(body)
}

// TusOffset asks a tus upload how many bytes the server has.
func (s *Server) TusOffset(loc string) int64 {
	s.t.Helper()
	req, _ := http.NewRequest(http.MethodHead, loc, nil)
	req.Header.Set("Tus-Resumable", "1.0.0")
	res, err := s.Client.Do(req)
	if err != nil {
		s.t.Fatalf("tus HEAD: %v", err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		s.t.Fatalf("tus HEAD: status %d", res.StatusCode)
	}
	n, _ := strconv.ParseInt(res.Header.Get("Upload-Offset"), 10, 64)
	return n
}

// TusPatch sends data at offset; it returns the response status and the new offset.
func (s *Server) TusPatch(loc string, offset int64, data io.Reader) (int, int64, error) {
	req, _ := http.NewRequest(http.MethodPatch, loc, data)
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Offset", strconv.FormatInt(offset, 10))
	req.Header.Set("Content-Type", "application/offset+octet-stream")
	res, err := s.Client.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	n, _ := strconv.ParseInt(res.Header.Get("Upload-Offset"), 10, 64)
	if res.StatusCode != http.StatusNoContent {
		return res.StatusCode, n, errors.New(string(body))
	}
	return res.StatusCode, n, nil
}

// TusUpload uploads data in one PATCH after creating the upload; it fails the test on error.
func (s *Server) TusUpload(token string, data []byte) {
	s.t.Helper()
	status, loc, body := s.TusCreate(token, int64(len(data)))
	if status != http.StatusCreated {
		s.t.Fatalf("tus POST: status %d: %s", status, body)
	}
	if _, _, err := s.TusPatch(loc, 0, bytes.NewReader(data)); err != nil {
		s.t.Fatalf("tus PATCH: %v", err)
	}
}

// Video is the state of a video as GraphQL shows it.
type Video struct {
	ID            string
	Status        string
	FailureReason string
	Progress      float64
	Duration      float64
	Size          int64
	Width, Height int
	PlaybackURL   *string
	DashURL       *string
	Packaging     string
	Encrypted     bool
	Renditions    []struct{ Name, Status string }
	Thumbnails    []struct {
		ID        string
		URL       string
		IsDefault bool
		Kind      string
	}
	Timeline *struct{ SpriteURL, VttURL string }
}

// GetVideo reads a video's processing state.
func (s *Server) GetVideo(id string) Video {
	s.t.Helper()
	var out struct{ Video Video }
	s.MustGraphQL(`query($id: ID!) { video(id: $id) { id status failureReason progress duration size width height
		playbackURL dashURL packaging encrypted renditions { name status } thumbnails { id url isDefault kind }
		timeline { spriteURL vttURL } } }`, map[string]any{"id": id}, &out)
	return out.Video
}

// WaitVideo polls a video until it is ready or failed, failing the test after the timeout.
func (s *Server) WaitVideo(id string, timeout time.Duration) Video {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		v := s.GetVideo(id)
		if v.Status == "ready" || v.Status == "failed" {
			return v
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("video %s still %s (progress %.2f) after %s", id, v.Status, v.Progress, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
