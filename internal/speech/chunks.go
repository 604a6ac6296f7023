package speech

import (
	"math"

	"github.com/vidra-dev/vidra/internal/media"
)

// Span is a stretch of audio in seconds from its start.
type Span struct {
	Start, End float64
}

// Chunk is a piece of a long recording sent to an engine alone, and the part
// of the recording whose words it owns in the merged transcript.
type Chunk struct {
	// Span is the audio the engine hears: it reaches Overlap seconds before
	// Owned.Start, so a word cut at the boundary is heard whole by one side.
	Span
	// Owned is where this chunk's words are kept when the chunks are merged:
	// the owned parts of consecutive chunks meet without a gap.
	Owned Span
}

// SplitAtSilences cuts a recording of duration seconds into chunks of at most
// maxSeconds (plus overlap), each cut in the middle of the last silence of at
// least a tenth of a second that falls in the second half of the chunk, or at
// maxSeconds when there is none; each chunk after the first starts overlap
// seconds before its cut. silences are in time order (media.Silences). A recording of at most
// maxSeconds is one chunk.
func SplitAtSilences(duration float64, silences []media.Silence, maxSeconds, overlap float64) []Chunk {
	if maxSeconds <= 0 || duration <= maxSeconds {
		return []Chunk{{Span: Span{0, duration}, Owned: Span{0, duration}}}
	}
	var chunks []Chunk
	owned := 0.0
	for owned < duration {
		end := duration
		if duration-owned > maxSeconds {
			end = owned + maxSeconds
			for i := len(silences) - 1; i >= 0; i-- {
				s := silences[i]
				mid := (s.Start + s.End) / 2
				if s.End-s.Start >= 0.1 && mid > owned+maxSeconds/2 && mid <= owned+maxSeconds {
					end = mid
					break
				}
			}
		}
		start := owned
		if len(chunks) > 0 {
			start = math.Max(0, owned-overlap)
		}
		chunks = append(chunks, Chunk{Span: Span{start, end}, Owned: Span{owned, end}})
		owned = end
	}
	return chunks
}

// Merge joins the transcripts of chunks (parts[i] heard chunks[i], its times
// from the chunk's start) into one transcript of the recording: times are
// shifted by the chunk's start, and each chunk keeps only the words (or, for a
// segment without words, the segments) whose middle falls in its owned part,
// so what two chunks both heard in their overlap is kept once. CPU time adds up.
func Merge(chunks []Chunk, parts []Transcript) Transcript {
	var out Transcript
	for i, part := range parts {
		c := chunks[i]
		owns := func(start, end float64) bool {
			mid := c.Start + (start+end)/2
			return mid >= c.Owned.Start && (mid < c.Owned.End || i == len(chunks)-1)
		}
		if out.Language == "" {
			out.Language = part.Language
		}
		out.CPUSeconds += part.CPUSeconds
		for _, seg := range part.Segments {
			if len(seg.Words) == 0 {
				if owns(seg.Start, seg.End) {
					out.Segments = append(out.Segments, Segment{Start: c.Start + seg.Start, End: c.Start + seg.End, Text: seg.Text})
				}
				continue
			}
			var kept []Word
			for _, w := range seg.Words {
				if owns(w.Start, w.End) {
					kept = append(kept, Word{Text: w.Text, Start: c.Start + w.Start, End: c.Start + w.End})
				}
			}
			if len(kept) > 0 {
				out.Segments = append(out.Segments, Segment{Start: kept[0].Start, End: kept[len(kept)-1].End, Text: joinWords(kept), Words: kept})
			}
		}
	}
	return out
}

// joinWords is the text of words, separated by spaces.
func joinWords(words []Word) string {
	n := 0
	for _, w := range words {
		n += len(w.Text) + 1
	}
	b := make([]byte, 0, n)
	for i, w := range words {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, w.Text...)
	}
	return string(b)
}
