// Package cases checks the shared behaviour cases (testdata/cases.json, a
// copy of shared/cases/cases.json) against the simulator. It has no API:
// its tests turn each case's nodes and pods into scenario manifests in Go,
// translate the case's timeline into step commands, run sim.Run and assert
// the case's expected outcome. A case whose expectation needs something
// the simulator does not model is skipped with the gap named.
package cases
