//go:build unix

package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// checkPlayback makes sure, beyond what the README's commands print, that the
// master playlist at url is served over HTTP, lists at least one rendition,
// and that ffprobe reads a video and an audio stream through it.
func (w *walker) checkPlayback(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := w.client.Do(req)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s answered %s: %s", url, resp.Status, body)
	}
	playlist := string(body)
	if !strings.HasPrefix(playlist, "#EXTM3U") || !strings.Contains(playlist, "#EXT-X-STREAM-INF:") {
		return fmt.Errorf("GET %s is not an HLS master playlist with a rendition:\n%s", url, playlist)
	}

	ctx, cancel := context.WithTimeout(ctx, w.stepTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "ffprobe", "-v", "error",
		"-show_entries", "stream=codec_type", "-of", "csv=p=0", url).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ffprobe %s: %v: %s", url, err, out)
	}
	// ffprobe lists each stream twice, once under the HLS program.
	kinds := slices.Compact(slices.Sorted(slices.Values(strings.Fields(string(out)))))
	if !slices.Contains(kinds, "video") || !slices.Contains(kinds, "audio") {
		return fmt.Errorf("ffprobe %s found streams %q, want a video and an audio one", url, kinds)
	}
	fmt.Fprintf(w.out, "\n--- checked: %s is a master playlist of %d bytes; ffprobe reads streams %s\n",
		url, len(body), strings.Join(kinds, ", "))
	return nil
}

// httpClient is the walker's HTTP client: every request is bounded.
func httpClient() *http.Client { return &http.Client{Timeout: 30 * time.Second} }
