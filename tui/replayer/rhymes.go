package replayer

import (
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// Rhymes: an event may name moments of other incidents where responders
// faced the same kind of decision. They are listed under the event's
// annotation, which shows once the event is passed (or, in study mode,
// revealed), and enter opens the first one's replay at its moment.

// RhymeMsg asks the root to open Incident's replay at At (sent on enter
// at an event with rhymes); esc on that replay comes back.
type RhymeMsg struct {
	Incident string
	At       time.Time
}

var rhymeWords = i18n.Register("replayer.rhymes", &struct {
	heading, help, text i18n.Word
}{
	heading: i18n.W("Same decision elsewhere (enter opens the first):", "같은 결정을 마주한 다른 사례(enter: 첫 사례 열기):"),
	help:    i18n.W("same decision elsewhere", "다른 사례 보기"),
	text:    i18n.W("Same decision elsewhere:", "같은 결정을 마주한 다른 사례:"),
})

// startRhymes keeps the finder of rhymed timelines and starts the clock at
// Options.Moment when it is set and inside the timeline.
func (m *Model) startRhymes(opts Options) {
	m.timelines = opts.Timelines
	if opts.Moment.IsZero() || m.tl == nil {
		return
	}
	if opts.Moment.Before(m.tl.Start) || opts.Moment.After(m.tl.End) {
		m.notice = fmt.Sprintf("%s is outside the timeline", opts.Moment.Format(time.RFC3339))
		return
	}
	m.clock = m.clock.With(m.clock.SeekFirst(opts.Moment, time.Minute))
}

// rhymeTime writes a rhyme's moment in its incident's zone ("12:47 PDT")
// when that timeline is known, else at its own offset ("12:47 UTC-07").
func (m *Model) rhymeTime(r data.Rhyme) string {
	return rhymeClock(r, zonedFinder(m.timelines, m.zone))
}

// rhymeClock writes r's moment in the zone of its incident's timeline,
// which find finds, or at its own offset.
func rhymeClock(r data.Rhyme, find func(string) (*data.Timeline, bool)) string {
	if find != nil {
		if tl, ok := find(r.Incident); ok && tl != nil {
			return r.At.In(tl.Location()).Format("15:04 MST")
		}
	}
	_, off := r.At.Zone()
	return r.At.Format("15:04 ") + fmt.Sprintf("UTC%+03d", off/3600)
}

// rhymeLines are the lines under an event's annotation that list its
// rhymes: a heading, then "IL-0499 12:47 PDT — why" for each, wrapped to w.
func (m *Model) rhymeLines(e data.Event, w int, p painters) []string {
	if len(e.Rhymes) == 0 || w <= 0 {
		return nil
	}
	lines := []string{""}
	for _, l := range layout.Wrap(rhymeWords.heading.In(m.lang), w) {
		lines = append(lines, p.label.Paint(l))
	}
	for _, r := range e.Rhymes {
		s := "• " + r.Incident + " " + m.rhymeTime(r) + " — " + pick(r.Why, m.lang, " / ")
		for _, l := range layout.Wrap(s, w) {
			lines = append(lines, p.annotation.Paint(l))
		}
	}
	return lines
}

// currentRhymes returns the rhymes of the event drawn as current, if its
// annotation shows: none before the first event or while a study stop asks.
func (m Model) currentRhymes() []data.Rhyme {
	if m.tl == nil || m.study.asking >= 0 {
		return nil
	}
	n := len(m.tl.Events)
	cur := m.clock.Event()
	cur = min(cur, m.study.limit(cur, n)-1)
	if cur < 0 || cur >= n {
		return nil
	}
	return m.tl.Events[cur].Rhymes
}

// enableRhyme turns enter on where the current event has a rhyme to open.
func (m *Model) enableRhyme() {
	k := &m.keys.Rhyme
	k.SetHelp(k.Help().Key, rhymeWords.help.In(m.lang))
	k.SetEnabled(!m.mirrored && m.whatIf == nil && len(m.currentRhymes()) > 0)
}

// jumpRhyme pauses the replay and asks the root to open the current
// event's first rhyme.
func (m Model) jumpRhyme() (Model, tea.Cmd) {
	rs := m.currentRhymes()
	if len(rs) == 0 {
		return m, nil
	}
	r := rs[0]
	if m.clock.Playing() {
		m.clock = m.clock.Pause()
		m.gen++
		m.refresh()
	}
	return m, func() tea.Msg { return RhymeMsg{Incident: r.Incident, At: r.At} }
}

// rhymes prints an event's rhymes under its annotation in RenderText:
// "Same decision elsewhere: IL-0499 12:47 PDT — why", one a paragraph.
func (r *textRenderer) rhymes(e data.Event) {
	for _, rh := range e.Rhymes {
		when := rhymeClock(rh, r.find)
		r.para(rhymeWords.text.In(r.lang)+" "+rh.Incident+" "+when+" — "+pick(rh.Why, r.lang, " / "), 5, r.st.Faint)
	}
}
