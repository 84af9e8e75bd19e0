package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are what DevTools' Performance panel records its tasks
// with: RunTask (a task of a thread's event loop, with its duration) is in
// disabled-by-default-devtools.timeline; __metadata names the threads.
var traceCategories = []string{"disabled-by-default-devtools.timeline", "__metadata"}

// taskNames are the events that span one whole task of a thread's event
// loop: RunTask (devtools.timeline) and, in older Chromes,
// ThreadControllerImpl::RunTask (toplevel).
var taskNames = map[string]bool{"RunTask": true, "ThreadControllerImpl::RunTask": true}

// mainThreadName is the renderer's main thread in the trace's thread_name
// metadata; a Web Worker runs on "DedicatedWorker thread", which is not
// counted.
const mainThreadName = "CrRendererMain"

// longTask is the budget's threshold: a task of 50 ms or more blocks input
// visibly (what the Long Tasks API reports).
const longTask = 50 * time.Millisecond

type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Pid  int64   `json:"pid"`
	Tid  int64   `json:"tid"`
	Ts   float64 `json:"ts"`  // µs
	Dur  float64 `json:"dur"` // µs, for complete ("X") events
	Args struct {
		Name string `json:"name"`
	} `json:"args"`
}

// tracer collects one Chrome trace of the browser (every process).
type tracer struct {
	mu     sync.Mutex
	events []traceEvent
	done   chan struct{}
	once   sync.Once
	lost   bool
	// cancel ends the listener (a later trace of the same browser has its
	// own).
	cancel context.CancelFunc
}

// startTrace starts tracing the browser's tasks. The trace is browser-wide,
// so it sees the renderer of a page navigated to after the start too.
func startTrace(ctx context.Context) (*tracer, error) {
	t := &tracer{done: make(chan struct{})}
	lctx, cancel := context.WithCancel(ctx)
	t.cancel = cancel
	err := chromedp.ListenBrowser(lctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			var evs []traceEvent
			for _, v := range ev.Value {
				var e traceEvent
				if json.Unmarshal([]byte(v), &e) == nil && (e.Ph == "M" || taskNames[e.Name]) {
					evs = append(evs, e)
				}
			}
			t.mu.Lock()
			t.events = append(t.events, evs...)
			t.mu.Unlock()
		case *tracing.EventTracingComplete:
			t.mu.Lock()
			t.lost = ev.DataLossOccurred
			t.mu.Unlock()
			t.once.Do(func() { close(t.done) })
		}
	})
	if err != nil {
		cancel()
		return nil, err
	}
	_, err = chromedp.CallBrowser(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig: &tracing.TraceConfig{
			RecordMode:         tracing.TraceConfigRecordModeRecordAsMuchAsPossible,
			IncludedCategories: traceCategories,
			ExcludedCategories: []string{"*"},
		},
	})
	if err != nil {
		cancel()
		return nil, fmt.Errorf("starting the trace: %w", err)
	}
	return t, nil
}

// taskStats is what a trace says about the renderer main thread's tasks.
type taskStats struct {
	Longest float64 // ms
	Long    int     // tasks of longTask or more
	Tasks   int
}

func (s taskStats) String() string {
	return fmt.Sprintf("longest %.0f ms, %d of %d tasks ≥ %v", s.Longest, s.Long, s.Tasks, longTask)
}

// stop ends the trace (of what) and reports the renderer main threads'
// tasks; with -timeline it writes the trace's tasks there too.
func (t *tracer) stop(ctx context.Context, what string) (taskStats, error) {
	defer t.cancel()
	if _, err := chromedp.CallBrowser(ctx, tracing.End, cdp.Empty{}); err != nil {
		return taskStats{}, fmt.Errorf("ending the trace: %w", err)
	}
	select {
	case <-t.done:
	case <-ctx.Done():
		return taskStats{}, ctx.Err()
	case <-time.After(2 * time.Minute):
		return taskStats{}, fmt.Errorf("the trace did not complete")
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.lost {
		return taskStats{}, fmt.Errorf("the trace lost data")
	}
	if err := writeTimeline(what, t.events); err != nil {
		return taskStats{}, err
	}
	return mainThreadTasks(t.events)
}

// mainThreadTasks sums up the tasks of the renderer main threads (those
// the metadata names mainThreadName) in events.
func mainThreadTasks(events []traceEvent) (taskStats, error) {
	type thread struct{ pid, tid int64 }
	main := map[thread]bool{}
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args.Name == mainThreadName {
			main[thread{e.Pid, e.Tid}] = true
		}
	}
	if len(main) == 0 {
		return taskStats{}, fmt.Errorf("the trace named no %s thread (%d events)", mainThreadName, len(events))
	}
	var s taskStats
	for _, e := range events {
		if e.Ph != "X" || !taskNames[e.Name] || !main[thread{e.Pid, e.Tid}] {
			continue
		}
		ms := e.Dur / 1000
		s.Tasks++
		s.Longest = max(s.Longest, ms)
		if ms >= float64(longTask/time.Millisecond) {
			s.Long++
		}
	}
	return s, nil
}
