// Package widget holds the drawing pieces screens share: a painter that
// applies a style without measuring text, sparklines one and two rows tall
// on a time axis, the axis row with its cursor marker, and the stage
// segments of a timeline. Widgets take values and painters and return
// strings; they know nothing of languages or of any one screen.
package widget
