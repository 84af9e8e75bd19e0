// Command sim runs a playground scenario headless and prints the final board
// and the events, kubectl-style, or as JSON.
//
//	sim run FILE [--json]          simulate a scenario file ("-" reads stdin)
//	sim run --preset NAME [--json] simulate a built-in preset
//	sim presets                    list the built-in presets
//	sim impact FILE 'kubectl taint nodes …' [--at 30s] [--json]
//	                               preview a taint command's impact
//
// --json prints
//
//	{"pods":[{"namespace","name","node","phase","scheduledAt","evictedAt","failedSchedulingMessage"}],
//	 "nodes":[{"name","taints","unschedulable"}],
//	 "events":[{"at","type","reason","object","message"}]}
//
// with times in virtual seconds (null when it did not happen) and phase one
// of Pending, Running, Evicted. Exit status: 0 on success, 2 for invalid
// input or usage (the error goes to stderr), 1 when the simulation fails.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
