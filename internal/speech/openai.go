package speech

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/language"

	"github.com/vidra-dev/vidra/internal/captions"
	"github.com/vidra-dev/vidra/internal/netguard"
)

// OpenAI is an Engine that sends the audio to a server speaking the OpenAI
// audio transcription API (POST /v1/audio/transcriptions), as OpenAI, the
// whisper.cpp server, faster-whisper servers and LocalAI do. It asks for
// verbose_json with word and segment times, and takes a WebVTT answer from a
// server that gives only that.
type OpenAI struct {
	// BaseURL is the server's address, e.g. http://10.0.0.5:8080; a trailing
	// /v1 is allowed and not doubled.
	BaseURL string
	// ModelName is the model the server is asked for, e.g. "whisper-1". (The
	// field cannot be called Model: that is the Engine method returning it.)
	ModelName string
	// Key, when not "", is sent as "Authorization: Bearer Key".
	Key string
	// Client sends the request; its dialer applies the outbound address
	// policy. Redirects are never followed, whatever its CheckRedirect. Nil is
	// a plain client.
	Client *http.Client
	// Timeout, when positive, bounds a transcription: the upload, the
	// server's work and the answer.
	Timeout time.Duration
}

var _ Engine = OpenAI{}

const (
	// maxAnswerSize bounds the bytes read of a server's answer.
	maxAnswerSize = 32 << 20
	// maxErrorRead bounds the bytes read of an error answer, and maxMessage
	// those of it quoted in the error.
	maxErrorRead = 4 << 10
	maxMessage   = 200
)

// Name returns "openai".
func (OpenAI) Name() string { return "openai" }

// Model returns ModelName.
func (o OpenAI) Model() string { return o.ModelName }

// Transcribe uploads wav to the server and returns the segments and words it
// heard. Only tag's primary subtag is sent ("en-US" as "en"). Errors wrap
// ErrTransient when the server is unreachable, too slow, busy or failing
// (408, 429, 5xx), and ErrLanguage when it refuses the language (a 400
// naming it).
func (o OpenAI) Transcribe(ctx context.Context, wav, tag string) (Transcript, error) {
	endpoint, err := o.endpoint()
	if err != nil {
		return Transcript{}, err
	}
	lang := primarySubtag(tag)
	f, err := os.Open(wav)
	if err != nil {
		return Transcript{}, fmt.Errorf("speech: openai: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Transcript{}, fmt.Errorf("speech: openai: %w", err)
	}
	fields := [][2]string{
		{"model", o.ModelName},
		{"response_format", "verbose_json"},
		{"timestamp_granularities[]", "word"},
		{"timestamp_granularities[]", "segment"},
	}
	if lang != "" {
		fields = append(fields, [2]string{"language", lang})
	}
	head, tail, contentType, err := formParts(fields)
	if err != nil {
		return Transcript{}, fmt.Errorf("speech: openai: %w", err)
	}

	if o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Timeout)
		defer cancel()
	}
	// The file is streamed between the form's head and tail, and the length
	// is known, so the upload is not chunked.
	body := io.MultiReader(bytes.NewReader(head), f, bytes.NewReader(tail))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, body)
	if err != nil {
		return Transcript{}, fmt.Errorf("speech: openai: %w", err)
	}
	req.ContentLength = int64(len(head)) + info.Size() + int64(len(tail))
	req.Header.Set("Content-Type", contentType)
	if o.Key != "" {
		req.Header.Set("Authorization", "Bearer "+o.Key)
	}
	resp, err := o.client().Do(req)
	if err != nil {
		if errors.Is(err, netguard.ErrRefused) {
			return Transcript{}, fmt.Errorf("speech: openai: %w", err)
		}
		return Transcript{}, fmt.Errorf("speech: openai: %w: %w", ErrTransient, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode != http.StatusOK {
		return Transcript{}, statusError(resp)
	}
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerSize+1))
	if err != nil {
		return Transcript{}, fmt.Errorf("speech: openai: %w: reading the answer: %w", ErrTransient, err)
	}
	if len(answer) > maxAnswerSize {
		return Transcript{}, fmt.Errorf("speech: openai: the answer is larger than %d MiB", maxAnswerSize>>20)
	}
	t, err := parseAnswer(resp.Header.Get("Content-Type"), answer, lang)
	if err != nil {
		return Transcript{}, fmt.Errorf("speech: openai: %w", err)
	}
	return t, nil
}

// endpoint is the transcription URL under BaseURL, which must be an absolute
// http or https URL.
func (o OpenAI) endpoint() (string, error) {
	u, err := url.Parse(o.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("speech: openai: the base URL %q is not an absolute http or https URL", o.BaseURL)
	}
	base := strings.TrimRight(o.BaseURL, "/")
	if !strings.HasSuffix(base, "/v1") {
		base += "/v1"
	}
	return base + "/audio/transcriptions", nil
}

