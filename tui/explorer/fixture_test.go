package explorer

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// fixture loads the shared test records from tui/testdata, written for
// these tests (not the bundled library, which is still growing).
func fixture(t testing.TB) []*data.Record {
	t.Helper()
	f, err := os.Open("../testdata/lib/records.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var recs []*data.Record
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r data.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		r.Day, _ = time.Parse(time.DateOnly, r.Date)
		recs = append(recs, &r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return recs
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

// labels is a small vocabulary for the tests.
func labels(term string) data.Text {
	return map[string]data.Text{
		"kubernetes":    {EN: "Kubernetes", KO: "쿠버네티스"},
		"gcp":           {EN: "Google Cloud", KO: "구글 클라우드"},
		"database":      {EN: "Databases", KO: "데이터베이스"},
		"config-change": {EN: "Configuration change", KO: "설정 변경"},
	}[term]
}
