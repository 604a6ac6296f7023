package webhooks

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// secretPrefix starts every signing secret, as the Standard Webhooks spec names it.
const secretPrefix = "whsec_"

// NewSecret returns a fresh signing secret: "whsec_" and the base64 of 32 random bytes.
func NewSecret() (string, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return "", err
	}
	return secretPrefix + base64.StdEncoding.EncodeToString(key), nil
}

// signHeaders sets the Standard Webhooks headers of a message: its id, its
// timestamp and one v1 signature per secret (two during a rotation's overlap).
func signHeaders(h http.Header, msgID string, at time.Time, body []byte, secrets ...string) error {
	var sigs string
	for _, s := range secrets {
		wh, err := standardwebhooks.NewWebhook(s)
		if err != nil {
			return fmt.Errorf("signing secret: %w", err)
		}
		sig, err := wh.Sign(msgID, at, body)
		if err != nil {
			return err
		}
		if sigs != "" {
			sigs += " "
		}
		sigs += sig
	}
	h.Set(standardwebhooks.HeaderWebhookID, msgID)
	h.Set(standardwebhooks.HeaderWebhookTimestamp, strconv.FormatInt(at.Unix(), 10))
	h.Set(standardwebhooks.HeaderWebhookSignature, sigs)
	return nil
}
