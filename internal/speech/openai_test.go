package speech_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/speech"
)

// writeWAV writes a mono 16 kHz 16-bit PCM WAV of 0.1 s (a 44-byte RIFF
// header and 1600 samples) and returns its path and bytes.
func writeWAV(t *testing.T) (string, []byte) {
	t.Helper()
	const samples, rate = 1600, 16000
	le := binary.LittleEndian
	b := []byte("RIFF")
	b = le.AppendUint32(b, 36+samples*2)
	b = append(b, "WAVEfmt "...)
	b = le.AppendUint32(b, 16)     // fmt chunk size
	b = le.AppendUint16(b, 1)      // PCM
	b = le.AppendUint16(b, 1)      // mono
	b = le.AppendUint32(b, rate)   // sample rate
	b = le.AppendUint32(b, rate*2) // byte rate
	b = le.AppendUint16(b, 2)      // block align
	b = le.AppendUint16(b, 16)     // bits per sample
	b = append(b, "data"...)
	b = le.AppendUint32(b, samples*2)
	for i := range samples {
		b = le.AppendUint16(b, uint16(int16(i*37%2000-1000)))
	}
	if len(b) != 44+samples*2 {
		t.Fatalf("the WAV has %d bytes", len(b))
	}
	path := filepath.Join(t.TempDir(), "audio.wav")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, b
}

// request is what the test server expects of a transcription request.
type request struct {
	key  string // the bearer token, "" for no Authorization header
	lang string // the language field, "" for none
	wav  []byte
}

// check reports how r differs from a transcription request as the OpenAI
// API defines it, with model whisper-1.
func (want request) check(t *testing.T, r *http.Request) {
	t.Helper()
	if r.Method != http.MethodPost || r.URL.Path != "/v1/audio/transcriptions" {
		t.Errorf("request %s %s, want POST /v1/audio/transcriptions", r.Method, r.URL.Path)
	}
	wantAuth := ""
	if want.key != "" {
		wantAuth = "Bearer " + want.key
	}
	if got := r.Header.Get("Authorization"); got != wantAuth {
		t.Errorf("Authorization %q, want %q", got, wantAuth)
	}
	if r.ContentLength <= 0 || len(r.TransferEncoding) > 0 {
		t.Errorf("Content-Length %d, Transfer-Encoding %q: want a known length", r.ContentLength, r.TransferEncoding)
	}
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		t.Errorf("ParseMultipartForm: %v", err)
		return
	}
	form := r.MultipartForm
	wantValues := map[string][]string{
		"model":                     {"whisper-1"},
		"response_format":           {"verbose_json"},
		"timestamp_granularities[]": {"word", "segment"},
	}
	if want.lang != "" {
		wantValues["language"] = []string{want.lang}
	}
	if !reflect.DeepEqual(form.Value, wantValues) {
		t.Errorf("form values %q, want %q", form.Value, wantValues)
	}
	files := form.File["file"]
	if len(form.File) != 1 || len(files) != 1 {
		t.Errorf("form files %v, want one named file", form.File)
		return
	}
	fh := files[0]
	if fh.Filename != "audio.wav" || fh.Header.Get("Content-Type") != "audio/wav" {
		t.Errorf("file part %q (%s), want audio.wav (audio/wav)", fh.Filename, fh.Header.Get("Content-Type"))
	}
	f, err := fh.Open()
	if err != nil {
		t.Errorf("opening the file part: %v", err)
		return
	}
	defer f.Close()
	got, err := io.ReadAll(f)
	if err != nil || !bytes.Equal(got, want.wav) {
		t.Errorf("file part of %d bytes (%v), want the %d bytes of the WAV", len(got), err, len(want.wav))
	}
}

