package cast

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/mirror"
)

// Recording receives what Record sees of a session: keys as the bytes a
// terminal sends, markers and resizes (asciicast.Recorder is one).
type Recording interface {
	Input(data string)
	Marker(label string)
	Resize(w, h int)
}

// sharer is a model that says what its screen shows: a tui.App, or a
// front end's model around one (serve's presenter).
type sharer interface{ Shared() tui.Shared }

// Record wraps m, a program's model, so that rec receives the keys the
// program gets, its size changes, and a marker at every event the
// replayer steps to and every study stop it asks at, labelled in lang as
// Render labels them. The screen itself is recorded by giving the program
// rec's writer as its output. A model without a Shared method gives keys
// and sizes only.
func Record(m tea.Model, lib *library.Library, rec Recording, lang data.Lang) tea.Model {
	return recorded{m: m, lib: lib, rec: rec, lang: lang, tls: map[string]*data.Timeline{}}
}

type recorded struct {
	m    tea.Model
	lib  *library.Library
	rec  Recording
	lang data.Lang
	// last is what the screen showed after the last update.
	last tui.Shared
	// tls are the timelines looked up for labels, shared by the copies.
	tls map[string]*data.Timeline
}

func (r recorded) Init() tea.Cmd { return r.m.Init() }

func (r recorded) View() string { return r.m.View() }

// Minutes passes on the recorded model's study minutes, so that --record
// and --minutes work together.
func (r recorded) Minutes() string {
	if k, ok := r.m.(interface{ Minutes() string }); ok {
		return k.Minutes()
	}
	return ""
}

func (r recorded) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		r.rec.Input(KeyBytes(msg))
	case tea.WindowSizeMsg:
		r.rec.Resize(msg.Width, msg.Height)
	}
	m, cmd := r.m.Update(msg)
	r.m = m
	r.mark()
	return r, cmd
}

// mark writes the markers of what changed on the replayer: a stop that
// starts asking, an event the cursor moves to.
func (r *recorded) mark() {
	s, ok := r.m.(sharer)
	if !ok {
		return
	}
	now, before := s.Shared(), r.last
	r.last = now
	if now.Screen != mirror.Replay || now.Moment.Incident == "" {
		return
	}
	mo, prev := now.Moment, before.Moment
	same := before.Screen == mirror.Replay && prev.Incident == mo.Incident
	switch {
	case mo.Study && mo.Asking >= 0:
		if !same || prev.Asking != mo.Asking {
			r.rec.Marker(StopLabel(mo.Asking, r.timeline(mo.Incident), mo.At, r.lang))
		}
	case mo.Event >= 0 && (!same || prev.Event != mo.Event || prev.Asking >= 0):
		r.rec.Marker(EventLabel(r.timeline(mo.Incident), mo.Event, r.lang))
	}
}

func (r *recorded) timeline(id string) *data.Timeline {
	if tl, ok := r.tls[id]; ok {
		return r.zoned(tl)
	}
	_, tl, _ := r.lib.Timeline(id)
	r.tls[id] = tl
	return r.zoned(tl)
}

// zoned shows tl in the zone the recorded screen shows times in, when
// the model says which (a tui.App's z key changes it).
func (r *recorded) zoned(tl *data.Timeline) *data.Timeline {
	if z, ok := r.m.(interface{ Zone() replay.Zone }); ok {
		return z.Zone().Apply(tl)
	}
	return tl
}

// keySequences are the bytes a terminal sends for the keys that are not
// characters or control characters.
var keySequences = map[tea.KeyType]string{
	tea.KeyUp: "\x1b[A", tea.KeyDown: "\x1b[B", tea.KeyRight: "\x1b[C", tea.KeyLeft: "\x1b[D",
	tea.KeyHome: "\x1b[H", tea.KeyEnd: "\x1b[F", tea.KeyPgUp: "\x1b[5~", tea.KeyPgDown: "\x1b[6~",
	tea.KeyDelete: "\x1b[3~", tea.KeyInsert: "\x1b[2~", tea.KeyShiftTab: "\x1b[Z", tea.KeySpace: " ",
	tea.KeyF1: "\x1bOP", tea.KeyF2: "\x1bOQ", tea.KeyF3: "\x1bOR", tea.KeyF4: "\x1bOS",
}

// KeyBytes returns the bytes a terminal sends for k, as asciinema records
// input: the characters typed, a control character, an escape sequence,
// else the key's name. A pasted text is cleaned of control characters
// first, as the explorer cleans it.
func KeyBytes(k tea.KeyMsg) string {
	var s string
	switch {
	case k.Type == tea.KeyRunes:
		s = string(k.Runes)
		if k.Paste {
			s = data.OneLine(s)
		}
	case k.Type >= 0 && k.Type < 32 || k.Type == tea.KeyBackspace:
		s = string(rune(k.Type))
	case keySequences[k.Type] != "":
		s = keySequences[k.Type]
	default:
		s = k.String()
	}
	if k.Alt && k.Type != tea.KeyEscape {
		s = "\x1b" + s
	}
	return s
}
