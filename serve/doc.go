// Package serve runs `incidents serve`: a postmortem meeting over SSH.
//
// The terminal that starts the server presents; each participant who
// connects with `ssh -t -p PORT HOST` gets their own Bubble Tea program,
// renderer and theme, built from their session alone (TERM and the
// environment the client sent; the terminal is never queried), and
// follows the presenter's screen and replay moment at their own size and
// language until `f` lets them browse alone.
//
// The presenter never waits for a participant: after each of its updates
// the new state goes into every participant's one-slot mailbox (a newer
// state replaces an undelivered one), and each participant's own goroutine
// hands it to that participant's program. A stalled client holds up only
// its own goroutine.
//
// The server accepts public keys only (from --authorized-keys, or any key
// on a loopback address or with --open), runs no shell, no arbitrary
// command and no subsystem, and forwards no ports, agent or X11. The only
// commands it accepts are the read-only `list`, `search`, `show`,
// `timeline` (printed by the same code as locally) and `replay`.
//
// No participant can take the meeting down: sizes are bounded where they
// enter (pty and window sizes to tui.MaxWidth×tui.MaxHeight, window
// changes coalesced; channel.go), a participant's output waits in a
// bounded buffer and a client that stops reading is dropped (output.go),
// and slots are for people: --max-sessions counts sessions, while
// connections that have not opened one count apart per address and are
// closed after DefaultHandshakeTimeout (admit.go).
package serve
