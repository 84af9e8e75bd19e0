// Package clock is the simulation's virtual clock and its timer queue.
//
// Time is a time.Duration since the scenario started; nothing sleeps.
// Timers fire in time order, and timers due at the same instant fire in
// the order they were set, so a run is deterministic. The simulator pops
// timers one at a time (Pop) and decides how the work of one instant is
// grouped into frames by the timer's Kind. Start with New and At.
package clock

import (
	"container/heap"
	"time"
)

// Kind says how the simulator's loop treats a timer.
type Kind int

// Kinds of timers.
const (
	// Work is a controller's timer; all Work due at one instant shares
	// that instant's frame.
	Work Kind = iota
	// FollowsStep is Work that, when due at the instant of a scenario
	// step, runs right after the step, in the step's frame (the
	// node-lifecycle controller's tainting pass reacting to the step).
	FollowsStep
	// Step is a scenario step: its own frame.
	Step
	// Wait is the end of a `wait` step: its own frame, unless other work
	// is due at the same instant (it then shares that work's frame).
	Wait
)

// Timer is one entry of the queue.
type Timer struct {
	At   time.Duration
	Kind Kind
	// Fire runs the timer's work (nil for a timer that only marks a
	// moment, such as a wait's end).
	Fire func()
	seq  uint64
}

// Clock is the virtual clock: the current time and the timers set.
type Clock struct {
	now    time.Duration
	seq    uint64
	timers timerHeap
}

// New returns a clock at t=0 with no timers.
func New() *Clock { return &Clock{} }

// Now is the current virtual time.
func (c *Clock) Now() time.Duration { return c.now }

// Set moves the clock to t (the simulator does, as it pops timers).
func (c *Clock) Set(t time.Duration) { c.now = t }

// At sets a timer: fire runs at virtual time at, after every timer
// already set for that instant.
func (c *Clock) At(at time.Duration, kind Kind, fire func()) {
	c.seq++
	heap.Push(&c.timers, &Timer{At: at, Kind: kind, Fire: fire, seq: c.seq})
}

// Len is the number of timers set.
func (c *Clock) Len() int { return len(c.timers) }

// Peek is the next timer, or nil.
func (c *Clock) Peek() *Timer {
	if len(c.timers) == 0 {
		return nil
	}
	return c.timers[0]
}

// Pop removes and returns the next timer (nil when none is set).
func (c *Clock) Pop() *Timer {
	if len(c.timers) == 0 {
		return nil
	}
	return heap.Pop(&c.timers).(*Timer)
}

// Unpop puts back a timer Pop returned, keeping its place in the order.
func (c *Clock) Unpop(t *Timer) { heap.Push(&c.timers, t) }

// DueNow reports whether the next timer is due at the current time and
// its kind is one of kinds (any kind when none is given).
func (c *Clock) DueNow(kinds ...Kind) bool {
	t := c.Peek()
	if t == nil || t.At != c.now {
		return false
	}
	if len(kinds) == 0 {
		return true
	}
	for _, k := range kinds {
		if t.Kind == k {
			return true
		}
	}
	return false
}

type timerHeap []*Timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].At != h[j].At {
		return h[i].At < h[j].At
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *timerHeap) Push(x any)   { *h = append(*h, x.(*Timer)) }
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return t
}
