package detail

import (
	"strings"
	"sync"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

// loadFixture loads tui/testdata/lib once: records written for these tests
// (not the bundled library, which is still growing) and a small vocabulary.
var loadFixture = sync.OnceValues(func() (*data.Library, error) {
	return data.Load(data.Options{Paths: []string{"../testdata/lib"}, NoBundled: true})
})

func fixture(t testing.TB) []*data.Record {
	t.Helper()
	lib, err := loadFixture()
	if err != nil {
		t.Fatalf("load fixture: %v", err)
	}
	return lib.Records
}

func byID(recs []*data.Record) func(string) *data.Record {
	return func(id string) *data.Record {
		for _, r := range recs {
			if strings.EqualFold(r.ID, id) {
				return r
			}
		}
		return nil
	}
}

// labels returns the fixture vocabulary's label of a tag.
func labels(term string) data.Text {
	lib, _ := loadFixture()
	t, _ := lib.Vocab.Lookup(term)
	return t.Label
}
