// Package sim runs a scenario on a virtual clock and records what a real
// cluster would do: one frame of the board per moment, and the Kubernetes
// events in order. Run is the entry point; Result.Explain and
// Result.DescribeNode answer for any pod or node of any frame, and Exec
// answers a console command at a moment.
//
// The simulator only wires the cluster and records it. The objects live
// in core/store (the API server), time in core/clock, and every
// component owns its loop in its own package: the scheduler and its queue
// (core/sched/scheduler, core/sched/queue), the kubelets, the
// node-lifecycle, taint-eviction, ReplicaSet, Deployment, DaemonSet,
// disruption and pod garbage collector controllers (core/controllers/…),
// admission
// (core/admission) and kubectl (core/kubectl, through apiServer). A run
// loads the starting cluster (start), then pops timers in time order —
// steps, the controllers' timers — and settles each instant: woken
// workload controllers sync and the scheduler schedules until nothing is
// left, then a frame is recorded (recorder.go, frames.go, why.go). The
// release simulated is options.kubernetesVersion (1.26–1.37, default
// 1.37). Run never panics: any internal failure is returned as an error.
package sim
