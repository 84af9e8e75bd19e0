// Package fixit proposes the smallest change that fixes a pod's placement,
// for the why panel's "Fix it" section (issue 15). It computes and never
// changes the cluster; core/scenario writes a proposal into a scenario
// file (AddTolerations) and the console adds a taint as a step.
//
// For a Pending pod, Propose lists per node the tolerations the pod lacks
// there — one per NoSchedule or NoExecute taint no toleration of the pod
// tolerates, as the TaintToleration plugin's Filter finds them
// (pkg/scheduler/framework/plugins/tainttoleration, which calls
// FindMatchingUntoleratedTaint of k8s.io/component-helpers/scheduling/corev1
// with DoNotScheduleTaintsFilterFunc; core.FindMatchingUntoleratedTaint
// mirrors it) — and then asks every filter plugin again about the pod WITH
// those tolerations on that node (sched.ExplainNodeAmong, the code behind
// the why panel's per-node table), so that what still blocks (Insufficient
// cpu, node affinity, ports, spread, unschedulable, …) is listed with the
// upstream reason strings. A toleration proposed for a taint with a value
// uses operator Equal and that value; for a taint without a value, operator
// Exists (Toleration.ToleratesTaint: Exists matches any value, Equal
// compares values). Its effect is the taint's, and it has no
// tolerationSeconds. A NoExecute taint the pod tolerates only for
// tolerationSeconds does not stop the scheduler, but the taint-eviction
// controller evicts the pod after that time (pkg/controller/tainteviction
// processPodOnNode, core.EvictionDecision): Propose says so.
//
// The best candidate (Plan.Best) is, among the nodes where the added
// tolerations make every filter pass and whose kubelet admits the pod (the
// eviction manager under node pressure, kubelet.PressureRejection; a node
// whose kubelet rejects it comes after those), one that needs the fewest
// tolerations; among those, the node kube-scheduler would choose in a
// scheduling cycle of the pod carrying that node's tolerations (the
// highest total score, sched.Schedule; its ties broken by node order), and
// then the first by name. A large cluster is checked in part: at most
// MaxChecked nodes (the fewest tolerations first) and MaxCycles cycles. When no node passes with tolerations alone, Best
// is the nearest node — the fewest other blocking filters, then the fewest
// tolerations, then by name — and Plan.Fits is false.
//
// Where every filter passes, Propose also runs the kubelet's eviction
// manager admission (kubelet.PressureRejection, upstream
// managerImpl.Admit): under DiskPressure or PIDPressure the kubelet
// rejects every non-critical pod whatever it tolerates, so tolerating the
// node-lifecycle controller's pressure taint gets a pod past the scheduler
// only (NodePlan.Rejected). A cordoned node's
// node.kubernetes.io/unschedulable taint is not proposed: the cordon is
// one blocker (NodeUnschedulable; TaintToleration is not listed for that
// taint alone) which kubectl uncordon lifts (NodePlan.Uncordon).
//
// For a running pod, KeepOff proposes a taint that the pod does not
// tolerate (the documentation's convention `dedicated=<group>`, see
// "Taints and Tolerations", example use cases) and what it does to every
// pod on the node: NoSchedule only keeps new pods off (the scheduler's
// Filter; running pods stay), NoExecute makes the taint-eviction
// controller evict each pod that does not tolerate it at once and each
// pod tolerating it for tolerationSeconds after that time
// (core.EvictionDecision over the node's NoExecute taints). For a static
// pod's own mirror pod it proposes nothing (KeepOffPlan.Static): the
// kubelet runs a static pod whatever the taints. Another static pod's
// mirror pod on the node is deleted like any pod and the kubelet creates it again (the
// static pod itself keeps running); a DaemonSet pod is evicted too, since
// the DaemonSet controller adds tolerations only for the node-condition
// and unschedulable taints (pkg/controller/daemon/util
// AddOrUpdateDaemonPodTolerations), and it does not come back on that node
// while the taint stays.
package fixit
