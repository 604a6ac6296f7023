// Package sliceset holds the set operations on slices that graph and the
// domain packages share. It is a leaf: it imports nothing of Vidra's.
package sliceset

// Unique returns in without repeats, in first-seen order (callers report the
// first bad element of what the client sent, so the order is kept). It does
// not modify in; a nil in gives nil.
func Unique[T comparable](in []T) []T {
	seen := make(map[T]bool, len(in))
	out := in[:0:0]
	for _, v := range in {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
