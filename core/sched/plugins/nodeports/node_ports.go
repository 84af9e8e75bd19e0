package nodeports

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in statuses and messages.
const Name = "NodePorts"

// ErrReason is the reason for a node where a requested host port is taken.
const ErrReason = "node(s) didn't have free ports for the requested pod ports"

// SidecarPortsSince is the first minor release whose NodePorts counts the
// host ports of restartable init containers (PR #132040; cherry-picked to
// a later 1.33 patch release, which the playground's 1.33 does not model).
const SidecarPortsSince = 34

const preFilterStateKey = "PreFilter" + Name

// Defaults of a host port's empty fields (HostPortInfo.sanitize).
const (
	defaultHostIP   = "0.0.0.0"
	defaultProtocol = "TCP"
)

// NodePorts is the plugin. The zero value is the 1.33 plugin; New gives
// the v1.37 one.
type NodePorts struct {
	// sidecars counts the host ports of restartable init containers.
	sidecars bool
	// rejected is the status Filter returned in the cycle of state: the
	// nodes it rejects in one cycle share it.
	state    *framework.CycleState
	rejected *framework.Status
}

var (
	_ framework.PreFilterPlugin = (*NodePorts)(nil)
	_ framework.FilterPlugin    = (*NodePorts)(nil)
)

// New returns the v1.37 plugin.
func New() *NodePorts { return &NodePorts{sidecars: true} }

// NewForVersion returns the plugin as Kubernetes v runs it: restartable
// init containers' host ports count from SidecarPortsSince.
func NewForVersion(v core.Version) *NodePorts {
	return &NodePorts{sidecars: v.AtLeast(SidecarPortsSince)}
}

// Name returns Name.
func (*NodePorts) Name() string { return Name }

// HostPorts returns the pod's container ports with a host port (> 0):
// those of its restartable init containers when sidecars is set, then
// those of its containers (upstream util.GetHostPorts, v1.37; before 1.34
// getContainerPorts, containers only). Nil for a nil pod.
func HostPorts(pod *core.Pod, sidecars bool) []core.ContainerPort {
	if pod == nil {
		return nil
	}
	var out []core.ContainerPort
	if sidecars {
		for i := range pod.Spec.InitContainers {
			c := &pod.Spec.InitContainers[i]
			if c.RestartPolicy == nil || *c.RestartPolicy != "Always" {
				continue
			}
			out = appendHostPorts(out, c.Ports)
		}
	}
	for i := range pod.Spec.Containers {
		out = appendHostPorts(out, pod.Spec.Containers[i].Ports)
	}
	return out
}

func appendHostPorts(out, ports []core.ContainerPort) []core.ContainerPort {
	for _, p := range ports {
		if p.HostPort > 0 {
			out = append(out, p)
		}
	}
	return out
}

// Conflict reports whether host ports a and b cannot both be bound on one
// node (HostPortInfo.CheckConflict of one against the other): equal port
// numbers (> 0) and protocols, and equal host IPs or either the wildcard,
// after empty protocol and IP take their defaults.
func Conflict(a, b core.ContainerPort) bool {
	if a.HostPort <= 0 || a.HostPort != b.HostPort || orDefault(a.Protocol, defaultProtocol) != orDefault(b.Protocol, defaultProtocol) {
		return false
	}
	ipA, ipB := orDefault(a.HostIP, defaultHostIP), orDefault(b.HostIP, defaultHostIP)
	return ipA == defaultHostIP || ipB == defaultHostIP || ipA == ipB
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// FitsPorts reports whether none of want conflicts with any of used
// (upstream fitsPorts).
func FitsPorts(want, used []core.ContainerPort) bool {
	for _, w := range want {
		for _, u := range used {
			if Conflict(w, u) {
				return false
			}
		}
	}
	return true
}

// fitsNode reports whether none of want conflicts with a host port of the
// node's active pods (upstream fitsPorts against NodeInfo.UsedPorts). It
// reads the pods' ports in place, allocating nothing.
func (pl *NodePorts) fitsNode(want []core.ContainerPort, node *framework.NodeInfo) bool {
	if node == nil {
		return true
	}
	for _, p := range node.Pods {
		if p == nil || p.Status.Phase == core.PodSucceeded || p.Status.Phase == core.PodFailed {
			continue
		}
		if pl.sidecars {
			for i := range p.Spec.InitContainers {
				c := &p.Spec.InitContainers[i]
				if c.RestartPolicy != nil && *c.RestartPolicy == "Always" && !FitsPorts(want, c.Ports) {
					return false
				}
			}
		}
		for i := range p.Spec.Containers {
			if !FitsPorts(want, p.Spec.Containers[i].Ports) {
				return false
			}
		}
	}
	return true
}

// PreFilter returns Skip for a pod without host ports, and otherwise
// stores them for Filter (upstream NodePorts.PreFilter).
func (pl *NodePorts) PreFilter(state *framework.CycleState, pod *core.Pod, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	ports := HostPorts(pod, pl.sidecars)
	if len(ports) == 0 {
		return nil, framework.NewStatus(framework.Skip)
	}
	state.Write(preFilterStateKey, ports)
	return nil, nil
}

// Filter returns Unschedulable with ErrReason when a host port of the pod
// conflicts with one held by an active pod on the node, nil otherwise
// (upstream NodePorts.Filter). Without PreFilter's state it reads the
// pod's ports itself.
func (pl *NodePorts) Filter(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) *framework.Status {
	var want []core.ContainerPort
	if v, ok := state.Read(preFilterStateKey); ok {
		want, _ = v.([]core.ContainerPort)
	} else {
		want = HostPorts(pod, pl.sidecars)
	}
	if len(want) == 0 || pl.fitsNode(want, node) {
		return nil
	}
	if state == nil || pl.state != state || pl.rejected == nil {
		pl.state, pl.rejected = state, framework.NewStatus(framework.Unschedulable, ErrReason)
	}
	return pl.rejected
}

// SchedulableAfterPodDeleted is the queueing hint for a pod this plugin
// rejected when an assigned pod is deleted (upstream
// isSchedulableAfterAssignedPodDeleted, v1.37; isSchedulableAfterPodDeleted
// before): true (Queue) only when the deleted pod was bound to a node or
// nominated to one (node is its binding when the caller keeps it beside
// the object) and one of its host ports conflicts with one pod asks for.
func (pl *NodePorts) SchedulableAfterPodDeleted(pod, deleted *core.Pod, node string) bool {
	if deleted == nil {
		return true
	}
	if node == "" && deleted.Spec.NodeName == "" && deleted.Status.NominatedNodeName == "" {
		return false
	}
	used := HostPorts(deleted, pl.sidecars)
	if len(used) == 0 {
		return false
	}
	return !FitsPorts(HostPorts(pod, pl.sidecars), used)
}
