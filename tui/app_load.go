package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/detail"
)

// loadMsg is one report of the library loading in the background.
type loadMsg struct {
	p  library.Progress
	ch <-chan library.Progress
}

// waitLoad waits for the next report of a background load.
func waitLoad(ch <-chan library.Progress) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return loadMsg{p: p, ch: ch}
	}
}

// lazyIndex searches a library's index once it is built.
type lazyIndex struct{ lib *library.Library }

// Before the index is built, a search scans the records instead (the
// same results): the index is being built right after the load, and a
// search waits for neither.
func (x lazyIndex) Search(q string) []data.Match { return x.lib.Search(q) }

// Rank is data.Index.Rank on the library's index, or Search's matches,
// hits and all, before it is built.
func (x lazyIndex) Rank(dst []data.Match, q string) []data.Match {
	if !x.lib.IndexReady() {
		return append(dst[:0], x.lib.Search(q)...)
	}
	return x.lib.Index().Rank(dst, q)
}

// HitsOf is data.Index.HitsOf on the library's index; it is asked only
// for Rank's matches without hits, which come from the built index. It
// is called on the UI loop, so it never builds the index.
func (x lazyIndex) HitsOf(q string, r *data.Record) []data.Hit {
	if !x.lib.IndexReady() {
		return nil
	}
	return x.lib.Index().HitsOf(q, r)
}

// loaded handles a report of the background load: progress goes to the
// explorer's progress line; the last report puts the loaded library in
// place of the one the app opened with.
func (a App) loaded(msg loadMsg) (tea.Model, tea.Cmd) {
	ex := a.list
	if msg.p.Lib == nil {
		ex.list.SetProgress(msg.p.Done, msg.p.Total)
		var cmd tea.Cmd
		if len(msg.p.Recs) > 0 {
			keep := ex.list.Selected()
			cmd = addressTo(ex, ex.list.AddRecords(msg.p.Recs))
			if ex.list.Selected() != keep {
				ex.preview = detail.New(ex.list.Selected(), a.detailOptions(true))
				ex.SetSize(ex.w, ex.h)
			}
		}
		return a, tea.Batch(cmd, waitLoad(msg.ch))
	}
	a.lib = msg.p.Lib
	// Its problems join those of the first load, for the notice and `!`.
	a.problemList = append(a.problemList, problemLines(msg.p.Err)...)
	a.noticeList = append(a.noticeList, a.lib.Notices()...)
	cmd := ex.list.SetRecords(a.lib.Records(), lazyIndex{a.lib}, a.lib.Label, a.lib.HasTimeline)
	ex.preview = detail.New(ex.list.Selected(), a.detailOptions(true))
	ex.SetSize(ex.w, ex.h)
	return a, tea.Batch(addressTo(ex, cmd), prepare(a.lib))
}

// prepare computes the loaded library's modelled series off the UI loop,
// so opening a replayer seldom waits for them.
func prepare(lib *library.Library) tea.Cmd {
	return func() tea.Msg {
		lib.Prepare() //nolint:errcheck // a replayer shows its own timeline's error
		return nil
	}
}

// problemLines lists the problems joined in err (errors.Join), one line
// each.
func problemLines(err error) []string {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []string
		for _, e := range j.Unwrap() {
			out = append(out, problemLines(e)...)
		}
		return out
	}
	return []string{err.Error()}
}
