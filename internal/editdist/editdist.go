// Package editdist is the one edit distance of incidents, behind every "did
// you mean": mistyped commands and flags, incident ids, and the words a
// query that matched nothing is near. It imports nothing but the standard
// library, so that the record format (data), its search and the command
// line can all use it.
package editdist

// Distance is the optimal string alignment distance between a and b: the
// fewest insertions, deletions, substitutions and swaps of two adjacent
// runes that turn one into the other ("lsit" is one from "list"). It stops
// counting past limit and then returns limit+1; a negative limit counts
// without one.
func Distance(a, b []rune, limit int) int {
	if limit < 0 {
		limit = max(len(a), len(b))
	}
	// Names are short: three rows on the stack serve nearly all of them.
	var rows [3][32]int
	prev2, prev, cur := rows[0][:0], rows[1][:0], rows[2][:0]
	if len(b) >= len(rows[0]) {
		prev2, prev, cur = nil, nil, nil
	}
	prev2 = append(prev2, make([]int, len(b)+1)...)
	prev = append(prev, make([]int, len(b)+1)...)
	cur = append(cur, make([]int, len(b)+1)...)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit+1)
}

// Strings is Distance over the runes of two strings, without a limit.
func Strings(a, b string) int { return Distance([]rune(a), []rune(b), -1) }
