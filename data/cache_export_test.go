package data

// SetStreamChunk sets how much of a JSON Lines file SearchLoad reads at a
// time and returns a function that restores it.
func SetStreamChunk(n int) (restore func()) {
	old := streamChunk
	streamChunk = n
	return func() { streamChunk = old }
}

// SetMapStreams turns the mapping of JSON Lines files on or off and
// returns a function that restores it.
func SetMapStreams(on bool) (restore func()) {
	old := mapStreams
	mapStreams = on
	return func() { mapStreams = old }
}

// SetArrayMin sets the size from which SearchLoad streams a .json file
// holding an array and returns a function that restores it.
func SetArrayMin(n int64) (restore func()) {
	old := arrayMin
	arrayMin = n
	return func() { arrayMin = old }
}

// SetAfterMap sets a function called with the path of each file SearchLoad
// maps, once it is, and returns a function that restores it.
func SetAfterMap(f func(path string)) (restore func()) {
	old := afterMap
	afterMap = f
	return func() { afterMap = old }
}
