package replayer

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// KeyMap holds the replay screen's key bindings. Bindings that would do
// nothing at the current moment are disabled, so the hint bar never offers
// them.
type KeyMap struct {
	// Play starts and pauses playback.
	Play key.Binding
	// Next and Prev step to the next and previous event.
	Next, Prev key.Binding
	// Forward and Back move the clock one minute.
	Forward, Back key.Binding
	// Faster and Slower step through the speeds 1×, 10×, 60×, 300×, 600×.
	Faster, Slower key.Binding
	// Start and End jump to the ends of the timeline.
	Start, End key.Binding
	// Stage jumps to the first event of stage 1…9.
	Stage key.Binding
	// Heatmap toggles the per-instance heatmap (timelines with instance series).
	Heatmap key.Binding
	// WhatIf opens the what-if panel (timelines with a model).
	WhatIf key.Binding
	// NoteDown and NoteUp scroll the annotation.
	NoteDown, NoteUp key.Binding
	// Study turns study mode on and off; Reveal shows the event a study
	// stop hides and plays on.
	Study, Reveal key.Binding
	// Present turns presenter mode on and off; Overlay the keystroke overlay.
	Present, Overlay key.Binding
	// Copy copies the moment as Markdown (OSC 52).
	Copy key.Binding
	// Esc returns to the previous screen.
	Esc key.Binding
	// Rhyme opens the first rhyme of the current event: another
	// incident's replay at the moment it names.
	Rhyme key.Binding
	// Answer types the group's answer at a study stop; Star stars the
	// moment (or takes the star off); Note adds a note to it.
	Answer, Star, Note key.Binding
	// Find finds events and goes to a typed time (find.go, jump.go).
	Find FindKeys
	// Point points at an event, a sparkline's minute or a heatmap cell
	// for the whole meeting (the presenter, or a participant let to);
	// Let lets participants point; Hand raises a participant's hand, and
	// acknowledges the hands on the presenter's screen (room.go).
	Point, Let, Hand key.Binding
}

// DefaultKeyMap returns the replay keys of PRODUCT.md, with English help.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Play:    key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "play")),
		Next:    key.NewBinding(key.WithKeys("n", "]", "pgdown"), key.WithHelp("n/]", "next event")),
		Prev:    key.NewBinding(key.WithKeys("p", "[", "pgup"), key.WithHelp("p/[", "previous event")),
		Forward: key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "+1 min")),
		Back:    key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "−1 min")),
		Faster:  key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+", "faster")),
		Slower:  key.NewBinding(key.WithKeys("-", "_"), key.WithHelp("-", "slower")),
		Start:   key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "start")),
		End:     key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "end")),
		Stage: key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"),
			key.WithHelp("1…9", "stage")),
		Heatmap:  key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "heatmap")),
		WhatIf:   key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "what if")),
		NoteDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "scroll note")),
		NoteUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "scroll note back")),
		Study:    key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "study")),
		Reveal:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "reveal")),
		Present:  key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "present")),
		Overlay:  key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "show keys")),
		Copy:     key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy")),
		Esc:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Rhyme:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "same decision elsewhere"), key.WithDisabled()),
		Answer:   key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "answer")),
		Star:     key.NewBinding(key.WithKeys("*"), key.WithHelp("*", "star")),
		Note:     key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "note")),
		Find:     defaultFindKeys(),
		Point:    key.NewBinding(key.WithKeys("."), key.WithHelp(".", "point"), key.WithDisabled()),
		Let:      key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "let others point"), key.WithDisabled()),
		Hand:     key.NewBinding(key.WithKeys("H"), key.WithHelp("H", "raise hand"), key.WithDisabled()),
	}
}

