package fuzzy

import (
	"slices"
	"testing"

	sahilm "github.com/sahilm/fuzzy"
)

// TestScoreMatchesFuzzy checks Score against sahilm/fuzzy over
// patterns and texts that exercise each bonus and penalty: first rune,
// separators, camel case, adjacency, leading runes, Korean, a NUL, no
// match.
func TestScoreMatchesFuzzy(t *testing.T) {
	patterns := []string{"db", "dbf", "etcd", "tk", "데이", "데터", "ab", "a", "zz", "fb", "s3", "o-p"}
	texts := []string{
		"", "db", "database failover", "The Black Knight", "DynamoDB DNS", "dataBase", "etc/d etcd",
		"데이터베이스 장애", "데 이 터", "a\x00b", "ab ab ab", "x-y_z.a\\b/c", "foo-bar baz", "AbAb", "s3 S3",
		"ééab", "aaab", "knight of the black",
	}
	for _, p := range patterns {
		for _, s := range texts {
			ms := sahilm.FindFromIterNoSort(p, func(yield func(string) bool) { yield(s) })
			score, idx, ok := Score([]rune(p), s, make([]int, 3))
			if ok != (len(ms) == 1) {
				t.Fatalf("%q in %q: ok %v, fuzzy found %d", p, s, ok, len(ms))
			}
			if ok && (score != ms[0].Score || !slices.Equal(idx, ms[0].MatchedIndexes)) {
				t.Errorf("%q in %q: %d %v, fuzzy %d %v", p, s, score, idx, ms[0].Score, ms[0].MatchedIndexes)
			}
		}
	}
}

// FuzzScore compares Score with sahilm/fuzzy on any input.
func FuzzScore(f *testing.F) {
	f.Add("db", "database failover")
	f.Add("데이", "데이터베이스")
	f.Fuzz(func(t *testing.T, p, s string) {
		if p == "" {
			return
		}
		ms := sahilm.FindFromIterNoSort(p, func(yield func(string) bool) { yield(s) })
		score, idx, ok := Score([]rune(p), s, nil)
		if ok != (len(ms) == 1) {
			t.Fatalf("%q in %q: ok %v, fuzzy found %d", p, s, ok, len(ms))
		}
		if ok && (score != ms[0].Score || !slices.Equal(idx, ms[0].MatchedIndexes)) {
			t.Fatalf("%q in %q: %d %v, fuzzy %d %v", p, s, score, idx, ms[0].Score, ms[0].MatchedIndexes)
		}
	})
}
