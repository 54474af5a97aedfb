// Package replayer is the replay screen: it plays an incident's timeline
// minute by minute, with a stage bar, metric sparklines, the event list and
// the current event's annotation. RenderText prints the same timeline as
// plain text for `incidents timeline`.
package replayer

import (
	"io"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/heatmap"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/whatif"
)

// tickEvery is the wall time between playback ticks. Each tick moves the
// clock by tickEvery × speed, so 600× moves one minute per tick.
const tickEvery = 100 * time.Millisecond

// Options configure a replayer.
type Options struct {
	// Lang is the reader's language.
	Lang data.Lang
	// Styles are the interface styles (theme.Plain() for monochrome).
	Styles theme.Styles
	// At is an optional start moment "HH:MM" in the timeline's zone. An
	// invalid or out-of-span value starts at the beginning and shows why.
	At string
	// Speed is the playback speed, one of replay.Speeds; 0 means 60×.
	Speed int
	// Dwell is the wall time playback rests on each event at 60× and
	// slower; 0 means DefaultDwell, a negative value none.
	Dwell time.Duration
	// Study starts in study mode; Present in presenter mode.
	Study, Present bool
	// Clipboard receives the OSC 52 sequence of `y`; nil means standard
	// output, the terminal the program draws on.
	Clipboard io.Writer
	// Tick schedules playback ticks and the overlay's timeouts; nil is
	// tea.Tick.
	Tick func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	// Moment, when not zero, starts the replay at this moment (a rhyme's,
	// see RhymeMsg) rather than at At.
	Moment time.Time
	// Timelines finds another incident's timeline by id, to write a
	// rhyme's time in that incident's zone; nil writes its offset.
	Timelines func(id string) (*data.Timeline, bool)
	// Zone is the zone times are shown in (replay.ParseZone); the zero
	// value is the source's. At stays in the source's zone.
	Zone replay.Zone
	// Now reads the wall clock for presenter mode's meeting clock; nil is
	// time.Now. Until is when the meeting ends: the clock then counts down
	// to it; zero counts the time since the replayer opened.
	Now   func() time.Time
	Until time.Time
}

// DefaultDwell is how long playback rests on each event: long enough to
// read a title, short enough that a stage of nine events plays in half a
// minute.
const DefaultDwell = 3 * time.Second

// BackMsg asks the root to leave the replayer (sent on esc).
type BackMsg struct{}

// tickMsg moves a playing clock. gen drops ticks scheduled before a
// pause, seek or speed change. The root addresses each screen's results to
// it, so one replayer never sees another's ticks.
type tickMsg struct {
	gen int
}

// Model is the replay screen of one incident.
type Model struct {
	rec *data.Record
	// tl is the timeline shown in zone (zone.go); src is it as loaded.
	tl, src *data.Timeline
	zone    replay.Zone
	lang    data.Lang
	styles  theme.Styles
	keys    KeyMap

	clock    replay.Clock
	gen      int
	schedule func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	focused  bool
	notice   string // a problem to show in the header, such as a bad --at
	// mirrored is set while the moments come from someone else (a
	// follower in a meeting): keys such as enter at a study stop are theirs.
	mirrored bool
	// hyp is the what-if timeline whose series are drawn under the originals.
	hyp *data.Timeline
	// heatmap shows the per-instance heatmap (heat) in place of the
	// sparklines.
	heatmap bool
	heat    heatmap.Model
	// whatIf is the open what-if panel, or nil; whatIfKept is the panel as
	// it was last closed, reopened as it was.
	whatIf, whatIfKept *whatif.Model
	// study is study mode's state; present turns presenter mode on.
	study   study
	present bool
	// overlay shows the last keys pressed (presenter mode).
	overlay overlay
	// noteOff is how far the annotation is scrolled; noteEvent the event
	// it was scrolled on (another event starts at the top).
	noteOff, noteEvent int
	clip               io.Writer
	// timelines finds the timelines rhymes name (Options.Timelines).
	timelines func(id string) (*data.Timeline, bool)
	// sess is what the group said (session.go); typing the one-line input
	// open for it, if any.
	sess   session
	typing inputKind
	input  textinput.Model
	// find is the query of `/` (find.go).
	find finder
	// skipText is the notice of the last quiet stretch skipped (skip.go).
	skipText string
	// meet is presenter mode's meeting clock (meeting.go).
	meet meeting
	// room is the replayer's part in a served meeting (room.go).
	room roomState

	width, height int
	cache         *frameCache
}

