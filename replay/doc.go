// Package replay steps through an incident's timeline: the clock and cursor,
// stages, metric series and their resampling, and the Scenario contract that
// incident models (such as package replay/mailbox, IL-0499's) satisfy so
// that front ends can prepare their series and ask what-if questions
// without knowing the model.
//
// replay never reads the wall clock and never imports the terminal UI.
package replay
