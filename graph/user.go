package graph

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"gocloud.dev/blob"
)

// MaxAvatarSize is the largest avatar image accepted, in bytes.
const MaxAvatarSize = 5 << 20

// avatarTypes are the image types accepted as avatars, by sniffed content type.
var avatarTypes = map[string]string{
	"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
}

// AvatarKeyPrefix is where avatars live in blob storage; the app serves them
// under /v1/avatars/.
const AvatarKeyPrefix = "avatars/"

// updateAvatar stores an uploaded image in blob storage and points the user's
// avatar at it. The type is decided by the bytes, not by the client's claim.
func (r *Resolver) updateAvatar(ctx context.Context, file graphql.Upload) (*ent.User, error) {
	u, err := r.account.CurrentUser(ctx)
	if err != nil {
		return nil, err
	}
	if file.Size > MaxAvatarSize {
		return nil, &Error{Kind: KindTooLarge, Field: "file", Message: "avatar must be at most 5 MiB"}
	}
	data, err := io.ReadAll(io.LimitReader(file.File, MaxAvatarSize+1))
	if err != nil {
		return nil, Errorf(KindBadRequest, "reading the upload failed")
	}
	if len(data) > MaxAvatarSize {
		return nil, &Error{Kind: KindTooLarge, Field: "file", Message: "avatar must be at most 5 MiB"}
	}
	ctype := http.DetectContentType(data)
	ext, ok := avatarTypes[ctype]
	if !ok {
		return nil, FieldError("file", "avatar must be a PNG, JPEG, GIF or WebP image (got %s)", ctype)
	}
	key := AvatarKeyPrefix + u.ID.String() + "/" + uuid.NewString() + "." + ext
	if err := r.bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: ctype}); err != nil {
		return nil, err
	}
	return r.db(ctx).User.UpdateOne(u).SetAvatarURL(r.account.PublicURL() + "/v1/" + key).Save(ctx)
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

// ServeAvatar serves an uploaded avatar from blob storage (GET /v1/avatars/{user}/{file}).
func (r *Resolver) ServeAvatar(w http.ResponseWriter, req *http.Request, key string) {
	if !isAvatarKey(key) {
		http.NotFound(w, req)
		return
	}
	data, err := r.bucket.ReadAll(req.Context(), key)
	if err != nil {
		http.NotFound(w, req)
		return
	}
	ctype, modified := http.DetectContentType(data), time.Time{}
	if attrs, err := r.bucket.Attributes(req.Context(), key); err == nil {
		ctype, modified = attrs.ContentType, attrs.ModTime
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, req, "", modified, bytes.NewReader(data))
}