// New returns the replayer of rec's timeline tl, paused at opts.At or at the
// start. tl may be nil: the screen then says the incident has no timeline.
func New(rec *data.Record, tl *data.Timeline, opts Options) Model {
	m := Model{
		rec:      rec,
		tl:       opts.Zone.Apply(tl),
		src:      tl,
		zone:     opts.Zone,
		lang:     opts.Lang,
		styles:   opts.Styles,
		keys:     DefaultKeyMap(),
		clock:    replay.NewClock(tl, opts.Speed),
		schedule: opts.Tick,
		focused:  true,
		present:  opts.Present,
		overlay:  overlay{on: opts.Present},
		study:    study{asking: -1, revealed: -1},
		room:     roomState{predStop: -1},
		clip:     opts.Clipboard,
	}
	m.heat = heatmap.New(m.tl, opts.Lang, opts.Styles)
	m.meet.now = opts.Now
	if m.meet.now == nil {
		m.meet.now = time.Now
	}
	m.meet.opened = m.meet.now()
	m.meet.wall, m.meet.until = m.meet.opened, opts.Until
	dwell := opts.Dwell
	if dwell == 0 {
		dwell = DefaultDwell
	}
	m.clock = m.clock.WithDwell(dwell)
	if opts.At != "" && tl != nil {
		at, err := replay.ParseAt(tl, opts.At) // as the flag says: in the source's zone
		if err != nil {
			m.notice = err.Error()
		} else {
			m.clock = m.clock.With(m.clock.SeekFirst(at, time.Minute))
		}
	}
	m.startRhymes(opts)
	if opts.Study && tl != nil {
		m.study = newStudy(m.tl)
		m.clock = m.clock.WithStops(m.study.firsts())
		if opts.At != "" && m.notice == "" {
			m.resumeAt(m.clock.Now())
		}
		m.study.arrive(m.clock)
	}
	m.noteEvent = m.clock.Event()
	m.rebuild()
	return m
}

// Init starts the ticks when the replayer is playing, and does nothing
// otherwise (a new replayer starts paused).
func (m Model) Init() tea.Cmd {
	var cmds []tea.Cmd
	if m.clock.Playing() {
		cmds = append(cmds, m.tick())
	}
	if m.present {
		cmds = append(cmds, m.meetTick())
	}
	return tea.Batch(cmds...)
}

// SetSize sets the size of the screen area the replayer draws in.
func (m *Model) SetSize(w, h int) {
	w, h = max(w, 0), max(h, 0)
	if w == m.width && h == m.height && m.cache != nil {
		return
	}
	m.width, m.height = w, h
	m.rebuild()
}

// SetLang switches the language of labels, titles and annotations.
func (m *Model) SetLang(l data.Lang) {
	m.lang = l
	if m.whatIf != nil { // an open panel follows, with its values and results
		w := *m.whatIf
		w.SetLang(l)
		m.whatIf = &w
	}
	m.rebuild()
}

// Focus lets the replayer take keys.
func (m *Model) Focus() { m.focused = true }

// Blur stops the replayer taking keys (playback goes on).
func (m *Model) Blur() { m.focused = false }

// Focused reports whether the replayer takes keys.
func (m Model) Focused() bool { return m.focused }

// ShortHelp returns the enabled bindings for the hint bar (the what-if
// panel's while it is open).
func (m Model) ShortHelp() []key.Binding {
	if m.whatIf != nil {
		return fitShort(m.whatIfKeys(), m.width, m.lang)
	}
	return fitShort(m.keys.ShortHelp(), m.width, m.lang)
}

// FullHelp returns the bindings for the full help.
func (m Model) FullHelp() [][]key.Binding {
	if m.whatIf != nil {
		return fitFull(m.whatIf.FullHelp(), m.width, m.lang)
	}
	return fitFull(m.keys.FullHelp(), m.width, m.lang)
}

// HideHelp reports whether the hint bar should be hidden: presenter mode
// keeps the shared screen to the replay itself.
// It asks for one row less than presenter mode needs, the row the hint
// bar gives back.
func (m Model) HideHelp() bool {
	return m.present && m.tl != nil && m.width >= presentMinW && m.height >= presentMinH-1
}

// setHypothetical draws the series of hyp (a what-if run of the same
// timeline) under the originals, on their scale; nil removes them.
func (m *Model) setHypothetical(hyp *data.Timeline) {
	m.hyp = m.zone.Apply(hyp)
	m.rebuild()
}

// Playing reports whether the replayer is playing.
func (m Model) Playing() bool { return m.clock.Playing() }

// Now returns the replayer's current moment.
func (m Model) Now() time.Time { return m.clock.Now() }

func (m Model) tick() tea.Cmd {
	gen := m.gen
	return m.after(tickEvery, func(time.Time) tea.Msg { return tickMsg{gen: gen} })
}

// after schedules fn's message d from now, through Options.Tick.
func (m Model) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	if m.schedule == nil {
		return tea.Tick(d, fn)
	}
	return m.schedule(d, fn)
}

