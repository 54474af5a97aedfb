package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// keeper is a final model that kept minutes.
type keeper struct {
	tea.Model
	md string
}

func (k keeper) Minutes() string { return k.md }

func TestWriteMinutes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "minutes.md")
	if err := writeMinutes(path, keeper{md: "# IL-0499\n"}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "# IL-0499\n" {
		t.Errorf("file holds %q (%v)", b, err)
	}
	if err := writeMinutes(filepath.Join(dir, "none.md"), keeper{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.md")); !os.IsNotExist(err) {
		t.Error("minutes written when there were none")
	}
	if err := writeMinutes(filepath.Join(dir, "no", "such", "dir.md"), keeper{md: "x"}); err == nil {
		t.Error("no error for a file that cannot be written")
	}
	if err := writeMinutes("", keeper{md: "x"}); err != nil {
		t.Error(err)
	}
}

func TestUntilTime(t *testing.T) {
	now := time.Date(2026, 12, 3, 14, 20, 30, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Time
	}{
		{"", time.Time{}},
		{"15:30", time.Date(2026, 12, 3, 15, 30, 0, 0, time.UTC)},
		{"14:20", time.Date(2026, 12, 3, 14, 20, 0, 0, time.UTC)},
		{"01:00", time.Date(2026, 12, 4, 1, 0, 0, 0, time.UTC)},
		{"25:00", time.Time{}},
	} {
		if got := untilTime(tc.in, now); !got.Equal(tc.want) {
			t.Errorf("untilTime(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
