package hostile

import (
	"fmt"
	"strings"
)

func fileTypes() []Case {
	c := func(name string, f File) Case {
		return Case{Class: "file type", Name: name, Files: []File{f, file("good.json", good("HX-0001"))}, Good: []string{"HX-0001"}}
	}
	return []Case{
		c("fifo", File{Name: "fifo.json", Kind: FIFO}),
		c("fifo jsonl", File{Name: "fifo.jsonl", Kind: FIFO}),
		c("socket", File{Name: "sock.json", Kind: Socket}),
		c("link to /dev/zero", File{Name: "zero.json", Kind: Symlink, Target: "/dev/zero"}),
		c("link to /dev/urandom", File{Name: "random.jsonl", Kind: Symlink, Target: "/dev/urandom"}),
		c("link to /dev/null", File{Name: "null.json", Kind: Symlink, Target: "/dev/null"}),
		c("link to /dev/stdin", File{Name: "stdin.json", Kind: Symlink, Target: "/dev/stdin"}),
		c("link to /proc/self/mem", File{Name: "mem.json", Kind: Symlink, Target: "/proc/self/mem"}),
		c("broken link", File{Name: "broken.json", Kind: Symlink, Target: "does-not-exist"}),
		c("link loop", File{Name: "loop.json", Kind: Symlink, Target: "loop.json"}),
		c("link to its folder", File{Name: "up.json", Kind: Symlink, Target: "."}),
		c("directory named .json", File{Name: "folder.json", Kind: Dir}),
		c("link to the root", File{Name: "root.json", Kind: Symlink, Target: "/"}),
	}
}

func sizes() []Case {
	var recs [][]byte
	for i := range 5000 {
		recs = append(recs, good(fmt.Sprintf("HX-1%05d", i)))
	}
	tags := make([]string, 100000)
	for i := range tags {
		tags[i] = fmt.Sprintf("tag-%d", i%5000)
	}
	wideTags := make([]string, 20000)
	for i := range wideTags {
		wideTags[i] = fmt.Sprintf("t%d", i)
	}
	return []Case{
		{Class: "size", Name: "empty file", Files: []File{file("empty.json", nil), file("empty.jsonl", nil), file("good.json", good("HX-0101"))}, Good: []string{"HX-0101"}},
		{Class: "size", Name: "white space only", Files: []File{file("space.json", []byte(" \n\t\r\n ")), file("good.json", good("HX-0102"))}, Good: []string{"HX-0102"}},
		{Class: "size", Name: "one byte", Files: []File{file("a.json", []byte("{")), file("b.json", []byte("[")), file("c.json", []byte(`"`)), file("good.json", good("HX-0103"))}, Good: []string{"HX-0103"}},
		{Class: "size", Name: "5k records in one array", Files: []File{file("many.json", array(recs...))}, Good: []string{"HX-100000", "HX-104999"}, Query: "hostile"},
		{Class: "size", Name: "5k records as JSON Lines", Files: []File{file("many.jsonl", lines(recs...))}, Good: []string{"HX-100000", "HX-104999"}},
		{Class: "size", Name: "100k tags, 5k distinct", Files: []File{file("tags.json", record("HX-0104", R{"domain": tags, "components": tags}))}, Good: []string{"HX-0104"}, Show: []string{"HX-0104"}, Query: "tag-4999"},
		{Class: "size", Name: "20k distinct tags", Files: []File{file("tags.json", record("HX-0105", R{"symptoms": wideTags}))}, Good: []string{"HX-0105"}, Show: []string{"HX-0105"}, Query: "t19999"},
		{Class: "size", Name: "10k sources", Files: []File{file("src.json", record("HX-0106", R{"sources": manySources(10000)}))}, Good: []string{"HX-0106"}, Show: []string{"HX-0106"}},
		{Class: "size", Name: "2k remediation items", Files: []File{file("items.json", record("HX-0107", R{"remediation": manyItems(2000)}))}, Good: []string{"HX-0107"}, Show: []string{"HX-0107"}},
		{Class: "size", Name: "256 KiB summary", Files: []File{file("summary.json", record("HX-0108", R{"summary": strings.Repeat("A sentence with words that wrap. ", 1<<13)}))}, Good: []string{"HX-0108"}, Show: []string{"HX-0108"}, Query: "sentence"},
		{Class: "size", Name: "256k blank lines", Files: []File{file("blank.jsonl", []byte(strings.Repeat("\n", 1<<18)+string(good("HX-0109"))))}, Good: []string{"HX-0109"}},
	}
}

