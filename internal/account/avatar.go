package account

import (
	"context"
	"io"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/fault"
)

// MaxAvatarSize is the largest avatar image accepted, in bytes.
const MaxAvatarSize = 5 << 20

// AvatarKeyPrefix is where avatars live in blob storage; the app serves them
// under /v1/avatars/.
const AvatarKeyPrefix = "avatars/"

// avatarTypes are the image types accepted as avatars, by sniffed content type.
var avatarTypes = map[string]string{
	"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
}

// UpdateAvatar stores an uploaded image (file, of the announced size) in blob
// storage and points the signed-in user's avatar at it. The type is decided
// by the bytes, not by the client's claim.
func (svc *Service) UpdateAvatar(ctx context.Context, file io.Reader, size int64) (*ent.User, error) {
	u, err := svc.CurrentUser(ctx)
	if err != nil {
		return nil, err
	}
	if size > MaxAvatarSize {
		return nil, &fault.Error{Kind: fault.KindTooLarge, Field: "file", Message: "avatar must be at most 5 MiB"}
	}
	data, err := io.ReadAll(io.LimitReader(file, MaxAvatarSize+1))
	if err != nil {
		return nil, fault.Errorf(fault.KindBadRequest, "reading the upload failed")
	}
	if len(data) > MaxAvatarSize {
		return nil, &fault.Error{Kind: fault.KindTooLarge, Field: "file", Message: "avatar must be at most 5 MiB"}
	}
	ctype := http.DetectContentType(data)
	ext, ok := avatarTypes[ctype]
	if !ok {
		return nil, fault.FieldError("file", "avatar must be a PNG, JPEG, GIF or WebP image (got %s)", ctype)
	}
	if svc.bucket == nil {
		return nil, fault.Errorf(fault.KindInternal, "no blob storage is configured for avatars")
	}
	key := AvatarKeyPrefix + u.ID.String() + "/" + uuid.NewString() + "." + ext
	if err := svc.bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: ctype}); err != nil {
		return nil, err
	}
	return svc.db(ctx).User.UpdateOne(u).SetAvatarURL(svc.publicURL + "/v1/" + key).Save(ctx)
}

// isAvatarKey tells whether a key names an avatar blob (for the serving route).
func isAvatarKey(key string) bool {
	rest, ok := strings.CutPrefix(key, AvatarKeyPrefix)
	if !ok {
		return false
	}
	id, file, ok := strings.Cut(rest, "/")
	if !ok || strings.Contains(file, "/") {
		return false
	}
	_, err := uuid.Parse(id)
	return err == nil && file != "" && !strings.Contains(file, "..")
}

// ServeAvatar serves an uploaded avatar from blob storage (GET
// /v1/avatars/{user}/{file}); key is the blob's key, AvatarKeyPrefix
// included. Anything else is 404.
func (svc *Service) ServeAvatar(w http.ResponseWriter, req *http.Request, key string) {
	if !isAvatarKey(key) || svc.bucket == nil {
		http.NotFound(w, req)
		return
	}
	// One storage call: the reader carries the type and time it was stored
	// with, and seeks for ranges.
	stored, err := svc.bucket.NewReader(req.Context(), key, nil)
	if err != nil {
		http.NotFound(w, req)
		return
	}
	defer func() { _ = stored.Close() }()
	ctype := stored.ContentType()
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, req, "", stored.ModTime(), stored)
}
