package graph_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

const updateProfileOp = `mutation($in: UpdateProfileInput!) { updateProfile(input: $in) { name avatarURL } }`

func TestProfileReadAndUpdate(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		var p struct {
			Profile struct {
				Email, Name, AvatarURL     string
				HasPassword, EmailVerified bool
			}
		}
		s.MustGraphQL(`{ profile { email name avatarURL hasPassword emailVerified } }`, nil, &p)
		if p.Profile.Email != apptest.DefaultEmail || p.Profile.Name != "Owner" || !p.Profile.HasPassword || p.Profile.EmailVerified {
			t.Fatalf("profile = %+v", p.Profile)
		}
		var u struct {
			UpdateProfile struct{ Name, AvatarURL string }
		}
		s.MustGraphQL(updateProfileOp, map[string]any{"in": map[string]any{"name": " Olive ", "avatarURL": "https://img.example.test/o.png"}}, &u)
		if u.UpdateProfile.Name != "Olive" || u.UpdateProfile.AvatarURL != "https://img.example.test/o.png" {
			t.Fatalf("updateProfile = %+v", u.UpdateProfile)
		}
		wantError(t, s.GraphQL(updateProfileOp, map[string]any{"in": map[string]any{"avatarURL": "javascript:alert(1)"}}), "INVALID_INPUT", "avatar must be an http(s) URL")
		wantError(t, s.GraphQL(updateProfileOp, map[string]any{"in": map[string]any{"name": "  "}}), "INVALID_INPUT", "name must not be empty")
		s.MustGraphQL(updateProfileOp, map[string]any{"in": map[string]any{}}, &u)
		if u.UpdateProfile.Name != "Olive" {
			t.Fatalf("empty update changed the name to %q", u.UpdateProfile.Name)
		}
	})
}

// uploadAvatar sends the updateAvatar mutation as a GraphQL multipart request.
func uploadAvatar(t *testing.T, s *apptest.Server, filename string, data []byte) apptest.GraphQLResponse {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("operations", `{"query":"mutation($f: Upload!) { updateAvatar(file: $f) { avatarURL } }","variables":{"f":null}}`)
	_ = w.WriteField("map", `{"0":["variables.f"]}`)
	part, _ := w.CreateFormFile("0", filename)
	_, _ = part.Write(data)
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/graphql", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+s.Token)
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(res.Body)
	var out apptest.GraphQLResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("decode %q: %v", raw, err)
	}
	return out
}

func TestAvatarUploadSniffsTypeLimitsSizeAndServesIt(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		img := image.NewRGBA(image.Rect(0, 0, 4, 4))
		img.Set(1, 1, color.RGBA{R: 255, A: 255})
		var pngData bytes.Buffer
		_ = png.Encode(&pngData, img)

		// The name claims text; the bytes are PNG, and the bytes decide.
		res := uploadAvatar(t, s, "me.txt", pngData.Bytes())
		if len(res.Errors) > 0 {
			t.Fatalf("upload: %+v", res.Errors)
		}
		var out struct{ UpdateAvatar struct{ AvatarURL string } }
		_ = json.Unmarshal(res.Data, &out)
		path, ok := strings.CutPrefix(out.UpdateAvatar.AvatarURL, s.App.Config.PublicURL)
		if !ok || !strings.HasPrefix(path, "/v1/avatars/") || !strings.HasSuffix(path, ".png") {
			t.Fatalf("avatarURL = %q", out.UpdateAvatar.AvatarURL)
		}
		status, body := s.Anonymous().Get(path)
		if status != http.StatusOK || !bytes.Equal(body, pngData.Bytes()) {
			t.Fatalf("GET %s: %d, %d bytes", path, status, len(body))
		}

		wantError(t, uploadAvatar(t, s, "evil.png", []byte("<html><script>alert(1)</script></html>")), "INVALID_INPUT",
			"avatar must be a PNG, JPEG, GIF or WebP image (got text/html; charset=utf-8)")
		big := append(append([]byte{}, pngData.Bytes()...), make([]byte, 5<<20)...)
		wantError(t, uploadAvatar(t, s, "big.png", big), "TOO_LARGE", "avatar must be at most 5 MiB")
		if status, _ := s.Get(fmt.Sprintf("/v1/avatars/%s", "../jwt.secret")); status != http.StatusNotFound {
			t.Fatalf("path escape answered %d", status)
		}
	})
}
