// Package sim runs a scenario on a virtual clock and records what a real
// v1.37 cluster would do: one frame of the board per moment, and the
// Kubernetes events in order.
//
// The model, in the order things happen:
//
//  1. Nodes are created in file order. The node-lifecycle controller
//     reconciles its taints on each node at once: NoSchedule
//     not-ready/unreachable/memory-pressure/disk-pressure/pid-pressure/
//     network-unavailable from the node's conditions and
//     node.kubernetes.io/unschedulable from spec.unschedulable (missing ones
//     appended, stale ones removed), and the NoExecute not-ready/unreachable
//     taint from the Ready condition. A node without a Ready condition is
//     taken as Ready=True; one without status.allocatable gets its capacity,
//     or DefaultAllocatable when it lists neither (pods 110 when missing).
//  2. Pods are admitted: the Priority plugin resolves priorityClassName
//     system-node-critical / system-cluster-critical when spec.priority is
//     unset; DefaultTolerationSeconds appends
//     node.kubernetes.io/not-ready and node.kubernetes.io/unreachable
//     {operator: Exists, effect: NoExecute, tolerationSeconds: 300} unless a
//     toleration with that key (or an empty key) and effect NoExecute (or an
//     empty effect) is already there.
//  3. Pods with spec.nodeName skip the scheduler and are bound in file order
//     before anything is scheduled. The kubelet admits a bound pod unless
//     the node has a DiskPressure/PIDPressure condition (or MemoryPressure
//     for a BestEffort pod that does not tolerate it; critical pods always
//     pass), the pod does not fit next to the running pods (reason
//     OutOf<resource>; spec.nodeName pods only), or the node has an
//     untolerated NoExecute taint (reason TaintToleration) — checked in
//     that order. The taint-eviction controller deletes a rejected pod on a
//     node with an untolerated NoExecute taint as well.
//  4. The other pods are scheduled one at a time at t=0, higher
//     spec.priority first, then file order, each cycle seeing the pods
//     bound before it (sched.Schedule; ties broken by a math/rand generator
//     seeded with options.seed).
//  5. Steps run at their time, in file order for equal times; timers fire in
//     time order (ties: the order they were set). Steps at 0s run after the
//     t=0 scheduling pass.
//
// Taint eviction mirrors the taint-eviction controller: whenever a node's
// NoExecute taints change, every pod bound to it is re-evaluated with
// core.EvictionDecision. An untolerated taint deletes the pod at once
// ("Marking for deletion"); a finite tolerationSeconds sets a timer that
// many seconds after the controller saw the taint; an existing timer is
// not moved by later re-evaluations (only one set at this very instant is
// replaced, as upstream's CreatedAt comparison does); a decision of "no
// NoExecute taint" or "tolerated forever" cancels a pending timer
// ("Cancelling deletion"), and so does deleting the pod. Evicted pods are
// deleted upstream; the board keeps them with phase Evicted, as it keeps
// pods the kubelet rejected at admission (upstream: phase Failed, which
// kubectl shows by its reason).
//
// Pods named by a `create pod NAME` step are created at that step instead
// of at t=0 (admission, then the scheduler or spec.nodeName binding).
//
// Node conditions: `node N not-ready` is the kubelet posting Ready=False:
// not-ready:NoSchedule at once, not-ready:NoExecute at the next 5 s
// node-monitor pass. `node N unreachable` is the node-lifecycle controller
// declaring the node Unknown (50 s after the kubelet's last heartbeat): it
// sets Ready, MemoryPressure, DiskPressure and PIDPressure to Unknown and
// adds unreachable:NoSchedule and unreachable:NoExecute in the same pass.
// `node N ready` is the kubelet posting Ready=True: the NoSchedule taint
// goes at once, the NoExecute taint at the next 5 s pass. Zone rate limits
// and disruption modes are not modelled (one healthy zone).
//
// Retrying pending pods: a pending pod is tried again right after a change
// (the same virtual instant, as the idle upstream queue pops it at once)
// when the change touched a node whose rejecting plugin for that pod no
// longer rejects it — the effect of upstream's queueing hints
// (TaintToleration: taint now tolerated; NodeUnschedulable: uncordoned;
// NodeAffinity: labels now match; NodeResourcesFit: a pod on the node went
// away). Every attempt that fails emits one FailedScheduling event, as
// upstream does; the 5-minute flush of unschedulable pods is not modelled,
// so an unchanged cluster emits no repeats. When preemption succeeds (the
// message ends "preemption: found a potential placement …"), the victims
// get a Preempted event and are deleted at once (no grace period), and the
// preemptor, nominated to that node, is tried again in the same instant.
//
// Run never panics: any internal failure is returned as an error.
package sim
