package data

// SetCompactChunk sets how much of a file a compact load reads at a time,
// for tests, and returns the function that restores it.
func SetCompactChunk(n int) func() {
	old := compactChunk
	compactChunk = n
	return func() { compactChunk = old }
}