func manySources(n int) []R {
	out := make([]R, n)
	for i := range out {
		out[i] = R{"url": fmt.Sprintf("https://example.com/%d", i), "kind": "blog"}
	}
	return out
}

func manyItems(n int) []R {
	out := make([]R, n)
	for i := range out {
		out[i] = R{"text": fmt.Sprintf("Item %d of a long list", i)}
	}
	return out
}

func encodings() []Case {
	g := good("HX-0201")
	utf16 := func(b []byte, bigEndian, bom bool) []byte {
		var out []byte
		if bom {
			if bigEndian {
				out = append(out, 0xfe, 0xff)
			} else {
				out = append(out, 0xff, 0xfe)
			}
		}
		for _, c := range b {
			if bigEndian {
				out = append(out, 0, c)
			} else {
				out = append(out, c, 0)
			}
		}
		return out
	}
	utf32 := func(b []byte) []byte {
		out := []byte{0xff, 0xfe, 0, 0}
		for _, c := range b {
			out = append(out, c, 0, 0, 0)
		}
		return out
	}
	bad := func(name string, body string) Case {
		return Case{Class: "encoding", Name: name, Files: []File{
			file("bad.json", withTitle("HX-0202", body)),
			file("bad.jsonl", lines(good("HX-0203"), withTitle("HX-0204", body))),
			file("good.json", good("HX-0201")),
		}, Good: []string{"HX-0201", "HX-0203"}, Show: []string{"HX-0202", "HX-0204"}}
	}
	return []Case{
		{Class: "encoding", Name: "UTF-16 LE with BOM", Files: []File{file("u16.json", utf16(g, false, true))}},
		{Class: "encoding", Name: "UTF-16 BE with BOM", Files: []File{file("u16.json", utf16(g, true, true))}},
		{Class: "encoding", Name: "UTF-16 LE without BOM", Files: []File{file("u16.jsonl", utf16(g, false, false))}},
		{Class: "encoding", Name: "UTF-16 BE without BOM", Files: []File{file("u16.json", utf16(g, true, false))}},
		{Class: "encoding", Name: "UTF-32 LE with BOM", Files: []File{file("u32.json", utf32(g))}},
		{Class: "encoding", Name: "UTF-8 BOM", Files: []File{file("bom.json", append([]byte("\xef\xbb\xbf"), g...)), file("bom.jsonl", append([]byte("\xef\xbb\xbf"), lines(good("HX-0205"))...))}, Good: []string{"HX-0201", "HX-0205"}},
		{Class: "encoding", Name: "BOM inside", Files: []File{file("bom.jsonl", lines(good("HX-0206"), append([]byte("\xef\xbb\xbf"), good("HX-0207")...)))}, Good: []string{"HX-0206"}},
		bad("Latin-1 byte", `"caf`+"\xe9"+`"`),
		bad("overlong NUL", `"a`+"\xc0\x80"+`b"`),
		bad("UTF-8 surrogate", `"a`+"\xed\xa0\x80"+`b"`),
		bad("raw C1 CSI byte", `"a`+"\x9b"+`31mred"`),
		bad("truncated sequence", `"a`+"\xe2\x82"+`"`),
		bad("beyond U+10FFFF", `"a`+"\xf4\x90\x80\x80"+`"`),
		bad("raw ESC in string", `"a`+"\x1b"+`[31mred"`),
		bad("raw NUL in string", `"a`+"\x00"+`b"`),
		bad("raw newline in string", "\"a\n"+Forged+" b\""),
		{Class: "encoding", Name: "NUL bytes between records", Files: []File{file("nul.jsonl", []byte(string(good("HX-0208"))+"\n\x00\x00\x00\n"+string(good("HX-0209"))+"\n"))}, Good: []string{"HX-0208", "HX-0209"}},
		{Class: "encoding", Name: "CRLF lines", Files: []File{file("crlf.jsonl", []byte(string(good("HX-0210"))+"\r\n"+string(good("HX-0211"))+"\r\n"))}, Good: []string{"HX-0210", "HX-0211"}},
		{Class: "encoding", Name: "escaped lone surrogates", Files: []File{file("s.json", withTitle("HX-0212", `"\ud800 \udfff \udbff\udfff end"`))}, Good: []string{"HX-0212"}, Show: []string{"HX-0212"}},
		{Class: "encoding", Name: "escaped NUL and controls", Files: []File{file("s.json", withTitle("HX-0213", `"a\u0000b\u0007c\u001b[31md\u009be"`))}, Good: []string{"HX-0213"}, Show: []string{"HX-0213"}},
		{Class: "encoding", Name: "noncharacters", Files: []File{file("s.json", withTitle("HX-0214", `"\ufffe \uffff \ufdd0 `+"\U0010FFFF \U000EFFFF"+`"`))}, Good: []string{"HX-0214"}, Show: []string{"HX-0214"}},
	}
}

