// Package kubectl reimplements the node-facing kubectl commands the
// playground offers — `kubectl taint`, `kubectl cordon`, `kubectl uncordon`
// and `kubectl label nodes` — against the Nodes store, with kubectl v1.37's
// argument grammar, output and error texts.
//
// Every command takes the arguments after the command name (as a shell
// would split them; see Split) and returns what kubectl prints on stdout and,
// on failure, an error whose Error() is exactly what kubectl prints on stderr
// before exiting with status 1 (without the final newline). Writes go
// through Nodes.Update, one call per node written, so a caller can count
// them like the PATCH requests a real API server would receive.
//
// The parsing helpers (ParseTaints, ReorganizeTaints,
// CheckIfTaintsAlreadyExists) mirror k8s.io/kubectl pkg/cmd/taint utils.go
// and are exported for the lesson UI, which explains each step.
package kubectl
