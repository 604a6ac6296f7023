package playback

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Signer signs and verifies playback tokens: "<expiry unix>.<base64url HMAC-SHA256
// of videoID and expiry>". A token is bound to one video and expires.
type Signer struct {
	secret []byte
}

// NewSigner returns a signer with the given secret (at least 32 bytes).
func NewSigner(secret []byte) (*Signer, error) {
	if len(secret) < 32 {
		return nil, errors.New("playback: the signing secret must be at least 32 bytes")
	}
	return &Signer{secret: secret}, nil
}

// Errors of Verify.
var (
	ErrTokenMissing = errors.New("a playback token is required")
	ErrTokenInvalid = errors.New("the playback token is not valid for this video")
	ErrTokenExpired = errors.New("the playback token has expired")
)

// Sign returns a token for videoID that expires at exp.
func (s *Signer) Sign(videoID uuid.UUID, exp time.Time) string {
	e := strconv.FormatInt(exp.Unix(), 10)
	return e + "." + s.mac(videoID, e)
}

func (s *Signer) mac(videoID uuid.UUID, exp string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("vidra-playback\x00" + videoID.String() + "\x00" + exp))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Verify checks that token was signed for videoID and has not expired at now.
func (s *Signer) Verify(token string, videoID uuid.UUID, now time.Time) error {
	if token == "" {
		return ErrTokenMissing
	}
	e, sig, ok := strings.Cut(token, ".")
	if !ok {
		return ErrTokenInvalid
	}
	exp, err := strconv.ParseInt(e, 10, 64)
	if err != nil {
		return ErrTokenInvalid
	}
	if !hmac.Equal([]byte(sig), []byte(s.mac(videoID, e))) {
		return ErrTokenInvalid
	}
	if now.Unix() >= exp {
		return ErrTokenExpired
	}
	return nil
}