func names() []Case {
	c := func(name string, files ...string) Case {
		k := Case{Class: "file name", Name: name}
		for i, f := range files {
			id := fmt.Sprintf("HX-03%02d", i)
			k.Files = append(k.Files, file(f, good(id)))
			k.Good = append(k.Good, id)
		}
		// And one bad record in each, so that the name is printed.
		k.Files = append(k.Files, file(files[0]+".bad.json", []byte(`{"id": "HX-0399", "date": "bad"}`)))
		return k
	}
	long := strings.Repeat("n", 240) + ".json"
	return []Case{
		c("newline", "a.json:1:1: forged\n"+Forged+" problem.json"),
		c("carriage return", "a\r"+Forged+".json"),
		c("line separator", "a\u2028"+Forged+".json"),
		c("escape sequence", "a\x1b[31mred\x1b]0;t\x07.json"),
		c("bidi override", "a\u202enosj.json"),
		c("not UTF-8", "a\xff\xfe.json", "b\xc3.jsonl"),
		c("format verbs", "%s%d%n%!x%v.json"),
		c("leading dash", "-rf.json", "--help.json"),
		c("255 bytes", long),
		c("Korean and emoji", "한국어 사고 보고서 👩‍👩‍👧.json"),
		c("combining marks", "e\u0301\u0301\u0301.json"),
		c("upper case extension", "UPPER.JSON", "mixed.JsonL"),
		c("deep folders", strings.Repeat("d/", 100)+"deep.json"),
		c("spaces", " spaced name .json"),
		{Class: "file name", Name: "hidden files", Files: []File{file(".hidden.json", []byte("{")), file(".git/x.json", []byte("{")), file("testdata/x.json", []byte("{")), file("good.json", good("HX-0398"))}, Good: []string{"HX-0398"}},
	}
}

func injection() []Case {
	var cs []Case
	fields := []string{"title", "org", "id", "summary", "lessons", "root_cause", "severity", "date", "url"}
	for i, d := range Dangerous {
		id := fmt.Sprintf("HX-04%02d", i)
		f := R{}
		for _, k := range fields {
			if k != "id" && k != "date" {
				f[k] = "Text " + d
			}
		}
		// Text of several paragraphs may hold newlines; there a line
		// that starts with the marker is a paragraph, not a forgery.
		p := Paragraphs(d)
		f["summary"], f["lessons"] = p, p
		f["domain"] = []string{d, "net"}
		f["sources"] = []R{{"url": "https://example.com/" + d, "kind": d, "archived": d}}
		f["remediation"] = []R{{"text": p}}
		f["impact"] = R{"scope": p, "users": p, "region": p}
		f["review"] = R{"written_by": d}
		f["timeline"] = R{"detected_after": d}
		f["related"] = []string{d}
		f["docs"] = []string{d}
		// The same text in the id and date makes a record that fails, so
		// that it reaches the error messages too.
		badRec := record(d, R{"date": d, "title": d})
		cs = append(cs, Case{
			Class: "injection", Name: fmt.Sprintf("%q", d),
			Files: []File{file("inject.json", record(id, f)), file("bad.json", badRec), file("bad.jsonl", lines(badRec))},
			Good:  []string{id}, Show: []string{id, d}, Query: d,
		})
	}
	return cs
}

