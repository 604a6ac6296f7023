package hlscrypt

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"testing"
)

// TestDecryptSegment undoes AES-128-CBC with PKCS#7 padding and refuses what
// is not whole blocks.
func TestDecryptSegment(t *testing.T) {
	key, iv := bytes.Repeat([]byte{7}, 16), bytes.Repeat([]byte{9}, 16)
	plain := []byte("0123456789abcdefXYZ")
	padded := append(append([]byte{}, plain...), bytes.Repeat([]byte{13}, 13)...)
	block, _ := aes.NewCipher(key)
	enc := make([]byte, len(padded))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(enc, padded)
	got, err := Decrypt(key, iv, enc)
	if err != nil || !bytes.Equal(got, plain) {
		t.Errorf("decrypted %q %v", got, err)
	}
	if _, err := Decrypt(key, iv, enc[:20]); err == nil {
		t.Error("a partial block was accepted")
	}
}

// TestEncryptRoundTrip: what Encrypt makes with a segment's implicit IV,
// Decrypt gives back.
func TestEncryptRoundTrip(t *testing.T) {
	key, iv := bytes.Repeat([]byte{3}, 16), SequenceIV(10_000_001)
	for _, n := range []int{0, 1, 15, 16, 17, 188 * 7} {
		data := bytes.Repeat([]byte{0x47}, n)
		enc, err := Encrypt(key, iv, data)
		if err != nil || len(enc)%16 != 0 || len(enc) <= n {
			t.Fatalf("%d bytes: %d encrypted, %v", n, len(enc), err)
		}
		if got, err := Decrypt(key, iv, enc); err != nil || !bytes.Equal(got, data) {
			t.Errorf("%d bytes: round trip %v", n, err)
		}
	}
}
