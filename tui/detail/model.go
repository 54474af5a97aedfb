package detail

import (
	"io"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/clipboard"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// BackMsg asks the root to return to the screen the detail was opened from.
type BackMsg struct{}

// ReplayMsg asks the root to open the replayer on an incident.
type ReplayMsg struct{ ID string }

// OpenRelatedMsg asks the root to open a related incident.
type OpenRelatedMsg struct{ ID string }

// Options configure a detail Model.
type Options struct {
	// Lang is the language shown.
	Lang data.Lang
	// Styles colour the view.
	Styles theme.Styles
	// Related looks up related incidents by id (for their titles and to
	// know which can be opened).
	Related func(id string) *data.Record
	// Label returns a tag's vocabulary label.
	Label func(term string) data.Text
	// Hyperlinks makes source URLs OSC 8 hyperlinks.
	Hyperlinks bool
	// Replay says whether the replayer can be opened, so `r` is offered.
	Replay bool
	// HasTimeline reports whether an incident has a timeline; `r` is
	// offered only on those. nil offers it on every incident.
	HasTimeline func(id string) bool
	// Preview drops the position line and the keys: the model only shows
	// the top of a record beside the list.
	Preview bool
	// Mouse turns on wheel scrolling.
	Mouse bool
	// Clipboard receives the OSC 52 sequence of `y`; nil means standard
	// output.
	Clipboard io.Writer
}

// settings are the Options the model keeps.
type settings struct {
	Lang                        data.Lang
	Related                     func(id string) *data.Record
	Label                       func(term string) data.Text
	Hyperlinks, Replay, Preview bool
	Mouse                       bool
	Clipboard                   io.Writer
	HasTimeline                 func(id string) bool
}

// cacheKey names one rendering of a record.
type cacheKey struct {
	rec   *data.Record
	lang  data.Lang
	width int
	focus string
}

// Model is the detail screen: the rendered record in a scrolling viewport
// with a position indicator.
type Model struct {
	// opts holds the options but the styles: styles is the detail group,
	// shared by pointer with the theme it came from.
	opts   settings
	styles *theme.Styles
	keys   KeyMap
	rec    *data.Record
	// given is the record SetRecord was given: rec, or the compact
	// record rec was read from (see data.Full).
	given *data.Record
	// stale says given's file changed after the load (see data.Full).
	stale   bool
	vp      viewport.Model
	w, h    int
	focused bool
	// related are the related ids that can be opened; focus indexes it,
	// -1 for none.
	related []string
	focus   int
	page    page
	// cache holds recent renderings, shared by copies of the model; it is
	// written only by setters, never by View.
	cache map[cacheKey]page
	// find is the search inside the record.
	find findState
	// copied says `y` copied the record, shown in the position line.
	copied bool
	// notice says why the last key did nothing (see silentKey), in the
	// position line until the next key.
	notice notice
}

// New returns a detail model showing rec (which may be nil).
func New(rec *data.Record, opts Options) Model {
	vp := viewport.New(0, 0)
	vp.MouseWheelEnabled = opts.Mouse
	styles := opts.Styles
	set := settings{
		Lang: opts.Lang, Related: opts.Related, Label: opts.Label,
		Hyperlinks: opts.Hyperlinks, Replay: opts.Replay, Preview: opts.Preview, Mouse: opts.Mouse,
		Clipboard:   opts.Clipboard,
		HasTimeline: opts.HasTimeline,
	}
	m := Model{opts: set, styles: &styles, keys: DefaultKeyMap(), vp: vp, focus: -1, cache: map[cacheKey]page{}, find: newFind()}
	m.keys.SetLang(opts.Lang)
	m.find.keys.setLang(opts.Lang)
	m.SetRecord(rec)
	return m
}

// Record returns the record shown.
func (m Model) Record() *data.Record { return m.rec }

// SetRecord shows another record from its top.
func (m *Model) SetRecord(rec *data.Record) {
	if rec == m.given && rec != nil {
		return
	}
	m.given, m.stale = rec, false
	if rec != nil {
		// A compact record is read whole; when its file has changed,
		// what was loaded of it is shown.
		var err error
		rec, err = data.Full(rec)
		m.stale = err != nil
	}
	m.rec = rec
	m.related = nil
	m.focus = -1
	m.clearFind()
	if rec != nil && m.opts.Related != nil {
		for _, id := range rec.Related {
			if m.opts.Related(id) != nil {
				m.related = append(m.related, id)
			}
		}
	}
	m.vp.SetYOffset(0)
	m.rerender(false)
}

// SetSize sets the size of the view, keeping the scroll position.
func (m *Model) SetSize(w, h int) {
	m.w, m.h = max(w, 0), max(h, 0)
	m.rerender(true)
}

// SetLang switches the language, keeping the scroll position.
func (m *Model) SetLang(l data.Lang) {
	m.opts.Lang = l
	m.keys.SetLang(l)
	m.find.keys.setLang(l)
	m.rerender(true)
}

// SetReplay says whether the replayer can be opened.
func (m *Model) SetReplay(ok bool) {
	m.opts.Replay = ok
	m.updateKeys()
}

// Focus lets the model take keys.
func (m *Model) Focus() { m.focused = true }

// Blur stops the model taking keys.
func (m *Model) Blur() { m.focused = false }

// Focused reports whether the model takes keys.
func (m Model) Focused() bool { return m.focused }

func (m *Model) bodyHeight() int {
	if m.opts.Preview {
		return m.h
	}
	return max(m.h-1, 0)
}

// rerender lays the record out for the current size, language and focus,
// from the cache when it can. With keep, the scroll position stays at the
// same place in the text.
func (m *Model) rerender(keep bool) {
	oldTotal, oldOff := len(m.page.lines), m.vp.YOffset
	focus := ""
	if m.focus >= 0 && m.focus < len(m.related) {
		focus = m.related[m.focus]
	}
	k := cacheKey{rec: m.rec, lang: m.opts.Lang, width: m.w, focus: focus}
	if m.w <= 0 {
		m.page = page{}
	} else if p, ok := m.cache[k]; ok {
		m.page = p
	} else {
		if len(m.cache) >= 16 {
			clear(m.cache)
		}
		m.page = render(m.rec, RenderOptions{
			Lang: m.opts.Lang, Width: m.w, Styles: *m.styles, Related: m.opts.Related,
			Hyperlinks: m.opts.Hyperlinks, Label: m.opts.Label, Focus: focus, Stale: m.stale,
		})
		// Padded once here, so a frame only slices lines.
		m.page.padded = layout.PadLines(m.page.lines, m.w, -1)
		m.cache[k] = m.page
	}
	m.vp.Width, m.vp.Height = m.w, m.bodyHeight()
	m.vp.SetContent(strings.Join(m.page.lines, "\n"))
	if keep && oldTotal > 0 && len(m.page.lines) != oldTotal {
		m.vp.SetYOffset(oldOff * len(m.page.lines) / oldTotal)
	} else {
		m.vp.SetYOffset(oldOff)
	}
	if m.find.query != "" {
		m.findHits() // the same query over the new layout or language
	}
	m.updateKeys()
}

// updateKeys turns off the keys that would do nothing now.
func (m *Model) updateKeys() {
	canScroll := len(m.page.lines) > m.bodyHeight()
	for _, b := range []*key.Binding{&m.keys.Up, &m.keys.Down, &m.keys.PageUp, &m.keys.PageDown, &m.keys.Top, &m.keys.Bottom} {
		b.SetEnabled(canScroll && !m.opts.Preview)
	}
	m.keys.NextRelated.SetEnabled(len(m.related) > 0)
	m.keys.PrevRelated.SetEnabled(len(m.related) > 0)
	m.keys.Open.SetEnabled(m.focus >= 0)
	m.keys.Replay.SetEnabled(m.opts.Replay && m.rec != nil && (m.opts.HasTimeline == nil || m.opts.HasTimeline(m.rec.ID)))
	m.keys.Back.SetEnabled(!m.opts.Preview)
	m.find.keys.Find.SetEnabled(!m.opts.Preview && m.rec != nil)
	m.find.keys.Next.SetEnabled(len(m.find.hits) > 1)
	m.find.keys.Prev.SetEnabled(len(m.find.hits) > 1)
	m.find.keys.Clear.SetEnabled(m.Searching())
	m.find.keys.Done.SetEnabled(m.find.typing)
}

// Update handles keys (when focused) and mouse wheel messages.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if !m.focused {
			return m, nil
		}
		return m.handleKey(msg)
	case tea.MouseMsg:
		if m.opts.Mouse {
			var cmd tea.Cmd
			m.vp, cmd = m.vp.Update(msg)
			return m, cmd
		}
	}
	return m, nil
}

