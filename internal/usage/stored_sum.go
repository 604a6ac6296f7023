package usage

import (
	"math/big"

	"github.com/vidra-dev/vidra/ent"
)

// storedSum accumulates stored objects' byte-milliseconds and video
// second-milliseconds over an interval exactly (big integers), for Totals and
// TotalsByOrganization alike.
type storedSum struct{ byteMs, videoMsMs big.Int }

// add counts ms milliseconds of o's life (its overlap with the interval,
// from overlapMs).
func (s *storedSum) add(o *ent.StoredObject, ms int64) {
	var t big.Int
	s.byteMs.Add(&s.byteMs, t.Mul(big.NewInt(o.Bytes), big.NewInt(ms)))
	s.videoMsMs.Add(&s.videoMsMs, t.Mul(big.NewInt(int64(o.VideoSeconds*1000+0.5)), big.NewInt(ms)))
}

// seconds is the sum as byte-seconds and video-seconds, each rounded once.
func (s *storedSum) seconds() (byteSeconds, videoSeconds int64, err error) {
	if byteSeconds, err = bigRound(&s.byteMs, 1000); err != nil {
		return 0, 0, err
	}
	if videoSeconds, err = bigRound(&s.videoMsMs, 1_000_000); err != nil {
		return 0, 0, err
	}
	return byteSeconds, videoSeconds, nil
}
