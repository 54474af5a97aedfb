package replayer

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// overlayFor is how long a key stays in the keystroke overlay.
const overlayFor = 2 * time.Second

// overlayMax is how many keys the overlay shows at once.
const overlayMax = 4

// overlay is the keystroke overlay: the last keys pressed with their help
// words, for an audience following a presenter. Each entry leaves when its
// timer fires; repeats of a key fold into one entry ("n next event ×3").
type overlay struct {
	on      bool
	entries []shownKey
	seq     int
}

type shownKey struct {
	label  string
	n, seq int
}

// overlayExpiredMsg says that the keys pressed up to seq have been shown
// for overlayFor.
type overlayExpiredMsg struct{ seq int }

// push records a key and returns the overlay with its sequence number.
func (o overlay) push(label string) (overlay, int) {
	o.seq++
	e := append([]shownKey(nil), o.entries...)
	if n := len(e); n > 0 && e[n-1].label == label {
		e[n-1].n++
		e[n-1].seq = o.seq
	} else {
		e = append(e, shownKey{label: label, n: 1, seq: o.seq})
	}
	if len(e) > overlayMax {
		e = e[len(e)-overlayMax:]
	}
	o.entries = e
	return o, o.seq
}

// expire drops the entries last pressed at or before seq.
func (o overlay) expire(seq int) overlay {
	var e []shownKey
	for _, k := range o.entries {
		if k.seq > seq {
			e = append(e, k)
		}
	}
	o.entries = e
	return o
}

// text is the overlay's line: "⌨ space play · n next event ×3".
func (o overlay) text() string {
	if len(o.entries) == 0 {
		return ""
	}
	parts := make([]string, len(o.entries))
	for i, k := range o.entries {
		parts[i] = k.label
		if k.n > 1 {
			parts[i] += fmt.Sprintf(" ×%d", k.n)
		}
	}
	return "⌨ " + strings.Join(parts, " · ")
}

// keyLabel names a pressed key as the overlay shows it.
func keyLabel(msg tea.KeyMsg) string {
	switch s := msg.String(); s {
	case " ":
		return "space"
	default:
		return s
	}
}

// recordKey puts a key the replayer acts on into the overlay, with its help
// words in the current language, and schedules its leaving. Keys the
// replayer does not take (q and ctrl+c are the root's) are never shown.
func (m Model) recordKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	if !m.overlay.on && !key.Matches(msg, m.keys.Overlay) {
		return m, nil
	}
	for _, b := range m.keys.all() {
		if !key.Matches(msg, b) {
			continue
		}
		var seq int
		m.overlay, seq = m.overlay.push(keyLabel(msg) + " " + b.Help().Desc)
		return m, m.after(overlayFor, func(time.Time) tea.Msg { return overlayExpiredMsg{seq: seq} })
	}
	return m, nil
}

// all returns every binding, for the overlay to find the one pressed.
func (k KeyMap) all() []key.Binding {
	return []key.Binding{k.Reveal, k.Play, k.Next, k.Prev, k.Forward, k.Back, k.Faster, k.Slower,
		k.Start, k.End, k.Stage, k.Heatmap, k.WhatIf, k.NoteDown, k.NoteUp, k.Study, k.Present,
		k.Overlay, k.Copy, k.Esc, k.Answer, k.Star, k.Note}
}