// Update handles keys and playback ticks.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tickMsg:
		return m.onTick(msg)
	case whatif.AppliedMsg, whatif.ClosedMsg, whatif.HeatmapMsg:
		return m.onWhatIf(msg)
	case whatif.SensitivityMsg:
		return m.onSensitivity(msg)
	case meetTickMsg:
		return m.onMeetTick(msg)
	case overlayExpiredMsg:
		m.overlay = m.overlay.expire(msg.seq)
		return m, nil
	case tea.KeyMsg:
		if !m.focused {
			return m, nil
		}
		if m.typing != inputNone {
			return m.updateInput(msg)
		}
		if m.room.pointing {
			return m.pointKey(msg)
		}
		if m.whatIf != nil {
			return m.updateWhatIf(msg)
		}
		m, ocmd := m.recordKey(msg)
		m, cmd := m.onKey(msg)
		return m, tea.Batch(cmd, ocmd)
	}
	return m, nil
}

func (m Model) onTick(msg tickMsg) (Model, tea.Cmd) {
	if msg.gen != m.gen || !m.clock.Playing() {
		return m, nil // scheduled before a pause, seek or speed change
	}
	before := m.clock.Event()
	c, skipped := skipQuiet(m.clock)
	m.clock = m.clock.Guard(c.Advance(tickEvery))
	m.onSkip(before, skipped)
	m.settle()
	m.refresh()
	if !m.clock.Playing() {
		return m, nil // reached the end
	}
	return m, m.tick()
}

func (m Model) onKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.keys
	if m.tl != nil && !m.mirrored {
		if m, cmd, ok := m.findKey(msg); ok {
			return m, cmd
		}
	}
	switch {
	case key.Matches(msg, k.Esc):
		return m, func() tea.Msg { return BackMsg{} }
	case m.tl == nil:
		return m, nil
	}
	if r, cmd, ok := m.roomKey(msg); ok {
		return r, cmd
	}
	switch {
	case key.Matches(msg, k.Copy):
		return m.copyMoment()
	case key.Matches(msg, k.Star):
		return m.toggleStar()
	case key.Matches(msg, k.Note):
		return m.openInput(inputNote)
	case key.Matches(msg, k.Answer) && m.keys.Answer.Enabled():
		return m.openInput(inputAnswer)
	case key.Matches(msg, k.Study):
		return m.toggleStudy()
	case key.Matches(msg, k.Present):
		m.present = !m.present
		m.overlay.on = m.present
		m.rebuild()
		if m.present {
			return m, m.startMeeting()
		}
		return m, nil
	case key.Matches(msg, k.Overlay):
		m.overlay.on = !m.overlay.on
		m.rebuild()
		return m, nil
	case key.Matches(msg, k.NoteDown):
		m.noteOff = m.clampNote(m.noteOff + max(1, m.notePage()))
		return m, nil
	case key.Matches(msg, k.NoteUp):
		m.noteOff = m.clampNote(m.noteOff - max(1, m.notePage()))
		return m, nil
	case key.Matches(msg, k.Heatmap):
		return m.toggleHeatmap()
	case key.Matches(msg, k.WhatIf):
		return m.openWhatIf()
	case key.Matches(msg, k.Rhyme):
		return m.jumpRhyme()
	case m.study.on:
		return m.studyKey(msg)
	}
	return m.moveKey(msg)
}

// moveKey handles the keys that move the clock.
func (m Model) moveKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.keys
	c := m.clock
	switch {
	case key.Matches(msg, k.Play):
		c = c.Toggle()
	case key.Matches(msg, k.Next):
		cur, _ := c.Next()
		c = c.With(cur)
	case key.Matches(msg, k.Prev):
		cur, _ := c.Prev()
		c = c.With(cur)
	case key.Matches(msg, k.Forward):
		c = c.With(c.Step(time.Minute))
	case key.Matches(msg, k.Back):
		c = c.With(c.Step(-time.Minute))
	case key.Matches(msg, k.Faster):
		c, _ = c.Faster()
	case key.Matches(msg, k.Slower):
		c, _ = c.Slower()
	case key.Matches(msg, k.Start):
		c = c.With(c.ToStart())
	case key.Matches(msg, k.End):
		c = c.With(c.ToEnd())
	case key.Matches(msg, k.Stage) && len(msg.Runes) == 1:
		cur, _ := c.JumpStage(int(msg.Runes[0] - '1'))
		c = c.With(cur)
	default:
		return m, nil
	}
	return m.setClock(c)
}

// setClock installs a moved clock: any change bumps the tick generation, so
// a tick already in flight is dropped and playback restarts from here.
// Every move of the clock, by a key or a tick (onTick), goes through the
// clock's Guard: in study mode none carries the cursor past a stop, which
// then asks (settle).
func (m Model) setClock(c replay.Clock) (Model, tea.Cmd) {
	c = m.clock.Guard(c)
	if c == m.clock {
		return m, nil
	}
	m.clock = c
	m.gen++
	m.notice = ""
	m.settle()
	m.refresh()
	if m.clock.Playing() {
		return m, m.tick()
	}
	return m, nil
}

// settle updates what follows a move of the clock: a study stop reached
// starts asking, and another current event shows its annotation from the
// top.
func (m *Model) settle() {
	m.study.arrive(m.clock)
	if e := m.clock.Event(); e != m.noteEvent {
		m.noteEvent, m.noteOff = e, 0
	}
}
