package livehls

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/hlscrypt"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// publisher writes a session's blobs in order, in one goroutine: each segment
// (or part) before the playlist that names it, so a playlist in the bucket never
// names a file that is not there.
type publisher struct {
	s      *Session
	window int
	pl     mediaPlaylist
	all    []segment // every segment of the session
	maxDur float64
	key    []byte
	// firstDone: the first segment is playable (FirstSegment closed).
	firstDone bool
	// info is the stream's codecs and size, read from its first segment
	// (this node's, after a resume) for the master playlist.
	info streamInfo
	err  error
}

// blobTimeout bounds one blob write.
const blobTimeout = 30 * time.Second

func (p *publisher) run() {
	defer close(p.s.done)
	for task := range p.s.tasks {
		task()
	}
}

// write puts a blob, retrying twice: a failed upload is logged and kept as
// the session's error, and the playlist does not name the file.
func (p *publisher) write(key string, data []byte) error {
	var err error
	for attempt := range 3 {
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
		}
		ctx, cancel := context.WithTimeout(p.s.ctx, blobTimeout)
		err = p.s.o.Bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: contentType(key), CacheControl: cacheControl(key)})
		cancel()
		if err == nil {
			return nil
		}
	}
	p.s.log.Error("live blob write failed", "key", key, "err", err)
	p.err = errors.Join(p.err, fmt.Errorf("write %s: %w", key, err))
	return err
}

func contentType(key string) string { return media.ContentType(key) }

func cacheControl(key string) string {
	if bytes.HasSuffix([]byte(key), []byte(".ts")) {
		return "public, max-age=31536000, immutable"
	}
	return "no-cache"
}

// addPart publishes one LL-HLS part of the segment being written.
func (p *publisher) addPart(data []byte, dur float64, independent, disc bool, start time.Time) {
	if len(p.pl.pending) == 0 {
		p.pl.pendingDisc = disc
	}
	// The segment's time is known better as more of it arrives (see
	// cutter.tick): the latest estimate is listed.
	p.pl.pendingPDT = start
	seq := len(p.all)
	body := data
	if p.key != nil {
		// AES-128 is whole-resource CBC: a part is a resource of its own,
		// encrypted alone (own PKCS#7 padding) under its parent segment's IV,
		// which is how hls.js decrypts a part (the fragment's key and IV, the
		// part's bytes as one unit). The segment is encrypted whole, apart.
		body = encrypt(p.key, seq, data)
	}
	index := p.pl.partBase + len(p.pl.pending)
	if p.write(Prefix(p.s.o.VideoID)+partName(seq, index), body) != nil {
		return
	}
	p.pl.pending = append(p.pl.pending, part{index: index, dur: dur, independent: independent})
	p.pl.next = seq
	p.writePlaylist()
}

// addSegment publishes a finished segment, then the playlist naming it; the
// first one also writes the master playlist and closes FirstSegment.
func (p *publisher) addSegment(data []byte, dur float64, start time.Time, disc, announce bool) {
	seq := len(p.all)
	body := data
	if p.key != nil {
		body = encrypt(p.key, seq, data)
	}
	if disc && p.s.o.Record {
		// The finalizer joins each connection's segments as one file: this
		// marker says where a connection starts.
		_ = p.write(Prefix(p.s.o.VideoID)+discName(seq), []byte{})
	}
	if p.write(Prefix(p.s.o.VideoID)+segmentName(seq), body) != nil {
		p.pl.pending = nil
		return
	}
	if p.info == (streamInfo{}) {
		p.info = probeSegment(data)
	}
	seg := segment{seq: seq, dur: dur, start: start, disc: disc, parts: p.pl.pending, bytes: len(data)}
	p.pl.pending, p.pl.pendingDisc, p.pl.partBase = nil, false, 0
	p.all = append(p.all, seg)
	p.pl.next = seq + 1
	p.maxDur = math.Max(p.maxDur, dur)
	p.slide()
	// The state another node continues the session from names the segment
	// before any playlist does.
	if err := p.saveState(); err != nil {
		p.s.log.Error("save the live session's state", "err", err)
	}
	p.writePlaylist()
	p.s.mu.Lock()
	p.s.segCount = len(p.all)
	p.s.mu.Unlock()
	if !p.firstDone {
		bw := int(float64(len(data)) * 8 / math.Max(dur, 0.5) * 1.25)
		if p.writeMaster(masterPlaylist("index.m3u8", bw, p.info)) != nil {
			return
		}
		p.firstDone = true
		close(p.s.first)
	}
	if announce {
		p.s.announceActive()
	}
}

