package framework

import (
	"strings"

	"github.com/taints-playground/playground/core"
)

// Code is a plugin status code (upstream fwk.Code).
type Code int

// Status codes. Success, Unschedulable and UnschedulableAndUnresolvable are
// what Filter plugins return; Skip is returned by PreFilter/PreScore to say
// "this plugin has nothing to do for this pod" and is never reported for a
// node.
const (
	Success Code = iota
	// Unschedulable: the node may fit after preemption.
	Unschedulable
	// UnschedulableAndUnresolvable: preemption cannot help on this node.
	UnschedulableAndUnresolvable
	// Skip: the plugin's later extension points are not run for this pod.
	Skip
)

// String returns the upstream spelling of the code.
func (c Code) String() string {
	switch c {
	case Success:
		return "Success"
	case Unschedulable:
		return "Unschedulable"
	case UnschedulableAndUnresolvable:
		return "UnschedulableAndUnresolvable"
	case Skip:
		return "Skip"
	}
	return "Unknown"
}

// Status is one plugin's verdict: the plugin's Name, the code and its reason
// strings (exactly the upstream constants). A nil *Status means Success, as
// upstream.
type Status struct {
	Plugin  string
	Code    Code
	Reasons []string
}

// NewStatus returns a status with the given code and reasons.
func NewStatus(code Code, reasons ...string) *Status {
	return &Status{Code: code, Reasons: reasons}
}

// WithPlugin sets the plugin name and returns s (nil-safe).
func (s *Status) WithPlugin(name string) *Status {
	if s != nil {
		s.Plugin = name
	}
	return s
}

// IsSuccess reports whether s is nil or has code Success.
func (s *Status) IsSuccess() bool { return s == nil || s.Code == Success }

// IsSkip reports whether s has code Skip.
func (s *Status) IsSkip() bool { return s != nil && s.Code == Skip }

// IsRejected reports whether s is Unschedulable or UnschedulableAndUnresolvable.
func (s *Status) IsRejected() bool {
	return s != nil && (s.Code == Unschedulable || s.Code == UnschedulableAndUnresolvable)
}

// GetCode returns the code, Success for nil.
func (s *Status) GetCode() Code {
	if s == nil {
		return Success
	}
	return s.Code
}

// Message joins the reasons with ", " (upstream Status.Message); "" for nil.
func (s *Status) Message() string {
	if s == nil {
		return ""
	}
	return strings.Join(s.Reasons, ", ")
}

// NodeInfo is a node as the scheduler sees it: the node and the pods bound
// (or assumed) to it, whose requests count against its allocatable.
// Pods in a terminal phase (Succeeded, Failed) are ignored, as the
// scheduler cache drops them.
//
// A NodeInfo keeps its resource sums (allocatable, requested, non-zero
// requested, pod count) precomputed: NewNodeInfo and AddPod maintain them
// incrementally, and a literal &NodeInfo{Node: n, Pods: ps} computes them
// on first use. The sums are recomputed whenever the node pointer, the
// number of pods, or the first or last pod pointer changed since they were
// computed, so appending to or truncating Pods is noticed. Changing a pod
// in the middle of Pods in place, a pod's phase or requests, or the node's
// allocatable in place is not: call Invalidate after such a change (or use
// a new NodeInfo, as the simulation does every cycle).
//
// The first 64 bytes of a NodeInfo hold everything a cycle checks before
// it reads the sums (the node, the pods, the key), and the resource sums
// fill the next 128 bytes (the topology labels of Topology follow them): a
// 5,000-node cycle touches as few cache lines as possible.
type NodeInfo struct {
	Node *core.Node
	Pods []*core.Pod

	// sums holds the resource sums and the pods they were computed for;
	// nil when not computed.
	sums *nodeSums
	// keyNode is the node pointer hash and sums were computed for.
	keyNode *core.Node
	hash    uint32
	// memo holds what plugins computed from the pods (Memo); nil when
	// nothing was.
	memo *podMemo
}

// nodeSums is a NodeInfo's precomputed sums and the rest of their key: the
// number of pods and the first and last pod pointers. A list too long for
// n never matches, so its sums are recomputed on every use.
type nodeSums struct {
	first, last *core.Pod
	res         NodeResources
	n           int32
	// topo is read from the node's labels with the sums (it depends on
	// the node only, which the sums are keyed on too).
	topo Topology
}

// Well-known node labels the system default topology spreading reads
// (k8s.io/api/core/v1 LabelHostname, LabelTopologyZone).
const (
	LabelHostname     = "kubernetes.io/hostname"
	LabelTopologyZone = "topology.kubernetes.io/zone"
)

// Topology is what PodTopologySpread's system default constraints read of
// a node's labels: the kubernetes.io/hostname label's presence and the
// topology.kubernetes.io/zone label's value and presence.
type Topology struct {
	Zone        string
	HasZone     bool
	HasHostname bool
}

