package detail

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/layout"
)

// View shows the visible part of the record and, unless previewing, a
// position line. It is exactly the model's size.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return strings.TrimSuffix(strings.Repeat("\n", m.h), "\n")
	}
	bh := m.bodyHeight()
	top := min(max(m.vp.YOffset, 0), len(m.page.padded))
	end := min(top+bh, len(m.page.padded))
	lines := make([]string, 0, m.h)
	for i := top; i < end; i++ {
		if l, ok := m.markLine(i); ok {
			lines = append(lines, l)
		} else {
			lines = append(lines, m.page.padded[i])
		}
	}
	blank := strings.Repeat(" ", m.w)
	for len(lines) < bh {
		lines = append(lines, blank)
	}
	if !m.opts.Preview {
		lines = append(lines, m.positionLine(top, end))
	}
	return strings.Join(lines, "\n")
}

// positionLine shows the record's id at the left and which lines are in
// view at the right ("41–78/120 52%").
func (m Model) positionLine(top, end int) string {
	st := m.styles.Detail.Position
	total := len(m.page.lines)
	pos := fmt.Sprintf("%d–%d/%d %d%%", min(top+1, total), end, total, int(m.vp.ScrollPercent()*100+0.5))
	if total <= m.bodyHeight() {
		pos = fmt.Sprintf("%d/%d", total, total)
	}
	left := ""
	if m.rec != nil {
		left = m.rec.ID
	}
	if f := m.FocusedRelated(); f != "" {
		left += " → " + f
	}
	if f := m.findStatus(); f != "" {
		left = f
	} else if m.copied {
		left += " · " + copiedWord(m.opts.Lang)
	}
	pw := lipgloss.Width(pos)
	if n := m.notice.text(m.opts.Lang); n != "" {
		// The notice answers the key just pressed: where the line is too
		// narrow, the position gives way, then what stands before it.
		full := left + " · " + n
		if m.notice.id != "" {
			full = n // it names the record
		}
		switch fw := lipgloss.Width(full); {
		case fw+1+pw <= m.w:
			left = full
		case fw <= m.w:
			return st.Render(layout.Fit(full, m.w))
		default:
			return st.Render(layout.Fit(n, m.w))
		}
	}
	if pw+1 > m.w {
		return st.Render(layout.Fit(pos, m.w))
	}
	return st.Render(layout.Fit(left, m.w-pw-1) + " " + pos)
}

// ShortHelp returns the keys for the hint bar: while searching, the
// search's own.
func (m Model) ShortHelp() []key.Binding {
	f := m.find.keys
	if m.Searching() {
		return []key.Binding{f.Done, f.Next, f.Prev, f.Clear}
	}
	short := m.keys.ShortHelp()
	return append(append(short[:2:2], f.Find), short[2:]...)
}

// FullHelp returns every key, in columns.
func (m Model) FullHelp() [][]key.Binding {
	f := m.find.keys
	return append(m.keys.FullHelp(), []key.Binding{f.Find, f.Next, f.Prev, f.Clear})
}

// copiedWord says the record was copied, in l.
func copiedWord(l data.Lang) string {
	return words.copied.In(l)
}
