// Package explorer is the incident list: fuzzy search as you type (off the
// UI loop, stale results dropped), matched characters highlighted, facet
// filters shown as chips, and severity and duration badges on every row.
package explorer
