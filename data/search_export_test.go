package data

// SearchFresh is Search without reuse of recent queries, so tests can
// compare the incremental path with a search from scratch.
func (ix *Index) SearchFresh(query string) []Match { return ix.searchFresh(query) }

// SetPartSize sets the least work per goroutine and returns a function
// that restores it.
func SetPartSize(n int) (restore func()) {
	old := partSize
	partSize = n
	return func() { partSize = old }
}

// Forget drops the recent queries, so a benchmark starts each round cold.
func (ix *Index) Forget() {
	ix.mu.Lock()
	ix.recent = nil
	ix.mu.Unlock()
}