// slide moves the window over the newest segments, counting the
// discontinuities that leave it and deleting what no playlist names any more.
func (p *publisher) slide() {
	n := len(p.all)
	from := max(0, n-p.window)
	p.pl.segs = p.all[from:]
	p.pl.discSeq = 0
	for _, s := range p.all[:from] {
		if s.disc {
			p.pl.discSeq++
		}
	}
	p.pl.target = max(p.pl.target, targetDuration(math.Max(p.maxDur, p.s.o.SegmentSeconds)))
	// Parts of a segment no longer listed with its parts (plus one for players
	// still reading them) are deleted: the segment holds the same bytes.
	if old := n - partsShown - 2; old >= 0 {
		for _, pt := range p.all[old].parts {
			p.remove(Prefix(p.s.o.VideoID) + partName(old, pt.index))
		}
	}
	// Without a recording, segments two past the window go too.
	if !p.s.o.Record {
		if old := n - p.window - 2; old >= 0 {
			p.remove(Prefix(p.s.o.VideoID) + segmentName(old))
		}
	}
}

func (p *publisher) remove(key string) {
	ctx, cancel := context.WithTimeout(p.s.ctx, blobTimeout)
	defer cancel()
	if err := p.s.o.Bucket.Delete(ctx, key); err != nil {
		p.s.log.Warn("delete live blob", "key", key, "err", err)
	}
}

func (p *publisher) writePlaylist() {
	_ = p.write(PlaylistKey(p.s.o.VideoID), p.pl.render())
}

// end writes the playlists of the ended session and queues the finalize job.
func (p *publisher) end(reason string) error {
	p.pl.ended = true
	p.pl.pending = nil
	if len(p.all) > 0 || p.firstDone {
		p.writePlaylist()
	}
	if p.s.o.Record && len(p.all) > 0 {
		rec := mediaPlaylist{segs: p.all, target: p.pl.target, keyURI: p.pl.keyURI, ended: true, vod: true}
		if p.write(RecordingKey(p.s.o.VideoID), rec.render()) == nil {
			var bytes, secs float64
			for _, s := range p.all {
				bytes += float64(s.bytes)
				secs += s.dur
			}
			_ = p.writeMaster(masterPlaylist("recording.m3u8", int(bytes*8/math.Max(secs, 1)*1.25), p.info))
		}
	}
	if p.s.o.Record && p.s.o.Queue != nil {
		ctx, cancel := context.WithTimeout(p.s.ctx, blobTimeout)
		defer cancel()
		if err := p.s.o.Queue.Insert(ctx, FinalizeArgs{VideoID: p.s.o.VideoID, StreamID: p.s.o.StreamID,
			SessionID: p.s.o.SessionID, ProjectID: p.s.o.ProjectID, EndReason: reason}); err != nil {
			p.err = errors.Join(p.err, err)
		}
	}
	return p.err
}

// encrypt is HLS AES-128 of the segment with media sequence number seq (the
// implicit IV). key is always 16 bytes here (the session's key).
func encrypt(key []byte, seq int, data []byte) []byte {
	out, err := hlscrypt.Encrypt(key, hlscrypt.SequenceIV(uint64(seq)), data)
	if err != nil {
		panic("livehls: " + err.Error()) // a session key is 16 bytes by construction
	}
	return out
}

// decrypt reverses encrypt.
func decrypt(key []byte, seq int, data []byte) ([]byte, error) {
	return hlscrypt.Decrypt(key, hlscrypt.SequenceIV(uint64(seq)), data)
}

// writeMaster writes the session's master playlist, then touches the video's
// updated_at: playback caches a live master per video and updated_at, so the
// new master (live, then the recording) is served from the next request on.
func (p *publisher) writeMaster(data []byte) error {
	if err := p.write(MasterKey(p.s.o.VideoID), data); err != nil {
		return err
	}
	if p.s.o.Client == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(tenancy.SystemContext(p.s.ctx, "live master written"), blobTimeout)
	defer cancel()
	if err := p.s.o.Client.Video.UpdateOneID(p.s.o.VideoID).SetUpdatedAt(time.Now()).Exec(ctx); err != nil && !ent.IsNotFound(err) {
		// Playback then serves the previous master until the video changes
		// again; the blob is right, so the session goes on.
		p.s.log.Error("touch the live video after its master", "video", p.s.o.VideoID, "err", err)
	}
	return nil
}
