// Package impact previews a `kubectl taint nodes …` command before it is
// applied: what the cluster of a scenario would do differently if the
// command ran at virtual time t (the frame on the board), without changing
// the scenario.
//
// Preview runs the simulation twice — the scenario as it is, and the
// scenario with the command appended as a step at t (after any steps at t,
// as the console adds one) — and compares what happens after t: the
// taint-eviction controller's deletions (TaintManagerEviction events), the
// scheduler's bindings (Scheduled events) and the ReplicaSet and DaemonSet
// controllers' creations (SuccessfulCreate events). The two runs are the
// same up to the step (the simulator is deterministic), so the events
// after their common prefix are what the command changes. Each difference
// is then explained with the decision the controller itself uses
// (tainteviction.Decide, upstream pkg/controller/tainteviction
// processPodOnNode): which NoExecute taint and which toleration decide a
// pod's deadline, and its tolerationSeconds.
//
// Later steps: the scenario's steps after t run in both runs; those whose
// command fails with the previewed command and not without it are listed
// (BreaksSteps, with kubectl's error — tainting at 0 s what a step adds at
// 30 s makes that step fail without --overwrite), and those that fail
// only without it (FixesSteps).
//
// A command kubectl carries out on some nodes only (a selector that picks
// nodes without the taint to remove: upstream RunTaint visits every node
// and goes on after a failing one) is previewed as the step would run: the
// nodes it changes, with kubectl's error as Warning. A command that
// changes no node is refused with kubectl's error.
//
// Horizon rule: both runs go on to the later of the scenario's `until` and
// t + the largest finite deadline the command sets on the pods of the
// nodes it changes (tolerationSeconds, or an existing pending deadline) +
// Settle (60 s, for the replacements to be created and scheduled and the
// scheduler's backoff, at most 10 s, to run out), capped at the
// scenario's 30-day limit of virtual time. A pod that tolerates the new
// taints for ever is listed as never evicted.
//
// Mirror pods of static pods are evicted like any other (the kubelet keeps
// running the static pod and creates a new mirror, which is deleted again);
// DaemonSet pods are evicted unless their DaemonSet tolerates the taint,
// and the DaemonSet controller does not re-create them on a node whose
// NoExecute taint they do not tolerate — the preview lists what the
// simulation does.
package impact
