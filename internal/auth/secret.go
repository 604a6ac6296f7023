package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
)

// RandomToken returns n random bytes, base64url-encoded without padding.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// RandomDigits returns n random decimal digits (a one-time password).
func RandomDigits(n int) string {
	var sb strings.Builder
	for range n {
		d, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			panic(err)
		}
		sb.WriteByte(byte('0' + d.Int64()))
	}
	return sb.String()
}

// HashToken is the SHA-256 of a high-entropy token, hex-encoded, as stored.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// HashCode is a keyed hash (HMAC-SHA256) of a low-entropy code such as a 6-digit
// OTP, so that a leaked table cannot be reversed without the server's secret.
func HashCode(secret []byte, code string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(code))
	return hex.EncodeToString(m.Sum(nil))
}

// LoadOrCreateSecret returns the configured secret, or the one kept in
// <dataDir>/jwt.secret, creating that file (mode 0600) with 32 random bytes when missing.
func LoadOrCreateSecret(configured, dataDir string) ([]byte, error) {
	if configured != "" {
		if len(configured) < 32 {
			return nil, errors.New("VIDRA_JWT_SECRET: use at least 32 characters")
		}
		return []byte(configured), nil
	}
	path := filepath.Join(dataDir, "jwt.secret")
	if b, err := os.ReadFile(path); err == nil {
		s := strings.TrimSpace(string(b))
		if len(s) < 32 {
			return nil, fmt.Errorf("%s: secret too short", path)
		}
		return []byte(s), nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, err
	}
	s := RandomToken(32)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, os.ErrExist) { // another process created it first
			return LoadOrCreateSecret("", dataDir)
		}
		return nil, err
	}
	if _, err := f.WriteString(s + "\n"); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	return []byte(s), nil
}
