package sched

import "github.com/taints-playground/playground/core"

// Versions returns the Kubernetes releases Options.Version supports, oldest
// first (1.26 … 1.37).
func Versions() []core.Version {
	out := make([]core.Version, 0, core.NewestMinor-core.OldestMinor+1)
	for m := core.OldestMinor; m <= core.NewestMinor; m++ {
		out = append(out, core.Version{Minor: m})
	}
	return out
}

// behaviour is what differs between the supported releases, for the parts
// of kube-scheduler the playground models. The plugin-level differences
// (TaintToleration's reason and the Lt/Gt gate, BalancedAllocation's
// formula and BestEffort skip, NodePorts' sidecar host ports from 1.34,
// ImageLocality's init-container images from 1.30, PodTopologySpread's
// minDomains and matchLabelKeys, read from 1.27, InterPodAffinity's
// PreFilter Skip from 1.27, PreScore Skip from 1.28 and matchLabelKeys
// from 1.31) live in tainttoleration.NewForVersion,
// balancedallocation.NewForVersion, nodeports.NewForVersion,
// imagelocality.NewForVersion, podtopologyspread.NewForVersion and
// interpodaffinity.New.
//
// What did not change in 1.26–1.37 and is therefore not switched: the
// Filter order NodeName/NodeUnschedulable/TaintToleration/NodeAffinity/
// NodePorts/NodeResourcesFit (releases before 1.3x listed NodeUnschedulable
// before NodeName; invisible, a pod with spec.nodeName never reaches the
// scheduler), the score weights (TaintToleration 3, NodeAffinity 2,
// PodTopologySpread 2, NodeResourcesFit 1, BalancedAllocation 1,
// ImageLocality 1, set by the v1beta3/v1 default profile before 1.26), LeastAllocated with the
// 100m/200Mi non-zero defaults, the system-default topology spreading, the
// percentageOfNodesToScore formula, the reasons of NodeUnschedulable,
// NodeAffinity, NodePorts and NodeResourcesFit, and ImageLocality's
// thresholds (23 MiB, 1000 MiB per image) and ":latest" normalization. Host selection changed from reservoir
// sampling (≤1.34) to a heap (1.35, PR #135231); both are modelled as a
// uniform choice among the top scores.
type behaviour struct {
	// draPostFilter: DynamicResources is in the default profile (the
	// DynamicResourceAllocation gate went GA, default on, in 1.34) and runs
	// first in PostFilter.
	draPostFilter bool
	// draNoClaimsReason: DynamicResources.PostFilter returns Unschedulable
	// with "no new claims to deallocate" for a pod without claims (1.34 –
	// 1.36); PR #140222 (1.37) dropped the text.
	draNoClaimsReason bool
	// preemptionSuccessMessage: DefaultPreemption's Success status carries
	// "found a potential placement for pod on node <n>, preempting <k>
	// victims" (PR #140180, 1.37); before, the status had no message and
	// the FailedScheduling text had no post part at all.
	preemptionSuccessMessage bool
	// postFilterPeriod: FitError.Error appended the PostFilter message
	// with " %v." (SeparatorFormat), so a preemption text that already
	// ends in "." ended in ".." ("… incoming pod.."). PR #117588 (merged
	// April 2023, first released in 1.28) dropped the extra period.
	postFilterPeriod bool
}

func behaviourOf(v core.Version) behaviour {
	return behaviour{
		draPostFilter:            v.AtLeast(34),
		draNoClaimsReason:        v.AtLeast(34) && !v.AtLeast(37),
		preemptionSuccessMessage: v.AtLeast(37),
		postFilterPeriod:         !v.AtLeast(28),
	}
}

// msgDRANoClaims is DynamicResources' PostFilter reason for a pod without
// ResourceClaims in 1.34–1.36.
const msgDRANoClaims = "no new claims to deallocate"
