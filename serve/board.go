package serve

import (
	"reflect"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/mirror"
)

// The room's board (tui.Board): each participant's predictions, kept here
// and sent to nobody until the presenter reveals their stop; the pointer;
// the raised hands. Every screen gives its part as a tui.Contribution
// after each update, and the hub sends everyone the board when it changes.

// maxPrediction bounds a prediction, in cells, however the client built
// it: its own screen already cleans and bounds what is typed.
const maxPrediction = 200

// predKey names one stop of one incident.
type predKey struct {
	incident string
	stop     int
}

// seen is what the hub last took from one screen's contribution, so that
// each key press counts once.
type seen struct {
	hand, point, ack int
}

// board is the hub's part of the room beyond the presenter's state.
type board struct {
	// preds are the predictions by member id.
	preds    map[int]map[predKey]string
	pointer  mirror.Pointer
	by       string
	hands    []string
	letPoint bool
	// presenter is what was last taken from the presenter's screen.
	presenter seen
	// sent is the board last sent to participants, and sentPres the
	// presenter's copy.
	sent, sentPres tui.Board
}

// cleanPrediction is a prediction as the room shows it: cleaned as data
// is (data.Sanitize), its white space folded to single spaces on one line,
// bounded.
func cleanPrediction(s string) string {
	return ansi.Truncate(strings.Join(strings.Fields(data.Sanitize(s)), " "), maxPrediction, "…")
}

// contribute takes a participant's contribution (m non-nil) or the
// presenter's, and sends the board if it changed.
func (h *hub) contribute(m *member, c tui.Contribution) {
	h.mu.Lock()
	defer h.mu.Unlock()
	b := &h.board
	if m == nil {
		if c.Point != b.presenter.point {
			b.presenter.point = c.Point
			b.pointer, b.by = c.Pointer, ""
		}
		if c.Ack != b.presenter.ack {
			b.presenter.ack = c.Ack
			b.hands = nil
		}
		b.letPoint = c.LetPoint
	} else {
		if c.Stop >= 0 && c.Incident != "" && c.Prediction != "" {
			if b.preds == nil {
				b.preds = map[int]map[predKey]string{}
			}
			if b.preds[m.id] == nil {
				b.preds[m.id] = map[predKey]string{}
			}
			b.preds[m.id][predKey{c.Incident, c.Stop}] = cleanPrediction(c.Prediction)
		}
		if c.Hand != m.seen.hand {
			m.seen.hand = c.Hand
			if !contains(b.hands, m.name) {
				b.hands = append(b.hands, m.name)
			}
		}
		if c.Point != m.seen.point {
			m.seen.point = c.Point
			if b.letPoint {
				b.pointer, b.by = c.Pointer, m.name
			}
		}
	}
	h.sendBoard()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// boardFor builds the board as everyone sees it from the presenter's last
// state; h.mu is held.
func (h *hub) boardNow() tui.Board {
	b := &h.board
	out := tui.Board{Asking: -1, Revealed: -1, Pointer: b.pointer, PointedBy: b.by,
		Hands: append([]string(nil), b.hands...), LetPoint: b.letPoint, People: len(h.members)}
	mo := h.last.Moment
	if !h.haveLast || h.last.Screen != mirror.Replay || !mo.Study {
		return out
	}
	out.Incident = mo.Incident
	if mo.Asking >= 0 {
		out.Asking = mo.Asking
		for _, p := range b.preds {
			if p[predKey{mo.Incident, mo.Asking}] != "" {
				out.Answered++
			}
		}
	}
	if mo.Revealed >= 0 && mo.Revealed != mo.Asking {
		out.Revealed = mo.Revealed
		for id, p := range b.preds {
			if t := p[predKey{mo.Incident, mo.Revealed}]; t != "" {
				name := "?"
				if mm := h.members[id]; mm != nil {
					name = mm.name
				} else if n, ok := h.gone[id]; ok {
					name = n
				}
				out.Predictions = append(out.Predictions, mirror.Prediction{Name: name, Text: t})
			}
		}
		sort.Slice(out.Predictions, func(i, j int) bool {
			if out.Predictions[i].Name != out.Predictions[j].Name {
				return out.Predictions[i].Name < out.Predictions[j].Name
			}
			return out.Predictions[i].Text < out.Predictions[j].Text
		})
	}
	return out
}

// sendBoard sends the board to everyone when it changed; h.mu is held.
func (h *hub) sendBoard() {
	nb := h.boardNow()
	if !reflect.DeepEqual(nb, h.board.sent) {
		h.board.sent = nb
		for _, m := range h.members {
			m.mbox.put(kindBoard, tui.BoardMsg{Board: nb})
		}
	}
	pb := nb
	pb.Presenting = true
	if h.presenter != nil && !reflect.DeepEqual(pb, h.board.sentPres) {
		h.board.sentPres = pb
		h.presenter.put(kindBoard, tui.BoardMsg{Board: pb})
	}
}
