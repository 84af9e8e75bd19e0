package lesson

import "strconv"

// The lesson's model, translated line by line from scheduling/taint.mjs
// (and, for the wrongly given tolerations, toleration.mjs): nine nodes
// d0..d8 of 1500 units, tainted in TaintOrder, the general workload (18
// pods) and the nightly batch job (6 pods that tolerate the taint and
// target the tainted nodes by label), and Place, the first fit with the
// taint's three effects. A toleration here is a boolean and the first
// eligible node in node order wins. Names follow the script: NODE_COUNT,
// CAPACITY, TAINT_ORDER, GENERAL, BATCH, makeNodes, makePods, place,
// occupied, TOTAL_GENERAL.

// NodeCount and Capacity: nine nodes of 1500 units (SS13).
const (
	NodeCount = 9
	Capacity  = 1500
)

// TaintOrder is the lesson's tainting order: one node from each zone first
// (zones d0–d2, d3–d5, d6–d8).
var TaintOrder = []int{0, 3, 6, 1, 4}

// FullTaintOrder extends TaintOrder to all nine nodes with the same
// one-per-zone pattern (7, then 2, 5, 8). Sweeps beyond five tainted nodes
// use it; up to five it is TaintOrder.
var FullTaintOrder = []int{0, 3, 6, 1, 4, 7, 2, 5, 8}

// Effect is the model's name for a taint effect.
type Effect string

// The model's three effects and the Kubernetes effect each stands for.
const (
	// Block is NoSchedule: a pod without the toleration is not placed.
	Block Effect = "block"
	// Deprioritize is PreferNoSchedule: the node is a last resort.
	Deprioritize Effect = "deprioritize"
	// Evict is NoExecute, placed after the pods are running.
	Evict Effect = "evict"
)

// Effects lists the effects in the lesson's order; Sweep's "effect"
// values index it.
var Effects = []Effect{Block, Deprioritize, Evict}

// Group is one service: its name, pod count and units per pod.
type Group struct {
	Name  string
	Count int
	Unit  int
}

// General is the general workload (SS14): 18 pods, 8580 units.
var General = []Group{{"reading-collector", 9, 420}, {"verifier", 6, 650}, {"billing", 3, 300}}

// Batch is the nightly batch job: 6 pods, 4200 units.
var Batch = []Group{{"nightly-batch", 6, 700}}

// BatchService is the service whose pods belong on the tainted nodes.
const BatchService = "nightly-batch"

// TotalGeneral is the general workload's pod count (TOTAL_GENERAL).
var TotalGeneral = total(General)

func total(gs []Group) int {
	n := 0
	for _, g := range gs {
		n += g.Count
	}
	return n
}

func units(gs []Group) int {
	n := 0
	for _, g := range gs {
		n += g.Count * g.Unit
	}
	return n
}

// Taint is a model taint: a key and an effect.
type Taint struct {
	Key    string
	Effect Effect
}

// Pod is a model pod. Toleration is a boolean: it tolerates any taint.
// Target, when set, restricts the pod to nodes whose taint has that key
// (the script's label selection).
type Pod struct {
	Name       string
	Service    string
	Unit       int
	Toleration bool
	Target     string
}

// Node is a model node.
type Node struct {
	Name     string
	Capacity int
	Used     int
	Pods     []*Pod
	Taint    *Taint
}

// MakeNodes is makeNodes: nine empty nodes, the first tainted of
// TaintOrder carrying {batch, effect}. Like the script's slice, more than
// five asks for the five of TaintOrder.
func MakeNodes(tainted int, effect Effect) []*Node {
	return makeNodes(tainted, effect, TaintOrder)
}

func makeNodes(tainted int, effect Effect, order []int) []*Node {
	if tainted < 0 {
		tainted = 0
	}
	if tainted > len(order) {
		tainted = len(order)
	}
	set := map[int]bool{}
	for _, i := range order[:tainted] {
		set[i] = true
	}
	out := make([]*Node, NodeCount)
	for i := range out {
		out[i] = &Node{Name: nodeName(i), Capacity: Capacity}
		if set[i] {
			out[i].Taint = &Taint{Key: "batch", Effect: effect}
		}
	}
	return out
}

func nodeName(i int) string { return "d" + itoa(i) }

// MakePods is makePods: each group's pods named NAME-1..NAME-n, in group
// order, with the given toleration and target.
func MakePods(groups []Group, toleration bool, target string) []*Pod {
	var out []*Pod
	for _, g := range groups {
		for i := 0; i < g.Count; i++ {
			out = append(out, &Pod{Name: g.Name + "-" + itoa(i+1), Service: g.Name, Unit: g.Unit, Toleration: toleration, Target: target})
		}
	}
	return out
}

