package replayer

import (
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/mirror"
)

// A study session keeps what the group said: its answer at each stop, the
// moments it starred and its notes on them. They live as long as the
// replayer, survive study mode going off and on, and end up in the recap
// and the minutes (sheet.go).

// session is what the group said. Its slices are copied on write, so that
// copies of a Model never share a change.
type session struct {
	// answers[k] is the group's answer at stop k ("" for none).
	answers []string
	// marks are the starred moments, in the order starred.
	marks []mark
	// predictions[k] are the meeting's predictions at stop k, with names,
	// once the presenter revealed it (room.go).
	predictions [][]mirror.Prediction
}

// mark is a starred moment: the clock's moment, the event current then
// (-1: before the first) and the group's note.
type mark struct {
	at    time.Time
	event int
	note  string
}

// inputKind is what the one-line input is typing.
type inputKind int

const (
	inputNone inputKind = iota
	inputAnswer
	inputNote
	// inputFind types a query for events, inputJump a time (find.go).
	inputFind
	inputJump
	// inputPredict is a meeting participant's own prediction (room.go).
	inputPredict
)

// maxTyped bounds a typed answer or note, in runes.
const maxTyped = 200

// sessionWords are the session's texts.
var sessionWords = i18n.Register("replayer.session", &struct {
	answer, note, starred, unstarred, noted, answered i18n.Word
	keyAnswer, keyStar, keyNote, answerLabel, star    i18n.Word
}{
	answer:      i18n.W("Group's answer (enter keeps, esc cancels): ", "팀의 답(enter 저장, esc 취소): "),
	note:        i18n.W("Note on this moment (enter keeps, esc cancels): ", "이 시점의 메모(enter 저장, esc 취소): "),
	starred:     i18n.W("Starred %s", "%s에 별표를 달았습니다"),
	unstarred:   i18n.W("Star removed from %s", "%s의 별표를 뺐습니다"),
	noted:       i18n.W("Note kept at %s", "%s에 메모를 남겼습니다"),
	answered:    i18n.W("Answer kept", "답을 저장했습니다"),
	keyAnswer:   i18n.W("answer", "답 입력"),
	keyStar:     i18n.W("star", "별표"),
	keyNote:     i18n.W("note", "메모"),
	answerLabel: i18n.W("Group's answer", "팀의 답"),
	star:        i18n.W("starred", "별표"),
})

