package idempotency_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/idempotency"
)

// TestWithholdReplacesEveryNotedSecret: every occurrence of a noted secret,
// alone or inside a URL, also in its JSON-escaped form, becomes the marker and
// the body stays valid JSON; values too short to be secrets, and secrets
// noted outside a keyed request, are ignored.
func TestWithholdReplacesEveryNotedSecret(t *testing.T) {
	ctx, secrets := idempotency.WithSecrets(context.Background())
	key := "live_abcdefghijkmnopqrstuvwxyzABCDEF"
	odd := `whsec_a+b/c"d<e>f&0123456789`
	idempotency.NoteSecret(ctx, key)
	idempotency.NoteSecret(ctx, odd)
	idempotency.NoteSecret(ctx, "short")
	idempotency.NoteSecret(context.Background(), "vidra_not_noted_anywhere_0123")
	body, _ := json.Marshal(map[string]any{"streamKey": key, "url": "rtmp://h/live/" + key, "secret": odd,
		"name": "short", "other": "vidra_not_noted_anywhere_0123"})
	out, withheld := secrets.Withhold(body)
	var got map[string]string
	if err := json.Unmarshal(out, &got); err != nil || !withheld {
		t.Fatalf("%s: %v (withheld %v)", out, err, withheld)
	}
	if got["streamKey"] != idempotency.Withheld || got["url"] != "rtmp://h/live/"+idempotency.Withheld || got["secret"] != idempotency.Withheld {
		t.Errorf("secrets kept: %v", got)
	}
	if got["name"] != "short" || got["other"] != "vidra_not_noted_anywhere_0123" {
		t.Errorf("other values changed: %v", got)
	}
	if strings.Contains(string(out), key) || !idempotency.HasWithheld(out) {
		t.Errorf("body %s", out)
	}
	if _, withheld := secrets.Withhold([]byte(`{"id": 1}`)); withheld {
		t.Error("a body without secrets reported withheld")
	}
}
