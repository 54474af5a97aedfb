package mailbox

import (
	"time"
	"fmt"
	"testing"
)

func dbgFigures(t *testing.T, set map[string]string) string {
	hyp, err := whatIf(t, bundledTimeline(t), set)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := Summarize(hyp)
	var peakInst float64
	var who string
	for _, se := range hyp.Series {
		if se.Group == "instance" || len(se.Name) > 8 && se.Name[:8] == "mailbox/" {
			for _, p := range se.Points {
				if p.V > peakInst {
					peakInst, who = p.V, se.Name
				}
			}
		}
	}
	var minSucc float64 = 101
	for _, se := range hyp.Series {
		if se.Name == SeriesSuccess {
			for _, p := range se.Points {
				if p.T.Hour()*60+p.T.Minute() >= 12*60+14 && p.V < minSucc { minSucc = p.V }
			}
		}
	}
	return fmt.Sprintf("%v peak %.3gM at %s, inst %.3gM (%s), <50%%: %.1f min, rec95 %s, min success %.1f", set, s.PeakMailbox/1e6, s.PeakAt.Format("15:04"), peakInst/1e6, who, s.MinutesBelow50, s.RecoveredAbove95.Format("15:04"), minSucc)
}

func TestZZFigures(t *testing.T) {
	for _, set := range []map[string]string{
		{}, {"receive_cost": "0"}, {"receive_cost": "1"}, {"partitions": "2"}, {"partitions": "4"}, {"partitions": "8"},
		{"rate_limit_at": "12:30"}, {"rate_limit_at": "13:00"},
	} {
		t.Log(dbgFigures(t, set))
	}
}

func TestZZInstances(t *testing.T) {
	m := bundledModel(t)
	r := runModel(t, m)
	for _, in := range r.Instances[:15] {
		line := in.Name + " "
		for k := range in.Mailbox {
			tm := r.InstanceTimes[in.First+k]
			if tm.Minute()%2 == 0 && tm.Second() == 0 && tm.Hour()*60+tm.Minute() >= 12*60+10 && tm.Hour()*60+tm.Minute() <= 14*60+40 {
				c := "."
				if in.InRing[k] == 1 { c = "R" }
				if in.Mailbox[k] > 1e4 { c = "#"; if in.InRing[k]==1 {c="X"} }
				line += c
			}
		}
		t.Log(line)
	}
	line := "succ "
	for i, tm := range r.Times {
		if tm.Minute()%2 == 0 && tm.Second() == 0 && tm.Hour()*60+tm.Minute() >= 12*60+10 && tm.Hour()*60+tm.Minute() <= 14*60+40 {
			line += fmt.Sprintf("%d", min(9, int(r.Success[i]/10)))
		}
	}
	t.Log(line)
}

func TestZZDetail(t *testing.T) {
	m := bundledModel(t)
	r := runModel(t, m)
	hdr := "      "
	var idx []int
	for k, tm := range r.InstanceTimes {
		mm := tm.Hour()*60 + tm.Minute()
		if tm.Second() == 0 && mm >= 12*60+12 && mm <= 14*60+40 && (mm%3 == 0) {
			idx = append(idx, k)
			hdr += fmt.Sprintf("%5s", tm.Format("1504"))
		}
	}
	t.Log(hdr)
	for _, in := range r.Instances[:15] {
		line := fmt.Sprintf("%-6s", in.Name)
		for _, k := range idx {
			j := k - in.First
			v := in.Mailbox[j]
			c := " "
			if in.InRing[j] == 1 { c = "*" }
			line += fmt.Sprintf("%4.0f%s", min(9999, v/1000), c)
		}
		t.Log(line)
	}
	line := "succ  "
	for _, k := range idx {
		tm := r.InstanceTimes[k]
		for i, tt := range r.Times { if tt.Equal(tm) { line += fmt.Sprintf("%5.0f", r.Success[i]) } }
	}
	t.Log(line)
}