// client is a copy of Client (or a plain client) that does not follow
// redirects: a 3xx is the answer.
func (o OpenAI) client() *http.Client {
	var c http.Client
	if o.Client != nil {
		c = *o.Client
	}
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

// formParts writes a multipart form of fields and a file part named "file"
// (audio.wav, audio/wav), returning the bytes before the file's and those
// after it, and the form's Content-Type.
func formParts(fields [][2]string) (head, tail []byte, contentType string, err error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, f := range fields {
		if err := w.WriteField(f[0], f[1]); err != nil {
			return nil, nil, "", err
		}
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="audio.wav"`)
	h.Set("Content-Type", "audio/wav")
	if _, err := w.CreatePart(h); err != nil {
		return nil, nil, "", err
	}
	head = bytes.Clone(buf.Bytes())
	buf.Reset()
	if err := w.Close(); err != nil {
		return nil, nil, "", err
	}
	return head, buf.Bytes(), w.FormDataContentType(), nil
}

// statusError is the error for an answer other than 200.
func statusError(resp *http.Response) error {
	data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorRead))
	answered := "the server answered " + resp.Status
	if msg := errorMessage(data); msg != "" {
		answered += ": " + msg
	}
	code := resp.StatusCode
	switch {
	case code >= 300 && code < 400:
		return fmt.Errorf("speech: openai: %s (redirects are not followed)", answered)
	case code == http.StatusRequestTimeout, code == http.StatusTooManyRequests, code >= 500:
		return fmt.Errorf("speech: openai: %w: %s", ErrTransient, answered)
	case code == http.StatusBadRequest && strings.Contains(strings.ToLower(string(data)), "language"):
		return fmt.Errorf("speech: openai: %w: %s", ErrLanguage, answered)
	}
	return fmt.Errorf("speech: openai: %s", answered)
}

// errorMessage is the message of an error answer (OpenAI's
// {"error":{"message":..}}, {"error":".."} or the text), on one line, without
// control characters and at most maxMessage bytes.
func errorMessage(data []byte) string {
	msg := string(data)
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(data, &e) == nil && len(e.Error) > 0 {
		var s string
		var obj struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(e.Error, &s) == nil {
			msg = s
		} else if json.Unmarshal(e.Error, &obj) == nil && obj.Message != "" {
			msg = obj.Message
		}
	}
	msg = strings.Join(strings.Fields(msg), " ")
	msg = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return -1
	}, msg)
	if len(msg) > maxMessage {
		msg = strings.ToValidUTF8(msg[:maxMessage], "")
	}
	return msg
}

// parseAnswer reads a 200 answer: WebVTT when it says so or looks so,
// verbose_json otherwise. lang is the language asked for.
func parseAnswer(contentType string, data []byte, lang string) (Transcript, error) {
	mediaType, _, _ := mime.ParseMediaType(contentType)
	if mediaType == "text/vtt" || bytes.HasPrefix(bytes.TrimPrefix(data, []byte("\uFEFF")), []byte("WEBVTT")) {
		cues, err := captions.ParseCues(data)
		if err != nil {
			return Transcript{}, fmt.Errorf("the WebVTT answer is malformed: %w", err)
		}
		segs := make([]Segment, len(cues))
		for i, c := range cues {
			segs[i] = Segment{Start: c.Start, End: c.End, Text: strings.Join(strings.Fields(c.Text), " ")}
		}
		return Transcript{Segments: tidy(segs), Language: lang}, nil
	}
	return parseVerboseJSON(data, lang)
}

// verboseWord is a word of a verbose_json answer.
type verboseWord struct {
	Word  string  `json:"word"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
}

// parseVerboseJSON reads a verbose_json answer. Words given at the top level
// (OpenAI) go to the segment holding their midpoint (or, in a gap, to the
// nearest one); words given in each segment (whisper.cpp) stay there.
func parseVerboseJSON(data []byte, lang string) (Transcript, error) {
	var v struct {
		Language string `json:"language"`
		Segments *[]struct {
			Start float64       `json:"start"`
			End   float64       `json:"end"`
			Text  string        `json:"text"`
			Words []verboseWord `json:"words"`
		} `json:"segments"`
		Words []verboseWord `json:"words"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return Transcript{}, fmt.Errorf("the answer is neither verbose_json nor WebVTT: %.100q", data)
	}
	if v.Segments == nil {
		return Transcript{}, fmt.Errorf("the answer is JSON but not verbose_json (it has no segments): %.100q", data)
	}
	segs := make([]Segment, 0, len(*v.Segments))
	for _, s := range *v.Segments {
		segs = append(segs, Segment{Start: s.Start, End: s.End, Text: s.Text, Words: words(s.Words)})
	}
	segs = tidy(segs)
	if top := words(v.Words); len(top) > 0 && len(segs) > 0 {
		for i := range segs {
			segs[i].Words = nil
		}
		for _, w := range top {
			i := segmentAt(segs, (w.Start+w.End)/2)
			segs[i].Words = append(segs[i].Words, w)
		}
	}
	t := Transcript{Segments: segs, Language: languageCode(v.Language)}
	if t.Language == "" {
		t.Language = lang
	}
	return t, nil
}

// words trims the words' text, drops empty ones and sorts them by start.
func words(ws []verboseWord) []Word {
	var out []Word
	for _, w := range ws {
		if text := strings.TrimSpace(w.Word); text != "" {
			out = append(out, Word{Text: text, Start: w.Start, End: max(w.Start, w.End)})
		}
	}
	slices.SortStableFunc(out, func(a, b Word) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// tidy trims the segments' text, drops empty ones, sorts them by start and
// ends each no later than the next starts, so that they do not overlap.
func tidy(segs []Segment) []Segment {
	out := make([]Segment, 0, len(segs))
	for _, s := range segs {
		s.Text = strings.TrimSpace(s.Text)
		if s.Text == "" {
			continue
		}
		s.End = max(s.Start, s.End)
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b Segment) int { return cmp.Compare(a.Start, b.Start) })
	for i := 1; i < len(out); i++ {
		out[i-1].End = min(out[i-1].End, out[i].Start)
	}
	return out
}

// segmentAt returns the index of the first of segs (sorted, not empty) whose
// [Start, End] holds t, or else of the one nearest t.
func segmentAt(segs []Segment, t float64) int {
	best, bestDist := 0, math.Inf(1)
	for i, s := range segs {
		dist := max(s.Start-t, t-s.End, 0)
		if dist < bestDist {
			best, bestDist = i, dist
		}
	}
	return best
}

// primarySubtag returns the primary language subtag of a BCP 47 tag, in
// lower case ("en-US" -> "en").
func primarySubtag(tag string) string {
	primary, _, _ := strings.Cut(strings.TrimSpace(tag), "-")
	primary, _, _ = strings.Cut(primary, "_")
	return strings.ToLower(primary)
}

// languageCode returns the BCP 47 tag of a language a server names: a
// Whisper language name ("english") or a code ("en"). It is "" when the name
// is neither.
func languageCode(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	if code, ok := whisperLanguages[name]; ok {
		return code
	}
	if t, err := language.Parse(name); err == nil && t != language.Und {
		return t.String()
	}
	return ""
}

// whisperLanguages maps the language names Whisper answers with (and the
// aliases it accepts) to BCP 47 tags.
var whisperLanguages = map[string]string{
	"afrikaans": "af", "albanian": "sq", "amharic": "am", "arabic": "ar",
	"armenian": "hy", "assamese": "as", "azerbaijani": "az", "bashkir": "ba",
	"basque": "eu", "belarusian": "be", "bengali": "bn", "bosnian": "bs",
	"breton": "br", "bulgarian": "bg", "burmese": "my", "cantonese": "yue",
	"castilian": "es", "catalan": "ca", "chinese": "zh", "croatian": "hr",
	"czech": "cs", "danish": "da", "dutch": "nl", "english": "en",
	"estonian": "et", "faroese": "fo", "finnish": "fi", "flemish": "nl",
	"french": "fr", "galician": "gl", "georgian": "ka", "german": "de",
	"greek": "el", "gujarati": "gu", "haitian": "ht", "haitian creole": "ht",
	"hausa": "ha", "hawaiian": "haw", "hebrew": "he", "hindi": "hi",
	"hungarian": "hu", "icelandic": "is", "indonesian": "id", "italian": "it",
	"japanese": "ja", "javanese": "jv", "kannada": "kn", "kazakh": "kk",
	"khmer": "km", "korean": "ko", "lao": "lo", "latin": "la",
	"latvian": "lv", "letzeburgesch": "lb", "lingala": "ln", "lithuanian": "lt",
	"luxembourgish": "lb", "macedonian": "mk", "malagasy": "mg", "malay": "ms",
	"malayalam": "ml", "maltese": "mt", "mandarin": "zh", "maori": "mi",
	"marathi": "mr", "moldavian": "ro", "moldovan": "ro", "mongolian": "mn",
	"myanmar": "my", "nepali": "ne", "norwegian": "no", "nynorsk": "nn",
	"occitan": "oc", "panjabi": "pa", "pashto": "ps", "persian": "fa",
	"polish": "pl", "portuguese": "pt", "punjabi": "pa", "pushto": "ps",
	"romanian": "ro", "russian": "ru", "sanskrit": "sa", "serbian": "sr",
	"shona": "sn", "sindhi": "sd", "sinhala": "si", "sinhalese": "si",
	"slovak": "sk", "slovenian": "sl", "somali": "so", "spanish": "es",
	"sundanese": "su", "swahili": "sw", "swedish": "sv", "tagalog": "tl",
	"tajik": "tg", "tamil": "ta", "tatar": "tt", "telugu": "te",
	"thai": "th", "tibetan": "bo", "turkish": "tr", "turkmen": "tk",
	"ukrainian": "uk", "urdu": "ur", "uzbek": "uz", "valencian": "ca",
	"vietnamese": "vi", "welsh": "cy", "yiddish": "yi", "yoruba": "yo",
}
