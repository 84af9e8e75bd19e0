package nodename

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in statuses and messages.
const Name = "NodeName"

// ErrReason is the reason when spec.nodeName names another node.
const ErrReason = "node(s) didn't match the requested node name"

// NodeName is the plugin. The zero value is ready to use.
type NodeName struct{}

var _ framework.FilterPlugin = (*NodeName)(nil)

// New returns the plugin.
func New() *NodeName { return &NodeName{} }

// Name returns Name.
func (*NodeName) Name() string { return Name }

// Filter returns UnschedulableAndUnresolvable with ErrReason when the pod's
// spec.nodeName is set and differs from the node's name (upstream
// NodeName.Filter / Fits); nil (Success) otherwise.
func (*NodeName) Filter(_ *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) *framework.Status {
	if pod == nil || pod.Spec.NodeName == "" {
		return nil
	}
	if pod.Spec.NodeName != node.Name() {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReason)
	}
	return nil
}
