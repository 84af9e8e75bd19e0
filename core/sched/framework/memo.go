package framework

import (
	"sync/atomic"
	"unsafe"

	"github.com/taints-playground/playground/core"
)

// MemoKey names one value in a NodeInfo's pod memo (Memo, SetMemo). Keys
// come from NewMemoKey and are never reused, so a plugin that forgets its
// keys can never read a value stored under an old one.
type MemoKey uint64

var lastMemoKey atomic.Uint64

// NewMemoKey returns a key no other call returned.
func NewMemoKey() MemoKey { return MemoKey(lastMemoKey.Add(1)) }

// maxMemo is how many values a pod memo holds; storing one more drops them.
const maxMemo = 32

// podMemo is a NodeInfo's pod memo and the pod list it belongs to: the
// list's backing array, length and first and last pod pointers.
type podMemo struct {
	data        **core.Pod
	first, last *core.Pod
	n           int
	// key0 and value0 are the first value, kept inline (0 is no key):
	// most nodes memoize one value, read without another pointer hop.
	key0   MemoKey
	value0 int64
	keys   []MemoKey
	values []int64
}

// current returns n's memo if it belongs to the current pod list.
func (n *NodeInfo) currentMemo() *podMemo {
	m := n.memo
	if m != nil && m.data == unsafe.SliceData(n.Pods) && m.n == len(n.Pods) && (m.n == 0 || (m.first == n.Pods[0] && m.last == n.Pods[m.n-1])) {
		return m
	}
	return nil
}

// Memo returns the value stored under key with SetMemo for the node's
// current pods. Plugins keep there what they compute from the pods alone
// (such as how many of them match a selector). The memo belongs to the
// pod list: it is empty after the list was replaced (another backing
// array), grew or shrank, or its first or last pod changed, and after
// Invalidate. As with the resource sums, changing a pod in the middle of
// Pods in place, or a pod's labels or phase, is not noticed: call
// Invalidate after such a change (the simulation builds a new NodeInfo
// whenever a node's pods change). A NodeInfo copied by value shares the
// memo while both have the same pods and gets its own once its pods
// differ.
func (n *NodeInfo) Memo(key MemoKey) (int64, bool) {
	if n == nil {
		return 0, false
	}
	m := n.currentMemo()
	if m == nil {
		return 0, false
	}
	if m.key0 == key && key != 0 {
		return m.value0, true
	}
	for i, k := range m.keys {
		if k == key {
			return m.values[i], true
		}
	}
	return 0, false
}

// SetMemo stores v under key for the node's current pods (see Memo). A
// memo holds a few dozen values; storing more drops the older ones.
func (n *NodeInfo) SetMemo(key MemoKey, v int64) {
	if n == nil {
		return
	}
	m := n.currentMemo()
	if m == nil {
		m = &podMemo{data: unsafe.SliceData(n.Pods), n: len(n.Pods)}
		if m.n > 0 {
			m.first, m.last = n.Pods[0], n.Pods[m.n-1]
		}
		n.memo = m
	}
	if m.key0 == 0 || m.key0 == key {
		m.key0, m.value0 = key, v
		return
	}
	for i, k := range m.keys {
		if k == key {
			m.values[i] = v
			return
		}
	}
	if len(m.keys) >= maxMemo {
		// A copy by value may share m: start new slices rather than
		// truncating the shared ones.
		m.keys, m.values = nil, nil
	}
	m.keys = append(m.keys, key)
	m.values = append(m.values, v)
}
