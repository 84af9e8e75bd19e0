// Package export turns a scenario into files for a real cluster.
//
// Manifests writes the scenario's objects as clean multi-document YAML:
// Namespaces (also those the objects use without declaring them),
// PriorityClasses, RuntimeClasses, Nodes, workloads, PodDisruptionBudgets and Pods in an
// order kubectl apply accepts, without what a real cluster fills in itself
// (status, uid, creationTimestamp, and ownerReferences — a ReplicaSet or
// DaemonSet adopts the orphan pods its selector matches). The one status kept is the Nodes' capacity, allocatable
// and conditions, which the simulation needs; the output says how to read
// them from a real cluster and that only KWOK keeps them from a manifest.
//
// Script writes a bash script that replays the scenario's timeline on a
// real cluster: KWOK (the default: the Node manifests are applied and KWOK
// plays their kubelets) or kind (CLUSTER=kind: the nodes already exist, so
// the script labels and taints them to match). Objects go through
// `kubectl apply -f - <<'EOF'` here-documents, steps become kubectl taint,
// cordon, uncordon, label, delete, drain, scale, describe and get commands,
// `sleep N` keeps the steps' spacing, and steps with no kubectl equivalent
// (node NAME stop, start, not-ready, unreachable, condition) become a
// status patch for KWOK or a docker stop/start for kind, with a comment
// saying what differs from the simulation.
//
// Every word that comes from the scenario is shell-quoted, captions become
// comments line by line, and here-document delimiters are chosen so that no
// manifest line can end them: a hostile scenario yields a script that does
// only what its steps say.
package export
