package serve

import (
	"sort"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/tui"
)

// sender is what a mailbox delivers to: a tea.Program, or a test's fake.
type sender interface{ Send(tea.Msg) }

// mailbox holds at most one undelivered message of each kind and hands
// them, oldest kind first, to one program from its own goroutine. A newer
// message of a kind replaces the older one, so a client that stops reading
// costs one slot per kind, never a queue.
type mailbox struct {
	mu     sync.Mutex
	slots  [kinds]tea.Msg
	wake   chan struct{}
	done   chan struct{}
	closed bool
	// dropped counts the messages replaced before delivery.
	dropped int
}

// The kinds of message a mailbox keeps apart.
const (
	kindState = iota // the presenter's state, or the room's counts
	kindFinal        // the presenter left
	kindBoard        // the room's board (board.go)
	kinds
)

func newMailbox(to sender) *mailbox {
	mb := &mailbox{wake: make(chan struct{}, 1), done: make(chan struct{})}
	go mb.run(to)
	return mb
}

// put leaves msg in the slot of its kind, replacing what is undelivered;
// it never blocks.
func (mb *mailbox) put(kind int, msg tea.Msg) {
	mb.mu.Lock()
	if mb.closed {
		mb.mu.Unlock()
		return
	}
	if mb.slots[kind] != nil {
		mb.dropped++
	}
	mb.slots[kind] = msg
	mb.mu.Unlock()
	select {
	case mb.wake <- struct{}{}:
	default:
	}
}

func (mb *mailbox) run(to sender) {
	for {
		select {
		case <-mb.done:
			return
		case <-mb.wake:
		}
		mb.mu.Lock()
		slots := mb.slots
		mb.slots = [kinds]tea.Msg{}
		mb.mu.Unlock()
		for _, m := range slots {
			if m != nil {
				to.Send(m) // may block on a slow client: only this goroutine waits
			}
		}
	}
}

// close stops delivery. The goroutine ends at once if idle, or after the
// Send it is blocked in returns (a program's Send returns when it quits).
func (mb *mailbox) close() {
	mb.mu.Lock()
	defer mb.mu.Unlock()
	if !mb.closed {
		mb.closed = true
		close(mb.done)
	}
}

// member is one remote participant.
type member struct {
	id        int
	name      string
	following bool
	mbox      *mailbox
	// seen is what the hub last took from their contribution.
	seen seen
}

// hub is the meeting: the presenter's last state and every participant's
// mailbox. Its methods never block on a participant.
type hub struct {
	addr string

	mu      sync.Mutex
	members map[int]*member
	nextID  int
	// joins and leaves count every join and leave, lastJoined and
	// lastLeft name the latest (tui.RoomMsg).
	joins, leaves        int
	lastJoined, lastLeft string
	present              bool // a presenter is connected
	hadOne               bool // a presenter was there (so followers are told it left)
	last                 tui.Shared
	haveLast             bool
	presenter            *mailbox
	// board is the room's predictions, pointer and hands (board.go);
	// gone names the participants who left, whose predictions stay.
	board board
	gone  map[int]string
}

func newHub(addr string) *hub { return &hub{addr: addr, members: map[int]*member{}} }

// attachPresenter registers the presenter's program, which gets the
// room's counts.
func (h *hub) attachPresenter(to sender) {
	h.mu.Lock()
	h.present, h.hadOne = true, true
	h.presenter = newMailbox(to)
	h.board.sentPres = tui.Board{}
	h.sendBoard()
	h.mu.Unlock()
	h.roomChanged()
}

// publish sends the presenter's state to every participant; an unchanged
// state is not sent again.
func (h *hub) publish(s tui.Shared) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.haveLast && h.last == s {
		return
	}
	h.last, h.haveLast = s, true
	msg := tui.PresenterMsg{Shared: s}
	for _, m := range h.members {
		m.mbox.put(kindState, msg)
	}
	h.sendBoard()
}

// presenterLeft tells every participant the presenter has quit.
func (h *hub) presenterLeft() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.present, h.haveLast = false, false
	if h.presenter != nil {
		h.presenter.close()
		h.presenter = nil
	}
	for _, m := range h.members {
		m.mbox.put(kindFinal, tui.PresenterLeftMsg{})
	}
}

// join adds a participant whose program is to; it is sent the
// presenter's current state (or told there is none) at once.
func (h *hub) join(name string, to sender, following bool) *member {
	h.mu.Lock()
	h.nextID++
	m := &member{id: h.nextID, name: name, following: following, mbox: newMailbox(to)}
	h.members[m.id] = m
	switch {
	case h.present && h.haveLast:
		m.mbox.put(kindState, tui.PresenterMsg{Shared: h.last})
	case !h.present:
		m.mbox.put(kindFinal, tui.PresenterLeftMsg{Never: !h.hadOne})
	}
	h.sendBoard() // the count of people changed: everyone, the new one too, gets it
	h.joins++
	h.lastJoined = name
	h.mu.Unlock()
	h.roomChanged()
	return m
}

// leave removes a participant.
func (h *hub) leave(m *member) {
	h.mu.Lock()
	delete(h.members, m.id)
	if h.gone == nil {
		h.gone = map[int]string{}
	}
	h.gone[m.id] = m.name
	h.leaves++
	h.lastLeft = m.name
	h.sendBoard()
	h.mu.Unlock()
	m.mbox.close()
	h.roomChanged()
}

// setFollowing records whether a participant follows, for the counts.
func (h *hub) setFollowing(m *member, on bool) {
	h.mu.Lock()
	changed := m.following != on
	m.following = on
	h.mu.Unlock()
	if changed {
		h.roomChanged()
	}
}

// counts returns how many participants follow and browse, and who they
// are, by name.
func (h *hub) counts() (following, browsing int, people []tui.Person) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, m := range h.members {
		if m.following {
			following++
		} else {
			browsing++
		}
		people = append(people, tui.Person{Name: m.name, Following: m.following})
	}
	sort.Slice(people, func(i, j int) bool {
		if people[i].Name != people[j].Name {
			return people[i].Name < people[j].Name
		}
		return people[i].Following && !people[j].Following
	})
	return following, browsing, people
}

// roomChanged sends the counts, and the joins and leaves so far, to the
// presenter.
func (h *hub) roomChanged() {
	f, b, people := h.counts()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.presenter != nil {
		h.presenter.put(kindState, tui.RoomMsg{Addr: h.addr, Following: f, Browsing: b, People: people,
			Joins: h.joins, Leaves: h.leaves, LastJoined: h.lastJoined, LastLeft: h.lastLeft})
	}
}
