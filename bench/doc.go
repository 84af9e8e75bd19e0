// Package bench holds the playground's budgets: the scenario generators the
// engine benchmarks and the page benchmark share, and (in its tests) the
// engine benchmarks themselves. `make bench` runs them natively and under
// GOOS=js GOARCH=wasm in Node, measures the built site and drives the page
// in headless Chromium (cmd/benchpage), and writes bench/RESULTS.md
// (bench/run.sh). Benchmarks never run in `make test`.
package bench