// topologyOf reads node's Topology (zero for nil).
func topologyOf(node *core.Node) Topology {
	if node == nil {
		return Topology{}
	}
	var t Topology
	t.Zone, t.HasZone = node.Labels[LabelTopologyZone]
	_, t.HasHostname = node.Labels[LabelHostname]
	return t
}

// NameHash returns a 32-bit FNV-1a hash of the node's name, memoized per
// node pointer (a node's name never changes); the scheduler uses it to
// drop repeated names from a snapshot without hashing every name each
// cycle.
func (n *NodeInfo) NameHash() uint32 {
	if n == nil || n.Node == nil {
		return 0
	}
	if n.keyNode != n.Node {
		n.setKeyNode()
	}
	return n.hash
}

// setKeyNode makes the current node the key: it hashes its name and drops
// sums computed for another node.
func (n *NodeInfo) setKeyNode() {
	n.keyNode, n.hash, n.sums = n.Node, 0, nil
	if n.Node == nil {
		return
	}
	name := n.Node.Name
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h ^= uint32(name[i])
		h *= 16777619
	}
	n.hash = h
}

// NewNodeInfo returns a NodeInfo for node holding a copy of the pod list,
// with its resource sums computed.
func NewNodeInfo(node *core.Node, pods ...*core.Pod) *NodeInfo {
	// One allocation holds the NodeInfo and its sums, so the sums sit in
	// the cache lines right after the header a cycle reads first.
	both := &struct {
		info NodeInfo
		sums nodeSums
	}{info: NodeInfo{Node: node, Pods: append([]*core.Pod(nil), pods...)}}
	n := &both.info
	n.setKeyNode()
	both.sums.res, both.sums.topo = computeNode(n), topologyOf(node)
	n.sums = &both.sums
	n.rekey()
	return n
}

// Name returns the node's name, "" when the node is nil.
func (n *NodeInfo) Name() string {
	if n == nil || n.Node == nil {
		return ""
	}
	return n.Node.Name
}

// isActive reports whether p counts against a node.
func isActive(p *core.Pod) bool {
	return p != nil && p.Status.Phase != core.PodSucceeded && p.Status.Phase != core.PodFailed
}

// ActivePods returns the pods that count against the node: non-nil pods
// whose phase is not Succeeded or Failed.
func (n *NodeInfo) ActivePods() []*core.Pod {
	if n == nil {
		return nil
	}
	out := make([]*core.Pod, 0, len(n.Pods))
	for _, p := range n.Pods {
		if isActive(p) {
			out = append(out, p)
		}
	}
	return out
}

// Clone returns a NodeInfo sharing the node and holding a copy of the
// active pod list, for preemption dry runs; the sums are carried over.
func (n *NodeInfo) Clone() *NodeInfo {
	c := &NodeInfo{Node: n.Node, Pods: n.ActivePods()}
	if n.valid() {
		c.setKeyNode()
		c.sums = &nodeSums{res: n.sums.res.clone(), topo: n.sums.topo}
		c.rekey()
	}
	return c
}

// valid reports whether the cached sums belong to the current node and pods.
func (n *NodeInfo) valid() bool {
	c := n.sums
	if c == nil || n.keyNode != n.Node || int(c.n) != len(n.Pods) {
		return false
	}
	return c.n == 0 || (c.first == n.Pods[0] && c.last == n.Pods[c.n-1])
}

// rekey records the current pod list as the key of n.sums (the node is
// already n.keyNode).
func (n *NodeInfo) rekey() {
	c := n.sums
	c.n, c.first, c.last = int32(len(n.Pods)), nil, nil
	if len(n.Pods) > 0 {
		c.first, c.last = n.Pods[0], n.Pods[len(n.Pods)-1]
	}
}

// Invalidate drops the precomputed sums and the pod memo; the next use
// recomputes them.
func (n *NodeInfo) Invalidate() {
	if n != nil {
		n.sums, n.memo = nil, nil
	}
}

// Resources returns the node's allocatable and what its active pods take,
// computing them if needed. The result is shared: callers must not modify
// it. A nil NodeInfo or one without a node gives zero sums.
func (n *NodeInfo) Resources() *NodeResources {
	if n == nil {
		return &NodeResources{}
	}
	return &n.currentSums().res
}

// Topology returns the node's hostname and zone labels as the system
// default spreading reads them, memoized with the resource sums (so a
// label changed in place on the same Node object is not seen: replace
// the Node or call Invalidate). Zero for a nil NodeInfo or node.
func (n *NodeInfo) Topology() Topology {
	if n == nil {
		return Topology{}
	}
	return n.currentSums().topo
}

// currentSums returns n's sums, computing them if needed.
func (n *NodeInfo) currentSums() *nodeSums {
	if !n.valid() {
		if n.keyNode != n.Node {
			n.setKeyNode()
		}
		n.sums = &nodeSums{res: computeNode(n), topo: topologyOf(n.Node)}
		n.rekey()
	}
	return n.sums
}

