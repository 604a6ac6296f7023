package changefeed

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/uuid"
)

func TestEncodeBatches(t *testing.T) {
	many := make([]Notice, 500)
	for i := range many {
		many[i] = Notice{Kind: KindWebhookDelivery, ID: uuid.New(), ProjectID: uuid.New()}
	}
	for _, tc := range []struct {
		name     string
		notices  []Notice
		limit    int
		payloads int
	}{
		{"none", nil, MaxPayload, 0},
		{"one", many[:1], MaxPayload, 1},
		{"deleted video without project", []Notice{{Kind: KindVideo, ID: many[0].ID, Deleted: true}}, MaxPayload, 1},
		// About 110 bytes a notice: 500 of them need 7 or 8 payloads.
		{"over NOTIFY's limit", many, MaxPayload, 8},
		{"one a payload", many[:3], 120, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			payloads, err := encodeBatches(tc.notices, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(payloads) != tc.payloads {
				t.Fatalf("%d payloads, want %d", len(payloads), tc.payloads)
			}
			var got []Notice
			for _, p := range payloads {
				if len(p) > tc.limit {
					t.Fatalf("payload of %d bytes over the limit %d", len(p), tc.limit)
				}
				ns, err := decodeBatch(p)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, ns...)
			}
			if !reflect.DeepEqual(got, tc.notices) && len(tc.notices) > 0 {
				t.Fatalf("decoded %d notices differ from the %d encoded", len(got), len(tc.notices))
			}
		})
	}
	if _, err := encodeBatches(many[:1], 50); err == nil || !strings.Contains(err.Error(), "exceeds") {
		t.Fatalf("a notice larger than the limit: %v", err)
	}
	if _, err := decodeBatch("not json"); err == nil {
		t.Fatal("bad payload decoded")
	}
}
