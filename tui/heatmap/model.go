// Package heatmap is the per-instance heatmap: one row per instance of a
// timeline's model, one column per slice of time, intensity by mailbox
// length. It is a component, as bubbles' are: the replayer embeds a Model,
// sizes it with SetSize and moves its cursor with a MomentMsg.
package heatmap

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/widget"
)

// MomentMsg moves the heatmap's cursor to At. Study hides everything after
// it: the columns right of the cursor, and the instances that do not exist
// yet.
type MomentMsg struct {
	At    time.Time
	Study bool
}

// Model is the heatmap of one timeline at one moment. It takes no keys.
type Model struct {
	tl            *data.Timeline
	lang          data.Lang
	styles        theme.Styles
	width, height int
	at            time.Time
	study         bool
	// grid is the heatmap less its moment, rebuilt only when the timeline,
	// size, language or what study mode lets it show change; copies share
	// it (nothing changes it once built). view is the heatmap at the
	// moment.
	grid *heatGrid
	view string
	// gridOf is what the grid was built from: the timeline and, in study
	// mode, how many instances existed at the moment (-1 outside it).
	gridOf struct {
		tl *data.Timeline
		n  int
		at time.Time
	}
}

// New returns the heatmap of tl (nil: it says there is none) in lang.
func New(tl *data.Timeline, lang data.Lang, st theme.Styles) Model {
	return Model{tl: tl, lang: lang, styles: st}
}

// SetSize sets the cells the heatmap draws in.
func (m *Model) SetSize(w, h int) {
	w, h = max(w, 0), max(h, 0)
	if w == m.width && h == m.height {
		return
	}
	m.width, m.height = w, h
	m.sync()
}

// SetLang switches the heatmap's texts to l.
func (m *Model) SetLang(l data.Lang) {
	if l == m.lang {
		return
	}
	m.lang = l
	m.sync()
}

// SetTimeline draws tl (a what-if run of the same incident, say) instead.
func (m *Model) SetTimeline(tl *data.Timeline) {
	if tl == m.tl {
		return
	}
	m.tl = tl
	m.sync()
}

// Timeline returns the timeline drawn.
func (m Model) Timeline() *data.Timeline { return m.tl }

// Update handles MomentMsg; the heatmap has nothing else to do.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if msg, ok := msg.(MomentMsg); ok {
		m.at, m.study = msg.At, msg.Study
		m.sync()
	}
	return m, nil
}

// View returns the heatmap at its moment: at most the height set, each line
// at most the width.
func (m Model) View() string { return m.view }

// sync rebuilds the grid when its inputs changed and renders the moment.
func (m *Model) sync() {
	if m.width <= 0 || m.height <= 0 {
		m.view = ""
		return
	}
	tl, n, at := m.tl, -1, time.Time{}
	if m.study {
		// Only the instances that exist at the cursor, and their points up
		// to it: a row, a name or a count of those that come online later
		// would tell what is done, and the cursor's column would take its
		// glyph from the minutes after it. The grid is then rebuilt at each
		// moment.
		tl, n = existingAt(m.tl, m.at)
		at = m.at
	}
	if m.grid == nil || !m.grid.fits(m.grid.tl, m.width, m.height, m.lang) || m.gridOf.tl != m.tl || m.gridOf.n != n || !m.gridOf.at.Equal(at) {
		m.grid = newHeatGrid(tl, m.width, m.height, m.lang, m.styles)
		m.gridOf.tl, m.gridOf.n, m.gridOf.at = m.tl, n, at
	}
	m.view = m.grid.render(m.at)
	if m.study {
		m.view = blankAfter(m.grid, m.view, m.at)
	}
}

// blankAfter blanks the columns right of the cursor in the instance rows of
// a rendered grid.
func blankAfter(g *heatGrid, view string, at time.Time) string {
	if g == nil || !g.moving {
		return view
	}
	lines := strings.Split(view, "\n")
	cur := widget.Column(g.start, g.end, at, g.cols)
	for i, l := range lines {
		axis := i == 1 && g.head >= 2 // its times right of the cursor lie ahead
		if !axis && (i < g.head || i >= g.head+len(g.rows)) || lipgloss.Width(l) <= g.left+cur+1 {
			continue // not an instance's row, or one that ends at the cursor
		}
		from, to := g.left+cur+1, g.left+g.cols
		if axis { // a time across the cursor goes whole
			r := []rune(ansi.Strip(l))
			for from > 0 && from < len(r) && r[from] != ' ' && r[from-1] != ' ' {
				from--
			}
		}
		rest := ansi.TruncateLeft(l, to, "")
		lines[i] = ansi.Truncate(l, from, "") + strings.Repeat(" ", max(0, to-from)) + rest
	}
	return strings.Join(lines, "\n")
}

// existingAt returns a copy of tl whose series end at t, without the
// per-instance series (and their ring series) of instances whose first
// point is after t, and how many instances remain. A nil tl stays nil.
func existingAt(tl *data.Timeline, t time.Time) (*data.Timeline, int) {
	if tl == nil {
		return nil, 0
	}
	later := map[string]bool{}
	for _, s := range tl.Series {
		if s.Group == replay.GroupInstance && (len(s.Points) == 0 || s.Points[0].T.After(t)) {
			later[s.Instance] = true
		}
	}
	cp := *tl
	cp.Series = make([]data.Series, 0, len(tl.Series))
	n := 0
	for _, s := range tl.Series {
		grouped := s.Group == replay.GroupInstance || s.Group == replay.GroupRing
		if grouped && later[s.Instance] {
			continue
		}
		if s.Group == replay.GroupInstance {
			n++
		}
		k := 0
		for k < len(s.Points) && !s.Points[k].T.After(t) {
			k++
		}
		s.Points = s.Points[:k:k]
		cp.Series = append(cp.Series, s)
	}
	return &cp, n
}

// HasInstances reports whether tl has per-instance series, which the
// heatmap draws.
func HasInstances(tl *data.Timeline) bool {
	if tl == nil {
		return false
	}
	for _, s := range tl.Series {
		if s.Group == replay.GroupInstance {
			return true
		}
	}
	return false
}

// Render draws every instance's mailbox over the timeline as a grid: one
// row per instance, one column per slice of time, intensity by mailbox
// length on a log scale (glyph density and colour), a marker over the
// column of at, and an "x" in the gutter of each instance out of the ring
// at that moment. Instances not yet online are blank. It fits width ×
// height and never panics, at any size.
func Render(tl *data.Timeline, at time.Time, width, height int, lang data.Lang, st theme.Styles) string {
	return renderHeatmap(tl, at, width, height, lang, st)
}
