package jobs

import (
	"context"

	"github.com/google/uuid"
)

// vodThreads is the encoder thread count of a VOD transcode starting now: live
// reserves its slots first (internal/live/liveslots), and VOD runs with the cores the
// transcoded live renditions leave (0: every core, when none run).
func (p *Pipeline) vodThreads(ctx context.Context, id uuid.UUID) int {
	n := p.LiveSlots.VODThreads()
	if n > 0 && p.Log != nil {
		p.Log.InfoContext(ctx, "VOD transcode yields to live renditions", "id", id,
			"threads", n, "live_renditions", p.LiveSlots.InUse())
	}
	return n
}
