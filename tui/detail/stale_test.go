package detail

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestStale shows a compact record (data.Options.Compact) read whole from
// its file, and what was loaded of it with a line saying so once the file
// has changed, in both languages.
func TestStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.jsonl")
	line := `{"id":"SY-1","org":"Acme","date":"2024-05-06","title":{"en":"Acme lost its DNS","ko":"Acme의 DNS가 멈췄다"},` +
		`"summary":{"en":"The resolver failed.","ko":"리졸버가 멈췄다."},"remediation":[{"text":{"en":"Restarted the resolver","ko":"리졸버를 다시 시작했다"}}]}` + "\n"
	if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	lib, err := data.Load(data.Options{Paths: []string{dir}, NoBundled: true, Compact: true})
	if err != nil || len(lib.Records) != 1 || !lib.Records[0].IsCompact() {
		t.Fatalf("load: %v, %d records", err, len(lib.Records))
	}
	view := func(l data.Lang) string {
		m := New(lib.Records[0], Options{Lang: l, Styles: theme.Plain()})
		m.SetSize(100, 60)
		return m.View()
	}
	if v := view(data.EN); !strings.Contains(v, "Restarted the resolver") || strings.Contains(v, words.stale.EN) {
		t.Errorf("the whole record is not shown:\n%s", v)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(line, "resolver", "Resolver", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range []data.Lang{data.EN, data.KO} {
		v := view(l)
		flat := strings.Join(strings.Fields(v), " ")
		if !strings.Contains(flat, strings.Join(strings.Fields(words.stale.In(l)), " ")) || strings.Contains(v, "Restarted") ||
			!strings.Contains(v, map[data.Lang]string{data.EN: "The resolver failed.", data.KO: "리졸버가 멈췄다."}[l]) {
			t.Errorf("%s: the loaded copy is not shown as one:\n%s", l, v)
		}
	}
}
