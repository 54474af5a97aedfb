package gateway

import (
	"math"
	"time"
)

// Run is one simulation's sampled output.
type Run struct {
	// Times are the sample moments; each other slice has one value per
	// moment: Sent the requests per second clients send, Success the share
	// of them answered in time (in percent, averaged over the sample), Waiting
	// the users whose editor has not loaded (waiting at the CDN or failing
	// at the gateway) beyond those an ordinary load keeps waiting a few
	// seconds, Serving the gateway tasks serving.
	Times                           []time.Time
	Sent, Success, Waiting, Serving []float64
}

// task is one gateway task: it serves from step upAt on (counted in
// seconds from the start) and holds queue requests in memory.
type task struct {
	upAt  int
	queue float64
	cap   float64
}

// step is the simulation's time step.
const step = time.Second

// Run simulates the gateway from Start to End in steps of a second.
//
// Users open editors at the rate the postmortem's figures give
// (arrivals). From StallAt for Stall, opened editors wait at the CDN for
// the stalled file and call nothing; afterwards each loading editor calls
// the gateway at editorRPS until EditorCalls of its calls are answered in
// time, and users give up on an editor after Patience on average. The CDN
// admits all traffic until the operators block it: at BlockAt, if the
// gateway is failing then (under 50 % answered over the last minute), it
// admits none, then a share rising linearly from ReadmitAt over Ramp.
//
// The load balancer spreads the admitted requests evenly over the serving
// tasks. A task serves up to its throughput each second and queues the
// rest; a request answered after more than Timeout is of no use to its
// client. A task that holds more than Memory requests is killed (OOM) and
// replaced about StartUp later; with Shed, a task refuses what it cannot
// serve within a second instead. Replacements come back one by one
// (startUp), each into the load that killed the last. The autoscaler adds
// ScaleStep tasks a minute while the gateway is over 80 % busy; the operators raise the count to
// ManualTasks at ManualAt if the gateway is failing then.
func (m Model) Run() Run {
	sm := m.newSim()
	var out Run
	var sumSent, sumUseful float64
	next := m.Start
	k := -1 // the step's number: seconds since Start
	for t := m.Start; !t.After(m.End); t = t.Add(step) {
		k++
		sent := sm.editors(t)
		admitted := sm.admit(t, sent)
		sm.scale(t, k, admitted)
		useful, serving := sm.serve(k, admitted)
		sm.load(sent, useful)

		sumSent += sent
		sumUseful += useful
		if !t.Before(next) {
			out.Times = append(out.Times, t)
			out.Sent = append(out.Sent, sent)
			out.Success = append(out.Success, 100*clamp01(sumUseful/max(sumSent, 1)))
			out.Waiting = append(out.Waiting, max(0, sm.held+sm.loading-sm.normal))
			out.Serving = append(out.Serving, float64(serving))
			sumSent, sumUseful = 0, 0
			next = next.Add(m.Sample)
		}
	}
	return out
}

// sim is one run's state.
type sim struct {
	m Model
	// a is the users opening an editor per second, rps a loading
	// editor's calls per second; assetAt is when the file arrives.
	a, rps  float64
	assetAt time.Time
	// shift moves the operators' actions with the file's arrival in a
	// what-if of another stall, keeping their distance from the herd;
	// manualAt and blockAt are the actions' moments in this run.
	shift             time.Duration
	manualAt, blockAt time.Time
	// held are the editors waiting at the CDN, loading those calling the
	// gateway, normal those an ordinary morning keeps loading.
	held, loading, normal float64
	tasks                 []task
	desired, starts       int
	// recent is success over about the last minute (0..1); blocked says
	// the operators have blocked traffic at the CDN.
	recent  float64
	blocked bool
}

func (m Model) newSim() *sim {
	sm := &sim{m: m, a: m.arrivals(m.incidentStall()), rps: m.editorRPS(), recent: 1, desired: m.Tasks}
	sm.assetAt = m.StallAt.Add(m.Stall)
	sm.shift = m.Stall - m.incidentStall()
	sm.manualAt, sm.blockAt = m.ManualAt, m.BlockAt
	if !sm.manualAt.IsZero() {
		sm.manualAt = sm.manualAt.Add(sm.shift)
	}
	if !sm.blockAt.IsZero() {
		sm.blockAt = sm.blockAt.Add(sm.shift)
	}
	if sm.rps > 0 {
		sm.normal = sm.a * m.EditorCalls / sm.rps // a few seconds each
	}
	sm.loading = sm.normal
	sm.tasks = make([]task, m.Tasks)
	for i := range sm.tasks {
		sm.tasks[i].cap = m.taskCap(i)
	}
	return sm
}

// editors moves the editors on to t and returns the requests they and the
// rest of the traffic send: opened ones wait at the CDN while the file
// stalls; at the file's arrival the held ones all start loading at once.
func (sm *sim) editors(t time.Time) float64 {
	if !t.Before(sm.m.StallAt) && t.Before(sm.assetAt) {
		sm.held += sm.a - sm.held/sm.m.Patience.Seconds()
	} else {
		sm.loading += sm.held + sm.a
		sm.held = 0
	}
	return sm.m.BaseRPS + sm.loading*sm.rps
}

