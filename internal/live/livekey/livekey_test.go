package livekey_test

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/live/livekey"
)

func TestNewKeysAreDistinctAndURLSafe(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		k := livekey.New()
		if !strings.HasPrefix(k, livekey.Prefix) || len(k) != len(livekey.Prefix)+32 {
			t.Fatalf("key %q: want prefix %q and 32 random characters", k, livekey.Prefix)
		}
		for _, c := range k[len(livekey.Prefix):] {
			if !strings.ContainsRune("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789", c) {
				t.Fatalf("key %q has %q", k, c)
			}
		}
		if seen[k] {
			t.Fatalf("key %q made twice", k)
		}
		seen[k] = true
	}
}

func TestHashAndLast4(t *testing.T) {
	k := "live_abcdefgh"
	sum := sha256.Sum256([]byte(k))
	if got, want := livekey.Hash(k), hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("Hash = %s, want %s", got, want)
	}
	if livekey.Hash(k) == livekey.Hash(k+"x") {
		t.Fatal("different keys hash alike")
	}
	for in, want := range map[string]string{"live_abcdefgh": "efgh", "abc": "abc", "": "", "abcd": "abcd"} {
		if got := livekey.Last4(in); got != want {
			t.Errorf("Last4(%q) = %q, want %q", in, got, want)
		}
	}
}
