package serve

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/mirror"
)

// inbox is a program that keeps the last board it was sent.
type inbox struct {
	mu   sync.Mutex
	last *tui.Board
}

func (i *inbox) Send(m tea.Msg) {
	if b, ok := m.(tui.BoardMsg); ok {
		i.mu.Lock()
		i.last = &b.Board
		i.mu.Unlock()
	}
}

// board waits for a board that ok accepts.
func (i *inbox) board(t *testing.T, what string, ok func(tui.Board) bool) tui.Board {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		i.mu.Lock()
		b := i.last
		i.mu.Unlock()
		if b != nil && ok(*b) {
			return *b
		}
		if time.Now().After(deadline) {
			t.Fatalf("no board with %s; last %+v", what, b)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestHubBoard drives the hub directly: predictions go to nobody before
// the reveal (the presenter gets a count), then to everyone with names,
// bounded and on one line; a participant's pointer counts only when the
// presenter lets them; hands stand until acknowledged.
func TestHubBoard(t *testing.T) {
	h := newHub("test")
	pres := &inbox{}
	h.attachPresenter(pres)
	ins := []*inbox{{}, {}, {}}
	var ms []*member
	for i, n := range []string{"alice", "bob", "carol"} {
		ms = append(ms, h.join(n, ins[i], true))
	}
	asking := func(ask, rev int) tui.Shared {
		return tui.Shared{Screen: mirror.Replay, Incident: "IL-0499",
			Moment: mirror.Moment{Incident: "IL-0499", Study: true, Asking: ask, Revealed: rev}}
	}
	h.publish(asking(2, 1))
	long := "restart\x1b[31m the\nsupervisor " + strings.Repeat("y", 400)
	h.contribute(ms[0], tui.Contribution{Incident: "IL-0499", Stop: 2, Prediction: long})
	h.contribute(ms[1], tui.Contribution{Incident: "IL-0499", Stop: 2, Prediction: "rate limit"})
	h.contribute(ms[2], tui.Contribution{Incident: "IL-0499", Stop: 3, Prediction: "a stop not yet asked"})
	pres.board(t, "2 of 3 answered", func(b tui.Board) bool { return b.Answered == 2 && b.People == 3 && b.Presenting })
	for i, in := range append(ins, pres) {
		b := in.board(t, "the count", func(b tui.Board) bool { return b.Answered == 2 })
		if len(b.Predictions) != 0 {
			t.Fatalf("screen %d got predictions before the reveal: %+v", i, b.Predictions)
		}
	}
	h.publish(asking(-1, 2))
	for _, in := range append(ins, pres) {
		b := in.board(t, "the predictions", func(b tui.Board) bool { return b.Revealed == 2 && len(b.Predictions) == 2 })
		a := b.Predictions[0]
		if a.Name != "alice" || strings.ContainsAny(a.Text, "\x1b\n\\") || !strings.HasPrefix(a.Text, "restart the supervisor y") ||
			len([]rune(a.Text)) > maxPrediction || b.Predictions[1] != (mirror.Prediction{Name: "bob", Text: "rate limit"}) {
			t.Fatalf("revealed %+v", b.Predictions)
		}
	}

	// Pointing: the presenter's counts; alice's only once let.
	ev := mirror.Pointer{On: mirror.Event, Event: 7}
	h.contribute(nil, tui.Contribution{Stop: -1, Point: 1, Pointer: ev})
	ins[1].board(t, "the presenter's pointer", func(b tui.Board) bool { return b.Pointer == ev && b.PointedBy == "" })
	cell := mirror.Pointer{On: mirror.Cell, Row: 2}
	h.contribute(ms[0], tui.Contribution{Stop: -1, Point: 1, Pointer: cell})
	if b := ins[1].board(t, "a board", func(tui.Board) bool { return true }); b.Pointer != ev {
		t.Fatalf("alice pointed without leave: %+v", b.Pointer)
	}
	h.contribute(nil, tui.Contribution{Stop: -1, Point: 1, Pointer: ev, LetPoint: true})
	h.contribute(ms[0], tui.Contribution{Stop: -1, Point: 2, Pointer: cell})
	ins[1].board(t, "alice's pointer", func(b tui.Board) bool { return b.Pointer == cell && b.PointedBy == "alice" })

	// Hands: carol raises hers (twice: one hand), the presenter sees it
	// until acknowledging.
	h.contribute(ms[2], tui.Contribution{Stop: -1, Hand: 1})
	h.contribute(ms[2], tui.Contribution{Stop: -1, Hand: 2})
	pres.board(t, "carol's hand", func(b tui.Board) bool { return len(b.Hands) == 1 && b.Hands[0] == "carol" })
	h.contribute(nil, tui.Contribution{Stop: -1, Point: 1, Pointer: ev, LetPoint: true, Ack: 1})
	pres.board(t, "no hands", func(b tui.Board) bool { return len(b.Hands) == 0 })
}
