// Package detail shows one incident record, section by section in the order
// of the Incident Library's page: Render turns a record into text (used by
// the TUI and by `incidents show`), and Model wraps it in a scrolling
// viewport with a position indicator and followable related incidents.
package detail
