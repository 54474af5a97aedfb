package theme

import (
	"strconv"
	"strings"

	"github.com/muesli/termenv"
)

// GuessDark guesses whether the background is dark without asking the
// terminal, from COLORFGBG's value ("15;0": white on black, the last field
// the background's colour index): the background is dark when that
// colour of the xterm 256-colour palette has an HSL lightness under 0.5,
// as termenv decides when it can ask. An empty, malformed or out-of-range
// value guesses dark. The local terminal and every SSH session decide
// with this one function.
func GuessDark(colorfgbg string) bool {
	i := strings.LastIndex(colorfgbg, ";")
	if i < 0 {
		return true
	}
	n, err := strconv.Atoi(colorfgbg[i+1:])
	if err != nil || n < 0 || n > 255 {
		return true
	}
	_, _, l := termenv.ConvertToRGB(termenv.ANSIColor(n)).Hsl()
	return l < 0.5
}
