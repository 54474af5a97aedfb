package main

import (
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// replayableMark marks an incident with a timeline in `incidents list`, as
// the explorer's list does.
const replayableMark = "↻"

// replayMark is the list's mark for r: replayableMark when it has a
// timeline to replay, else a space.
func replayMark(r *data.Record) string {
	if r.HasTimeline() {
		return replayableMark
	}
	return " "
}

var rhymeWords = i18n.Register("cli.rhymes", &struct {
	heading i18n.Word
}{
	heading: i18n.W("Same decision elsewhere", "같은 결정을 마주한 다른 사례"),
})

// rhymesText is the section `incidents show` adds after the record for the
// rhymes of its timeline: for each, the event's time and title, then the
// other incident's moment and why they rhyme, wrapped to width. No rhymes,
// no section.
func rhymesText(rhymes []library.RhymeJSON, lib *library.Library, lang data.Lang, width int, st theme.Styles, zone replay.Zone) string {
	if len(rhymes) == 0 {
		return ""
	}
	paint := func(s lipgloss.Style, text string) string {
		if st.Plain {
			return text
		}
		return s.Render(text)
	}
	width = max(width, minWidth)
	head := rhymeWords.heading.In(lang)
	var b strings.Builder
	b.WriteString("\n" + paint(st.Detail.Heading, head))
	if rest := width - lipgloss.Width(head) - 1; rest > 0 {
		b.WriteString(" " + paint(st.Detail.Divider, strings.Repeat("─", rest)))
	}
	b.WriteString("\n")
	for i, r := range rhymes {
		if i == 0 || !r.EventAt.Equal(rhymes[i-1].EventAt) || r.EventTitle != rhymes[i-1].EventTitle {
			title, _ := i18n.Show(r.EventTitle, lang, " / ")
			// The title wraps, never cut: show prints every word.
			lead := "  " + zoneClock(r.EventAt, nil, zone) + "  "
			pad := strings.Repeat(" ", lipgloss.Width(lead))
			for j, l := range layout.WrapText(title, max(width-lipgloss.Width(lead), 1)) {
				if j > 0 {
					lead = pad
				}
				b.WriteString(paint(st.Detail.Label, lead+l) + "\n")
			}
		}
		when := r.At.Format("15:04 MST")
		if tl, ok := lib.Data().Timeline(r.Incident); ok {
			when = zoneClock(r.At, tl, zone)
		}
		why, _ := i18n.Show(r.Why, lang, " / ")
		for j, l := range layout.WrapText(r.Incident+" "+when+" — "+why, width-6) {
			pad := "      "
			if j == 0 {
				pad = "    → "
			}
			b.WriteString(pad + paint(st.Detail.Body, l) + "\n")
		}
	}
	return b.String()
}

// zoneClock writes t in zone: in the source's, in tl's zone (t as it is
// when tl is nil: the library gives events in their incident's zone).
func zoneClock(t time.Time, tl *data.Timeline, zone replay.Zone) string {
	switch {
	case zone.Kind() != replay.ZoneSource:
		t = t.In(zone.Loc(tl))
	case tl != nil:
		t = t.In(tl.SourceLocation())
	}
	return t.Format("15:04 MST")
}
