package hostile

import (
	"fmt"
	"strings"
)

func unicode() []Case {
	texts := []struct{ name, s string }{
		{"10k combining marks on one letter", "e" + strings.Repeat("\u0301", 10000)},
		{"combining marks alone", strings.Repeat("\u0301\u0308", 500)},
		{"Hangul jamo", strings.Repeat("\u1100\u1161\u11a8", 700)},
		{"1000 ZWJ family sequences", strings.Repeat("\U0001F469\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466", 1000)},
		{"dangling ZWJ", strings.Repeat("\u200D", 2000) + "a"},
		{"skin tones and flags", strings.Repeat("\U0001F44D\U0001F3FD\U0001F1F0\U0001F1F7", 500)},
		{"odd regional indicators", strings.Repeat("\U0001F1F0", 999)},
		{"tag characters", "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F" + strings.Repeat("\U000E0041", 1000)},
		{"variation selectors", strings.Repeat("\u2764\uFE0F\uFE0E", 800)},
		{"Arabic and Hebrew", strings.Repeat("مرحبا بالعالم שלום עולם ", 200)},
		{"RTL with numbers", "\u05d0 123 \u05d1 " + strings.Repeat("\u0627\u0661\u0662", 500)},
		{"zero-width spaces", strings.Repeat("a\u200B", 2000)},
		{"BOM inside", strings.Repeat("a\uFEFF", 2000)},
		{"wide CJK with spaces", strings.Repeat("漢字仮名交じり文 ", 500)},
		{"fullwidth and halfwidth", strings.Repeat("ＡＢＣ ｱｲｳ ", 500)},
		{"ambiguous width", strings.Repeat("±×÷§¶ ", 500)},
		{"private use", strings.Repeat("\uE000\U000F0000 ", 500)},
		{"replacement characters", strings.Repeat("\uFFFD", 2000)},
		{"NFD Korean", strings.Repeat("\u1112\u1161\u11ab\u1100\u116e\u11a8 ", 300)},
		{"mathematical letters", strings.Repeat("𝔥𝔬𝔰𝔱𝔦𝔩𝔢 ", 400)},
		{"soft hyphens", strings.Repeat("hy\u00ADphen", 1000)},
		{"every line break class", "a\u0085b\u2028c\u2029d\u000be\u000cf\rg\nh"},
	}
	var cs []Case
	for i, t := range texts {
		id := fmt.Sprintf("HX-08%02d", i)
		f := R{"title": R{"en": t.s, "ko": t.s}, "org": t.s, "summary": t.s, "lessons": t.s,
			"domain": []string{t.s}, "sources": []R{{"url": "https://example.com/" + t.s, "kind": "blog"}}}
		cs = append(cs, Case{Class: "unicode", Name: t.name, Files: []File{file("u.json", record(id, f)), file("good.json", good("HX-0899"))},
			Good: []string{id, "HX-0899"}, Show: []string{id}, Query: t.s[:min(len(t.s), 12)]})
	}
	return cs
}

