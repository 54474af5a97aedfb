// Package library opens the incident library for every front end: the
// explorer, the text commands, and servers such as an MCP or SSH one.
//
// Open loads the bundled records and timelines and the user's own (--data),
// checks each timeline's model, and returns a Library that answers the
// questions front ends ask: a record by id (with "did you mean" ids when it
// is unknown), a timeline with its modelled series computed once, a search,
// a what-if run of a timeline's model. It also owns the JSON shapes that
// `--json` prints, so every front end gives the same JSON.
//
// A Library is safe for concurrent use: nothing in it changes after Open
// but the series of each timeline, which are computed once, on first use
// or by Prepare in the background.
//
// The incident model is reached only through model.go, so that moving it
// to another package is a change to that file alone.
package library
