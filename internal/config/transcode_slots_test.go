package config

import (
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/live/liveslots"
)

func TestLiveTranscodeSlots(t *testing.T) {
	c, err := FromEnv(env(map[string]string{}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Ingest.TranscodeSlots != liveslots.Default() {
		t.Fatalf("default slots %d, want %d", c.Ingest.TranscodeSlots, liveslots.Default())
	}
	for v, want := range map[string]int{"0": 0, "7": 7} {
		c, err := FromEnv(env(map[string]string{"VIDRA_LIVE_TRANSCODE_SLOTS": v}))
		if err != nil || c.Ingest.TranscodeSlots != want {
			t.Fatalf("%s: slots %d, err %v", v, c.Ingest.TranscodeSlots, err)
		}
	}
	for _, bad := range []string{"-1", "many"} {
		if _, err := FromEnv(env(map[string]string{"VIDRA_LIVE_TRANSCODE_SLOTS": bad})); err == nil || !strings.Contains(err.Error(), "VIDRA_LIVE_TRANSCODE_SLOTS") {
			t.Fatalf("%s: err %v", bad, err)
		}
	}
}
