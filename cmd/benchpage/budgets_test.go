package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMainThreadTasks(t *testing.T) {
	// A renderer (pid 2) with its main thread (tid 1) and a worker (tid
	// 3); the browser process (pid 1) has a long task that must not count.
	raw := `[
	{"name":"thread_name","ph":"M","pid":2,"tid":1,"args":{"name":"CrRendererMain"}},
	{"name":"thread_name","ph":"M","pid":2,"tid":3,"args":{"name":"DedicatedWorker thread"}},
	{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"CrBrowserMain"}},
	{"name":"RunTask","ph":"X","pid":2,"tid":1,"ts":10,"dur":12000},
	{"name":"RunTask","ph":"X","pid":2,"tid":1,"ts":20,"dur":50000},
	{"name":"ThreadControllerImpl::RunTask","ph":"X","pid":2,"tid":1,"ts":30,"dur":80500},
	{"name":"FunctionCall","ph":"X","pid":2,"tid":1,"ts":30,"dur":900000},
	{"name":"RunTask","ph":"X","pid":2,"tid":3,"ts":40,"dur":5000000},
	{"name":"RunTask","ph":"X","pid":1,"tid":1,"ts":50,"dur":7000000}
	]`
	var evs []traceEvent
	require.NoError(t, json.Unmarshal([]byte(raw), &evs))
	s, err := mainThreadTasks(evs)
	require.NoError(t, err)
	assert.Equal(t, taskStats{Longest: 80.5, Long: 2, Tasks: 3}, s)

	_, err = mainThreadTasks(evs[2:])
	assert.ErrorContains(t, err, "no CrRendererMain thread")
}

func TestBudgetFormatting(t *testing.T) {
	b := budgetSamples{PasteLimit: 180 * time.Second}
	for _, tc := range []struct {
		ms   float64
		want string
	}{{12.4, "12 ms"}, {999, "999 ms"}, {5875, "5.88 s"}, {math.Inf(1), "> 180 s"}} {
		t.Run(tc.want, func(t *testing.T) { assert.Equal(t, tc.want, b.dur(tc.ms)) })
	}
	for n, want := range map[int]string{0: "0", 500: "500", 2000: "2,000", 10000: "10,000", 1046999: "1,046,999"} {
		assert.Equal(t, want, thousands(n))
	}
	assert.Equal(t, "yes", met([]float64{10, 40, 60}, 50))
	assert.Equal(t, "**no**", met([]float64{10, 60, math.Inf(1)}, 50))
	assert.Equal(t, "—", met(nil, 50))
}

func TestBudgetTable(t *testing.T) {
	b := budgetSamples{PasteLimit: 180 * time.Second, Link: []float64{5900, 6100}, StepPaint: []float64{70}}
	b.addLink(linkBudget{Load: taskStats{Longest: 14800, Long: 3}, Edit: taskStats{Longest: 30}, EditMs: 900})
	b.addPaste(pasteBudget{TimedOut: true})
	var out strings.Builder
	b.write(&out, 500, 2000, 5000, 10000, 1046)
	got := out.String()
	for _, want := range []string{
		"| longest main-thread task: 500 nodes / 2,000 pods loading from a link until the board is interactive | 14.8 s | 14.80 s | < 50 ms | **no** | 14.80 s |",
		"| longest main-thread task: the same board re-running after one typed character | 14.8 s | 30 ms | < 50 ms | yes | 30 ms |",
		"| that link → interactive board | 5.9 s | 6.00 s | < 3 s | **no** | 5.90 s, 6.10 s |",
		"| 5,000 nodes × 10,000 pods pasted (1,046 KB) → board | not measured | > 180 s | < 20 s | **no** | > 180 s |",
		"link load 3; edit 0; paste —",
	} {
		assert.Contains(t, got, want)
	}
}
