package clock_test

import (
	"fmt"
	"time"

	"github.com/taints-playground/playground/core/clock"
)

// A loop over the timer queue, as the simulator runs it: pop the next
// timer, move the clock to its time, fire it. Timers of one instant fire
// in the order they were set, and a timer may set more timers.
func Example() {
	c := clock.New()
	c.At(60*time.Second, clock.Work, func() { fmt.Println(clock.FormatAt(c.Now()), "b's toleration runs out") })
	c.At(0, clock.Step, func() {
		fmt.Println(clock.FormatAt(c.Now()), "kubectl taint nodes n1 maint=true:NoExecute")
		c.At(c.Now(), clock.FollowsStep, func() { fmt.Println(clock.FormatAt(c.Now()), "a evicted at once") })
	})
	c.At(0, clock.Work, func() { fmt.Println(clock.FormatAt(c.Now()), "set second, fires second") })
	for t := c.Pop(); t != nil; t = c.Pop() {
		c.Set(t.At)
		t.Fire()
	}
	// Output:
	// t=0s kubectl taint nodes n1 maint=true:NoExecute
	// t=0s set second, fires second
	// t=0s a evicted at once
	// t=60s b's toleration runs out
}

// FormatSeconds prints seconds as captions show them, and switches to a
// duration where %g would print an exponent.
func ExampleFormatSeconds() {
	fmt.Println(clock.FormatSeconds(355))
	fmt.Println(clock.FormatSeconds(1.5))
	fmt.Println(clock.FormatSeconds(3.6e6))
	fmt.Println(clock.FormatSeconds(1e6))
	// Output:
	// 355s
	// 1.5s
	// 1000h
	// 277h46m40s
}
