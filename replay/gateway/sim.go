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
// replaced about StartUp later; with Shed, a task refuses what it cannot serve
// within a second instead. Replacements come back one by one (startUp),
// each into the load that killed the last. The autoscaler adds ScaleStep tasks a minute
// while the gateway is over 80 % busy; the operators raise the count to
// ManualTasks at ManualAt if the gateway is failing then.
func (m Model) Run() Run {
	a := m.arrivals(m.incidentStall())
	rps := m.editorRPS()
	assetAt := m.StallAt.Add(m.Stall)
	// The operators' actions keep their distance from the herd: a what-if
	// of another stall moves them with the file's arrival.
	shift := m.Stall - m.incidentStall()
	manualAt, blockAt := m.ManualAt, m.BlockAt
	if !manualAt.IsZero() {
		manualAt = manualAt.Add(shift)
	}
	if !blockAt.IsZero() {
		blockAt = blockAt.Add(shift)
	}

	held := 0.0
	normal := 0.0 // editors loading on an ordinary morning, a few seconds each
	if rps > 0 {
		normal = a * m.EditorCalls / rps
	}
	loading := normal
	tasks := make([]task, m.Tasks)
	for i := range tasks {
		tasks[i].cap = m.taskCap(i)
	}
	desired := m.Tasks
	patience := m.Patience.Seconds()
	timeout := m.Timeout.Seconds()

	var out Run
	var sumSent, sumUseful float64
	recent := 1.0 // success over about the last minute, 0..1
	starts := 0   // tasks started so far, for startUp
	blocked := false
	next := m.Start
	k := -1 // the step's number: seconds since Start
	for t := m.Start; !t.After(m.End); t = t.Add(step) {
		k++
		// Editors: opened ones wait at the CDN while the file stalls; at
		// the file's arrival the held ones all start loading at once.
		stalled := !t.Before(m.StallAt) && t.Before(assetAt)
		if stalled {
			held += a - held/patience
		} else {
			loading += held + a
			held = 0
		}
		sent := m.BaseRPS + loading*rps
		// The operators act on an outage: at their times, only if the
		// gateway is failing (like with like: a what-if without the
		// outage has no block and no scale-up).
		failing := recent < 0.5
		if !blockAt.IsZero() && t.Equal(blockAt) && failing {
			blocked = true
		}
		share := 1.0
		if blocked {
			share = m.admitted(t.Add(-shift))
		}
		admitted := sent * share

		// Tasks: the autoscaler and the operators set the count; missing
		// tasks start, taking StartUp to serve.
		if k%60 == 0 && k > 0 && busy(tasks, k, admitted) {
			desired = min(m.MaxTasks, desired+m.ScaleStep)
		}
		if !manualAt.IsZero() && t.Equal(manualAt) && failing {
			desired = max(desired, min(m.ManualTasks, m.MaxTasks))
		}
		for len(tasks) < desired {
			tasks = append(tasks, task{upAt: k + m.startUp(&starts), cap: m.taskCap(len(tasks))})
		}
		serving := 0
		for i := range tasks {
			if tasks[i].upAt <= k {
				serving++
			}
		}
		useful := 0.0
		if serving > 0 {
			each := admitted / float64(serving)
			for i := range tasks {
				tk := &tasks[i]
				if tk.upAt > k {
					continue
				}
				tk.queue += each
				served := min(tk.queue, tk.cap)
				tk.queue -= served
				// A request answered after its client's timeout is of no
				// use; the fall-off is smooth, as clients' timeouts and
				// places in the queue differ.
				d := tk.queue / tk.cap / timeout
				d *= d
				useful += served / (1 + d*d)
				switch {
				case m.Shed:
					tk.queue = min(tk.queue, tk.cap)
				case tk.queue > m.Memory:
					// OOM: the queued requests are lost, and the
					// scheduler replaces the task.
					tk.queue = 0
					tk.upAt = k + m.startUp(&starts)
				}
			}
		}
		// Editors load as their calls are answered; users give up.
		if sent > 0 {
			done := useful * (loading * rps / sent) / m.EditorCalls
			loading = max(0, loading-done-loading/patience)
		}

		sumSent += sent
		sumUseful += useful
		if sent > 0 {
			recent += (useful/sent - recent) / 60 // about the last minute
		}
		if !t.Before(next) {
			out.Times = append(out.Times, t)
			out.Sent = append(out.Sent, sent)
			out.Success = append(out.Success, 100*clamp01(sumUseful/max(sumSent, 1)))
			out.Waiting = append(out.Waiting, max(0, held+loading-normal))
			out.Serving = append(out.Serving, float64(serving))
			sumSent, sumUseful = 0, 0
			next = next.Add(m.Sample)
		}
	}
	return out
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
