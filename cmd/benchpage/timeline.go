package main

import (
	"fmt"
	"os"
	"sort"
	"sync"
)

// timelineOut, when set (-timeline), is where every trace's tasks of
// timelineMin or more on the page's main thread and its Web Workers are
// appended: when each started (ms from the trace's first task), how long
// it ran, and on which thread. It shows where a load's time goes: the
// main thread's tasks against the engine's worker.
var (
	timelineOut string
	timelineMu  sync.Mutex
)

const timelineMin = 5000 // µs

// workerThreadName is a Web Worker's thread in the trace's metadata.
const workerThreadName = "DedicatedWorker thread"

// writeTimeline appends the tasks of one trace (what) to timelineOut.
func writeTimeline(what string, events []traceEvent) error {
	if timelineOut == "" {
		return nil
	}
	type thread struct{ pid, tid int64 }
	names := map[thread]string{}
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" {
			names[thread{e.Pid, e.Tid}] = e.Args.Name
		}
	}
	t0 := -1.0
	var tasks []traceEvent
	for _, e := range events {
		n := names[thread{e.Pid, e.Tid}]
		if e.Ph != "X" || !taskNames[e.Name] || (n != mainThreadName && n != workerThreadName) {
			continue
		}
		if t0 < 0 || e.Ts < t0 {
			t0 = e.Ts
		}
		if e.Dur >= timelineMin {
			tasks = append(tasks, e)
		}
	}
	sort.Slice(tasks, func(i, j int) bool { return tasks[i].Ts < tasks[j].Ts })
	timelineMu.Lock()
	defer timelineMu.Unlock()
	f, err := os.OpenFile(timelineOut, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	fmt.Fprintf(f, "## %s: tasks of %d ms or more (start ms, duration ms, thread)\n", what, timelineMin/1000)
	for _, e := range tasks {
		fmt.Fprintf(f, "%8.0f %8.0f  %s %d\n", (e.Ts-t0)/1000, e.Dur/1000, names[thread{e.Pid, e.Tid}], e.Tid)
	}
	return f.Close()
}
