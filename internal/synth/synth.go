// Package synth builds synthetic bilingual incident records for benchmarks
// and property tests. The same (n, seed) always gives the same records.
//
// The records look like real ones to a search index: a few hundred
// organisations, dates from 2010 to 2026, English titles and summaries built
// from an SRE vocabulary, Korean titles and summaries built from Korean
// phrases, tags from the bundled vocabulary, severities and durations. They
// are not facts about any real organisation.
package synth

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Records returns n synthetic records built deterministically from seed.
// Ids run from SY-000001 upwards; every record has an id, a YYYY-MM-DD date
// (with Day set, as the loader would), and titles in both languages.
func Records(n int, seed uint64) []*data.Record {
	g := &gen{rng: rand.New(rand.NewPCG(seed, 0)), durs: map[int]data.Duration{}}
	g.orgs = g.makeOrgs(300)
	recs := make([]*data.Record, 0, max(n, 0))
	for i := range max(n, 0) {
		recs = append(recs, g.record(i+1))
	}
	return recs
}

// WriteJSONL writes recs as JSON Lines, one record per line, in the
// Incident Library's record format.
func WriteJSONL(w io.Writer, recs []*data.Record) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("write record %s: %w", r.ID, err)
		}
	}
	return nil
}

type org struct{ name, slug string }

type gen struct {
	rng  *rand.Rand
	orgs []org
	// durs caches parsed durations by minutes; Duration's parsed state is
	// only reachable through its JSON form.
	durs map[int]data.Duration
}

func (g *gen) pick(s []string) string { return s[g.rng.IntN(len(s))] }

// pickN returns k distinct entries of s in a random order.
func (g *gen) pickN(s []string, k int) []string {
	k = min(k, len(s))
	idx := g.rng.Perm(len(s))[:k]
	out := make([]string, k)
	for i, j := range idx {
		out[i] = s[j]
	}
	return out
}

func (g *gen) makeOrgs(n int) []org {
	seen := map[string]bool{}
	var out []org
	for len(out) < n {
		name := g.pick(orgStems) + g.pick(orgSuffixes)
		if g.rng.IntN(4) == 0 {
			name += " " + g.pick(orgKinds)
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, org{name: name, slug: strings.ReplaceAll(strings.ToLower(name), " ", "-")})
	}
	return out
}

var (
	epoch   = time.Date(2010, 1, 1, 0, 0, 0, 0, time.UTC)
	lastDay = time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)
	spanDay = int(lastDay.Sub(epoch).Hours()/24) + 1
)

// A concept ties an English phrase to its Korean counterpart, so that the two
// titles and summaries of one record tell the same story.
type concept struct{ en, ko string }

func (g *gen) concept(s []concept) concept { return s[g.rng.IntN(len(s))] }

func (g *gen) record(i int) *data.Record {
	o := g.orgs[g.rng.IntN(len(g.orgs))]
	day := epoch.AddDate(0, 0, g.rng.IntN(spanDay))
	sys := g.concept(systems)
	fail := g.concept(failures)
	cause := g.concept(causes)
	effect := g.concept(effects)
	fix := g.concept(fixes)
	mins := 5 + g.rng.IntN(600)
	region := g.pick(regions)

	r := &data.Record{
		ID:           fmt.Sprintf("SY-%06d", i),
		Org:          o.name,
		OrgSlug:      o.slug,
		Date:         day.Format(time.DateOnly),
		DateKind:     "incident",
		Day:          day,
		Domain:       g.pickN(domains, 1+g.rng.IntN(2)),
		Components:   g.pickN(components, 1+g.rng.IntN(3)),
		RootCause:    g.pick(rootCauses),
		Contributing: g.pickN(contributing, g.rng.IntN(3)),
		Symptoms:     g.pickN(symptoms, 1+g.rng.IntN(2)),
		Severity:     g.pick(severities),
		Timeline: data.Durations{
			DetectedAfter: g.duration(1 + g.rng.IntN(40)),
			ResolvedAfter: g.duration(mins),
		},
		Body: &data.Body{Sources: []data.Source{{
			URL:  fmt.Sprintf("https://status.%s.example/incidents/%d", o.slug, i),
			Kind: "official-status",
		}}},
		Related: []string{},
		Docs:    []string{},
	}
	r.Title = data.Text{
		EN: fmt.Sprintf("%s %s %s after %s, and %s for %s", o.name, sys.en, fail.en, cause.en, effect.en, humanDuration(mins)),
		KO: fmt.Sprintf("%s 때문에 %s %s %s 동안 %s", cause.ko, sys.ko, fail.ko, koDuration(mins), effect.ko),
	}
	st := story{o: o, sys: sys, fail: fail, cause: cause, effect: effect, fix: fix, region: region, mins: mins,
		hour: 8 + g.rng.IntN(14), minute: g.rng.IntN(60), lag: 1 + g.rng.IntN(40),
		spread: g.concept(spread), second: g.concept(spread), suspect: g.concept(causes), other: g.concept(systems),
		signal: g.rng.IntN(len(signalsEN)), followUp: g.rng.IntN(len(followUpsEN)), weekday: g.pick(weekdaysEN),
		hasSecond: g.rng.IntN(2) == 0}
	r.Summary = data.Text{EN: g.summaryEN(st), KO: g.summaryKO(st)}
	r.Impact = data.Impact{
		Scope:  data.Text{EN: fmt.Sprintf("%s in %s", effect.en, region), KO: fmt.Sprintf("%s 의 %s", region, effect.ko)},
		Users:  data.Text{EN: g.pick(userCounts)},
		Region: data.Text{EN: region},
	}
	return r
}

