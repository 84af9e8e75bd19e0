// Package sched is the playground's kube-scheduler: the default profile of
// Kubernetes 1.26–1.37 (Options.Version, default 1.37) as far as it
// concerns taints, node affinity, resources, host ports, inter-pod affinity,
// topology spreading and the images nodes already hold, run one pod at a
// time over a snapshot of nodes.
//
// Start with Schedule: one scheduling cycle for one pod over NodeInfos
// (NewNodeInfo), returning the chosen node or the exact FailedScheduling
// text, with the per-node statuses and score breakdowns the UI explains
// (Result). ExplainNode and ExplainNodeAmong give every filter plugin's
// verdict for one node;
// ScheduleSnapshot schedules over a Snapshot the caller keeps between
// cycles. The plugins live one per package under plugins/ on top of the
// framework package; FilterPluginNames and ScorePluginWeights give their
// order and weights (the profile type in profile.go says which default
// plugins are left out and why), and versions.go lists what differs between
// releases, each difference with the upstream PR that made it.
package sched
