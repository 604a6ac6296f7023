// Package hlscrypt is HLS AES-128 (RFC 8216 4.3.2.4): whole-resource
// AES-128-CBC with PKCS#7 padding, and the implicit IV of a segment without
// an IV attribute, its media sequence number. Live publishing encrypts with
// it; the live recording's finalizer and the image API decrypt with it.
package hlscrypt

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"errors"
)

// SequenceIV is the IV of a segment whose EXT-X-KEY has no IV attribute: its
// media sequence number, big-endian in 16 bytes.
func SequenceIV(seq uint64) []byte {
	iv := make([]byte, aes.BlockSize)
	binary.BigEndian.PutUint64(iv[8:], seq)
	return iv
}

// Encrypt encrypts data with key and iv, padded to whole blocks (PKCS#7).
func Encrypt(key, iv, data []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	pad := aes.BlockSize - len(data)%aes.BlockSize
	out := make([]byte, len(data)+pad)
	copy(out, data)
	for i := len(data); i < len(out); i++ {
		out[i] = byte(pad)
	}
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, out)
	return out, nil
}

// Decrypt reverses Encrypt; data that is not whole blocks or whose padding is
// bad is refused.
func Decrypt(key, iv, data []byte) ([]byte, error) {
	if len(data) == 0 || len(data)%aes.BlockSize != 0 {
		return nil, errors.New("encrypted segment is not a whole number of blocks")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(data))
	cipher.NewCBCDecrypter(block, iv).CryptBlocks(out, data)
	pad := int(out[len(out)-1])
	if pad == 0 || pad > aes.BlockSize || pad > len(out) {
		return nil, errors.New("encrypted segment has bad padding")
	}
	return out[:len(out)-pad], nil
}