// server starts a transcription server that checks each request against
// want and then answers with contentType and body.
func server(t *testing.T, want request, contentType, body string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		want.check(t, r)
		w.Header().Set("Content-Type", contentType)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestOpenAIEngine(t *testing.T) {
	var e speech.Engine = speech.OpenAI{ModelName: "whisper-1"}
	if e.Name() != "openai" || e.Model() != "whisper-1" {
		t.Errorf("Name %q, Model %q", e.Name(), e.Model())
	}
}

// TestOpenAITopLevelWords: OpenAI gives the words beside the segments; each
// goes to the segment holding its midpoint, or in a gap to the nearest.
func TestOpenAITopLevelWords(t *testing.T) {
	path, wav := writeWAV(t)
	srv := server(t, request{key: "sk-test", lang: "en", wav: wav}, "application/json", `{
		"task": "transcribe", "language": "english", "duration": 4.5,
		"text": "Hello world. How are you?",
		"segments": [
			{"id": 1, "seek": 0, "start": 2.0, "end": 4.0, "text": " How are you? ", "avg_logprob": -0.2},
			{"id": 0, "seek": 0, "start": 0.0, "end": 2.0, "text": " Hello world."},
			{"id": 2, "seek": 0, "start": 4.0, "end": 4.5, "text": "  "},
			{"id": 3, "seek": 0, "start": 5.0, "end": 6.0, "text": "Fine."}
		],
		"words": [
			{"word": "Hello", "start": 0.1, "end": 0.6},
			{"word": "world.", "start": 0.7, "end": 1.9},
			{"word": "How", "start": 1.9, "end": 2.3},
			{"word": " ", "start": 2.3, "end": 2.3},
			{"word": "are", "start": 2.4, "end": 2.8},
			{"word": "you?", "start": 2.9, "end": 4.2},
			{"word": "Fine.", "start": 4.6, "end": 5.2}
		]
	}`)
	e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1", Key: "sk-test"}
	got, err := e.Transcribe(context.Background(), path, "en-US")
	if err != nil {
		t.Fatal(err)
	}
	want := speech.Transcript{Language: "en", Segments: []speech.Segment{
		{Start: 0, End: 2, Text: "Hello world.", Words: []speech.Word{
			{Text: "Hello", Start: 0.1, End: 0.6}, {Text: "world.", Start: 0.7, End: 1.9},
		}},
		{Start: 2, End: 4, Text: "How are you?", Words: []speech.Word{
			{Text: "How", Start: 1.9, End: 2.3}, {Text: "are", Start: 2.4, End: 2.8}, {Text: "you?", Start: 2.9, End: 4.2},
		}},
		{Start: 5, End: 6, Text: "Fine.", Words: []speech.Word{{Text: "Fine.", Start: 4.6, End: 5.2}}},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("transcript\n%+v\nwant\n%+v", got, want)
	}
}

// TestOpenAIWordsInSegments: the whisper.cpp server gives each segment its
// words, with a leading space, and may name no language. A segment ending
// after the next starts is cut at its start.
func TestOpenAIWordsInSegments(t *testing.T) {
	path, wav := writeWAV(t)
	srv := server(t, request{lang: "pt", wav: wav}, "application/json; charset=utf-8", `{
		"task": "transcribe", "duration": 3.0, "text": " Olá. Tudo bem?",
		"segments": [
			{"id": 1, "text": " Tudo bem?", "start": 1.5, "end": 3.0, "tokens": [1, 2],
			 "words": [{"word": " Tudo", "start": 1.5, "end": 2.0, "t_dtw": -1, "probability": 0.9},
			           {"word": " bem?", "start": 2.1, "end": 2.9, "t_dtw": -1, "probability": 0.8}]},
			{"id": 0, "text": " Olá.", "start": 0.0, "end": 1.62,
			 "words": [{"word": " Olá.", "start": 0.2, "end": 1.0}]}
		],
		"detected_language_probability": 0.97
	}`)
	e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1"}
	got, err := e.Transcribe(context.Background(), path, "pt-BR")
	if err != nil {
		t.Fatal(err)
	}
	want := speech.Transcript{Language: "pt", Segments: []speech.Segment{
		{Start: 0, End: 1.5, Text: "Olá.", Words: []speech.Word{{Text: "Olá.", Start: 0.2, End: 1}}},
		{Start: 1.5, End: 3, Text: "Tudo bem?", Words: []speech.Word{
			{Text: "Tudo", Start: 1.5, End: 2}, {Text: "bem?", Start: 2.1, End: 2.9},
		}},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("transcript\n%+v\nwant\n%+v", got, want)
	}
}

// TestOpenAILanguage: the language the server names, as a Whisper name or a
// code, or else the one asked for.
func TestOpenAILanguage(t *testing.T) {
	path, wav := writeWAV(t)
	for _, c := range []struct{ asked, sent, answered, want string }{
		{"", "", `"german"`, "de"},
		{"", "", `"Haitian Creole"`, "ht"},
		{"fr-CA", "fr", `"fr"`, "fr"},
		{"", "", `"jw"`, "jv"},
		{"en", "en", `null`, "en"},
		{"nl-BE", "nl", `"klingonese"`, "nl"},
	} {
		srv := server(t, request{lang: c.sent, wav: wav}, "application/json",
			`{"language": `+c.answered+`, "segments": [{"start": 0, "end": 1, "text": "x"}]}`)
		e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1"}
		got, err := e.Transcribe(context.Background(), path, c.asked)
		if err != nil || got.Language != c.want {
			t.Errorf("asked %q, answered %s: language %q (%v), want %q", c.asked, c.answered, got.Language, err, c.want)
		}
	}
}

// TestOpenAIVTT: a server that answers WebVTT only gives segments without
// words; a cue without text is dropped, a zero-length one kept.
func TestOpenAIVTT(t *testing.T) {
	path, wav := writeWAV(t)
	const vtt = "WEBVTT\n\nNOTE made by a server\n\n1\n00:00:00.000 --> 00:00:02.500\nHello\nworld.\n\n" +
		"00:02.500 --> 01:00:04.250 align:start\nHow are you?\n\n\n00:05.000 --> 00:06.000\n\n01:00:07.000 --> 01:00:07.000\nBye.\n"
	want := speech.Transcript{Language: "en", Segments: []speech.Segment{
		{Start: 0, End: 2.5, Text: "Hello world."},
		{Start: 2.5, End: 3604.25, Text: "How are you?"},
		{Start: 3607, End: 3607, Text: "Bye."},
	}}
	for _, c := range []struct{ name, contentType, body string }{
		{"text/vtt", "text/vtt; charset=utf-8", vtt},
		{"sniffed", "text/plain", strings.ReplaceAll(vtt, "\n", "\r\n")},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := server(t, request{lang: "en", wav: wav}, c.contentType, c.body)
			e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1"}
			got, err := e.Transcribe(context.Background(), path, "en")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("transcript\n%+v\nwant\n%+v", got, want)
			}
		})
	}

	srv := server(t, request{lang: "en", wav: wav}, "text/vtt", "WEBVTT\n\n00:01.000 --> soon\nHello\n")
	e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1"}
	_, err := e.Transcribe(context.Background(), path, "en")
	if want := `speech: openai: the WebVTT answer is malformed: line 3: malformed timestamp in "00:01.000 --> soon"`; err == nil || err.Error() != want {
		t.Errorf("bad timing: error %v, want %s", err, want)
	}
}