// AddPod appends p to the node's pods and adds its requests to the sums.
func (n *NodeInfo) AddPod(p *core.Pod) {
	if n == nil {
		return
	}
	wasValid := n.valid()
	n.Pods = append(n.Pods, p)
	if !wasValid {
		n.sums = nil
		return
	}
	if isActive(p) {
		pr := ComputePodResource(p)
		n.sums.res.addPod(&pr)
	}
	n.rekey()
}

// RemovePod removes the first pod that is p, or has p's UID, or (when
// either UID is empty) p's namespace and name, and reports whether one was
// removed. The pod list is copied, never changed in place.
func (n *NodeInfo) RemovePod(p *core.Pod) bool {
	if n == nil || p == nil {
		return false
	}
	for i, q := range n.Pods {
		if q == nil {
			continue
		}
		same := q == p
		if !same && q.UID != "" && p.UID != "" {
			same = q.UID == p.UID
		} else if !same {
			same = q.Name != "" && q.Name == p.Name && q.Namespace == p.Namespace
		}
		if !same {
			continue
		}
		pods := make([]*core.Pod, 0, len(n.Pods)-1)
		pods = append(pods, n.Pods[:i]...)
		n.Pods = append(pods, n.Pods[i+1:]...)
		// Saturated sums cannot be subtracted from; recompute lazily.
		n.sums = nil
		return true
	}
	return false
}

// PreFilterResult restricts the nodes later phases look at (upstream
// fwk.PreFilterResult). A nil result, or one with nil NodeNames, means all
// nodes.
type PreFilterResult struct {
	NodeNames map[string]bool
}

// AllNodes reports whether r selects every node.
func (r *PreFilterResult) AllNodes() bool { return r == nil || r.NodeNames == nil }

// Plugin is anything with a name.
type Plugin interface {
	Name() string
}

// PreFilterPlugin runs once per cycle before Filter. It may reject the whole
// pod (a rejected status), restrict the node set (a non-nil result) or Skip,
// in which case its Filter is not called.
type PreFilterPlugin interface {
	Plugin
	PreFilter(state *CycleState, pod *core.Pod, nodes []*NodeInfo) (*PreFilterResult, *Status)
}

// PreFilterExtensions is implemented by PreFilter plugins whose PreFilter
// state depends on the pods of other nodes: the framework calls AddPod or
// RemovePod when a dry run (nominated pods, preemption) puts a pod on node
// or takes one off, so the state matches (upstream fwk.PreFilterExtensions).
type PreFilterExtensions interface {
	AddPod(state *CycleState, podToSchedule, podToAdd *core.Pod, node *NodeInfo) *Status
	RemovePod(state *CycleState, podToSchedule, podToRemove *core.Pod, node *NodeInfo) *Status
}

// FilterPlugin decides whether one node can run the pod; nil is Success.
type FilterPlugin interface {
	Plugin
	Filter(state *CycleState, pod *core.Pod, node *NodeInfo) *Status
}

// PreScorePlugin runs once before Score over the feasible nodes; Skip means
// the plugin contributes nothing to any node.
type PreScorePlugin interface {
	Plugin
	PreScore(state *CycleState, pod *core.Pod, nodes []*NodeInfo) *Status
}

// ScorePlugin ranks one feasible node; the raw score is plugin-specific.
type ScorePlugin interface {
	Plugin
	Score(state *CycleState, pod *core.Pod, node *NodeInfo) (int64, *Status)
}

// ScoreNormalizer is implemented by score plugins with a NormalizeScore
// step: it rewrites scores (one per scored node, in node order) in place to
// the range [0, MaxNodeScore].
type ScoreNormalizer interface {
	NormalizeScore(state *CycleState, pod *core.Pod, scores []int64) *Status
}

// MaxNodeScore is the highest normalized score a plugin may give (100).
const MaxNodeScore int64 = 100

// Warm reads the first words of the memory a scheduling cycle reads from
// n (the header, the sums, the pod list's first and last entries, the
// node's name, taints and unschedulable flag) and returns a value made from them, which the caller keeps so the
// reads are not optimized away. A 5,000-node cycle is bound by cache
// misses on objects reached through pointers, which hardware prefetchers
// do not follow: warming the next few nodes together lets their misses
// overlap instead of being paid one after another.
func (n *NodeInfo) Warm() uintptr {
	if n == nil {
		return 0
	}
	v := uintptr(len(n.Pods))
	if v > 0 && n.Pods[0] == n.Pods[v-1] {
		v++
	}
	if s := n.sums; s != nil {
		v += uintptr(s.n)
	}
	if node := n.Node; node != nil {
		v += uintptr(len(node.Name)) + uintptr(len(node.Spec.Taints))
		if node.Spec.Unschedulable {
			v++
		}
	}
	return v
}