// story is what one record's two summaries both tell.
type story struct {
	o                              org
	sys, fail, cause, effect, fix  concept
	spread, second, suspect, other concept
	signal, followUp               int
	weekday                        string
	hasSecond                      bool
	region                         string
	mins, hour, minute, lag        int
}

func (g *gen) summaryEN(st story) string {
	o, sys, fail, cause, effect, fix, region, mins := st.o, st.sys, st.fail, st.cause, st.effect, st.fix, st.region, st.mins
	var b strings.Builder
	fmt.Fprintf(&b, "On %s the %s at %s %s after %s. ", st.weekday, sys.en, o.name, fail.en, cause.en)
	fmt.Fprintf(&b, "Within minutes %s in %s, and %s. ", effect.en, region, st.spread.en)
	fmt.Fprintf(&b, "The first alert fired at %02d:%02d UTC, %d minutes after the change. ", st.hour, st.minute, st.lag)
	fmt.Fprintf(&b, "On-call engineers first suspected %s, ", st.suspect.en)
	fmt.Fprintf(&b, "but the %s pointed at trouble in the %s as well. ", signalsEN[st.signal], st.other.en)
	fmt.Fprintf(&b, "The team %s, and service was restored after %s. ", fix.en, humanDuration(mins))
	if st.hasSecond {
		fmt.Fprintf(&b, "The review found a second problem: %s. ", st.second.en)
	}
	fmt.Fprintf(&b, "Follow-up work %s.", followUpsEN[st.followUp])
	return b.String()
}

func (g *gen) summaryKO(st story) string {
	o, sys, fail, cause, effect, fix, region, mins := st.o, st.sys, st.fail, st.cause, st.effect, st.fix, st.region, st.mins
	var b strings.Builder
	fmt.Fprintf(&b, "%s 에서 %s 때문에 %s %s 서비스가 멈췄다. ", o.name, cause.ko, sys.ko, fail.ko)
	fmt.Fprintf(&b, "몇 분 만에 %s 에서 %s %s. ", region, strings.TrimSuffix(effect.ko, "다")+"고", st.spread.ko)
	fmt.Fprintf(&b, "첫 알림은 변경 %d분 뒤인 UTC %02d:%02d 에 울렸다. ", st.lag, st.hour, st.minute)
	fmt.Fprintf(&b, "당직 엔지니어들은 처음에 %s 을(를) 의심했지만 ", st.suspect.ko)
	fmt.Fprintf(&b, "%s 에서는 %s 흔들리고 있었다. ", signalsKO[st.signal], st.other.ko)
	fmt.Fprintf(&b, "팀은 %s, %s 뒤에 서비스가 돌아왔다. ", fix.ko, koDuration(mins))
	if st.hasSecond {
		fmt.Fprintf(&b, "사후 검토에서 문제가 하나 더 드러났다. %s. ", st.second.ko)
	}
	fmt.Fprintf(&b, "후속 작업으로 %s.", followUpsKO[st.followUp])
	return b.String()
}

func (g *gen) duration(mins int) data.Duration {
	if d, ok := g.durs[mins]; ok {
		return d
	}
	var d data.Duration
	s := fmt.Sprintf("%q", shortDuration(mins))
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		panic(fmt.Sprintf("synth: duration %s: %v", s, err)) // a bug in shortDuration
	}
	g.durs[mins] = d
	return d
}

func shortDuration(mins int) string {
	if mins < 60 {
		return fmt.Sprintf("%dm", mins)
	}
	if mins%60 == 0 {
		return fmt.Sprintf("%dh", mins/60)
	}
	return fmt.Sprintf("%dh %dm", mins/60, mins%60)
}

func humanDuration(mins int) string {
	switch {
	case mins < 60:
		return fmt.Sprintf("%d minutes", mins)
	case mins < 120:
		return "over an hour"
	default:
		return fmt.Sprintf("%d hours", mins/60)
	}
}

func koDuration(mins int) string {
	if mins < 60 {
		return fmt.Sprintf("%d분", mins)
	}
	return fmt.Sprintf("%d시간", mins/60)
}
