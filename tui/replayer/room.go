package replayer

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/mirror"
	"github.com/incidents-dev/incidents/tui/widget"
)

// A replayer in a served meeting takes part in the room (mirror.Roomer):
// at a study stop each participant types a prediction that nobody else
// sees until the presenter reveals the stop; the presenter sees how many
// have answered. Anyone the presenter lets can point at an event, a
// sparkline's minute or a heatmap cell, and every screen shows the same
// thing in its own layout and language. A participant raises a hand; the
// presenter sees it in the room line until acknowledging it.

// roomState is the replayer's part in a meeting. Its slices are copied on
// write, like the session's.
type roomState struct {
	// in says a board has arrived: the replayer is in a meeting.
	in    bool
	board mirror.Board
	// mine[k] is this participant's prediction at stop k; predStop the
	// stop of the last one kept (-1: none).
	mine     []string
	predStop int
	// hand, ack and point count the key presses (mirror.Contribution).
	hand, ack, point int
	// pointer is this screen's own pointer; pointing says the pointer
	// keys have the focus.
	pointer  mirror.Pointer
	pointing bool
	letPoint bool
}

// roomWords are the meeting's texts in the replayer.
var roomWords = i18n.Register("replayer.room", &struct {
	predictLabel, predicted, keyPredict, keyHand, keyAck, keyPoint, keyLet i18n.Word
	answeredOf, yours, predictHint, hands, handUp, presenter, hidden       i18n.Word
	predictions, pointing, letOn, letOff, at                               i18n.Word
}{
	predictLabel: i18n.W("Your prediction (nobody sees it before the reveal; enter keeps, esc cancels): ", "내 예측(공개 전에는 아무도 보지 못합니다. enter 저장, esc 취소): "),
	predicted:    i18n.W("Prediction kept: everyone sees it at the reveal", "예측을 저장했습니다. 공개할 때 모두에게 보입니다"),
	keyPredict:   i18n.W("predict", "예측"),
	keyHand:      i18n.W("raise hand", "손 들기"),
	keyAck:       i18n.W("hands seen", "손 확인"),
	keyPoint:     i18n.W("point", "가리키기"),
	keyLet:       i18n.W("let others point", "참여자 가리키기 허용"),
	answeredOf:   i18n.W("predictions: %d of %d in", "예측 %d/%d명 제출"),
	yours:        i18n.W("your prediction: ", "내 예측: "),
	predictHint:  i18n.W("a to predict", "a: 예측 입력"),
	hands:        i18n.W("hands up: %s · H acknowledges", "손 든 사람: %s · H: 확인"),
	handUp:       i18n.W("your hand is up", "손을 들었습니다"),
	presenter:    i18n.W("presenter", "발표자"),
	hidden:       i18n.W("an event not shown yet", "아직 보이지 않는 이벤트"),
	predictions:  i18n.W("Predictions", "예측"),
	pointing:     i18n.W("pointing: ↑↓ ←→ move · tab event/series · enter keeps · esc clears", "가리키기: ↑↓ ←→ 이동 · tab: 이벤트/지표 · enter: 유지 · esc: 지우기"),
	letOn:        i18n.W("participants may point", "참여자도 가리킬 수 있습니다"),
	letOff:       i18n.W("only the presenter points", "발표자만 가리킵니다"),
	at:           i18n.W("%s at %s", "%s · %s"),
})

// SetBoard gives the replayer the room's latest board: the count of
// predictions, the predictions of a stop revealed (kept for the minutes),
// the pointer and the hands.
func (m *Model) SetBoard(b mirror.Board) {
	first := !m.room.in
	m.room.in, m.room.board = true, b
	if m.tl != nil && b.Incident == m.incident() && b.Revealed >= 0 && b.Revealed < len(replay.Stops(m.tl)) {
		p := make([][]mirror.Prediction, max(len(m.sess.predictions), b.Revealed+1))
		copy(p, m.sess.predictions)
		p[b.Revealed] = append([]mirror.Prediction(nil), b.Predictions...)
		m.sess.predictions = p
	}
	if first {
		m.rebuild() // the room line takes a row
		return
	}
	m.refresh()
}