// TestOpenAIStatus: 408, 429 and 5xx are transient, a 400 about the language
// is ErrLanguage, and other statuses are permanent errors quoting the server.
func TestOpenAIStatus(t *testing.T) {
	path, wav := writeWAV(t)
	long := strings.Repeat("x", 1000)
	for _, c := range []struct {
		status              int
		body                string
		transient, language bool
		want                string
	}{
		{503, "busy\n", true, false, "speech: openai: the speech engine failed for now: the server answered 503 Service Unavailable: busy"},
		{500, "", true, false, "speech: openai: the speech engine failed for now: the server answered 500 Internal Server Error"},
		{429, `{"error": {"message": "Rate limit reached", "type": "requests"}}`, true, false, "speech: openai: the speech engine failed for now: the server answered 429 Too Many Requests: Rate limit reached"},
		{408, "", true, false, "speech: openai: the speech engine failed for now: the server answered 408 Request Timeout"},
		{401, `{"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}}`, false, false, "speech: openai: the server answered 401 Unauthorized: Incorrect API key provided"},
		{404, "404 page not found\n", false, false, "speech: openai: the server answered 404 Not Found: 404 page not found"},
		{413, long, false, false, "speech: openai: the server answered 413 Request Entity Too Large: " + long[:200]},
		{400, `{"error": "unsupported language: xx"}`, false, true, "speech: openai: the speech engine does not know this language: the server answered 400 Bad Request: unsupported language: xx"},
		{400, `{"error": "bad audio"}`, false, false, "speech: openai: the server answered 400 Bad Request: bad audio"},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			request{key: "k", lang: "xx", wav: wav}.check(t, r)
			w.WriteHeader(c.status)
			_, _ = io.WriteString(w, c.body)
		}))
		e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1", Key: "k"}
		_, err := e.Transcribe(context.Background(), path, "xx")
		srv.Close()
		if err == nil {
			t.Errorf("%d: no error", c.status)
			continue
		}
		if err.Error() != c.want || errors.Is(err, speech.ErrTransient) != c.transient || errors.Is(err, speech.ErrLanguage) != c.language {
			t.Errorf("%d: error %q (transient %t, language %t)\nwant %q (transient %t, language %t)", c.status,
				err, errors.Is(err, speech.ErrTransient), errors.Is(err, speech.ErrLanguage), c.want, c.transient, c.language)
		}
	}
}

