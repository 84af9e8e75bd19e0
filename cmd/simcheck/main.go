// Command simcheck records what the simulator makes of a corpus of
// scenarios, so that a change meant to preserve behaviour can be proven
// byte for byte: record before, record after, compare.
//
//	simcheck record -sim BIN -out DIR [-n 2000]   record the corpus into DIR
//	simcheck compare DIR1 DIR2                     count identical and differing files
//
// `make identity BASE=REV` (identity.sh) does both for a base revision and
// the work tree.
//
// The corpus is every preset and lesson, every scenario file under the
// repository's testdata folders (-root, default "."), two generated
// benchmark clusters (bench.Storm, bench.Cluster), and -n random
// scenarios of core/scenario/scengen (seeds 0 … n-1). For each scenario
// record writes NAME.yaml (the input), NAME.cli (the stdout, stderr and
// exit status of `BIN run FILE --json --detail`, BIN being a build of
// cmd/sim) and NAME.result.json.gz (gzip: the sim.Result's fields and
// every event as JSON, and each frame — with its Why and describe texts —
// as the SHA-256 of its JSON; then Result.Explain and Result.DescribeNode
// answers for a few pods and nodes of the middle frame, which re-run the
// scenario with detail for that frame).
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "record":
		err = record(os.Args[2:])
	case "compare":
		err = compare(os.Args[2:], os.Stdout)
	default:
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "simcheck:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  simcheck record -sim BIN -out DIR [-n 2000] [-root .]
  simcheck compare DIR1 DIR2
`
