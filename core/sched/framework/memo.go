package framework

import (
	"unsafe"

	"github.com/taints-playground/playground/core"
)

// podMemo is a NodeInfo's PodMemo and the pod list it belongs to: the
// list's backing array, length and first and last pod pointers.
type podMemo struct {
	data        **core.Pod
	first, last *core.Pod
	n           int
	values      map[string]int64
}

// PodMemo returns a map in which plugins keep values computed from the
// node's pods alone (such as how many of them match a selector), under
// keys of their own (prefix them with the plugin name). The map belongs
// to the current pod list: it is a new, empty one after the list was
// replaced (another backing array), grew or shrank, or its first or last
// pod changed, and after Invalidate. As with the resource sums, changing
// a pod in the middle of Pods in place, or a pod's labels or phase, is not
// noticed: call Invalidate after such a change (the simulation builds a
// new NodeInfo whenever a node's pods change). A NodeInfo copied by value
// shares the map while both have the same pods and gets its own once its
// pods differ. A nil NodeInfo gives a map nobody keeps.
func (n *NodeInfo) PodMemo() map[string]int64 {
	if n == nil {
		return map[string]int64{}
	}
	m := n.memo
	data := unsafe.SliceData(n.Pods)
	if m != nil && m.data == data && m.n == len(n.Pods) && (m.n == 0 || (m.first == n.Pods[0] && m.last == n.Pods[m.n-1])) {
		return m.values
	}
	m = &podMemo{data: data, n: len(n.Pods), values: map[string]int64{}}
	if m.n > 0 {
		m.first, m.last = n.Pods[0], n.Pods[m.n-1]
	}
	n.memo = m
	return m.values
}