// cleanTyped cleans typed text as data is cleaned (data.Sanitize), then
// keeps it to one line of at most maxTyped runes.
func cleanTyped(s string) string {
	s = data.Sanitize(s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxTyped {
		s = string(r[:maxTyped])
	}
	return s
}

// InputFocused reports whether the one-line input (the group's answer or a
// note) is open: it then takes every key but ctrl+c.
func (m Model) InputFocused() bool { return m.typing != inputNone || m.room.pointing }

// openInput opens the one-line input for kind, holding what was typed
// before for the same answer or note.
func (m Model) openInput(kind inputKind) (Model, tea.Cmd) {
	in := textinput.New()
	in.CharLimit = maxTyped
	in.Prompt = ""
	m.typing = kind
	in.Width = max(1, m.width-lipgloss.Width(m.inputLabel())-1) // the cursor takes a cell
	switch kind {
	case inputAnswer:
		if k := m.study.asking; k >= 0 && k < len(m.sess.answers) {
			in.SetValue(m.sess.answers[k])
		}
	case inputNote:
		if i := m.markAt(m.clock.Now()); i >= 0 {
			in.SetValue(m.sess.marks[i].note)
		}
	case inputFind:
		in.SetValue(m.find.query)
	case inputPredict:
		if k := m.study.asking; k >= 0 && k < len(m.room.mine) {
			in.SetValue(m.room.mine[k])
		}
	case inputNone, inputJump:
	}
	in.CursorEnd()
	m.gen++ // typing pauses playback: a tick in flight is dropped
	m.clock = m.clock.Pause()
	cmd := in.Focus()
	m.input = in
	m.refresh()
	return m, cmd
}

// updateInput gives a key to the open input: enter keeps the text, esc
// drops it.
func (m Model) updateInput(msg tea.KeyMsg) (Model, tea.Cmd) {
	switch msg.Type {
	case tea.KeyEsc:
		m.typing = inputNone
		m.refresh()
		return m, nil
	case tea.KeyEnter:
		text := cleanTyped(m.input.Value())
		kind := m.typing
		m.typing = inputNone
		switch kind {
		case inputAnswer:
			m = m.keepAnswer(text)
		case inputNote:
			m = m.keepNote(text)
		case inputFind:
			return m.runFind(text)
		case inputJump:
			return m.runJump(text)
		case inputPredict:
			m = m.keepPrediction(text)
		case inputNone:
		}
		m.refresh()
		return m, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	// What is typed is drawn as it is typed: it is cleaned as data is, at
	// once, not only when kept.
	if v := m.input.Value(); data.Sanitize(v) != v {
		m.input.SetValue(data.Sanitize(v))
	}
	return m, cmd
}

// keepAnswer keeps text as the group's answer at the asking stop.
func (m Model) keepAnswer(text string) Model {
	k := m.study.asking
	if k < 0 {
		return m
	}
	a := make([]string, max(len(m.sess.answers), len(m.study.stops)))
	copy(a, m.sess.answers)
	a[k] = text
	m.sess.answers = a
	m.notice = sessionWords.answered.In(m.lang)
	return m
}

// markAt returns the mark of t's minute, or -1.
func (m Model) markAt(t time.Time) int {
	for i, mk := range m.sess.marks {
		if mk.at.Truncate(time.Minute).Equal(t.Truncate(time.Minute)) {
			return i
		}
	}
	return -1
}

// toggleStar stars the current moment, or takes the star off a moment
// starred without a note.
func (m Model) toggleStar() (Model, tea.Cmd) {
	now := m.clock.Now()
	when := clockText(m.tl, now, false)
	marks := append([]mark(nil), m.sess.marks...)
	if i := m.markAt(now); i >= 0 {
		if marks[i].note == "" {
			m.sess.marks = append(marks[:i], marks[i+1:]...)
			m.notice = strings.ReplaceAll(sessionWords.unstarred.In(m.lang), "%s", when)
		}
		return m, nil
	}
	m.sess.marks = append(marks, mark{at: now, event: m.markEvent()})
	m.notice = strings.ReplaceAll(sessionWords.starred.In(m.lang), "%s", when)
	return m, nil
}

// keepNote keeps text as the note of the current moment, starring it.
func (m Model) keepNote(text string) Model {
	now := m.clock.Now()
	marks := append([]mark(nil), m.sess.marks...)
	i := m.markAt(now)
	if i < 0 {
		if text == "" {
			return m
		}
		marks = append(marks, mark{at: now, event: m.markEvent()})
		i = len(marks) - 1
	}
	marks[i].note = text
	m.sess.marks = marks
	m.notice = strings.ReplaceAll(sessionWords.noted.In(m.lang), "%s", clockText(m.tl, now, false))
	return m
}

// answerBeside is the group's answer to shown beside event i, the first of
// a stop already revealed ("Group's answer: …"), or "".
func (m Model) answerBeside(i int) string {
	if !m.study.on || m.study.asking >= 0 && m.study.stops[m.study.asking].First <= i {
		return ""
	}
	k := m.study.stopAt(i)
	if k < 0 || k >= len(m.sess.answers) || m.sess.answers[k] == "" {
		return ""
	}
	return sessionWords.answerLabel.In(m.lang) + ": " + m.sess.answers[k]
}

// markEvent is the event a mark of the current moment names: at a stop
// that asks, its decision (what the group was discussing; the minutes are
// read after it is revealed), else the current event.
func (m Model) markEvent() int {
	if k := m.study.asking; k >= 0 {
		return m.study.stops[k].First
	}
	return m.frame().event
}

// inputLine is the open input's row: its label and the text typed.
func (m Model) inputLine() string { return m.inputLabel() + m.input.View() }

// inputLabel says what the open input is for.
func (m Model) inputLabel() string {
	switch m.typing {
	case inputNote:
		return sessionWords.note.In(m.lang)
	case inputFind:
		return findWords.findLabel.In(m.lang)
	case inputJump:
		return findWords.jumpLabel.In(m.lang)
	case inputNone, inputAnswer:
	}
	if m.typing == inputPredict {
		return roomWords.predictLabel.In(m.lang)
	}
	return sessionWords.answer.In(m.lang)
}

// sessionKeys enables the session's keys: star and note wherever there is
// a timeline, the answer at a stop that asks.
func (m *Model) sessionKeys() {
	has := m.tl != nil
	k := &m.keys
	set := func(b *key.Binding, w i18n.Word) { i18n.SetHelp(b, b.Help().Key, w, m.lang) }
	set(&k.Answer, sessionWords.keyAnswer)
	set(&k.Star, sessionWords.keyStar)
	set(&k.Note, sessionWords.keyNote)
	k.Star.SetEnabled(has)
	k.Note.SetEnabled(has)
	k.Answer.SetEnabled(has && m.study.on && m.study.asking >= 0 && !m.mirrored)
}