// TestOpenAIRedirect: a redirect is an error naming it and is not followed,
// with or without the caller's client, whose own policy is left alone.
func TestOpenAIRedirect(t *testing.T) {
	path, wav := writeWAV(t)
	var followed atomic.Int32
	caller := &http.Client{}
	for _, status := range []int{http.StatusFound, http.StatusTemporaryRedirect} {
		mux := http.NewServeMux()
		mux.HandleFunc("/v1/audio/transcriptions", func(w http.ResponseWriter, r *http.Request) {
			request{lang: "en", wav: wav}.check(t, r)
			http.Redirect(w, r, "/elsewhere", status)
		})
		mux.HandleFunc("/elsewhere", func(w http.ResponseWriter, r *http.Request) {
			followed.Add(1)
			_, _ = io.WriteString(w, `{"segments": []}`)
		})
		srv := httptest.NewServer(mux)
		for _, client := range []*http.Client{nil, caller} {
			e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1", Client: client}
			_, err := e.Transcribe(context.Background(), path, "en")
			want := fmt.Sprintf("speech: openai: the server answered %d %s (redirects are not followed)", status, http.StatusText(status))
			if err == nil || err.Error() != want || errors.Is(err, speech.ErrTransient) {
				t.Errorf("error %v, want %s", err, want)
			}
		}
		srv.Close()
	}
	if n := followed.Load(); n != 0 {
		t.Errorf("the redirect target was requested %d times", n)
	}
	if caller.CheckRedirect != nil {
		t.Error("the caller's client was changed")
	}
}