// incident is the id of the incident replayed.
func (m Model) incident() string {
	switch {
	case m.rec != nil:
		return m.rec.ID
	case m.tl != nil:
		return m.tl.Incident
	}
	return ""
}

// Contribution returns what the replayer gives the room.
func (m Model) Contribution() mirror.Contribution {
	c := mirror.Contribution{Incident: m.incident(), Stop: m.room.predStop, Hand: m.room.hand,
		Point: m.room.point, Pointer: m.room.pointer, Ack: m.room.ack, LetPoint: m.room.letPoint}
	if k := m.room.predStop; k >= 0 && k < len(m.room.mine) {
		c.Prediction = m.room.mine[k]
	}
	return c
}

// leads says this screen is the meeting's presenter's.
func (m Model) leads() bool { return m.room.board.Presenting }

// roomKeys enables the meeting's keys.
func (m *Model) roomKeys() {
	k := &m.keys
	set := func(b *key.Binding, w i18n.Word) { i18n.SetHelp(b, b.Help().Key, w, m.lang) }
	in := m.room.in && m.tl != nil
	pres := in && m.leads()
	set(&k.Point, roomWords.keyPoint)
	set(&k.Let, roomWords.keyLet)
	set(&k.Hand, roomWords.keyHand)
	if pres {
		set(&k.Hand, roomWords.keyAck)
	}
	k.Point.SetEnabled(in && (pres || m.room.board.LetPoint))
	k.Let.SetEnabled(pres)
	k.Hand.SetEnabled(in && (!pres || len(m.room.board.Hands) > 0))
	if in && !pres && m.study.on && m.study.asking >= 0 {
		k.Answer.SetEnabled(true)
		set(&k.Answer, roomWords.keyPredict)
	}
}

// predicting says `a` types this participant's own prediction.
func (m Model) predicting() bool { return m.room.in && !m.leads() }

// roomKey handles the meeting's keys; ok is false for the others.
func (m Model) roomKey(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	k := m.keys
	switch {
	case !m.room.in:
		return m, nil, false
	case key.Matches(msg, k.Answer) && k.Answer.Enabled() && m.predicting():
		m, cmd := m.openInput(inputPredict)
		return m, cmd, true
	case key.Matches(msg, k.Hand) && k.Hand.Enabled():
		if m.leads() {
			m.room.ack++
		} else {
			m.room.hand++
			m.notice = roomWords.handUp.In(m.lang)
		}
		m.refresh()
		return m, nil, true
	case key.Matches(msg, k.Let) && k.Let.Enabled():
		m.room.letPoint = !m.room.letPoint
		m.notice = roomWords.letOff.In(m.lang)
		if m.room.letPoint {
			m.notice = roomWords.letOn.In(m.lang)
		}
		m.refresh()
		return m, nil, true
	case key.Matches(msg, k.Point) && k.Point.Enabled():
		m.room.pointing = true
		if m.room.pointer.On == mirror.Nothing || m.room.pointer.On == mirror.Cell != m.heatmap {
			m.room.pointer = m.startPointer()
		}
		m.room.point++
		m.refresh()
		return m, nil, true
	}
	return m, nil, false
}

// keepPrediction keeps text as this participant's prediction at the stop
// that asks.
func (m Model) keepPrediction(text string) Model {
	k := m.study.asking
	if k < 0 || text == "" {
		return m
	}
	mine := make([]string, max(len(m.room.mine), k+1))
	copy(mine, m.room.mine)
	mine[k] = text
	m.room.mine, m.room.predStop = mine, k
	m.notice = roomWords.predicted.In(m.lang)
	return m
}

// startPointer is where pointing starts: the heatmap's first instance at
// the current minute when the heatmap is shown, else the current event.
func (m Model) startPointer() mirror.Pointer {
	now := m.clock.Now().Truncate(time.Minute)
	if m.heatmap {
		return mirror.Pointer{On: mirror.Cell, At: now}
	}
	return mirror.Pointer{On: mirror.Event, Event: max(0, m.clock.Event())}
}