// GeneralPods is toleration.mjs's generalPods: the general workload with
// the first tolerating pods given a (wrong) toleration.
func GeneralPods(tolerating int) []*Pod {
	pods := MakePods(General, false, "")
	for i := 0; i < tolerating && i < len(pods); i++ {
		pods[i].Toleration = true
	}
	return pods
}

// BatchPods is batchPods: the batch job with its toleration and target.
func BatchPods() []*Pod { return MakePods(Batch, true, "batch") }

// Placement is place's result.
type Placement struct {
	Unplaced  []*Pod
	Misplaced []*Pod
}

// Place is the script's place: each pod in turn goes to the first node in
// node order that has room, matches the pod's target, and whose taint is
// absent, tolerated or only deprioritizing; among those, a node with a
// deprioritizing taint the pod does not tolerate is used only when no
// other node is left. A general pod (not nightly-batch) placed on any
// tainted node is misplaced. The nodes are updated in place.
func Place(pods []*Pod, nodes []*Node) Placement {
	var res Placement
	for _, k := range pods {
		if k == nil {
			continue
		}
		var eligible, preferred []*Node
		for _, d := range nodes {
			if d == nil || d.Used+k.Unit > d.Capacity {
				continue
			}
			if k.Target != "" && (d.Taint == nil || d.Taint.Key != k.Target) {
				continue
			}
			if d.Taint == nil || k.Toleration || d.Taint.Effect == Deprioritize {
				eligible = append(eligible, d)
				if d.Taint == nil || d.Taint.Effect != Deprioritize || k.Toleration {
					preferred = append(preferred, d)
				}
			}
		}
		pick := preferred
		if len(pick) == 0 {
			pick = eligible
		}
		if len(pick) == 0 {
			res.Unplaced = append(res.Unplaced, k)
			continue
		}
		d := pick[0]
		d.Used += k.Unit
		d.Pods = append(d.Pods, k)
		if d.Taint != nil && k.Service != BatchService {
			res.Misplaced = append(res.Misplaced, k)
		}
	}
	return res
}

// Occupied is occupied: the number of nodes with at least one pod.
func Occupied(nodes []*Node) int {
	n := 0
	for _, d := range nodes {
		if d != nil && len(d.Pods) > 0 {
			n++
		}
	}
	return n
}

// batchNodes counts the nodes running a nightly-batch pod.
func batchNodes(nodes []*Node) int {
	n := 0
	for _, d := range nodes {
		if d == nil {
			continue
		}
		for _, p := range d.Pods {
			if p.Service == BatchService {
				n++
				break
			}
		}
	}
	return n
}

// Afterward is taintAfterward's result.
type Afterward struct {
	Evicted  int
	Unplaced int
	Retained int
	// Nodes is the cluster after the re-placement, the set-aside nodes
	// tainted with Evict.
	Nodes []*Node
}

// TaintAfterward is toleration.mjs's taintAfterward: the general workload
// (the first tolerating pods with a toleration) is placed on untainted
// nodes, then the first tainted nodes of order get an evicting taint; the
// pods there without a toleration are evicted and placed again. Retained
// counts the tolerating pods left on the set-aside nodes.
func TaintAfterward(tolerating, tainted int) Afterward {
	return taintAfterward(tolerating, tainted, TaintOrder)
}

func taintAfterward(tolerating, tainted int, order []int) Afterward {
	d := makeNodes(0, Block, order)
	Place(GeneralPods(tolerating), d)
	if tainted > len(order) {
		tainted = len(order)
	}
	if tainted < 0 {
		tainted = 0
	}
	set := map[int]bool{}
	for _, i := range order[:tainted] {
		set[i] = true
	}
	var evicted []*Pod
	for i, x := range d {
		if !set[i] {
			continue
		}
		x.Taint = &Taint{Key: "batch", Effect: Evict}
		var keep []*Pod
		used := 0
		for _, k := range x.Pods {
			if k.Toleration {
				keep = append(keep, k)
				used += k.Unit
			} else {
				evicted = append(evicted, k)
			}
		}
		x.Pods, x.Used = keep, used
	}
	re := Place(evicted, d)
	retained := 0
	for i, x := range d {
		if set[i] {
			for _, k := range x.Pods {
				if k.Toleration {
					retained++
				}
			}
		}
	}
	return Afterward{Evicted: len(evicted), Unplaced: len(re.Unplaced), Retained: retained, Nodes: d}
}

func itoa(i int) string { return strconv.Itoa(i) }
