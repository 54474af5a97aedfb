package cast

import (
	"bytes"
	"testing"
	_ "time/tzdata" // Asia/Seoul on machines without a zone database

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// TestRenderZone: --tz moves the screens and the markers of a cast to the
// zone, and nothing is left in the source's.
func TestRenderZone(t *testing.T) {
	z, err := replay.ParseZone("Asia/Seoul", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, st := render(t, bundled(t), Options{ID: "IL-0499", Lang: data.EN, Speed: 600, Study: true, Zone: z})
	if st.Events == 0 || st.Stops == 0 {
		t.Fatalf("no markers: %+v", st)
	}
	for _, want := range []string{`"m","04:13 `, `04:13 KST`} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("the cast has no %s", want)
		}
	}
	if bytes.Contains(b, []byte(`"m","12:`)) {
		t.Errorf("a marker is still in PDT")
	}
}
