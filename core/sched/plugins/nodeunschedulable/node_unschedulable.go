package nodeunschedulable

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in statuses and messages.
const Name = "NodeUnschedulable"

// ErrReasonUnschedulable is the reason for a cordoned node.
const ErrReasonUnschedulable = "node(s) were unschedulable"

// NodeUnschedulable is the plugin.
type NodeUnschedulable struct {
	enableComparisonOperators bool
}

var _ framework.FilterPlugin = (*NodeUnschedulable)(nil)

// New returns the plugin; enableComparisonOperators is the
// TaintTolerationComparisonOperators gate used when matching tolerations.
func New(enableComparisonOperators bool) *NodeUnschedulable {
	return &NodeUnschedulable{enableComparisonOperators: enableComparisonOperators}
}

// Name returns Name.
func (*NodeUnschedulable) Name() string { return Name }

// Filter returns UnschedulableAndUnresolvable with ErrReasonUnschedulable
// when node.spec.unschedulable is true and no pod toleration tolerates
// {key: node.kubernetes.io/unschedulable, effect: NoSchedule} (empty value);
// nil otherwise (upstream NodeUnschedulable.Filter).
func (pl *NodeUnschedulable) Filter(_ *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) *framework.Status {
	if node == nil || node.Node == nil || !node.Node.Spec.Unschedulable {
		return nil
	}
	var tolerations []core.Toleration
	if pod != nil {
		tolerations = pod.Spec.Tolerations
	}
	taint := core.Taint{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule}
	if !core.TolerationsTolerateTaint(tolerations, &taint, pl.enableComparisonOperators) {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonUnschedulable)
	}
	return nil
}
