// Package data holds incident records and timelines: their types, the bundled
// library embedded from data/library, loaders for user folders, validation,
// sanitising of text from data files, and search.
//
// data never imports the terminal UI; it returns values, never styled strings.
package data