func (m Model) handleKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	m.notice = notice{}
	if !m.opts.Preview && m.rec != nil {
		if m, cmd, ok := m.handleFindKey(msg); ok {
			return m, cmd
		}
	}
	k := m.keys
	switch {
	case key.Matches(msg, k.Up):
		m.vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		m.vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		m.vp.PageUp()
	case key.Matches(msg, k.PageDown):
		m.vp.PageDown()
	case key.Matches(msg, k.Top):
		m.vp.GotoTop()
	case key.Matches(msg, k.Bottom):
		m.vp.GotoBottom()
	case key.Matches(msg, k.NextRelated):
		m.moveFocus(1)
	case key.Matches(msg, k.PrevRelated):
		m.moveFocus(-1)
	case key.Matches(msg, k.Open):
		id := m.related[m.focus]
		return m, func() tea.Msg { return OpenRelatedMsg{ID: id} }
	case key.Matches(msg, k.Replay):
		id := m.rec.ID
		return m, func() tea.Msg { return ReplayMsg{ID: id} }
	case key.Matches(msg, k.Back):
		return m, func() tea.Msg { return BackMsg{} }
	case key.Matches(msg, k.Copy) && m.rec != nil:
		m.copied = true
		return m, clipboard.Copy(m.opts.Clipboard, Markdown(m.rec, m.opts.Lang))
	default:
		m.notice = m.silentKey(msg)
	}
	return m, nil
}

// moveFocus moves the related focus by d (wrapping) and scrolls the
// focused entry into view.
func (m *Model) moveFocus(d int) {
	n := len(m.related)
	if n == 0 {
		return
	}
	if m.focus < 0 {
		if d > 0 {
			m.focus = 0
		} else {
			m.focus = n - 1
		}
	} else {
		m.focus = ((m.focus+d)%n + n) % n
	}
	m.rerender(false)
	if line, ok := m.page.anchors[m.related[m.focus]]; ok {
		top, h := m.vp.YOffset, m.bodyHeight()
		if line < top || line >= top+h {
			m.vp.SetYOffset(line - max(h/3, 0))
		}
	}
}

// FocusedRelated returns the related id enter would open, or "".
func (m Model) FocusedRelated() string {
	if m.focus < 0 || m.focus >= len(m.related) {
		return ""
	}
	return m.related[m.focus]
}

// YOffset returns the first line shown.
func (m Model) YOffset() int { return m.vp.YOffset }