// pointKey moves the pointer while pointing: ↑↓ to another event, series
// or instance, ←→ a minute (or an event) back and forth, tab between an
// event and a sparkline's minute, enter keeps it, esc takes it away.
func (m Model) pointKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	p := m.room.pointer
	f := m.frame()
	switch msg.String() {
	case "esc":
		p = mirror.Pointer{}
		m.room.pointing = false
	case "enter", ".":
		m.room.pointing = false
	case "tab":
		switch {
		case p.On == mirror.Event && len(m.cache.sparks) > 0:
			p = mirror.Pointer{On: mirror.Column, Series: m.cache.sparks[0].series.Name, At: m.clock.Now().Truncate(time.Minute)}
		case p.On == mirror.Column:
			p = mirror.Pointer{On: mirror.Event, Event: max(0, m.clock.Event())}
		}
	case "up", "k":
		p = m.stepPointer(p, -1, 0, f.limit)
	case "down", "j":
		p = m.stepPointer(p, 1, 0, f.limit)
	case "left", "h":
		p = m.stepPointer(p, 0, -1, f.limit)
	case "right", "l":
		p = m.stepPointer(p, 0, 1, f.limit)
	default:
		return m, nil
	}
	if p != m.room.pointer {
		m.room.pointer = p
		m.room.point++
	}
	m.refresh()
	return m, nil
}