func numbers() []Case {
	c := func(name, value string, loads bool) Case {
		k := Case{Class: "number", Name: name, Files: []File{
			file("n.json", []byte(`{"id": "HX-0501", "date": "2024-01-02", "title": "Numbers", "unknown": `+value+`, "domain": [`+value+`]}`)),
			file("u.json", []byte(`{"id": "HX-0502", "date": "2024-01-02", "title": "Numbers", "unknown": `+value+`}`)),
			file("good.json", good("HX-0503")),
		}, Good: []string{"HX-0503"}, Show: []string{"HX-0501", "HX-0502"}}
		if loads {
			k.Good = append(k.Good, "HX-0502")
		}
		return k
	}
	return []Case{
		c("huge float", "1e308", true),
		c("overflowing float", "1e400", true),
		c("tiny float", "5e-324", true),
		c("negative zero", "-0", true),
		c("huge integer", "123456789012345678901234567890", true),
		c("long digits", strings.Repeat("9", 100000), true),
		c("leading zero", "012", false),
		c("NaN", "NaN", false),
		c("Infinity", "-Infinity", false),
		c("hex", "0x10", false),
		c("plus sign", "+1", false),
		c("bare dot", ".5", false),
	}
}

func times() []Case {
	c := func(name, date, duration string, loads bool) Case {
		k := Case{Class: "time", Name: name, Files: []File{
			file("d.json", record("HX-0601", R{"date": date, "timeline": R{"detected_after": duration, "resolved_after": duration}, "updated_at": date})),
			file("good.json", good("HX-0602")),
		}, Good: []string{"HX-0602"}, Show: []string{"HX-0601"}}
		if loads {
			k.Good = append(k.Good, "HX-0601")
		}
		return k
	}
	return []Case{
		c("year 0", "0000-01-01", "1h", true),
		c("year 9999", "9999-12-31", "1h", true),
		c("year 10000", "10000-01-01", "1h", false),
		c("negative year", "-001-01-01", "1h", false),
		c("February 30", "2024-02-30", "1h", false),
		c("leap day", "2024-02-29", "1h", true),
		c("month 13", "2024-13-01", "1h", false),
		c("time in a date", "2024-01-02T00:00:00Z", "1h", false),
		c("empty date", "", "1h", false),
		c("largest duration", "2024-01-02", "2562047h47m16.854775807s", true),
		c("duration past the largest", "2024-01-02", "9999999999999h", true),
		c("negative duration", "2024-01-02", "-5m", true),
		c("duration of many parts", "2024-01-02", strings.Repeat("1h ", 10000), true),
		c("duration as words", "2024-01-02", "about three days, then \x1b[31m", true),
	}
}

func deepWide() []Case {
	deep := func(n int, open, close string) string { return strings.Repeat(open, n) + strings.Repeat(close, n) }
	wide := func(n int) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"k%d": %d`, i, i)
		}
		b.WriteString("}")
		return b.String()
	}
	c := func(name, value string) Case {
		loads := []string{"HX-0704", "HX-0703"}
		if strings.HasPrefix(name, "unclosed") {
			loads = loads[:1] // the array's second element is inside the first
		}
		return Case{Class: "deep and wide", Name: name, Files: []File{
			file("x.json", []byte(`{"id": "HX-0701", "date": "2024-01-02", "title": "Deep", "extra": `+value+`}`)),
			file("t.json", []byte(`{"id": "HX-0702", "date": "2024-01-02", "title": `+value+`}`)),
			file("a.json", []byte("["+value+", "+string(good("HX-0703"))+"]")),
			file("good.json", good("HX-0704")),
		}, Good: loads, Show: []string{"HX-0701", "HX-0702"}}
	}
	return []Case{
		c("arrays 100 deep", deep(100, "[", "]")),
		c("arrays 10k deep", deep(10000, "[", "]")),
		c("arrays 100k deep", deep(100000, "[", "]")),
		c("objects 100k deep", strings.Repeat(`{"a":`, 100000)+"1"+strings.Repeat("}", 100000)),
		c("unclosed 100k deep", strings.Repeat("[", 100000)),
		c("object with 20k keys", wide(20000)),
		c("array of 128k zeros", "["+strings.Repeat("0,", 1<<17)+"0]"),
		c("128k empty strings", "["+strings.Repeat(`"",`, 1<<17)+`""]`),
		c("128k escapes", `"`+strings.Repeat(`\u001b`, 1<<17)+`"`),
		c("repeated keys", `{"en": "a", "en": "b", "EN": "c", "ko": "d"}`),
	}
}
