package library

import "testing"

// TestMemoryLimit keeps the limit above the live heap and its projection,
// whichever is larger.
func TestMemoryLimit(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		live, projected uint64
		want            int64
	}{
		{100 * mb, 400 * mb, 457 * mb}, // early in a load: above the projection
		{400 * mb, 400 * mb, 482 * mb}, // loaded: an eighth above the live heap
		{0, 0, 32 * mb},
	} {
		if got := memoryLimit(c.live, c.projected); got != c.want {
			t.Errorf("memoryLimit(%d MB, %d MB) = %d MB, want %d MB", c.live/mb, c.projected/mb, got/mb, c.want/mb)
		}
	}
}