func structure() []Case {
	g := func(id string) []byte { return good(id) }
	c := func(name string, loads []string, files ...File) Case {
		return Case{Class: "structure", Name: name, Files: files, Good: loads}
	}
	hostileBundled := record("IL-0499", R{"title": Dangerous[0] + Dangerous[9], "summary": Paragraphs(strings.Join(Dangerous, " "))})
	return []Case{
		c("null", []string{"HX-0901"}, file("n.json", []byte("null")), file("g.json", g("HX-0901"))),
		c("nulls in an array", []string{"HX-0902"}, file("n.json", []byte("[null, "+string(g("HX-0902"))+", null]"))),
		c("null lines", []string{"HX-0903"}, file("n.jsonl", []byte("null\n"+string(g("HX-0903"))+"\nnull\n"))),
		c("empty array", []string{"HX-0904"}, file("e.json", []byte("[]")), file("g.json", g("HX-0904"))),
		c("empty object", []string{"HX-0905"}, file("e.json", []byte("{}")), file("g.json", g("HX-0905"))),
		c("scalars", []string{"HX-0906"}, file("s.json", []byte(`["x", 1, true, false, [], {}, `+string(g("HX-0906"))+`]`))),
		c("nested arrays", []string{"HX-0907"}, file("a.json", []byte("[["+string(g("HX-0908"))+"]]")), file("g.json", g("HX-0907"))),
		c("missing commas", []string{"HX-0909", "HX-0910"}, file("a.json", []byte("["+string(g("HX-0909"))+" "+string(g("HX-0910"))+"]"))),
		c("trailing comma", []string{"HX-0911"}, file("a.json", []byte("["+string(g("HX-0911"))+",]"))),
		c("stray closers", []string{"HX-0912"}, file("a.json", []byte("[}]]}"+string(g("HX-0912"))+"]")), file("b.json", []byte("]")), file("g.json", g("HX-0912"))),
		c("trailing garbage", []string{"HX-0913"}, file("a.json", []byte(string(g("HX-0914"))+"garbage")), file("b.json", []byte("["+string(g("HX-0913"))+"] garbage"))),
		c("two objects", nil, file("a.json", []byte(string(g("HX-0915"))+string(g("HX-0916"))))),
		c("duplicate ids", []string{"HX-0917"}, file("a.json", array(g("HX-0917"), g("HX-0917"), g("hx-0917"), g(" HX-0917 ")))),
		c("blank ids", []string{"HX-0918"}, file("a.json", array(record("", nil), record("   ", nil), record("\u200B", nil), record("\x1b[0m", nil), g("HX-0918")))),
		c("wrong types everywhere", []string{"HX-0919"}, file("a.json", array(
			[]byte(`{"id": 5, "date": "2024-01-02", "title": "x"}`),
			[]byte(`{"id": "HX-0920", "date": 20240102, "title": "x"}`),
			[]byte(`{"id": "HX-0921", "date": "2024-01-02", "title": ["x"]}`),
			[]byte(`{"id": "HX-0922", "date": "2024-01-02", "title": "x", "sources": "x"}`),
			[]byte(`{"id": "HX-0923", "date": "2024-01-02", "title": "x", "remediation": [{"text": 1}]}`),
			[]byte(`{"id": "HX-0924", "date": "2024-01-02", "title": {"en": {"en": "x"}}}`),
			g("HX-0919")))),
		c("replaces a bundled record", []string{"IL-0499"}, file("il.json", hostileBundled)),
		c("vocabulary", []string{"HX-0925"}, file("v.json", []byte(`{"terms": [null, {"term": "`+"\\u001b[31m"+`", "facet": "domain", "label": "x"}, {"term": "net", "facet": "domain", "label": "\n`+Forged+`"}, {"term": "net", "facet": "domain", "label": "x"}, {"term": "q", "facet": "\u202e", "label": "x"}]}`)), file("g.json", g("HX-0925"))),
		c("vocabulary null terms", []string{"HX-0926"}, file("v.json", []byte(`{"terms": null}`)), file("g.json", g("HX-0926"))),
		c("vocabulary and events", []string{"HX-0927"}, file("v.json", []byte(`{"terms": [], "events": []}`)), file("g.json", g("HX-0927"))),
	}
}

// owned are the cases whose fixes other helpers own: linear wrapping
// (text), durations for any span (text) and the model's total work
// (model).
func owned() []Case {
	long := func(n int) string { return strings.Repeat("x", n) }
	var cs []Case
	for _, n := range []int{200_000, 1_000_000} {
		id := fmt.Sprintf("HX-%04d", 9000+n/100_000)
		cs = append(cs, Case{Class: "long text", Name: fmt.Sprintf("%d-character title", n), Owner: "text",
			Files: []File{file("t.json", record(id, R{"title": long(n), "summary": long(n)})), file("tl.json", timeline(id, func(t R) {
				t["events"].([]R)[0]["title"] = long(n)
			}))},
			Good: []string{id}, Timelines: []string{id}, Show: []string{id}, Query: "xxxx"})
	}
	cs = append(cs, Case{Class: "time", Name: "span from year 1 to 9999", Owner: "text",
		Files: []File{file("r.json", record("HX-9100", nil)), file("tl.json", timeline("HX-9100", func(t R) {
			t["start"] = "0001-01-01T00:00:00Z"
			t["end"] = "9999-12-31T23:59:59Z"
			ev := t["events"].([]R)
			ev[0]["at"] = "0001-01-01T00:00:00Z"
			ev[len(ev)-1]["at"] = "9999-12-31T23:59:59Z"
		}))},
		Good: []string{"HX-9100"}, Timelines: []string{"HX-9100"}, Show: []string{"HX-9100"}, Absent: []string{"2562047h"}})
	cs = append(cs, Case{Class: "model", Name: "a run of unbounded total work", Owner: "model",
		Files:     []File{file("il-0499.json", heavyModel())},
		Good:      []string{"IL-0499"},
		Timelines: []string{"IL-0499"}, Show: []string{"IL-0499"}})
	return cs
}
