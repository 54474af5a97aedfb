// Package tui is the full-screen explorer: the root model that owns the
// window size, the language and the screen stack, and routes messages to one
// model per screen (explorer, detail, replayer).
package tui
