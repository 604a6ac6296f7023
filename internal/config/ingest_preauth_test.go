package config

import (
	"strings"
	"testing"
	"time"
)

func TestIngestPreAuthLimits(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Ingest.MaxUnauthenticated != 256 || c.Ingest.AuthTimeout != 10*time.Second {
		t.Fatalf("defaults %d, %s", c.Ingest.MaxUnauthenticated, c.Ingest.AuthTimeout)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_INGEST_MAX_UNAUTHENTICATED": "40", "VIDRA_INGEST_AUTH_TIMEOUT": "3s"}))
	if err != nil || c.Ingest.MaxUnauthenticated != 40 || c.Ingest.AuthTimeout != 3*time.Second {
		t.Fatalf("%d, %s, %v", c.Ingest.MaxUnauthenticated, c.Ingest.AuthTimeout, err)
	}
	for name, bad := range map[string]string{"VIDRA_INGEST_MAX_UNAUTHENTICATED": "0", "VIDRA_INGEST_AUTH_TIMEOUT": "-1s"} {
		if _, err := FromEnv(env(map[string]string{name: bad})); err == nil || !strings.Contains(err.Error(), name) {
			t.Fatalf("%s=%s: err %v", name, bad, err)
		}
	}
}
