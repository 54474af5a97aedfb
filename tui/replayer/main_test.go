package replayer

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/incidents-dev/incidents/data"
	_ "github.com/incidents-dev/incidents/replay/mailbox" // IL-0499's model, for replay.Open
)

// fixture loads the test timeline (modelled on IL-0499, written for these
// tests; the bundled library is not used) and a record for it.
func fixture(t testing.TB) (*data.Record, *data.Timeline) {
	t.Helper()
	b, err := os.ReadFile("testdata/IL-0499.json")
	if err != nil {
		t.Fatal(err)
	}
	var tl data.Timeline
	if err := json.Unmarshal(b, &tl); err != nil {
		t.Fatalf("testdata/IL-0499.json: %v", err)
	}
	rec := &data.Record{
		ID:    "IL-0499",
		Org:   "Discord",
		Date:  "2026-03-25",
		Title: data.Text{EN: "Voice outage: connection supervisors backed up", KO: "음성 장애: 연결 감독 프로세스 적체"},
		Body:  &data.Body{},
	}
	return rec, &tl
}
