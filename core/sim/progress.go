package sim

import "time"

// Progress is how far a run has come, for a page that shows a long run
// moving (RunWithProgress).
type Progress struct {
	// At is the virtual time reached, Until where the run stops.
	At, Until time.Duration
	// Frames is how many frames are recorded so far.
	Frames int
	// Scheduled is how many pods are bound to a node now, Pods how many
	// pods the cluster has now (not deleted).
	Scheduled, Pods int
}

// ProgressInterval is how much real time passes between two reports of
// RunWithProgress, at the least.
const ProgressInterval = 100 * time.Millisecond

// progressInterval is ProgressInterval; the tests set it to 0 to see a
// report at every look.
var progressInterval = ProgressInterval

// progressEvery is how many ticks pass between two looks at the real
// clock: a tick is a scheduling cycle, a timer or a frame, so the clock
// is never read in a plugin's loop over the nodes.
const progressEvery = 8

// progress reports a run's progress: tick is called at every scheduling
// cycle, timer and frame, and every progressEvery ticks it reads the real
// clock and, once ProgressInterval has passed since the last report,
// calls fn. The zero value (fn nil) does nothing.
type progress struct {
	fn    func(Progress)
	ticks int
	last  time.Time
}

// tick counts one unit of work and reports when it is time.
func (s *simulator) tick() {
	p := &s.progress
	if p.fn == nil {
		return
	}
	p.ticks++
	if p.ticks%progressEvery != 0 {
		return
	}
	if now := time.Now(); now.Sub(p.last) >= progressInterval {
		p.last = now
		p.fn(s.progressNow())
	}
}

// progressNow counts what a report says; it only reads the store.
func (s *simulator) progressNow() Progress {
	bound := 0
	for _, n := range s.st.Nodes() {
		bound += len(s.st.BoundTo(n.Name))
	}
	return Progress{At: s.clk.Now(), Until: s.scen.Until, Frames: len(s.frames), Scheduled: bound, Pods: s.st.LivePods()}
}
