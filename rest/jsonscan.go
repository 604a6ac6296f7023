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

// eachMember calls fn with each key (without quotes; gqlgen's keys are GraphQL
// names, never escaped) and value of the object d.
func eachMember(d []byte, fn func(key, value []byte) error) error {
	i := skipWS(d, 0)
	if i >= len(d) || d[i] != '{' {
		return errMalformed
	}
	i = skipWS(d, i+1)
	for i < len(d) && d[i] != '}' {
		kEnd, err := stringEnd(d, i)
		if err != nil {
			return err
		}
		key := d[i+1 : kEnd-1]
		i = skipWS(d, kEnd)
		if i >= len(d) || d[i] != ':' {
			return errMalformed
		}
		i = skipWS(d, i+1)
		vEnd, err := valueEnd(d, i)
		if err != nil {
			return err
		}
		if err := fn(key, d[i:vEnd]); err != nil {
			return err
		}
		i = skipWS(d, vEnd)
		if i < len(d) && d[i] == ',' {
			i = skipWS(d, i+1)
		}
	}
	return nil
}

// eachElement calls fn with each element of the array d.
func eachElement(d []byte, fn func(value []byte) error) error {
	i := skipWS(d, 0)
	if i >= len(d) || d[i] != '[' {
		return errMalformed
	}
	i = skipWS(d, i+1)
	for i < len(d) && d[i] != ']' {
		end, err := valueEnd(d, i)
		if err != nil {
			return err
		}
		if err := fn(d[i:end]); err != nil {
			return err
		}
		i = skipWS(d, end)
		if i < len(d) && d[i] == ',' {
			i = skipWS(d, i+1)
		}
	}
	return nil
}

// errFound stops eachMember once member has what it looks for.
var errFound = errors.New("rest: member found")

// member returns the value of key in the object d, nil when absent. It stops at
// the key: the members after it are not scanned.
func member(d []byte, key string) ([]byte, error) {
	var found []byte
	err := eachMember(d, func(k, v []byte) error {
		if string(k) == key {
			found = v
			return errFound
		}
		return nil
	})
	if errors.Is(err, errFound) {
		err = nil
	}
	return found, err
}

func isNull(d []byte) bool { return len(d) == 0 || bytes.Equal(d, []byte("null")) }
