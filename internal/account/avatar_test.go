package account_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"
	"gocloud.dev/blob/memblob"

	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestAvatar uploads avatars: an image too large by its announced size or by
// its bytes, and bytes that are not an image, are refused; a PNG is stored
// under the user's key, the user points at it, and it is served with its type;
// keys outside the avatars' shape are 404.
func TestAvatar(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db := testdb.Open(t, d)
			bucket := memblob.OpenBucket(nil)
			t.Cleanup(func() { _ = bucket.Close() })
			svc := account.New(db.Client, account.Deps{Secret: []byte("test secret"), Password: fastPasswords,
				PublicURL: "https://vidra.example.org/", Bucket: bucket}, nil)
			reg, err := svc.Register(publicContext(), account.RegisterInput{Email: "ada@example.org", Password: "correct horse battery staple"})
			if err != nil {
				t.Fatal(err)
			}
			ctx := auth.WithPrincipal(context.Background(), &auth.Principal{Kind: auth.KindUser, UserID: reg.User.ID, SessionID: uuid.New()})

			_, err = svc.UpdateAvatar(ctx, strings.NewReader("x"), account.MaxAvatarSize+1)
			wantFault(t, err, fault.KindTooLarge, "avatar must be at most 5 MiB")
			_, err = svc.UpdateAvatar(ctx, bytes.NewReader(make([]byte, account.MaxAvatarSize+1)), 10)
			wantFault(t, err, fault.KindTooLarge, "avatar must be at most 5 MiB")
			_, err = svc.UpdateAvatar(ctx, strings.NewReader("<svg></svg>"), 11)
			wantFault(t, err, fault.KindInvalidInput, "avatar must be a PNG, JPEG, GIF or WebP image (got text/plain; charset=utf-8)")

			var img bytes.Buffer
			if err := png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 2, 2))); err != nil {
				t.Fatal(err)
			}
			u, err := svc.UpdateAvatar(ctx, bytes.NewReader(img.Bytes()), int64(img.Len()))
			if err != nil {
				t.Fatal(err)
			}
			prefix := "https://vidra.example.org/v1/" + account.AvatarKeyPrefix + reg.User.ID.String() + "/"
			if !strings.HasPrefix(u.AvatarURL, prefix) || !strings.HasSuffix(u.AvatarURL, ".png") {
				t.Fatalf("avatar URL %q, want %s<id>.png", u.AvatarURL, prefix)
			}
			key := strings.TrimPrefix(u.AvatarURL, "https://vidra.example.org/v1/")
			serve := func(key string) *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				svc.ServeAvatar(rec, httptest.NewRequest(http.MethodGet, "/v1/"+key, nil), key)
				return rec
			}
			if rec := serve(key); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" || !bytes.Equal(rec.Body.Bytes(), img.Bytes()) {
				t.Fatalf("serving the avatar: %d %q, %d bytes", rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len())
			}
			for _, bad := range []string{"videos/x.png", account.AvatarKeyPrefix + "not-a-uuid/a.png",
				account.AvatarKeyPrefix + reg.User.ID.String() + "/../a.png", account.AvatarKeyPrefix + reg.User.ID.String() + "/missing.png"} {
				if rec := serve(bad); rec.Code != http.StatusNotFound {
					t.Errorf("%s: %d, want 404", bad, rec.Code)
				}
			}
		})
	}
}
