package ladder

import (
	"errors"
	"reflect"
	"testing"
)

// r is a valid h264 rendition of height h.
func r(h int) Rendition {
	return Rendition{Height: h, VideoBitrateKbps: 1000, Codec: CodecH264, AudioBitrateKbps: 128}
}

// TestValidate checks each limit of a ladder at and past its bound, and the
// rendition and field an error names.
func TestValidate(t *testing.T) {
	with := func(f func(*Rendition)) []Rendition {
		x := r(720)
		f(&x)
		return []Rendition{x}
	}
	nine := []Rendition{r(144), r(240), r(360), r(480), r(540), r(720), r(1080), r(1440), r(2160)}
	cases := []struct {
		name  string
		rs    []Rendition
		err   *Error
		error string
	}{
		{"default", Default(), nil, ""},
		{"one rendition", []Rendition{r(720)}, nil, ""},
		{"max renditions", nine[:8], nil, ""},
		{"bounds", []Rendition{
			{Height: MinHeight, VideoBitrateKbps: MinVideoBitrate, Codec: CodecH264, AudioBitrateKbps: MinAudioBitrate},
			{Height: MaxHeight, VideoBitrateKbps: MaxVideoBitrate, Codec: CodecH264, AudioBitrateKbps: MaxAudioBitrate},
		}, nil, ""},
		{"empty codec means h264", with(func(x *Rendition) { x.Codec = "" }), nil, ""},
		{"none", nil, &Error{-1, "renditions", "a ladder has 1 to 8 renditions"}, "a ladder has 1 to 8 renditions"},
		{"too many", nine, &Error{-1, "renditions", "a ladder has 1 to 8 renditions"}, ""},
		{"height below", with(func(x *Rendition) { x.Height = 142 }), &Error{0, "height", "must be between 144 and 4320"},
			"rendition 0: height must be between 144 and 4320"},
		{"height above", with(func(x *Rendition) { x.Height = 4322 }), &Error{0, "height", "must be between 144 and 4320"}, ""},
		{"zero height", with(func(x *Rendition) { x.Height = 0 }), &Error{0, "height", "must be between 144 and 4320"}, ""},
		{"odd height", with(func(x *Rendition) { x.Height = 721 }), &Error{0, "height", "must be even"}, "rendition 0: height must be even"},
		{"video bitrate below", with(func(x *Rendition) { x.VideoBitrateKbps = 99 }), &Error{0, "videoBitrateKbps", "must be between 100 and 100000"}, ""},
		{"video bitrate above", with(func(x *Rendition) { x.VideoBitrateKbps = 100_001 }), &Error{0, "videoBitrateKbps", "must be between 100 and 100000"}, ""},
		{"audio bitrate below", with(func(x *Rendition) { x.AudioBitrateKbps = 31 }), &Error{0, "audioBitrateKbps", "must be between 32 and 512"}, ""},
		{"audio bitrate above", with(func(x *Rendition) { x.AudioBitrateKbps = 513 }), &Error{0, "audioBitrateKbps", "must be between 32 and 512"}, ""},
		{"other codec", with(func(x *Rendition) { x.Codec = "hevc" }), &Error{0, "codec", "must be h264"}, "rendition 0: codec must be h264"},
		{"codec is case-sensitive", with(func(x *Rendition) { x.Codec = "H264" }), &Error{0, "codec", "must be h264"}, ""},
		{"duplicate height", []Rendition{r(360), r(720), r(720)}, &Error{2, "height", "720 appears twice"}, "rendition 2: height 720 appears twice"},
		{"descending", []Rendition{r(360), r(1080), r(720)}, &Error{2, "height", "renditions must be in ascending height"}, ""},
		{"first bad rendition is named", []Rendition{r(360), {Height: 480, VideoBitrateKbps: 50, AudioBitrateKbps: 5, Codec: "vp9"}},
			&Error{1, "videoBitrateKbps", "must be between 100 and 100000"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Validate(c.rs)
			if c.err == nil {
				if err != nil {
					t.Fatalf("Validate: %v, want no error", err)
				}
				return
			}
			var le *Error
			if !errors.As(err, &le) {
				t.Fatalf("Validate: %v (%T), want *ladder.Error", err, err)
			}
			if *le != *c.err {
				t.Errorf("error %+v, want %+v", *le, *c.err)
			}
			if c.error != "" && err.Error() != c.error {
				t.Errorf("Error() %q, want %q", err.Error(), c.error)
			}
		})
	}
}

// TestDefault checks the built-in ladder: 360p to 1080p, and a new copy on
// each call, so a caller's change does not leak into the next.
func TestDefault(t *testing.T) {
	d := Default()
	var heights []int
	for _, x := range d {
		heights = append(heights, x.Height)
		if x.Codec != CodecH264 {
			t.Errorf("%dp codec %q", x.Height, x.Codec)
		}
	}
	if want := []int{360, 480, 720, 1080}; !reflect.DeepEqual(heights, want) {
		t.Errorf("heights %v, want %v", heights, want)
	}
	d[0].Height = 144
	if Default()[0].Height != 360 {
		t.Error("changing a returned ladder changed the default")
	}
}

// TestNormalize checks that empty codecs become h264, others are kept, and
// the input is not changed.
func TestNormalize(t *testing.T) {
	in := []Rendition{{Height: 360, Codec: ""}, {Height: 720, Codec: CodecH264}, {Height: 1080, Codec: "other"}}
	out := Normalize(in)
	want := []Rendition{{Height: 360, Codec: CodecH264}, {Height: 720, Codec: CodecH264}, {Height: 1080, Codec: "other"}}
	if !reflect.DeepEqual(out, want) {
		t.Errorf("Normalize = %+v, want %+v", out, want)
	}
	if in[0].Codec != "" {
		t.Error("Normalize changed its input")
	}
	if got := Normalize(nil); got == nil || len(got) != 0 {
		t.Errorf("Normalize(nil) = %#v, want an empty ladder", got)
	}
}
