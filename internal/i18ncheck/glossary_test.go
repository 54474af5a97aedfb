package i18ncheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// glossaryPath is the glossary of the repository.
var glossaryPath = filepath.Join("..", "..", "data", "glossary.md")

func readGlossary(t *testing.T) Glossary {
	t.Helper()
	g, err := ReadGlossaryFile(glossaryPath)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestReadGlossary(t *testing.T) {
	g := readGlossary(t)
	i := slices.IndexFunc(g, func(t Term) bool { return t.Korean == "사례" })
	if len(g) < 20 || i < 0 || !slices.Contains(g[i].Forbidden, "사건") || !slices.Contains(g[i].Allowed, "지원 케이스") {
		t.Fatalf("glossary read as %+v", g)
	}
	if _, err := ReadGlossary(strings.NewReader("| concept | English |\n| --- | --- |\n| a | b |\n")); err == nil {
		t.Error("a table of two columns was read")
	}
	if _, err := ReadGlossary(strings.NewReader("no table")); err == nil {
		t.Error("a file without the table was read")
	}
}

func TestGlossaryFind(t *testing.T) {
	g := readGlossary(t)
	tests := []struct {
		text string
		want []string // variant/use pairs
	}{
		{"장애가 났습니다", nil},
		{"이 사건의 타임라인", []string{"사건/사례"}},
		{"장애 사고 보고", []string{"장애 사고/장애"}}, // one finding, not also 사고
		{"사고방식이 바뀐 사고", []string{"사고/장애"}},
		{"위협 탐지 규칙과 탐지 지연", []string{"탐지/감지"}},
		{"발단 · 트리거", []string{"발단/촉발", "트리거/촉발"}},
	}
	for _, tt := range tests {
		var got []string
		for _, h := range g.Find(tt.text) {
			got = append(got, h.Variant+"/"+h.Use)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Find(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestGlossaryPlanted proves the check fails: over planted catalogue words
// and a planted record it finds every variant, where it is, and the term
// to use.
func TestGlossaryPlanted(t *testing.T) {
	g := readGlossary(t)
	words, err := CatalogueWords(filepath.Join("testdata", "planted", "words.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range g.Check(words) {
		got = append(got, f.String())
	}
	p := filepath.Join("testdata", "planted", "words.go.txt")
	want := []string{
		p + `:6:28: "사건" (an entry of the library): use "사례"`,
		p + `:8:34: "발단" (what set the outcome off): use "촉발"`,
		p + `:9:27: "리플레이" (playing a timeline back): use "재생"`,
	}
	want[1] = strings.Replace(want[1], "outcome", "outage", 1)
	if !slices.Equal(got, want) {
		t.Errorf("catalogue findings:\n got %q\nwant %q", got, want)
	}
	b, err := os.ReadFile(filepath.Join("testdata", "planted", "record.json"))
	if err != nil {
		t.Fatal(err)
	}
	texts, err := KoreanJSON("record.json", b)
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, f := range g.Check(texts) {
		got = append(got, f.String())
	}
	want = []string{
		`record.json: remediation[0].text.ko: "재기동" (starting a process or machine again): use "재시작"`,
		`record.json: summary.ko: "근본원인" (the underlying fault): use "근본 원인"`,
		`record.json: title.ko: "장애 사고" (the outage an entry describes): use "장애"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("record findings:\n got %q\nwant %q", got, want)
	}
}

// TestGlossaryBundle checks every Korean text of the bundled records,
// timelines and vocabulary.
func TestGlossaryBundle(t *testing.T) {
	g := readGlossary(t)
	root := filepath.Join("..", "..", "data", "library")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".json" {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		texts, err := KoreanJSON(path, b)
		if err != nil {
			return err
		}
		n += len(texts)
		for _, f := range g.Check(texts) {
			t.Error(f)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("only %d Korean texts under %s", n, root)
	}
}

// TestGlossaryCatalogue checks the Korean side of every catalogue word in
// the sources of tui/ and cmd/.
func TestGlossaryCatalogue(t *testing.T) {
	g := readGlossary(t)
	n := 0
	for _, root := range []string{filepath.Join("..", "..", "tui"), filepath.Join("..", "..", "cmd")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			words, err := CatalogueWords(path)
			if err != nil {
				return err
			}
			n += len(words)
			for _, f := range g.Check(words) {
				t.Error(f)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 200 {
		t.Errorf("only %d Korean catalogue words", n)
	}
}
