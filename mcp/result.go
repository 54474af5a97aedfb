package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/incidents-dev/incidents/library"
)

// A tool result is its view encoded once, by library.WriteJSON (the
// encoder of every --json): that text is the result's text copy, and the
// same bytes compacted are its structured content. A result over the
// server's limit is made smaller, first in the view's own terms (fewer
// list items, fewer points per series; see shrinker), then, for what no
// view can cut (a hostile record with a huge field), by cutting the
// longest strings and arrays of the JSON. Either way the result starts
// with a "truncated" field that says what was left out.

// shrinker gives smaller versions of a view: level 1 is a little smaller
// than the whole view, level n the smallest this view can be.
type shrinker struct {
	n  int
	at func(level int) (v any, note string)
}

// listShrink shrinks a view by dropping the last of its n items: keep
// returns the view with the first k items and a note saying so.
func listShrink(n int, keep func(k int) (any, string)) *shrinker {
	return &shrinker{n: n, at: func(level int) (any, string) { return keep(n - level) }}
}

// thinShrink shrinks a timeline view by keeping every k-th point of each
// series (and its last), then by leaving the series out.
func thinShrink(v library.TimelineJSON) *shrinker {
	most := 0
	for _, s := range v.Series {
		most = max(most, len(s.Points))
	}
	if most == 0 {
		return nil
	}
	return &shrinker{n: most, at: func(level int) (any, string) {
		c := v
		if level == most {
			c.Series = []library.SeriesJSON{}
			return c, "the series were left out; ask with from/to for a shorter span, or include_series=false"
		}
		k := level + 1
		c.Series = make([]library.SeriesJSON, len(v.Series))
		for i, s := range v.Series {
			c.Series[i] = s
			c.Series[i].Points = thin(s.Points, k)
		}
		return c, fmt.Sprintf("series thinned to every %d%s point (and the last); ask with from/to for every point", k, ordinal(k))
	}}
}

func thin(pts []library.PointJSON, k int) []library.PointJSON {
	out := make([]library.PointJSON, 0, len(pts)/k+2)
	for i := 0; i < len(pts); i += k {
		out = append(out, pts[i])
	}
	if n := len(pts); n > 0 && (n-1)%k != 0 {
		out = append(out, pts[n-1])
	}
	return out
}

func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}

// encoded is one encoding of a result.
type encoded struct {
	text    []byte // library.WriteJSON's output, the text copy
	compact []byte // the same, compacted: the structured content
}

func encode(v any, note string) (encoded, error) {
	var b bytes.Buffer
	if err := library.WriteJSON(&b, v); err != nil {
		return encoded{}, err
	}
	text := b.Bytes()
	if note != "" {
		text = withNote(text, note)
	}
	var c bytes.Buffer
	if err := json.Compact(&c, text); err != nil {
		return encoded{}, err
	}
	return encoded{text: text, compact: c.Bytes()}, nil
}

// withNote puts "truncated": note first in the indented JSON object text.
func withNote(text []byte, note string) []byte {
	var q bytes.Buffer
	library.WriteJSON(&q, note) //nolint:errcheck // a string always encodes
	field := append([]byte(`"truncated": `), bytes.TrimSpace(q.Bytes())...)
	if rest, ok := bytes.CutPrefix(text, []byte("{\n  ")); ok {
		return append(append(append([]byte("{\n  "), field...), ",\n  "...), rest...)
	}
	return append(append([]byte("{\n  "), field...), "\n}\n"...)
}

// size is the encoding's size on the wire, as the result's structured
// content and its text copy (a JSON string, escapes counted).
func (e encoded) size() int {
	sc, _ := json.Marshal(json.RawMessage(e.compact))
	txt, _ := json.Marshal(string(e.text))
	return len(sc) + len(txt) + 64 // 64: the result's own keys
}

