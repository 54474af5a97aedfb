// Package quietterm keeps Bubble Tea v1 from querying the terminal before
// main runs.
//
// Bubble Tea v1.3.10's package init calls lipgloss.HasDarkBackground, which
// writes OSC 11 and ESC[6n to the terminal and waits up to five seconds for
// answers that some terminals (script, ssh -tt, hook runners) never send;
// the queries also end up in the command's output. termenv skips the query
// when TERM starts with "dumb", so this package's init sets TERM=dumb and
// Restore puts the user's value back. main must import it and call Restore
// first thing.
//
// It works because Go initialises packages in the order of their import
// paths, among those whose imports are already initialised: this package
// imports only os, so it is initialised as soon as os is, and always before
// github.com/muesli/termenv (its path sorts after this one's), which
// lipgloss and so Bubble Tea need. TestInitOrder in cmd/incidents holds
// the binary to that.
//
// The cost is that lipgloss's cached answer to HasDarkBackground is the
// one given without a query (dark, or what COLORFGBG says); a program that
// wants to ask the terminal must ask termenv directly.
package quietterm

import "os"

var (
	saved    string
	wasSet   bool
	restored bool
)

func init() {
	saved, wasSet = os.LookupEnv("TERM")
	os.Setenv("TERM", "dumb")
}

// Restore gives TERM back the value it had before this package's init.
// Calls after the first do nothing.
func Restore() {
	if restored {
		return
	}
	restored = true
	if wasSet {
		os.Setenv("TERM", saved)
	} else {
		os.Unsetenv("TERM")
	}
}