// stepPointer moves p by dy things and dx minutes, within what the screen
// may show (limit events; in study mode, no minute after the cursor).
func (m Model) stepPointer(p mirror.Pointer, dy, dx, limit int) mirror.Pointer {
	last := m.clock.End()
	if m.study.on {
		last = m.clock.Now()
	}
	minute := func(t time.Time) time.Time {
		t = t.Add(time.Duration(dx) * time.Minute)
		return maxTime(m.clock.Start().Truncate(time.Minute), minTime(t, last))
	}
	switch p.On {
	case mirror.Event:
		p.Event = min(max(0, p.Event+dy+dx), max(0, limit-1))
	case mirror.Column:
		names := make([]string, len(m.cache.sparks))
		i := 0
		for j, e := range m.cache.sparks {
			names[j] = e.series.Name
			if e.series.Name == p.Series {
				i = j
			}
		}
		if len(names) > 0 {
			p.Series = names[min(max(0, i+dy), len(names)-1)]
		}
		p.At = minute(p.At)
	case mirror.Cell:
		p.Row = min(max(0, p.Row+dy), max(0, len(instances(m.tl))-1))
		p.At = minute(p.At)
	case mirror.Nothing:
	}
	return p
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// instances are the names of the heatmap's rows, in its order.
func instances(tl *data.Timeline) []string {
	if tl == nil {
		return nil
	}
	var out []string
	for _, s := range tl.Series {
		if s.Group == replay.GroupInstance {
			out = append(out, s.Instance)
		}
	}
	return out
}

// shownPointer is the pointer this screen draws: its own while pointing,
// else the room's.
func (m Model) shownPointer() (mirror.Pointer, string) {
	if m.room.pointing {
		return m.room.pointer, ""
	}
	return m.room.board.Pointer, m.room.board.PointedBy
}

// pointerText says what is pointed at in the reader's language, or "".
func (m Model) pointerText(limit int) string {
	p, by := m.shownPointer()
	if m.tl == nil || p.On == mirror.Nothing {
		return ""
	}
	if by == "" {
		by = roomWords.presenter.In(m.lang)
	}
	var what string
	switch p.On {
	case mirror.Event:
		if p.Event < 0 || p.Event >= len(m.tl.Events) {
			return ""
		}
		what = roomWords.hidden.In(m.lang)
		if p.Event < limit {
			e := m.tl.Events[p.Event]
			what = clockText(m.tl, e.At, false) + " · " + pick(e.Title, m.lang, " / ")
		}
	case mirror.Column:
		name := p.Series
		for _, s := range m.tl.Series {
			if s.Name == p.Series {
				name = pick(s.Label, m.lang, " / ")
			}
		}
		what = fmt.Sprintf(roomWords.at.In(m.lang), name, clockText(m.tl, p.At, false))
	case mirror.Cell:
		in := instances(m.tl)
		if p.Row < 0 || p.Row >= len(in) {
			return ""
		}
		what = fmt.Sprintf(roomWords.at.In(m.lang), in[p.Row], clockText(m.tl, p.At, false))
	case mirror.Nothing:
	}
	return "➤ " + by + ": " + what
}

// roomLine is the meeting's row under the header: the raised hands (to the
// presenter), the predictions at a stop that asks (how many to the
// presenter, one's own to a participant) and what is pointed at.
func (m Model) roomLine(f frame) string {
	b := m.room.board
	var parts []string
	if m.room.pointing {
		parts = append(parts, roomWords.pointing.In(m.lang))
	}
	if m.leads() && len(b.Hands) > 0 {
		parts = append(parts, fmt.Sprintf(roomWords.hands.In(m.lang), strings.Join(b.Hands, ", ")))
	}
	if k := m.study.asking; m.study.on && k >= 0 {
		switch {
		case m.leads():
			parts = append(parts, fmt.Sprintf(roomWords.answeredOf.In(m.lang), b.Answered, b.People))
		case k < len(m.room.mine) && m.room.mine[k] != "":
			parts = append(parts, roomWords.yours.In(m.lang)+m.room.mine[k])
		default:
			parts = append(parts, roomWords.predictHint.In(m.lang))
		}
	}
	if t := m.pointerText(f.limit); t != "" {
		parts = append(parts, t)
	}
	return m.cache.p.value.Paint(layout.Fit(strings.Join(parts, " · "), m.width))
}

// predictionsBeside are the lines, w cells wide, shown above event i's
// annotation when i belongs to a stop revealed in the meeting: everyone's
// prediction, with names. None while that stop still asks.
func (m Model) predictionsBeside(i, w int) []string {
	if !m.study.on {
		return nil
	}
	for k, st := range m.study.stops {
		if i < st.First || i > st.Last || k >= len(m.sess.predictions) || len(m.sess.predictions[k]) == 0 {
			continue
		}
		if m.study.asking >= 0 && m.study.asking <= k {
			return nil
		}
		out := []string{roomWords.predictions.In(m.lang) + ":"}
		for _, p := range m.sess.predictions[k] {
			out = append(out, layout.Wrap("• "+p.Name+": "+p.Text, w)...)
		}
		return out
	}
	return nil
}

// roomText is the room line's text for presenter mode's last row, or "".
func (m Model) roomText(f frame) string {
	if !m.room.in {
		return ""
	}
	return ansi.Strip(m.roomLine(f))
}

// markPointed marks the pointed event's row in rows (a copy) with ➤.
func (m Model) markPointed(rows [][3]string) [][3]string {
	p, _ := m.shownPointer()
	if p.On != mirror.Event || p.Event < 0 || p.Event >= len(rows) {
		return rows
	}
	out := append([][3]string(nil), rows...)
	for v := range out[p.Event] {
		out[p.Event][v] = "➤ " + ansi.TruncateLeft(out[p.Event][v], 2, "")
	}
	return out
}

// markColumn puts ➤ in the axis row at the pointed minute of a sparkline.
func (m Model) markColumn(row string) string {
	p, _ := m.shownPointer()
	if p.On != mirror.Column || m.width < 2 {
		return row
	}
	c := widget.Column(m.clock.Start(), m.clock.End(), p.At, m.width)
	if c < 0 || c >= m.width {
		return row
	}
	return ansi.Truncate(row, c, "") + m.cache.p.marker.Paint("➤") + ansi.TruncateLeft(row, c+1, "")
}

// markCell marks the pointed instance's row of the heatmap with ➤ in its
// gutter (the row's first cell, a mark or a space).
func (m Model) markCell(lines []string) []string {
	p, _ := m.shownPointer()
	in := instances(m.tl)
	if p.On != mirror.Cell || p.Row < 0 || p.Row >= len(in) {
		return lines
	}
	for i, l := range lines {
		s := ansi.Strip(l)
		if len(s) > 2 && s[1] == ' ' && s[0] < 0x80 && strings.HasPrefix(s[2:], in[p.Row]+" ") {
			out := append([]string(nil), lines...)
			out[i] = m.cache.p.marker.Paint("➤") + ansi.TruncateLeft(l, 1, "")
			return out
		}
	}
	return lines
}
