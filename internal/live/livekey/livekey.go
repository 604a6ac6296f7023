// Package livekey makes live stream keys and the forms they are stored and
// shown in: the key itself is shown once, the database keeps its sha256.
package livekey

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// Prefix starts every key, so a leaked one is recognisable (secret scanners).
const Prefix = "live_"

// alphabet has no look-alike characters and needs no escaping in a URL path,
// an SRT streamid or a shell.
const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// keyLen is the number of random characters: 32 of 57 symbols is ~186 bits.
const keyLen = 32

// New returns a new random stream key.
func New() string {
	b := make([]byte, keyLen)
	// rand.Read never fails (Go 1.24+ crashes the program rather than return an error).
	_, _ = rand.Read(b)
	out := make([]byte, len(Prefix)+keyLen)
	copy(out, Prefix)
	for i, c := range b {
		// 256 % 57 = 28: the bias (a few thousandths) costs well under a bit.
		out[len(Prefix)+i] = alphabet[int(c)%len(alphabet)]
	}
	return string(out)
}

// Hash returns the sha256 of key in lowercase hex: what the database stores and
// the ingest looks keys up by.
func Hash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// Last4 returns the key's last four characters (all of a shorter key).
func Last4(key string) string {
	if len(key) <= 4 {
		return key
	}
	return key[len(key)-4:]
}
