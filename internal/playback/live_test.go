package playback

import "testing"

// TestParseLiveState reads what a blocking reload waits for: the last whole
// segment and the parts of the next.
func TestParseLiveState(t *testing.T) {
	pl := `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:2
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.500
#EXT-X-PART-INF:PART-TARGET=0.500
#EXT-X-MEDIA-SEQUENCE:7
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T10:00:00.000Z
#EXT-X-PART:DURATION=0.500,URI="part_00007_0.ts",INDEPENDENT=YES
#EXTINF:2.000,
seg_00007.ts
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T10:00:02.000Z
#EXTINF:2.000,
seg_00008.ts
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T10:00:04.000Z
#EXT-X-PART:DURATION=0.500,URI="part_00009_0.ts",INDEPENDENT=YES
#EXT-X-PART:DURATION=0.500,URI="part_00009_1.ts"
`
	st := parseLiveState(pl)
	if st.lastComplete != 8 || st.partsOfNext != 2 || st.ended {
		t.Fatalf("state %+v, want last 8, 2 parts of 9, not ended", st)
	}
	for _, c := range []struct {
		msn, part int
		want      bool
	}{{8, -1, true}, {9, -1, false}, {9, 0, true}, {9, 1, true}, {9, 2, false}, {10, 0, false}, {7, 3, true}} {
		if got := st.holds(c.msn, c.part); got != c.want {
			t.Errorf("holds(%d, %d) = %v, want %v", c.msn, c.part, got, c.want)
		}
	}
	if st := parseLiveState(pl + "#EXT-X-ENDLIST\n"); !st.ended {
		t.Fatal("ENDLIST not seen")
	}
}
