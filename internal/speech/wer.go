package speech

import (
	"strings"
	"unicode"
)

// WordErrorRate is the word error rate of hypothesis against reference: the
// fewest word substitutions, deletions and insertions that turn one into the
// other, over the reference's word count. Both are compared in lower case
// without punctuation. An empty reference gives 0 for an empty hypothesis and
// 1 otherwise.
func WordErrorRate(reference, hypothesis string) float64 {
	ref, hyp := normalisedWords(reference), normalisedWords(hypothesis)
	if len(ref) == 0 {
		if len(hyp) == 0 {
			return 0
		}
		return 1
	}
	// prev[j] is the distance between ref[:i] and hyp[:j] (one row of the
	// Levenshtein table at a time).
	prev := make([]int, len(hyp)+1)
	cur := make([]int, len(hyp)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ref); i++ {
		cur[0] = i
		for j := 1; j <= len(hyp); j++ {
			sub := prev[j-1]
			if ref[i-1] != hyp[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return float64(prev[len(hyp)]) / float64(len(ref))
}

// normalisedWords splits s into lower-case words, dropping punctuation but
// keeping apostrophes inside words ("don't").
func normalisedWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r) && r != '\''
	})
}
