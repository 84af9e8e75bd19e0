// Package sim runs a scenario on a virtual clock and records what a real
// cluster would do: one frame of the board per moment, and the Kubernetes
// events in order. The release is options.kubernetesVersion (1.26–1.37,
// default 1.37); it reaches the scheduler (sched.Options.Version: message
// wording, BalancedAllocation, Lt/Gt) and the controllers below.
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
//  2. Pods are admitted in kube-apiserver's plugin order (core/admission):
//     Priority resolves priorityClassName (the built-in system-node-critical
//     / system-cluster-critical, or a PriorityClass of the file or of an
//     apply; without a name the globalDefault class) to spec.priority and
//     preemptionPolicy; DefaultTolerationSeconds appends
//     node.kubernetes.io/not-ready and node.kubernetes.io/unreachable
//     {operator: Exists, effect: NoExecute, tolerationSeconds: 300 — or
//     options.defaultNotReadyTolerationSeconds /
//     defaultUnreachableTolerationSeconds} unless a toleration with that key
//     (or an empty key) and effect NoExecute (or an empty effect) is already
//     there (options.disableAdmissionPlugins: [DefaultTolerationSeconds]
//     turns it off); PodTolerationRestriction, only with
//     options.enableAdmissionPlugins: [PodTolerationRestriction], merges the
//     namespace's scheduler.alpha.kubernetes.io/defaultTolerations (and the
//     memory-pressure toleration for non-BestEffort pods) and rejects pods
//     outside scheduler.alpha.kubernetes.io/tolerationsWhitelist. A rejected
//     pod is never created. PodState.TolerationSources says who added each
//     toleration: user, DefaultTolerationSeconds, DaemonSet controller,
//     PodTolerationRestriction.
//  3. Pods with spec.nodeName skip the scheduler and are bound in file order
//     before anything is scheduled. The kubelet admits a bound pod unless
//     the node has a DiskPressure/PIDPressure condition (or MemoryPressure
//     for a BestEffort pod that does not tolerate it; critical pods always
//     pass), the pod does not fit next to the running pods (reason
//     OutOf<resource>; spec.nodeName pods only), or the node has an
//     untolerated NoExecute taint (reason TaintToleration) — checked in
//     that order. The taint-eviction controller deletes a rejected pod on a
//     node with an untolerated NoExecute taint as well.
//  4. The other pods enter the scheduling queue at t=0 and are scheduled
//     one at a time (see "The scheduling queue"), each cycle seeing the pods
//     bound before it (sched.Schedule; ties broken by a math/rand generator
//     seeded with options.seed).
//  5. Steps run at their time, in file order for equal times; timers fire in
//     time order (ties: the order they were set). Steps at 0s run after the
//     t=0 scheduling pass.
//
// Taint eviction mirrors the taint-eviction controller
// (core/controllers/tainteviction.Decide): whenever a node's NoExecute
// taints change, every pod bound to it is re-evaluated. An untolerated
// taint deletes the pod at once ("Marking for deletion"); a finite
// tolerationSeconds sets a timer that many seconds after the controller saw
// the taint; an existing timer is not moved by later re-evaluations (only
// one set at this very instant is replaced, as upstream's CreatedAt
// comparison does); a decision of "no NoExecute taint" or "tolerated
// forever" cancels a pending timer ("Cancelling deletion"), and so does
// deleting the pod. A deleted pod gets condition DisruptionTarget
// (DeletionByTaintManager; PodState.DisruptionTarget) and PDBs are not
// consulted. Evicted pods are deleted upstream; the board keeps them with
// phase Evicted, as it keeps pods the kubelet rejected at admission
// (upstream: phase Failed, which kubectl shows by its reason).
//
// # Controllers
//
// Deployments own one ReplicaSet named NAME-<template hash>; ReplicaSets
// (core/controllers/replicaset) keep spec.replicas active pods: a pod that
// is evicted, deleted, preempted or rejected no longer counts and is
// replaced in the same instant by a new Pending pod named
// RS-<5 characters> (drawn from a generator seeded by options.seed, so
// names are the same on every run), with a controller ownerReference, so
// PodTopologySpread's default spreading applies; the scheduler places it
// in the same instant (events SuccessfulCreate "Created pod: NAME",
// SuccessfulDelete "Deleted pod: NAME", ScalingReplicaSet). One ReplicaSet
// creates at most spec.replicas pods per instant (so pods the kubelet keeps
// rejecting cannot spin it); pods still missing then are created by a
// resync 1 s later, the delay doubling to 5 min while the cap keeps
// cutting and reset by a sync it does not cut. DaemonSets
// (core/controllers/daemonset) get one pod per node where
// NodeShouldRunDaemonPod allows it — re-checked whenever a node is added
// or changes — with the automatic tolerations and a matchFields pin; a
// daemon pod whose node gets an untolerated NoExecute taint is deleted and
// not recreated.
//
// `kubectl drain NODE` cordons, applies kubectl's pod filters (DaemonSet
// pods need --ignore-daemonsets, emptyDir pods --delete-emptydir-data,
// bare pods --force; mirror pods are skipped; any refusal evicts nothing)
// and evicts through the eviction API: a PodDisruptionBudget that allows
// no disruption refuses ("Cannot evict pod as it would violate the pod's
// disruption budget."), and drain retries every 5 s until it may (the
// retry that succeeds gets a frame). Drain adds no NoExecute taint.
// `kubectl scale deployment|replicaset NAME --replicas=N` and `kubectl
// apply -f -` (the step's manifest: Deployment, ReplicaSet, DaemonSet,
// PodDisruptionBudget, PriorityClass, Namespace, Pod, Node) change the
// controllers' objects; applying a Pod that exists updates its
// spec.tolerations (additions and new tolerationSeconds only, as pod
// validation allows; DefaultTolerationSeconds runs again), which the
// taint-eviction controller re-evaluates without moving an existing
// deadline and which moves an unschedulable pod back to the queue. `wait
// D` adds a frame D later.
//
// Pods named by a `create pod NAME` step are created at that step instead
// of at t=0 (admission, then the scheduler or spec.nodeName binding).
// Nodes named by a `create node NAME` step join the cluster at that step
// (a Node Add event for the scheduling queue; pods whose spec.nodeName
// names the node start there). The TaintNodesByCondition admission
// plugin's transient not-ready:NoSchedule taint on a brand-new Node is not
// modelled: the node is Ready at once.
//
// Node conditions: `node N not-ready` is the kubelet posting Ready=False:
// not-ready:NoSchedule at once (no grace period), not-ready:NoExecute at the
// next 5 s node-monitor pass. `node N stop` is the kubelet going silent
// (its last heartbeat observed now): the node-lifecycle controller marks it
// Unknown at the first 5 s pass strictly after now +
// node-monitor-grace-period (50 s from 1.32, PR #126287; 40 s before).
// `node N unreachable` is that pass itself: Ready, MemoryPressure,
// DiskPressure and PIDPressure become Unknown, unreachable:NoSchedule is
// added at once, unreachable:NoExecute in the same pass from 1.34 (PR
// #120816) and at the next pass before. `node N ready` (or `start`, the
// kubelet posting again) is Ready=True: the NoSchedule taint goes at once,
// the NoExecute taint at the next 5 s pass, cancelling pending deletions.
//
// NoExecute not-ready/unreachable taints are added through the zone's
// rate-limited queue (core/controllers/nodelifecycle): right after the
// passes of a moment the tainter computes every zone's state from the
// current Ready conditions (zones from topology.kubernetes.io/region and
// zone labels; nodes labelled node.kubernetes.io/exclude-disruption are not
// counted) and then lets queued nodes through each zone's token bucket
// (burst 1): 0.1 nodes/s when Normal or FullDisruption, 0.01/s when
// PartialDisruption in a zone of more than 50 nodes, 0 when
// PartialDisruption in a smaller zone (the node waits, NodeState.
// NoExecuteQueued). Swapping from a blocked limiter drains the new token,
// so the first taint after a recovery comes 10 s later. Swapping
// not-ready for unreachable (or back) and removals are never limited.
// When every zone becomes fully disrupted (a cluster whose nodes are all
// down, e.g. a single node) the controller enters master disruption mode:
// it removes the NoExecute not-ready/unreachable taints and taints nothing
// until some node is Ready again (NodeState.ZoneState AllZonesDown). Steps
// at the same instant are separate passes; nodes that `stop` at the same
// time become Unknown in one pass. Nodes of the starting cluster get their
// NoExecute taints at once, without the limiter.
//
// # The scheduling queue
//
// The queue follows kube-scheduler's PriorityQueue
// (pkg/scheduler/backend/queue, v1.37.2):
//
//   - activeQ pops the highest spec.priority first, then the earliest queue
//     timestamp (arrival; after a failure, the failure time), then file
//     order for pods created at the same instant.
//   - A failed attempt emits one FailedScheduling event and puts the pod in
//     unschedulablePods with its rejecting plugins (every plugin that
//     rejected some node) and a backoff of 1 s doubled per failed attempt,
//     at most 10 s, counted from the failure.
//   - A cluster event moves the pod back only if one of its rejecting
//     plugins registered for it and, from 1.32 (QueueingHints on by
//     default), that plugin's hint says Queue: TaintToleration — a node
//     added or its taints changed from untolerated to tolerated;
//     NodeUnschedulable — a node added schedulable or uncordoned;
//     NodeAffinity — a node added or relabelled from non-matching to
//     matching; NodeResourcesFit — a pod bound to a node deleted, evicted,
//     preempted or rejected (and node additions). Before 1.32 there are no
//     hints: a node add or a taint, cordon or label change (every plugin
//     registering Node Add also registered UpdateNodeTaint and
//     UpdateNodeLabel, issue #109437) moves the pod when preCheckForNode
//     passes on that node — the pod fits there now and no NoSchedule taint
//     is untolerated (NoExecute is not checked) — and any deletion of a
//     bound pod moves pods NodeResourcesFit rejected.
//   - A moved pod whose backoff has not expired waits in backoffQ. From 1.33
//     (SchedulerPopFromBackoffQ) the idle scheduler pops it at once when
//     activeQ is empty; before, it is retried when the backoff expires.
//   - flushUnschedulableEntitiesLeftover runs every 30 s from t=0 and moves
//     pods whose last attempt (or last flush) is more than 5 minutes old: a
//     pod unschedulable since t=0 is retried at 330 s, 660 s, … and emits a
//     FailedScheduling event each time.
//   - All of this happens on the virtual clock; the scheduler takes no time,
//     so everything a change triggers is settled in the same instant.
//
// Preemption: when a cycle fails but the scheduler found a node by
// preemption (Result.NominatedNode, Result.Victims), the pod gets
// status.nominatedNodeName, each victim gets `Normal Preempted "Preempted
// by pod <uid> on node <node>"` (the pod's namespace/name when the
// manifest has no uid) and is deleted at once (its grace period is not
// modelled); the deletion requeues the preemptor, which binds. Pods
// nominated to a node are passed to every cycle (Options.NominatedPods), so
// lower-priority pods cannot take the freed room.
//
// # Why, describe and get
//
// Every PodState carries Why: for each node the plugin Kubernetes reports
// and every filter verdict (the non-reported failures too), the score
// breakdown per plugin when the node was scored, the chosen and tied
// nodes, and the taint × toleration matrix with core.ExplainToleration's
// reason for each cell. Frames of clusters larger than ExplainLimit node ×
// pod pairs get summaries only.
//
// Step commands `kubectl describe pod|node NAME`, `kubectl get pods [-o
// wide]` and `kubectl get events` print kubectl's text for the cluster at
// that moment into Frame.Output (core/kubectl DescribePod, DescribeNode,
// GetPods, GetEvents); repeated identical events are shown as a series.
// A pod the kubelet rejected is shown with status.phase Failed and its
// reason and message (PodState.StatusPhase, Reason, Message).
//
// Run never panics: any internal failure is returned as an error.
package sim
