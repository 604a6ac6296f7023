package staticres

import "testing"

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Resolution
	}{
		{"highest", Resolution{Name: Highest}}, {"\tAudio-Only ", Resolution{Name: AudioOnly}},
		{"720p", Resolution{Name: "720p", Height: 720}}, {"144p", Resolution{Name: "144p", Height: 144}},
		{"4320P", Resolution{Name: "4320p", Height: 4320}},
	} {
		got, err := Parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "720", "p", "0720p", "100p", "5000p", "-720p", "lowest", "720p.mp4"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestFileNames(t *testing.T) {
	for _, s := range []string{"highest", "audio-only", "1080p"} {
		r, _ := Parse(s)
		back, ok := FromFileName(r.FileName())
		if !ok || back != r {
			t.Errorf("%s: file %s reads back as %+v, %v", s, r.FileName(), back, ok)
		}
	}
	for _, bad := range []string{"audio-only.mp4", "audio.mp4", "720p.m4a", "HIGHEST.mp4", "../x.mp4", "720p.mp4.mp4"} {
		if _, ok := FromFileName(bad); ok {
			t.Errorf("FromFileName(%q) accepted", bad)
		}
	}
}

func TestValidateList(t *testing.T) {
	if err := ValidateList([]string{"highest", "audio-only", "480p"}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]string{{"highest", "highest"}, {"Highest"}, {"9p"}, {"1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p"}} {
		if ValidateList(bad) == nil {
			t.Errorf("ValidateList(%v) accepted", bad)
		}
	}
}
