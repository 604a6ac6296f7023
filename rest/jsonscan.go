package rest

import (
	"bytes"
	"errors"
)

// A small single-pass JSON walker for the executor's responses: the REST layer
// renames keys and picks fields out of JSON that gqlgen has just written, so it
// walks the bytes once and copies scalars (and JSON-typed values) verbatim rather
// than decoding and re-encoding them. The input is trusted to be valid JSON;
// bounds are still checked, so malformed input is an error, never a panic.

var errMalformed = errors.New("rest: malformed JSON from the executor")

func skipWS(d []byte, i int) int {
	for i < len(d) && (d[i] == ' ' || d[i] == '\n' || d[i] == '\t' || d[i] == '\r') {
		i++
	}
	return i
}

// valueEnd returns the index just after the JSON value starting at d[i].
func valueEnd(d []byte, i int) (int, error) {
	if i >= len(d) {
		return 0, errMalformed
	}
	switch d[i] {
	case '"':
		return stringEnd(d, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(d); j++ {
			switch d[j] {
			case '"':
				end, err := stringEnd(d, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, errMalformed
	}
	j := i
	for j < len(d) && d[j] != ',' && d[j] != '}' && d[j] != ']' && d[j] != ' ' && d[j] != '\n' {
		j++
	}
	return j, nil
}

// stringEnd returns the index just after the string starting at d[i]. Most of
// a response's bytes are inside strings (ids, titles, descriptions), so it jumps
// from quote to quote with bytes.IndexByte rather than stepping byte by byte; a
// quote ends the string unless an odd run of backslashes escapes it.
func stringEnd(d []byte, i int) (int, error) {
	from := i + 1
	for {
		q := bytes.IndexByte(d[from:], '"')
		if q < 0 {
			return 0, errMalformed
		}
		q += from
		// d[from-1] is a quote, so the run of backslashes stops at from.
		b := q - 1
		for b >= from && d[b] == '\\' {
			b--
		}
		if (q-1-b)%2 == 0 {
			return q + 1, nil
		}
		from = q + 1
	}
}

// errFound stops walkMembers once memberStart has what it looks for.
var errFound = errors.New("rest: member found")

// walkMembers walks the object starting at d[i], calling fn with each key
// (without quotes; gqlgen's keys are GraphQL names, never escaped) and the index
// where its value starts. fn returns the index just after the value when it
// consumed it, or -1 to have it skipped. walkMembers returns the index just
// after the object.
func walkMembers(d []byte, i int, fn func(key []byte, at int) (int, error)) (int, error) {
	if i >= len(d) || d[i] != '{' {
		return 0, errMalformed
	}
	i = skipWS(d, i+1)
	for i < len(d) && d[i] != '}' {
		kEnd, err := stringEnd(d, i)
		if err != nil {
			return 0, err
		}
		key := d[i+1 : kEnd-1]
		i = skipWS(d, kEnd)
		if i >= len(d) || d[i] != ':' {
			return 0, errMalformed
		}
		i = skipWS(d, i+1)
		end, err := fn(key, i)
		if err != nil {
			return 0, err
		}
		if end < 0 {
			if end, err = valueEnd(d, i); err != nil {
				return 0, err
			}
		}
		i = skipWS(d, end)
		if i < len(d) && d[i] == ',' {
			i = skipWS(d, i+1)
		}
	}
	if i >= len(d) {
		return 0, errMalformed
	}
	return i + 1, nil
}

// walkElements walks the array starting at d[i], calling fn with the index
// where each element starts and its position; fn returns the index just after
// the element. walkElements returns the index just after the array.
func walkElements(d []byte, i int, fn func(at, n int) (int, error)) (int, error) {
	if i >= len(d) || d[i] != '[' {
		return 0, errMalformed
	}
	i = skipWS(d, i+1)
	for n := 0; i < len(d) && d[i] != ']'; n++ {
		end, err := fn(i, n)
		if err != nil {
			return 0, err
		}
		i = skipWS(d, end)
		if i < len(d) && d[i] == ',' {
			i = skipWS(d, i+1)
		}
	}
	if i >= len(d) {
		return 0, errMalformed
	}
	return i + 1, nil
}

// isNullAt reports whether d holds null at i.
func isNullAt(d []byte, i int) bool { return bytes.HasPrefix(d[i:], []byte("null")) }

// memberStart returns the index in d where the value of key in the object
// starting at d[i] begins, -1 when the object has no such key. The value itself
// is not scanned; the members before it are.
func memberStart(d []byte, i int, key string) (int, error) {
	at := -1
	_, err := walkMembers(d, i, func(k []byte, j int) (int, error) {
		if string(k) == key {
			at = j
			return 0, errFound
		}
		return -1, nil
	})
	if errors.Is(err, errFound) {
		err = nil
	}
	return at, err
}

// member returns the value of key in the object d, nil when absent. It stops at
// the key: the members after it are not scanned.
func member(d []byte, key string) ([]byte, error) {
	i := skipWS(d, 0)
	at, err := memberStart(d, i, key)
	if err != nil || at < 0 {
		return nil, err
	}
	end, err := valueEnd(d, at)
	if err != nil {
		return nil, err
	}
	return d[at:end], nil
}
