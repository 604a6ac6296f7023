package rest

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

// TestStringEndFindsTheClosingQuote checks the quote-to-quote jump on strings
// whose quotes are escaped by runs of backslashes of every parity.
func TestStringEndFindsTheClosingQuote(t *testing.T) {
	cases := []string{
		`""`, `"a"`, `"a\"b"`, `"a\\"`, `"a\\\"b"`, `"\\\\"`, `"\"\"\""`, `"x\\\\\"y\\"`,
		`"é \u00e9 \n"`, `"\\"`,
	}
	for _, c := range cases {
		d := []byte(c + `,"next":1}`)
		end, err := stringEnd(d, 0)
		if err != nil || end != len(c) {
			t.Errorf("stringEnd(%s) = %d, %v; want %d", c, end, err, len(c))
		}
	}
	for _, bad := range []string{`"`, `"abc`, `"abc\"`, `"\\\"`} {
		if _, err := stringEnd([]byte(bad), 0); err == nil {
			t.Errorf("stringEnd(%s): want an error for an unterminated string", bad)
		}
	}
}

// TestMemberAgreesWithEncodingJSON walks objects whose values are strings full
// of quotes and backslashes, nested objects and arrays, and compares each
// member the walker returns with what encoding/json decodes.
func TestMemberAgreesWithEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	alphabet := []string{`"`, `\`, `a`, `{`, `}`, `[`, `]`, `,`, `:`, ` `, "\n", `é`}
	randomString := func() string {
		var b strings.Builder
		for n := rng.Intn(12); n > 0; n-- {
			b.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		return b.String()
	}
	for round := 0; round < 500; round++ {
		obj := map[string]any{}
		for k := 0; k < 1+rng.Intn(5); k++ {
			key := string(rune('a' + k))
			switch rng.Intn(4) {
			case 0:
				obj[key] = randomString()
			case 1:
				obj[key] = map[string]any{"s": randomString(), "n": rng.Intn(100), "l": []any{randomString(), nil, true}}
			case 2:
				obj[key] = []any{randomString(), map[string]any{"x": randomString()}}
			default:
				obj[key] = rng.Float64()
			}
		}
		d, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		for key, want := range obj {
			got, err := member(d, key)
			if err != nil {
				t.Fatalf("member(%s, %q): %v", d, key, err)
			}
			wantJSON, _ := json.Marshal(want)
			var gotValue, wantValue any
			if err := json.Unmarshal(got, &gotValue); err != nil {
				t.Fatalf("member(%s, %q) = %s, not one JSON value: %v", d, key, got, err)
			}
			_ = json.Unmarshal(wantJSON, &wantValue)
			g, _ := json.Marshal(gotValue)
			w, _ := json.Marshal(wantValue)
			if string(g) != string(w) {
				t.Fatalf("member(%s, %q) = %s, want %s", d, key, g, w)
			}
		}
		if got, err := member(d, "absent"); err != nil || got != nil {
			t.Fatalf("member(%s, absent) = %s, %v; want nil, nil", d, got, err)
		}
	}
}
