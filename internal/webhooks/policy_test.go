package webhooks

import (
	"net/http"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	p := Policy{Base: 5 * time.Second, MaxDelay: time.Hour}
	for _, tc := range []struct {
		header string
		want   time.Duration
	}{
		{"", 0},
		{"0", 0},
		{"-5", 0},
		{"soon", 0},
		{"1.5", 0},
		{"1", time.Second},
		{" 120 ", 2 * time.Minute},
		{"3600", time.Hour},
		{"3601", time.Hour},                 // bounded by MaxDelay
		{"99999999999999999999", time.Hour}, // too large for an int64: bounded, not 0
		{"9223372036854775807", time.Hour},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
		{now.Add(48 * time.Hour).Format(http.TimeFormat), time.Hour},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0},
		{now.Add(time.Minute).Format(time.RFC850), time.Minute}, // an obsolete date form HTTP still accepts
	} {
		if got := p.retryAfter(tc.header, now); got != tc.want {
			t.Errorf("Retry-After %q = %s, want %s", tc.header, got, tc.want)
		}
	}
}
