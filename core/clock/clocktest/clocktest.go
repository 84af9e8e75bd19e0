// Package clocktest drives a clock the way the simulator does, for the
// tests of components that set timers: Advance fires every timer due up
// to a moment, in order, with the clock set to each timer's time.
package clocktest

import (
	"time"

	"github.com/taints-playground/playground/core/clock"
)

// Advance fires every timer due up to and including to, in order (after,
// when not nil, runs after each one, as the simulator settles the
// instant), and leaves the clock at to.
func Advance(c *clock.Clock, to time.Duration, after func()) {
	for t := c.Peek(); t != nil && t.At <= to; t = c.Peek() {
		c.Pop()
		c.Set(t.At)
		if t.Fire != nil {
			t.Fire()
		}
		if after != nil {
			after()
		}
	}
	c.Set(to)
}
