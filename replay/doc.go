// Package replay steps through an incident's timeline: the clock and cursor,
// stages, metric series and their resampling, and the queueing model that
// generates IL-0499's mailbox and success-rate series.
//
// replay never reads the wall clock and never imports the terminal UI.
package replay
