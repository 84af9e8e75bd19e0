package clock

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// drain pops every timer, setting the clock to each one's time before it
// fires, as the simulator's loop does.
func drain(c *Clock) {
	for t := c.Pop(); t != nil; t = c.Pop() {
		c.Set(t.At)
		if t.Fire != nil {
			t.Fire()
		}
	}
}

func TestNewClockIsEmptyAtZero(t *testing.T) {
	c := New()
	assert.Equal(t, time.Duration(0), c.Now())
	assert.Equal(t, 0, c.Len())
	assert.Nil(t, c.Peek())
	assert.Nil(t, c.Pop())
	assert.False(t, c.DueNow())
	c.Set(42 * time.Second)
	assert.Equal(t, 42*time.Second, c.Now(), "Set moves the clock")
}

// Timers fire in time order; timers of one instant in the order they were
// set (FIFO), whatever their kind.
func TestTimeOrderThenFIFO(t *testing.T) {
	c := New()
	var got []string
	at := func(sec int, kind Kind, name string) {
		c.At(time.Duration(sec)*time.Second, kind, func() { got = append(got, name) })
	}
	at(10, Work, "10a")
	at(5, Step, "5a")
	at(10, Step, "10b")
	at(0, Work, "0a")
	at(10, FollowsStep, "10c")
	at(5, Work, "5b")
	at(10, Work, "10d")
	require.Equal(t, 7, c.Len())
	drain(c)
	assert.Equal(t, []string{"0a", "5a", "5b", "10a", "10b", "10c", "10d"}, got)
	assert.Equal(t, 10*time.Second, c.Now())
	assert.Equal(t, 0, c.Len())
}

// A timer set while another of the same instant fires runs after every
// timer already set for that instant (the tainter a monitor pass queues
// runs after the other passes of the moment).
func TestTimerSetDuringFireRunsLast(t *testing.T) {
	c := New()
	var got []string
	c.At(5*time.Second, Work, func() {
		got = append(got, "first")
		c.At(c.Now(), FollowsStep, func() { got = append(got, "queued by first") })
	})
	c.At(5*time.Second, Work, func() { got = append(got, "second") })
	drain(c)
	assert.Equal(t, []string{"first", "second", "queued by first"}, got)
}

func TestPeekDoesNotRemove(t *testing.T) {
	c := New()
	c.At(3*time.Second, Wait, nil)
	p := c.Peek()
	require.NotNil(t, p)
	assert.Equal(t, 3*time.Second, p.At)
	assert.Equal(t, Wait, p.Kind)
	assert.Equal(t, 1, c.Len())
	assert.Same(t, p, c.Pop())
}

// Unpop puts a popped timer back in its place: before the timers of its
// instant set after it.
func TestUnpopKeepsPlace(t *testing.T) {
	c := New()
	var got []string
	c.At(20*time.Second, Step, func() { got = append(got, "a") })
	c.At(20*time.Second, Work, func() { got = append(got, "b") })
	first := c.Pop()
	c.Unpop(first)
	assert.Equal(t, 2, c.Len())
	assert.Same(t, first, c.Peek())
	drain(c)
	assert.Equal(t, []string{"a", "b"}, got)
}

func TestDueNow(t *testing.T) {
	cases := []struct {
		name  string
		now   time.Duration
		at    time.Duration
		kind  Kind
		kinds []Kind
		want  bool
	}{
		{"any kind due now", 5 * time.Second, 5 * time.Second, Step, nil, true},
		{"kind listed", 5 * time.Second, 5 * time.Second, Work, []Kind{Work, FollowsStep, Wait}, true},
		{"kind not listed", 5 * time.Second, 5 * time.Second, Step, []Kind{Work, FollowsStep, Wait}, false},
		{"only FollowsStep", 5 * time.Second, 5 * time.Second, Work, []Kind{FollowsStep}, false},
		{"later timer", 5 * time.Second, 6 * time.Second, Work, nil, false},
		{"overdue timer is not due now", 7 * time.Second, 6 * time.Second, Work, nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New()
			c.Set(tc.now)
			c.At(tc.at, tc.kind, nil)
			assert.Equal(t, tc.want, c.DueNow(tc.kinds...))
		})
	}
}

// DueNow looks at the next timer only: a Step first hides Work behind it.
func TestDueNowLooksAtTheNextTimerOnly(t *testing.T) {
	c := New()
	c.At(0, Step, nil)
	c.At(0, Work, nil)
	assert.False(t, c.DueNow(Work))
	c.Pop()
	assert.True(t, c.DueNow(Work))
}

func TestFormatSeconds(t *testing.T) {
	cases := []struct {
		sec  float64
		want string
	}{
		{0, "0s"},
		{1.5, "1.5s"},
		{90, "90s"},
		{355, "355s"},
		{-5, "-5s"},
		// The largest values %g still prints without an exponent.
		{999999, "999999s"},
		{300000, "300000s"},
		// From 1e6 on %g would print an exponent: a duration instead,
		// with zero units left out.
		{1e6, "277h46m40s"},
		{3.6e6, "1000h"},
		{3.6e6 + 60, "1000h1m"},
		{3.6e8, "100000h"},
		{-3.6e6, "-1000h"},
		// Beyond time.Duration's range: %g as it is.
		{1e10, "1e+10s"},
		{math.Inf(1), "+Infs"},
		{math.NaN(), "NaNs"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			assert.Equal(t, tc.want, FormatSeconds(tc.sec))
		})
	}
}

func TestFormatAndFormatAt(t *testing.T) {
	assert.Equal(t, "90s", Format(90*time.Second))
	assert.Equal(t, "0.1s", Format(100*time.Millisecond))
	assert.Equal(t, "t=55s", FormatAt(55*time.Second))
	assert.Equal(t, "t=1000h", FormatAt(1000*time.Hour))
}
