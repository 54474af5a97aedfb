package theme

import (
	"fmt"
	"testing"
)

// xtermRGB is colour n of the xterm 256-colour palette, computed from the
// palette's definition (not from termenv): the 16 system colours as xterm
// and termenv list them, the 6×6×6 cube with levels 0, 95, 135, 175, 215,
// 255, and the grey ramp 8, 18, …, 238.
func xtermRGB(n int) (r, g, b int) {
	system := [16][3]int{
		{0, 0, 0}, {128, 0, 0}, {0, 128, 0}, {128, 128, 0}, {0, 0, 128}, {128, 0, 128}, {0, 128, 128}, {192, 192, 192},
		{128, 128, 128}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {0, 0, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
	}
	switch {
	case n < 16:
		c := system[n]
		return c[0], c[1], c[2]
	case n < 232:
		level := func(i int) int {
			if i == 0 {
				return 0
			}
			return 55 + 40*i
		}
		i := n - 16
		return level(i / 36), level(i / 6 % 6), level(i % 6)
	}
	v := 8 + 10*(n-232)
	return v, v, v
}

// TestGuessDark checks every one of the 256 background colours COLORFGBG
// can name against what GuessDark promises: dark when the colour's HSL
// lightness, (max+min)/2 of its channels, is under half.
func TestGuessDark(t *testing.T) {
	darks := 0
	for n := range 256 {
		r, g, b := xtermRGB(n)
		want := max(r, g, b)+min(r, g, b) < 255 // lightness < 0.5
		for _, v := range []string{fmt.Sprintf("15;%d", n), fmt.Sprintf("7;default;%d", n)} {
			if got := GuessDark(v); got != want {
				t.Errorf("COLORFGBG=%q: dark = %v, want %v (rgb %d,%d,%d)", v, got, want, r, g, b)
			}
		}
		if want {
			darks++
		}
	}
	// The grey ramp turns light after its 12th step (#767676 → #808080).
	if !GuessDark("0;243") || GuessDark("0;244") || GuessDark("0;8") || !GuessDark("15;0") || GuessDark("0;15") {
		t.Error("the grey ramp or the system greys are on the wrong side")
	}
	for _, v := range []string{"", "junk", "15", "15;", "15;-1", "15;256", "15;99999999999999999999", "15;default"} {
		if !GuessDark(v) {
			t.Errorf("COLORFGBG=%q: want the dark default", v)
		}
	}
	t.Logf("%d of 256 backgrounds are dark", darks)
}
