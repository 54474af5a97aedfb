// Package cast turns a replay into an asciicast v2 recording for the
// postmortem document: Render drives the explorer's replayer headlessly,
// event by event, and writes each screen it shows with a marker at every
// event and study stop; Record wraps a live program's model so that the
// keys pressed and the same markers go into a recording of its screen.
package cast

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/asciicast"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/replayer"
	"github.com/incidents-dev/incidents/tui/theme"
)

// The bounds of Options; the command line checks its flags against them.
const (
	MinWidth, MaxWidth   = 40, 300
	MinHeight, MaxHeight = 10, 100
	MinSpeed, MaxSpeed   = 1, 3600
	// DefaultWidth, DefaultHeight and DefaultSpeed are the defaults: at
	// 60× an hour of the incident plays in a minute, so a three-hour
	// incident plays in about three (quiet gaps are capped at MaxStep).
	DefaultWidth, DefaultHeight = 120, 40
	DefaultSpeed                = 60
)

// The time between two frames of the recording: the gap between their
// events divided by the speed, but never less than MinStep (a burst of
// events stays readable) nor more than MaxStep (a quiet hour is not dead
// air). StopPause is how long a study stop's question stands before its
// answer; EndHold how long the last frame stands.
const (
	MinStep   = time.Second
	MaxStep   = 8 * time.Second
	StopPause = 6 * time.Second
	EndHold   = 3 * time.Second
)

// Options say what Render records.
type Options struct {
	// ID is the incident to replay.
	ID string
	// Lang is the language of the screens and markers.
	Lang data.Lang
	// Styles colour the screens: build them on a renderer with a fixed
	// colour profile (theme.NewRenderer), so that the recording has colour
	// whatever the output is. The zero value is theme.Plain().
	Styles theme.Styles
	// Width and Height are the terminal's size; 0 means the default.
	Width, Height int
	// Speed divides the incident's time; 0 means DefaultSpeed.
	Speed float64
	// Study replays in study mode: each stop's question, a pause, then
	// its answer.
	Study bool
	// Zone is the zone the screens and markers write times in; the zero
	// value is the source's.
	Zone replay.Zone
}

// Stats describe a rendered recording.
type Stats struct {
	// Frames, Events and Stops count the screens written and the markers
	// of events and of study stops.
	Frames, Events, Stops int
	// Duration is the time of the last event of the file.
	Duration time.Duration
}

// ErrOptions marks options out of their bounds.
var ErrOptions = errors.New("cast: options out of range")

// check fills the defaults of o and checks its bounds.
func (o *Options) check() error {
	if o.Width == 0 && o.Height == 0 {
		o.Width, o.Height = DefaultWidth, DefaultHeight
	}
	if o.Speed == 0 {
		o.Speed = DefaultSpeed
	}
	switch {
	case o.Width < MinWidth || o.Width > MaxWidth || o.Height < MinHeight || o.Height > MaxHeight:
		return fmt.Errorf("%w: size %dx%d", ErrOptions, o.Width, o.Height)
	case math.IsNaN(o.Speed) || o.Speed < MinSpeed || o.Speed > MaxSpeed:
		return fmt.Errorf("%w: speed %v", ErrOptions, o.Speed)
	}
	return nil
}

// Render replays incident o.ID of lib and writes it to w as an asciicast
// v2 file. The file depends on nothing but lib and o: no clock, no
// terminal, the same bytes every time.
func Render(w io.Writer, lib *library.Library, o Options) (Stats, error) {
	if err := o.check(); err != nil {
		return Stats{}, err
	}
	rec, tl, err := lib.Timeline(o.ID)
	if tl == nil {
		return Stats{}, err
	}
	title, _ := rec.Title.Get(o.Lang)
	enc, err := asciicast.NewEncoder(w, asciicast.Header{
		Width: o.Width, Height: o.Height, Title: Label(rec.ID + " · " + title),
		Env: map[string]string{"TERM": "xterm-256color"},
	})
	if err != nil {
		return Stats{}, err
	}
	noTick := func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	d := &driver{
		m:   tui.New(lib, tui.Options{Lang: o.Lang, Styles: o.Styles, Replay: rec.ID, ReplayStudy: o.Study, Tick: noTick, Zone: o.Zone}),
		enc: enc, tl: o.Zone.Apply(tl), lang: o.Lang, speed: o.Speed, marked: -1,
		scr: screen{w: o.Width, h: o.Height},
	}
	d.send(tea.WindowSizeMsg{Width: o.Width, Height: o.Height})
	d.play()
	d.t += EndHold
	_ = enc.Output(d.t, showCursor)
	d.stats.Duration = enc.Last()
	return d.stats, enc.Err()
}

// driver plays the app and writes what it shows.
type driver struct {
	m     tea.Model
	enc   *asciicast.Encoder
	scr   screen
	tl    *data.Timeline
	lang  data.Lang
	speed float64
	// t is the recording's time; marked the last event given a marker.
	t      time.Duration
	marked int
	stats  Stats
}

