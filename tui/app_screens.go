package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/detail"
	"github.com/incidents-dev/incidents/tui/replayer"
)

// notFound is the status line for an id that is not in the library.
func notFound(id string, l data.Lang) string {
	if l == data.KO {
		return fmt.Sprintf("%q: 라이브러리에 없는 사례입니다", id)
	}
	return fmt.Sprintf("%q: %v", id, data.ErrNotFound)
}

// blurTop takes the keys away from the focused screen.
func (a *App) blurTop() {
	if len(a.stack) == 0 {
		a.explorer.Blur()
		return
	}
	top := &a.stack[len(a.stack)-1]
	switch top.kind {
	case screenDetail:
		top.detail.Blur()
	case screenReplayer:
		top.replayer.Blur()
	}
}

// focusTop gives the keys to the screen on top.
func (a *App) focusTop() {
	if len(a.stack) == 0 {
		a.explorer.Focus()
		return
	}
	top := &a.stack[len(a.stack)-1]
	switch top.kind {
	case screenDetail:
		top.detail.Focus()
	case screenReplayer:
		top.replayer.Focus()
	}
}

// push puts a screen on top of the stack and lays it out.
func (a *App) push(s screen) {
	a.blurTop()
	a.stack = append(a.stack, s)
	a.focusTop()
	a.layout()
}

// openDetail opens an incident's detail over the current screen.
func (a *App) openDetail(id string) tea.Cmd {
	r := a.find(id)
	if r == nil {
		a.status = notFound(id, a.lang)
		return nil
	}
	d := detail.New(r, a.detailOptions(false))
	a.push(screen{kind: screenDetail, detail: &d})
	return nil
}

// openReplayer opens an incident's replayer over the current screen. An
// incident without a timeline opens too: the replayer says so.
func (a *App) openReplayer(id string, o replayer.Options) tea.Cmd {
	r := a.find(id)
	if r == nil {
		a.status = notFound(id, a.lang)
		return nil
	}
	_, tl, err := a.lib.Timeline(r.ID)
	if err != nil && tl != nil {
		a.status = err.Error() // the model failed: the timeline as loaded
	}
	o.Lang, o.Styles = a.lang, *a.styles
	m := replayer.New(r, tl, o)
	a.push(screen{kind: screenReplayer, replayer: &m})
	return m.Init()
}

// back closes the screen on top and returns to the one it came from.
func (a *App) back() {
	if len(a.stack) == 0 {
		return
	}
	a.blurTop()
	a.stack = a.stack[:len(a.stack)-1]
	a.focusTop()
	a.layout()
}

// setLang switches every screen's language.
func (a *App) setLang(l data.Lang) {
	a.lang = l
	a.explorer.SetLang(l)
	a.preview.SetLang(l)
	for i := range a.stack {
		switch a.stack[i].kind {
		case screenDetail:
			a.stack[i].detail.SetLang(l)
		case screenReplayer:
			a.stack[i].replayer.SetLang(l)
		}
	}
	a.layout()
}