// TestOpenAIBaseURL: a base URL ending in /v1 (or a slash) is not doubled;
// one that is not an absolute http URL is a permanent error.
func TestOpenAIBaseURL(t *testing.T) {
	path, wav := writeWAV(t)
	srv := server(t, request{wav: wav}, "application/json", `{"language": "en", "segments": []}`)
	for _, base := range []string{srv.URL, srv.URL + "/", srv.URL + "/v1", srv.URL + "/v1/"} {
		e := speech.OpenAI{BaseURL: base, ModelName: "whisper-1"}
		got, err := e.Transcribe(context.Background(), path, "")
		if err != nil || !reflect.DeepEqual(got, speech.Transcript{Segments: []speech.Segment{}, Language: "en"}) {
			t.Errorf("%s: %+v, %v", base, got, err)
		}
	}

	e := speech.OpenAI{BaseURL: "10.0.0.5:8080", ModelName: "whisper-1"}
	_, err := e.Transcribe(context.Background(), path, "")
	if want := `speech: openai: the base URL "10.0.0.5:8080" is not an absolute http or https URL`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// TestOpenAIAnswerSize: an answer of 32 MiB is read, a byte more is an error.
func TestOpenAIAnswerSize(t *testing.T) {
	path, wav := writeWAV(t)
	const limit = 32 << 20
	for _, size := range []int{limit, limit + 1} {
		const answer = `{"language": "en", "segments": [{"start": 0, "end": 1, "text": "big"}]}`
		body := answer + strings.Repeat(" ", size-len(answer))
		srv := server(t, request{lang: "en", wav: wav}, "application/json", body)
		e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1"}
		got, err := e.Transcribe(context.Background(), path, "en")
		if size == limit && (err != nil || len(got.Segments) != 1) {
			t.Errorf("%d bytes: %+v, %v", size, got, err)
		}
		if want := "speech: openai: the answer is larger than 32 MiB"; size > limit && (err == nil || err.Error() != want) {
			t.Errorf("%d bytes: error %v, want %s", size, err, want)
		}
	}
}

// TestOpenAINotVerboseJSON: a JSON answer without segments (the json format)
// or an answer in no known format is an error saying so.
func TestOpenAINotVerboseJSON(t *testing.T) {
	path, wav := writeWAV(t)
	for _, c := range []struct{ contentType, body, want string }{
		{"application/json", `{"text": "hello"}`, `speech: openai: the answer is JSON but not verbose_json (it has no segments): "{\"text\": \"hello\"}"`},
		{"text/plain", "hello", `speech: openai: the answer is neither verbose_json nor WebVTT: "hello"`},
	} {
		srv := server(t, request{wav: wav}, c.contentType, c.body)
		e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1"}
		_, err := e.Transcribe(context.Background(), path, "")
		if err == nil || err.Error() != c.want || errors.Is(err, speech.ErrTransient) {
			t.Errorf("error %v, want %s", err, c.want)
		}
	}
}

// TestOpenAIUnreachable: a refused connection and a timeout are transient.
func TestOpenAIUnreachable(t *testing.T) {
	path, wav := writeWAV(t)

	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	e := speech.OpenAI{BaseURL: closed.URL, ModelName: "whisper-1"}
	if _, err := e.Transcribe(context.Background(), path, "en"); !errors.Is(err, speech.ErrTransient) {
		t.Errorf("connection refused: error %v, want ErrTransient", err)
	}

	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		request{lang: "en", wav: wav}.check(t, r)
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	}))
	defer slow.Close()
	e = speech.OpenAI{BaseURL: slow.URL, ModelName: "whisper-1", Timeout: 200 * time.Millisecond}
	start := time.Now()
	_, err := e.Transcribe(context.Background(), path, "en")
	if !errors.Is(err, speech.ErrTransient) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout: error %v, want ErrTransient and DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("timeout after %s", d)
	}
}

// TestOpenAIRefusedAddress: an address the caller's dialer refuses is a
// permanent error.
func TestOpenAIRefusedAddress(t *testing.T) {
	path, _ := writeWAV(t)
	client := &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, address string) (net.Conn, error) {
			return nil, fmt.Errorf("%w (%s)", netguard.ErrRefused, address)
		},
	}}
	e := speech.OpenAI{BaseURL: "http://10.0.0.5:8080", ModelName: "whisper-1", Client: client}
	_, err := e.Transcribe(context.Background(), path, "en")
	if !errors.Is(err, netguard.ErrRefused) || errors.Is(err, speech.ErrTransient) {
		t.Errorf("error %v, want ErrRefused and not ErrTransient", err)
	}
}

// TestOpenAIMissingFile: no file, no request.
func TestOpenAIMissingFile(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { requests.Add(1) }))
	defer srv.Close()
	e := speech.OpenAI{BaseURL: srv.URL, ModelName: "whisper-1"}
	_, err := e.Transcribe(context.Background(), filepath.Join(t.TempDir(), "none.wav"), "en")
	if !errors.Is(err, os.ErrNotExist) || requests.Load() != 0 {
		t.Errorf("error %v after %d requests, want ErrNotExist and none", err, requests.Load())
	}
}