var (
	keyNext   = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}}
	keyReveal = tea.KeyMsg{Type: tea.KeyEnter}
	keyPause  = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
)

// play steps from the first event to the last: a frame and markers after
// each step, a study stop's question before its answer. The replayer
// plays, as a viewer would watch it, but no tick ever moves it: each step
// is a key.
func (d *driver) play() {
	d.send(keyPause) // playing: the header says so; no tick ever comes
	d.frame()
	// Each event takes one step, each stop two more: the bound only stops
	// a replayer that would never reach its end.
	for range 3*len(d.tl.Events) + 3 {
		mo := d.moment()
		if mo.Study && mo.Asking >= 0 {
			d.stop(mo)
			continue
		}
		d.send(keyNext)
		next := d.moment()
		if next.At.Equal(mo.At) && next.Event == mo.Event && next.Asking == mo.Asking {
			return // the end
		}
		d.t += d.step(next.At.Sub(mo.At))
		d.frame()
	}
}

// stop writes a study stop: its question is on the screen (the replayer
// paused there); a marker, a pause, then the answer, playing on.
func (d *driver) stop(mo replayer.Moment) {
	_ = d.enc.Marker(d.t, StopLabel(mo.Asking, d.tl, mo.At, d.lang))
	d.stats.Stops++
	d.t += StopPause
	d.send(keyReveal)
	d.frame()
}

// step is the recording's time for gap of the incident's.
func (d *driver) step(gap time.Duration) time.Duration {
	s := time.Duration(float64(gap) / d.speed)
	return min(max(s, MinStep), MaxStep).Round(time.Millisecond)
}

func (d *driver) send(msg tea.Msg) { d.m, _ = d.m.Update(msg) }

func (d *driver) moment() replayer.Moment { return d.m.(tui.App).Shared().Moment }

// frame writes the screen as it changed, then a marker for each event it
// shows for the first time (a stop's events once they are revealed).
func (d *driver) frame() {
	if out := d.scr.render(d.m.View()); out != "" {
		_ = d.enc.Output(d.t, out)
		d.stats.Frames++
	}
	mo := d.moment()
	shown := mo.Event
	if mo.Asking >= 0 {
		shown = mo.Event - 1 // the stop's own event is the question
	}
	for d.marked < shown && d.marked+1 < len(d.tl.Events) {
		d.marked++
		_ = d.enc.Marker(d.t, EventLabel(d.tl, d.marked, d.lang))
		d.stats.Events++
	}
}

// Escape sequences of the frames.
const (
	hideCursor = "\x1b[?25l"
	showCursor = "\x1b[0m\x1b[?25h"
	home       = "\x1b[H"
	clear      = "\x1b[2J"
	reset      = "\x1b[0m"
	clearLine  = "\x1b[2K"
)

// screen writes frames as the changes from the last one.
type screen struct {
	w, h int
	prev []string
}

// render returns what redraws the terminal from the last frame to view:
// the whole screen the first time, then only the lines that changed, each
// erased and written again from its first column.
func (s *screen) render(view string) string {
	lines := layout.PadLines(layout.Lines(view), s.w, s.h)
	var b strings.Builder
	if s.prev == nil {
		b.WriteString(hideCursor + reset + home + clear)
		for i, l := range lines {
			if i > 0 {
				b.WriteString("\r\n")
			}
			b.WriteString(l + reset)
		}
	} else {
		for i, l := range lines {
			if l != s.prev[i] {
				fmt.Fprintf(&b, "\x1b[%d;1H%s%s%s%s", i+1, reset, clearLine, l, reset)
			}
		}
	}
	s.prev = lines
	return b.String()
}

// markerWords are the labels of the markers.
var markerWords = i18n.Register("cast", &struct{ stop i18n.Word }{
	stop: i18n.W("stop %d · %s", "학습 질문 %d · %s"),
})

// EventLabel is the marker of event i of tl: its time of day in the
// incident's zone and its title, one line.
func EventLabel(tl *data.Timeline, i int, l data.Lang) string {
	if tl == nil || i < 0 || i >= len(tl.Events) {
		return ""
	}
	e := tl.Events[i]
	title, _ := e.Title.Get(l)
	return Label(e.At.In(tl.Location()).Format("15:04") + " " + title)
}

// StopLabel is the marker of study stop k (from 0), which stops at at.
func StopLabel(k int, tl *data.Timeline, at time.Time, l data.Lang) string {
	loc := time.UTC
	if tl != nil {
		loc = tl.Location()
	}
	return Label(fmt.Sprintf(markerWords.stop.In(l), k+1, at.In(loc).Format("15:04")))
}

// maxLabel bounds a label, in characters: a player shows it on one line.
const maxLabel = 120

// Label makes s a marker's or title's text: sanitised, on one line, its
// runs of spaces folded, at most maxLabel characters.
func Label(s string) string {
	s = data.OneLine(strings.Join(strings.Fields(data.Sanitize(s)), " "))
	if r := []rune(s); len(r) > maxLabel {
		s = string(r[:maxLabel-1]) + "…"
	}
	return s
}
