package replay

import (
	"context"
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// curveScenario is a scenario whose outcome is a formula of its parameters:
// minutes under 50% = 60·a + 10·b, with a cliff of 100 minutes where c
// passes 1.1; recovery 10:00 plus those minutes.
type curveScenario struct{ explain bool }

var curveStart = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)

func (curveScenario) Params() []Param                { return nil }
func (curveScenario) Step(_, v string, _ int) string { return v }
func (curveScenario) Basis() []Basis {
	return []Basis{
		{Name: "a", Value: "1", Basis: "judgement"},
		{Name: "b", Value: "2.5", Basis: "judgement"},
		{Name: "c", Value: "1.0", Basis: "judgement"},
		{Name: "fixed", Value: "3", Basis: "postmortem"},
		{Name: "list", Value: `["x"]`, Basis: "judgement"},
		{Name: "refused", Value: "7", Basis: "judgement"},
	}
}

func (curveScenario) Run(set map[string]string) (*data.Timeline, error) {
	v := map[string]float64{"a": 1, "b": 2.5, "c": 1}
	for k, s := range set {
		if _, ok := v[k]; !ok {
			return nil, errors.New("unknown " + k)
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, err
		}
		v[k] = x
	}
	m := 60*v["a"] + 10*v["b"]
	if v["c"] > 1.1 {
		m += 100
	}
	return &data.Timeline{Series: []data.Series{{Name: "m", Points: []data.Point{{T: curveStart, V: m}}}}}, nil
}

func (curveScenario) Summarize(tl *data.Timeline) (Summary, bool) {
	m := tl.Series[0].Points[0].V
	return Summary{MinutesBelow50: m, LowestSuccess: 0, End: curveStart.Add(10 * time.Hour),
		RecoveredAbove95: curveStart.Add(time.Hour + time.Duration(m*float64(time.Minute)))}, true
}

func (c curveScenario) Threshold(name string) (data.Text, bool) {
	if c.explain && name == "c" {
		return data.Text{EN: "c passes 1.1", KO: "c가 1.1을 넘음"}, true
	}
	return data.Text{}, false
}

func TestSense(t *testing.T) {
	sc := curveScenario{explain: true}
	s, err := Sense(context.Background(), sc, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	if s.Base.MinutesBelow50 != 85 {
		t.Fatalf("base %v", s.Base.MinutesBelow50)
	}
	var names []string
	for _, e := range s.Effects {
		names = append(names, e.Name)
	}
	// c: +100 at 1.2; a: ±12; b: ±5. "fixed" is the postmortem's, "list"
	// not a number, "refused" refused by Run: none is varied.
	if want := []string{"c", "a", "b"}; len(names) != 3 || names[0] != want[0] || names[1] != want[1] || names[2] != want[2] {
		t.Fatalf("effects %v, want %v", names, want)
	}
	a := s.Effects[1]
	if a.Low.Value != "0.8" || a.High.Value != "1.2" {
		t.Errorf("a tried %s and %s, want 0.8 and 1.2", a.Low.Value, a.High.Value)
	}
	if d := ShiftOf(s.Base, a.High.Summary); math.Abs(d.Below50-12) > 1e-9 || math.Abs(d.Recovery-12) > 1e-9 {
		t.Errorf("a +20%%: shift %+v, want 12 and 12 minutes", d)
	}
	c := s.Effects[0]
	if len(c.Cliffs) != 1 || c.Cliffs[0].Below.Value != "1.1" || c.Cliffs[0].Above.Value != "1.15" || c.Cliffs[0].Why.EN != "c passes 1.1" {
		t.Errorf("c: cliffs %+v, want one between 1.1 and 1.15, explained", c.Cliffs)
	}
	if len(a.Cliffs) != 0 {
		t.Errorf("a: cliffs %+v, want none", a.Cliffs)
	}
	// Without an explanation the cliff is still found, and says it has none.
	s2, err := Sense(context.Background(), curveScenario{}, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	if cl := s2.Effects[0].Cliffs; len(cl) != 1 || cl[0].Why.Complete() {
		t.Errorf("unexplained cliff: %+v", cl)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Sense(ctx, sc, 0.2); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := Sense(context.Background(), sc, 1.5); err == nil {
		t.Error("±150%: no error")
	}
}

func TestScaled(t *testing.T) {
	for _, tc := range []struct {
		v     string
		f     float64
		whole bool
		want  string
	}{
		{"0.3", 0.8, false, "0.24"},
		{"2000000", 1.05, false, "2100000"},
		{"0.6", 1.2, false, "0.72"},
		{"2", 1.2, true, "3"},
		{"2", 0.8, true, "1"},
		{"15", 1.2, true, "18"},
		{"5", 0.95, false, "4.75"},
	} {
		if got, ok := Scaled(tc.v, tc.f, tc.whole); !ok || got != tc.want {
			t.Errorf("Scaled(%s, %g, %v) = %s, want %s", tc.v, tc.f, tc.whole, got, tc.want)
		}
	}
	if _, ok := Scaled("never", 1.2, false); ok {
		t.Error("never scaled")
	}
}

func TestShiftNeverRecovers(t *testing.T) {
	end := curveStart.Add(4 * time.Hour)
	base := Summary{MinutesBelow50: 90, LowestSuccess: 0, RecoveredAbove95: curveStart.Add(2 * time.Hour), End: end}
	never := Summary{MinutesBelow50: 200, LowestSuccess: 0, End: end}
	if d := ShiftOf(base, never); !d.Never || d.Recovery != 120 || d.Below50 != 110 {
		t.Errorf("never: %+v, want recovery moved to the window's end (+120)", d)
	}
	nodip := Summary{LowestSuccess: 99, End: end}
	if d := ShiftOf(base, nodip); !d.NoDip || d.Recovery != 0 || d.Below50 != -90 {
		t.Errorf("no dip: %+v", d)
	}
}