// helpTexts are the help descriptions of the bindings. Both languages
// chosen uses English: the hint bar has room for one language only.
var helpTexts = i18n.Register("replayer.keys", &struct {
	play, pause, next, prev, forward, back, faster, slower i18n.Word
	start, end, stage, heatmap, whatIf, esc                i18n.Word
	noteDown, noteUp, study, reveal, present, overlay      i18n.Word
	copy, prevStop                                         i18n.Word
}{
	play:     i18n.W("play", "재생"),
	pause:    i18n.W("pause", "일시정지"),
	next:     i18n.W("next event", "다음 이벤트"),
	prev:     i18n.W("previous event", "이전 이벤트"),
	forward:  i18n.W("+1 min", "+1분"),
	back:     i18n.W("−1 min", "−1분"),
	faster:   i18n.W("faster", "빠르게"),
	slower:   i18n.W("slower", "느리게"),
	start:    i18n.W("start", "처음"),
	end:      i18n.W("end", "끝"),
	stage:    i18n.W("stage", "단계"),
	heatmap:  i18n.W("heatmap", "히트맵"),
	whatIf:   i18n.W("what if", "가정"),
	esc:      i18n.W("back", "뒤로"),
	noteDown: i18n.W("scroll note", "설명 아래로"),
	noteUp:   i18n.W("scroll note back", "설명 위로"),
	study:    i18n.W("study", "학습"),
	reveal:   i18n.W("reveal", "공개"),
	present:  i18n.W("present", "발표"),
	overlay:  i18n.W("show keys", "키 표시"),
	copy:     i18n.W("copy", "복사"),
	prevStop: i18n.W("ask again", "다시 묻기"),
})

// setHelp rewrites the help descriptions in lang; asking says a study stop
// is asking, where p asks the previous stop's question again.
func (k *KeyMap) setHelp(lang data.Lang, playing, asking bool) {
	t := helpTexts
	play := t.play
	if playing {
		play = t.pause
	}
	set := func(b *key.Binding, w i18n.Word) { i18n.SetHelp(b, b.Help().Key, w, lang) }
	set(&k.Play, play)
	set(&k.Next, t.next)
	set(&k.Prev, t.prev)
	set(&k.Forward, t.forward)
	set(&k.Back, t.back)
	set(&k.Faster, t.faster)
	set(&k.Slower, t.slower)
	set(&k.Start, t.start)
	set(&k.End, t.end)
	set(&k.Stage, t.stage)
	set(&k.Heatmap, t.heatmap)
	set(&k.WhatIf, t.whatIf)
	set(&k.Esc, t.esc)
	set(&k.NoteDown, t.noteDown)
	set(&k.NoteUp, t.noteUp)
	set(&k.Study, t.study)
	set(&k.Reveal, t.reveal)
	set(&k.Present, t.present)
	set(&k.Overlay, t.overlay)
	set(&k.Copy, t.copy)
	if asking {
		set(&k.Prev, t.prevStop)
	}
}

// ShortHelp returns the bindings of the one-line hint bar, most wanted
// first: a bar too narrow for all of them drops whole entries from the end
// (see fitShort).
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Reveal, k.Answer, k.Find.NextMatch, k.Find.PrevMatch, k.Play, k.Next, k.Prev, k.Rhyme,
		k.Forward, k.Faster, k.Find.Find, k.Find.Jump, k.Stage, k.Study,
		k.Hand, k.Point, k.Present, k.Copy, k.Star, k.Note, k.Heatmap, k.WhatIf, k.NoteDown, k.Esc}
}

// FullHelp returns every binding, in columns, for the full help.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Play, k.Faster, k.Slower, k.Start, k.End},
		{k.Next, k.Prev, k.Forward, k.Back, k.Stage},
		{k.Study, k.Reveal, k.Rhyme, k.Present, k.Overlay, k.Copy},
		{k.Heatmap, k.WhatIf, k.NoteDown, k.NoteUp, k.Esc},
		{k.Answer, k.Star, k.Note},
		{k.Find.Find, k.Find.NextMatch, k.Find.PrevMatch, k.Find.Jump},
		{k.Point, k.Let, k.Hand},
	}
}
