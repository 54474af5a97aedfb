// Package i18n is the one catalogue of the interface's own words, in English
// and Korean: screen words, key help, counts and durations, and the one rule
// for showing a bilingual data text with its one missing-translation marker.
//
// Each screen declares its words as one table, a struct of Words, and
// registers it (Register); its code names a word as a field of the table, so
// a word missing from the catalogue does not compile, and Check, run by the
// package's tests over every registered table, finds a word without English
// or Korean or whose two sides take different formatting verbs.
//
// Two kinds of text reach the screen. The interface's own words (a Word)
// are shown in Korean when the reader chose Korean and in English otherwise:
// with both languages chosen, short words such as key help stay English,
// and screens with room for two columns show data in both. Data texts (a
// data.Text) follow Show: the chosen language, or the other one marked with
// Marker when the translation is missing; MarkerNote explains the marker.
// Figures are written by Count and durations by Duration, in every screen.
package i18n
