// Package fuzzy is sahilm/fuzzy's scorer for one string, copied so that
// search can score a window of text without fuzzy's allocations. It is
// held to the library by a differential test and a fuzz target. The
// library's MIT licence is in LICENSE beside this file.
package fuzzy

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Score is sahilm/fuzzy's FindFromIterNoSort over one string, without
// its allocations: it appends the matched byte offsets to idx (which the
// caller reuses) and returns fuzzy's score and whether every rune of
// pattern matched. It follows fuzzy v0.1.3 (the version go.mod requires)
// step for step (MIT licence, Copyright (c) 2017 Sahil Muthoo; see
// LICENSE), so scores and offsets are the same; TestScoreMatchesFuzzy
// compares them.
func Score(runes []rune, s string, idx []int) (int, []int, bool) {
	if len(runes) == 0 {
		return 0, idx, false
	}
	if i := strings.IndexByte(s, 0); i > -1 {
		s = s[:i]
	}
	idx = idx[:0]
	total, score, patternIndex := 0, 0, 0
	bestScore, matchedIndex, currAdjacent := -1, -1, 0
	var last rune
	var lastIndex int
	nextc, nextSize := utf8.DecodeRuneInString(s)
	var candidate rune
	var candidateSize int
	for j := 0; j < len(s); j += candidateSize {
		candidate, candidateSize = nextc, nextSize
		if fuzzyFold(candidate, runes[patternIndex]) {
			score = 0
			if j == 0 {
				score += fuzzyFirstBonus
			}
			if unicode.IsLower(last) && unicode.IsUpper(candidate) {
				score += fuzzyCamelBonus
			}
			if j != 0 && isFuzzySeparator(last) {
				score += fuzzySeparatorBonus
			}
			if len(idx) > 0 && idx[len(idx)-1] == lastIndex {
				bonus := currAdjacent*2 + fuzzyAdjacentBonus
				score += bonus
				currAdjacent += bonus
			}
			if score > bestScore {
				bestScore, matchedIndex = score, j
			}
		}
		var nextp rune
		if patternIndex < len(runes)-1 {
			nextp = runes[patternIndex+1]
		}
		nextc, nextSize = 0, 0
		if k := j + candidateSize; k < len(s) {
			if s[k] < utf8.RuneSelf {
				nextc, nextSize = rune(s[k]), 1
			} else {
				nextc, nextSize = utf8.DecodeRuneInString(s[k:])
			}
		}
		if (fuzzyFold(nextp, nextc) || nextc == 0) && matchedIndex > -1 {
			if len(idx) == 0 {
				bestScore += max(matchedIndex*fuzzyLeadPenalty, fuzzyMaxLeadPenalty)
			}
			total += bestScore
			idx = append(idx, matchedIndex)
			score, bestScore = 0, -1
			patternIndex++
		}
		lastIndex, last = j, candidate
	}
	total += len(idx) - len(s)
	return total, idx, len(idx) == len(runes)
}

// sahilm/fuzzy's bonuses and penalties.
const (
	fuzzyFirstBonus     = 10
	fuzzySeparatorBonus = 20
	fuzzyCamelBonus     = 20
	fuzzyAdjacentBonus  = 5
	fuzzyLeadPenalty    = -5
	fuzzyMaxLeadPenalty = -15
)

func isFuzzySeparator(r rune) bool { return strings.ContainsRune("/-_ .\\", r) }

// fuzzyFold is sahilm/fuzzy's equalFold (from strings.EqualFold).
func fuzzyFold(tr, sr rune) bool {
	if tr == sr {
		return true
	}
	if tr < sr {
		tr, sr = sr, tr
	}
	if tr < utf8.RuneSelf {
		return 'A' <= sr && sr <= 'Z' && tr == sr+'a'-'A'
	}
	r := unicode.SimpleFold(sr)
	for r != sr && r < tr {
		r = unicode.SimpleFold(r)
	}
	return r == tr
}