func TestZZTargets(t *testing.T) {
	m := bundledModel(t)
	r := runModel(t, m)
	for _, a := range r.Targeted {
		in := instance(t, r, a.Instance)
		line := fmt.Sprintf("%s %s named %s hit %s:", a.At.Format("15:04:05"), a.Do, a.Named, a.Instance)
		for k, tm := range r.InstanceTimes[in.First:] {
			d := tm.Sub(a.At).Minutes()
			if d >= -1 && d <= 12 && int(tm.Sub(a.At).Seconds())%60 == 0 {
				c := " "
				if in.InRing[k] == 1 { c = "*" }
				line += fmt.Sprintf(" %.0fk%s", in.Mailbox[k]/1000, c)
			}
		}
		t.Log(line)
	}
}

func TestZZStorm(t *testing.T) {
	for _, w := range []float64{1, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3} {
		m := bundledModel(t)

		m.StormWeights = map[string]float64{"2-8": w}
		r := runModel(t, m)
		in := instance(t, r, "2-8")
		line := fmt.Sprintf("w=%.1f 2-8:", w)
		for k, tm := range r.InstanceTimes[in.First:] {
			if tm.Minute() >= 12 && tm.Minute() <= 35 && tm.Hour() == 12 {
				c := " "
				if in.InRing[k] == 1 { c = "*" }
				line += fmt.Sprintf(" %.0f%s", in.Mailbox[k]/1000, c)
			}
		}
		line += " succ:"
		for i, tm := range r.Times {
			if tm.Hour() == 12 && tm.Minute() >= 13 && tm.Minute() <= 35 && tm.Second()%30 == 0 {
				line += fmt.Sprintf(" %.0f", r.Success[i])
			}
		}
		t.Log(line)
	}
}

func TestZZNoWeight(t *testing.T) {
	m := bundledModel(t)
	m.Weights = nil
	r := runModel(t, m)
	for _, a := range r.Targeted { t.Log(a.At.Format("15:04"), a.Named, a.Instance) }
	tl := bundledTimeline(t)
	_ = tl
	t.Log(peak(r))
}

func TestZZWhy(t *testing.T) {
	m := bundledModel(t)
	s := newSim(m)
	var x *simInst
	for _, in := range s.insts { if in.name == "2-1" { x = in } }
	from, to := m.stepOf(modelClock(14, 3)), m.stepOf(modelClock(14, 13))
	var hostedOwn float64
	s.observe = func(step int) {
		if step >= from && step <= to && (step-from)%20 == 0 {
			hostedOwn = 0
			var away float64
			for _, h := range x.calls { if h.slot == 0 { hostedOwn += h.n } else { away += h.n } }
			var elsewhere float64
			for _, in := range s.insts { for _, h := range in.calls { if h.slot == 0 && in != x { elsewhere += h.n } } }
			t.Logf("%s q=%.0fk rpc=%.0f create=%.0f own=%.0fk foreign=%.0fk slot0-elsewhere=%.0fk wait=%.0fk pend=%.0fk delay=%d ring=%v", modelClock(12,0).Add(time.Duration(step)*time.Second).Format("15:04:05"), x.qlen/1000, x.inRPC, x.inCreate, hostedOwn/1000, away/1000, elsewhere/1000, x.wait.sum/1000, x.pend.sum/1000, x.delay, x.inRing)
		}
	}
	s.run()
}

func TestZZSweep(t *testing.T) {
	for _, rl := range []float64{8000, 12000, 16000, 20000, 25000, 30000, 40000} {
		m := bundledModel(t)
		m.RateLimit = rl
		r := runModel(t, m)
		held, n := 0, 0
		for i, a := range r.Targeted {
			if a.At.Before(modelClock(14, 3)) || !a.At.Before(modelClock(14, 15)) { continue }
			n++
			in := instance(t, r, a.Instance)
			until := a.At.Add(10 * time.Minute)
			for _, b := range r.Targeted[i+1:] { if b.Instance == a.Instance { until = b.At; break } }
			ok := true
			for k, tm := range r.InstanceTimes[in.First:] {
				if tm.Before(a.At.Add(time.Minute)) || !tm.Before(until) { continue }
				ok = ok && in.InRing[k] == 1 && in.Mailbox[k] < 2e4
			}
			if ok { held++ }
		}
		ts := r.Times
		t.Logf("rl=%.0f held %d/%d mb1400=%.0fk ring1350=%.0f peak=%.1fM", rl, held, n, r.Mailbox[sampleAt(ts, 14, 0, 0)]/1000, r.Ring[sampleAt(ts, 13, 50, 0)], peak(r)/1e6)
	}
}