// failing reports whether the gateway is failing: under 50 % answered over
// about the last minute. The operators act on an outage: at their times,
// only if the gateway is failing (like with like: a what-if without the
// outage has no block and no scale-up).
func (sm *sim) failing() bool { return sm.recent < 0.5 }

// admit returns the requests the CDN lets through at t.
func (sm *sim) admit(t time.Time, sent float64) float64 {
	if !sm.blockAt.IsZero() && t.Equal(sm.blockAt) && sm.failing() {
		sm.blocked = true
	}
	if !sm.blocked {
		return sent
	}
	return sent * sm.m.admitted(t.Add(-sm.shift))
}

// scale lets the autoscaler and the operators set the task count; missing
// tasks start, taking about StartUp to serve.
func (sm *sim) scale(t time.Time, k int, admitted float64) {
	m := sm.m
	if k%60 == 0 && k > 0 && busy(sm.tasks, k, admitted) {
		sm.desired = min(m.MaxTasks, sm.desired+m.ScaleStep)
	}
	if !sm.manualAt.IsZero() && t.Equal(sm.manualAt) && sm.failing() {
		sm.desired = max(sm.desired, min(m.ManualTasks, m.MaxTasks))
	}
	for len(sm.tasks) < sm.desired {
		sm.tasks = append(sm.tasks, task{upAt: k + m.startUp(&sm.starts), cap: m.taskCap(len(sm.tasks))})
	}
}

// serve spreads the admitted requests evenly over the tasks serving at
// step k and returns the requests answered in time and the tasks serving.
func (sm *sim) serve(k int, admitted float64) (useful float64, serving int) {
	m := sm.m
	for i := range sm.tasks {
		if sm.tasks[i].upAt <= k {
			serving++
		}
	}
	if serving == 0 {
		return 0, 0
	}
	timeout := m.Timeout.Seconds()
	each := admitted / float64(serving)
	for i := range sm.tasks {
		tk := &sm.tasks[i]
		if tk.upAt > k {
			continue
		}
		tk.queue += each
		served := min(tk.queue, tk.cap)
		tk.queue -= served
		// A request answered after its client's timeout is of no use;
		// the fall-off is smooth, as clients' timeouts and places in the
		// queue differ.
		d := tk.queue / tk.cap / timeout
		d *= d
		useful += served / (1 + d*d)
		switch {
		case m.Shed:
			tk.queue = min(tk.queue, tk.cap)
		case tk.queue > m.Memory:
			// OOM: the queued requests are lost, and the scheduler
			// replaces the task.
			tk.queue = 0
			tk.upAt = k + m.startUp(&sm.starts)
		}
	}
	return useful, serving
}

// load lets editors finish loading as their calls are answered and users
// give up, and keeps the recent success the operators watch.
func (sm *sim) load(sent, useful float64) {
	if sent <= 0 {
		return
	}
	done := useful * (sm.loading * sm.rps / sent) / sm.m.EditorCalls
	sm.loading = max(0, sm.loading-done-sm.loading/sm.m.Patience.Seconds())
	sm.recent += (useful/sent - sm.recent) / 60
}

// incidentStall is the stall the arrival rate is derived from: the file's
// own value, kept apart from a what-if's (Model.fileStall).
func (m Model) incidentStall() time.Duration {
	if m.fileStall > 0 {
		return m.fileStall
	}
	return m.Stall
}

// startUp is how long the next task to start takes to serve: StartUp on
// average, spread from half of it to one and a half times it by a
// low-discrepancy sequence, as a scheduler places replacements one by one.
// n counts the starts. The result is in steps (seconds).
func (m Model) startUp(n *int) int {
	const golden = 0.6180339887498949
	f := math.Mod(float64(*n)*golden, 1)
	*n++
	return int(math.Round(m.StartUp.Seconds() * (0.5 + f)))
}

// admitted is the share of traffic the CDN lets through at t once the
// operators have blocked it.
func (m Model) admitted(t time.Time) float64 {
	switch {
	case m.BlockAt.IsZero() || t.Before(m.BlockAt):
		return 1
	case t.Before(m.ReadmitAt):
		return 0
	case m.Ramp <= 0:
		return 1
	default:
		return clamp01(float64(t.Sub(m.ReadmitAt)) / float64(m.Ramp))
	}
}

// busy reports whether the gateway is over 80 % busy at step k: the admitted
// load against the throughput of the tasks serving.
func busy(tasks []task, k int, admitted float64) bool {
	capacity := 0.0
	for _, tk := range tasks {
		if tk.upAt <= k {
			capacity += tk.cap
		}
	}
	return admitted > 0.8*capacity
}

func clamp01(v float64) float64 { return min(1, max(0, v)) }