func (e encoded) toolResult() *sdk.CallToolResult {
	return &sdk.CallToolResult{
		Content:           []sdk.Content{&sdk.TextContent{Text: string(e.text)}},
		StructuredContent: json.RawMessage(e.compact),
	}
}

// result encodes v as a tool result within the server's limit.
func (s *server) result(v any, sh *shrinker) (*sdk.CallToolResult, any, error) {
	e, err := encode(v, "")
	if err != nil || e.size() <= s.max {
		return e.toolResult(), nil, err
	}
	note := ""
	if sh != nil && sh.n > 0 {
		// The smallest level that fits: levels only ever shrink the view.
		lo, hi := 1, sh.n
		for lo < hi {
			mid := (lo + hi) / 2
			if m, _ := encode(sh.at(mid)); m.size() <= s.max {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		var n string
		v, n = sh.at(lo)
		if e, err = encode(v, n); err != nil || e.size() <= s.max {
			return e.toolResult(), nil, err
		}
		note = n
	}
	e, err = s.cut(e.compact, note)
	return e.toolResult(), nil, err
}

// cut makes a JSON object fit by cutting its longest strings, then its
// longest arrays, as little as needed.
func (s *server) cut(compact []byte, note string) (encoded, error) {
	var tree any
	dec := json.NewDecoder(bytes.NewReader(compact))
	dec.UseNumber()
	if err := dec.Decode(&tree); err != nil {
		return encoded{}, err
	}
	obj, ok := tree.(map[string]any)
	if !ok {
		obj = map[string]any{"value": tree}
	}
	delete(obj, "truncated")
	try := func(strs, arrs int) (encoded, string) {
		n := note
		if strs >= 0 {
			n = join(n, fmt.Sprintf("text longer than %d characters was cut (marked …)", strs))
		}
		if arrs >= 0 {
			n = join(n, fmt.Sprintf("lists longer than %d items were cut", arrs))
		}
		c := clip(obj, strs, arrs).(map[string]any)
		e, _ := encode(c, n)
		return e, n
	}
	longS, longA := longest(obj)
	fits := func(strs, arrs int) bool { e, _ := try(strs, arrs); return e.size() <= s.max }
	strs := search(256, longS, func(n int) bool { return fits(n, -1) })
	arrs := -1
	if !fits(strs, -1) {
		strs = 256
		arrs = search(0, longA, func(n int) bool { return fits(strs, n) })
	}
	e, _ := try(strs, arrs)
	if e.size() > s.max {
		return encode(map[string]any{}, join(note, "the result is too large to send"))
	}
	return e, nil
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// search returns the largest n in [lo, hi] for which ok holds, or lo.
func search(lo, hi int, ok func(int) bool) int {
	if hi < lo {
		return lo
	}
	i := sort.Search(hi-lo+1, func(i int) bool { return !ok(lo + i) })
	return max(lo, lo+i-1)
}

// longest returns the length in runes of the longest string and the
// length of the longest array in v.
func longest(v any) (str, arr int) {
	switch v := v.(type) {
	case string:
		return utf8.RuneCountInString(v), 0
	case []any:
		arr = len(v)
		for _, x := range v {
			s, a := longest(x)
			str, arr = max(str, s), max(arr, a)
		}
	case map[string]any:
		for _, x := range v {
			s, a := longest(x)
			str, arr = max(str, s), max(arr, a)
		}
	}
	return str, arr
}

// clip returns a copy of v with strings cut to strs runes and arrays to
// arrs items; a negative limit cuts nothing.
func clip(v any, strs, arrs int) any {
	switch v := v.(type) {
	case string:
		if strs >= 0 && utf8.RuneCountInString(v) > strs {
			return string([]rune(v)[:strs]) + "…"
		}
		return v
	case []any:
		if arrs >= 0 && len(v) > arrs {
			v = v[:arrs]
		}
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = clip(x, strs, arrs)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = clip(x, strs, arrs)
		}
		return out
	}
	return v
}
