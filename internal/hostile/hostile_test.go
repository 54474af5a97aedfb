package hostile

import "testing"

func TestCasesAreWellFormed(t *testing.T) {
	seen := map[string]bool{}
	total := 0
	for _, c := range Cases() {
		key := c.Class + "/" + c.Name
		if seen[key] {
			t.Errorf("two cases named %q", key)
		}
		seen[key] = true
		if len(c.Files) == 0 {
			t.Errorf("%s: no files", key)
		}
		total += c.Size()
	}
	t.Logf("%d cases, %d MiB", len(seen), total>>20)
}
