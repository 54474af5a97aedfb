package data

// SetCompactChunk sets how much of a file a compact load reads at a time,
// for tests, and returns the function that restores it.
func SetCompactChunk(n int) func() {
	old := compactChunk
	compactChunk = n
	return func() { compactChunk = old }
}

// SetSpillBudget sets how much summary text a compact load keeps in
// memory before it spills the rest (Options.Spill), for tests, and returns
// the function that restores it.
func SetSpillBudget(n int64) func() {
	old := spillBudget
	spillBudget = n
	return func() { spillBudget = old }
}

// Spilled reports whether compact record r keeps its summaries' search
// text in a spill file.
func Spilled(r *Record) bool { return r.stub != nil && r.stub.doc.out != nil }

// SetMaxRecordSize sets the limit on one record, for tests, and returns
// the function that restores it.
func SetMaxRecordSize(n int) func() {
	old := maxRecordSize
	maxRecordSize = n
	return func() { maxRecordSize = old }
}
