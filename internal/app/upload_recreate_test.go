package app_test

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestTusCreateWithTokenInUse: a new tus upload with a token whose upload is in
// progress gets that upload back (201, its Location) when the length is the
// same, leaving the token bound to it; with another length 409 with its
// Location; after the upload finished, 201 with the finished upload's
// Location (whose HEAD answers the final offset) for the same length, 409 with
// it for another. On main's code each of these is 409 without a Location.
func TestTusCreateWithTokenInUse(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		data := bytes.Repeat([]byte("vidra"), 2000)
		proj := s.CreateProject(s.CreateOrganization("Tus"), "Again")
		token, videoID := s.UploadToken(proj, int64(len(data)))
		status, loc, body := s.TusCreate(token, int64(len(data)))
		if status != http.StatusCreated {
			t.Fatalf("first POST: %d %s", status, body)
		}
		half := int64(len(data) / 2)
		if _, n, err := s.TusPatch(loc, 0, bytes.NewReader(data[:half])); err != nil || n != half {
			t.Fatalf("PATCH first half: offset %d, %v", n, err)
		}

		status, again, body := s.TusCreate(token, int64(len(data)))
		if status != http.StatusCreated || again != loc {
			t.Fatalf("POST with the token in use, same length: %d, Location %q (%s); want 201 with %q", status, again, body, loc)
		}
		if got := s.TusOffset(again); got != half {
			t.Fatalf("HEAD on the upload given back: offset %d, want %d", got, half)
		}
		status, other, body := s.TusCreate(token, int64(len(data))+1)
		if status != http.StatusConflict || other != loc {
			t.Fatalf("POST with the token in use, other length: %d, Location %q (%s); want 409 with %q", status, other, body, loc)
		}
		tok, err := s.App.DB.Client.UploadToken.Query().
			Where(uploadtoken.VideoID(mustUUID(t, videoID))).Only(apptest.System())
		if err != nil {
			t.Fatal(err)
		}
		if tok.UploadID == nil || loc[len(loc)-len(*tok.UploadID):] != *tok.UploadID {
			t.Fatalf("the token's upload is %v, want the first one, %s", tok.UploadID, loc)
		}

		if _, n, err := s.TusPatch(loc, half, bytes.NewReader(data[half:])); err != nil || n != int64(len(data)) {
			t.Fatalf("PATCH rest: offset %d, %v", n, err)
		}
		status, done, body := s.TusCreate(token, int64(len(data)))
		if status != http.StatusCreated || done != loc {
			t.Fatalf("POST with the finished token, same length: %d, Location %q (%s); want 201 with %q", status, done, body, loc)
		}
		status, other, body = s.TusCreate(token, int64(len(data))-1)
		if status != http.StatusConflict || other != loc {
			t.Fatalf("POST with the finished token, other length: %d, Location %q (%s); want 409 with %q", status, other, body, loc)
		}
		if got := s.TusOffset(done); got != int64(len(data)) {
			t.Fatalf("HEAD on the finished upload: offset %d, want %d", got, len(data))
		}
	})
}
