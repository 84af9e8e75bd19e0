package lesson

import (
	"fmt"
	"math/rand"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/teaching"
)

// The lesson's cluster as Kubernetes objects. One lesson unit is one
// millicore and one mebibyte: a node has allocatable cpu 1500m and memory
// 1500Mi, a reading-collector requests cpu 420m and memory 420Mi. Sizing
// memory in the same units as cpu keeps both resources at the same
// fraction on every node, so NodeResourcesBalancedAllocation scores every
// node alike and fitting memory is fitting cpu: the only resource
// question left is the lesson's.
const (
	// TaintKey and TaintValue make the set-aside taint batch=true.
	TaintKey   = "batch"
	TaintValue = "true"
	// PoolLabel=PoolValue marks the set-aside nodes; the batch pods select
	// it (the model's target).
	PoolLabel = "pool"
	PoolValue = "batch"
)

// KubeEffect is the Kubernetes taint effect for a model effect.
func KubeEffect(e Effect) core.TaintEffect {
	switch e {
	case Deprioritize:
		return core.TaintEffectPreferNoSchedule
	case Evict:
		return core.TaintEffectNoExecute
	}
	return core.TaintEffectNoSchedule
}

// Toleration is the toleration the batch pods carry (and the wrongly
// tolerating general pods): key batch, operator Exists, any effect — like
// the model's boolean, it tolerates the set-aside taint whatever its effect.
func Toleration() core.Toleration {
	return core.Toleration{Key: TaintKey, Operator: core.TolerationOpExists}
}

func quantity(s string) (core.Quantity, error) { return core.ParseQuantity(s) }

func resources(unit int) (core.ResourceList, error) {
	cpu, err := quantity(itoa(unit) + "m")
	if err != nil {
		return nil, err
	}
	mem, err := quantity(itoa(unit) + "Mi")
	if err != nil {
		return nil, err
	}
	return core.ResourceList{core.ResourceCPU: cpu, core.ResourceMemory: mem}, nil
}

// KubeNode is node i (d0..d8) of the lesson's cluster; setAside adds the
// pool=batch label and, unless effect is "", the taint batch=true with
// that effect.
func KubeNode(i int, setAside bool, effect core.TaintEffect) (*core.Node, error) {
	alloc, err := resources(Capacity)
	if err != nil {
		return nil, err
	}
	pods, err := quantity("110")
	if err != nil {
		return nil, err
	}
	alloc[core.ResourcePods] = pods
	n := &core.Node{
		TypeMeta:   core.TypeMeta{APIVersion: "v1", Kind: "Node"},
		ObjectMeta: core.ObjectMeta{Name: nodeName(i), Labels: map[string]string{"kubernetes.io/hostname": nodeName(i)}},
		Status:     core.NodeStatus{Allocatable: alloc, Capacity: alloc},
	}
	if setAside {
		n.Labels[PoolLabel] = PoolValue
		if effect != "" {
			n.Spec.Taints = []core.Taint{{Key: TaintKey, Value: TaintValue, Effect: effect}}
		}
	}
	return n, nil
}

// KubePod is a bare pod (no controller) for a model pod: its unit as cpu
// millicores and memory mebibytes, Toleration() when the model pod
// tolerates, and nodeSelector pool=batch when it has a target.
func KubePod(p *Pod) (*core.Pod, error) {
	if p == nil {
		return nil, fmt.Errorf("lesson: nil pod")
	}
	req, err := resources(p.Unit)
	if err != nil {
		return nil, err
	}
	k := &core.Pod{
		TypeMeta:   core.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: core.ObjectMeta{Name: p.Name, Namespace: "default", UID: "lesson-" + p.Name, Labels: map[string]string{"app": p.Service}},
		Spec: core.PodSpec{Containers: []core.Container{{Name: "app", Image: "registry.k8s.io/pause:3.10",
			Resources: core.ResourceRequirements{Requests: req}}}},
	}
	if p.Toleration {
		k.Spec.Tolerations = []core.Toleration{Toleration()}
	}
	if p.Target != "" {
		k.Spec.NodeSelector = map[string]string{PoolLabel: PoolValue}
	}
	return k, nil
}

// Cluster is the lesson's cluster for p as Kubernetes objects: the nine
// Nodes (the first p.Tainted of FullTaintOrder set aside; for Evict the
// set-aside nodes carry the label but not yet the taint, which comes after
// the general workload), the 18 general pods (the first p.Tolerating with
// Toleration()) and the 6 batch pods, in the order the lesson places them.
func Cluster(p Params) (nodes []*core.Node, general, batch []*core.Pod, err error) {
	if err := p.Validate(); err != nil {
		return nil, nil, nil, err
	}
	nodes, err = kubeNodes(p.Tainted, p.Effect, FullTaintOrder)
	if err != nil {
		return nil, nil, nil, err
	}
	if general, err = kubePods(GeneralPods(p.Tolerating)); err != nil {
		return nil, nil, nil, err
	}
	if batch, err = kubePods(BatchPods()); err != nil {
		return nil, nil, nil, err
	}
	return nodes, general, batch, nil
}

func kubeNodes(tainted int, effect Effect, order []int) ([]*core.Node, error) {
	set := map[int]bool{}
	for i, n := range order {
		if i < tainted {
			set[n] = true
		}
	}
	ke := KubeEffect(effect)
	if effect == Evict {
		ke = ""
	}
	out := make([]*core.Node, NodeCount)
	for i := range out {
		n, err := KubeNode(i, set[i], ke)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

func kubePods(ps []*Pod) ([]*core.Pod, error) {
	out := make([]*core.Pod, 0, len(ps))
	for _, p := range ps {
		k, err := KubePod(p)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

// Profile names a scheduler profile the lesson's cluster can run through.
type Profile string

// The two profiles.
const (
	// TeachingProfile is core/sched/teaching: the model's first fit. It
	// reproduces the model's tables at every point of every sweep.
	TeachingProfile Profile = teaching.Name
	// DefaultProfile is core/sched.Schedule, kube-scheduler's default
	// profile (v1.37): filters, then LeastAllocated, BalancedAllocation,
	// TaintToleration and the other scores.
	DefaultProfile Profile = "default"
)

// ScheduleFunc is the shape of sched.Schedule and teaching.Schedule.
type ScheduleFunc func(pod *core.Pod, nodes []*sched.NodeInfo, opts sched.Options) sched.Result

// Func returns the profile's scheduling function.
func (p Profile) Func() (ScheduleFunc, error) {
	switch p {
	case TeachingProfile:
		return teaching.Schedule, nil
	case DefaultProfile:
		return sched.Schedule, nil
	}
	return nil, fmt.Errorf("lesson: unknown profile %q: want %q or %q", string(p), string(TeachingProfile), string(DefaultProfile))
}

// Label is the profile's name as the tables command prints it.
func (p Profile) Label() string {
	switch p {
	case TeachingProfile:
		return "teaching profile (the lesson's model: first feasible node in node order, a toleration is yes or no, no scores)"
	case DefaultProfile:
		return "default profile (kube-scheduler v1.37 as core/sched simulates it: filters, then LeastAllocated spreading and the other scores)"
	}
	return string(p)
}

// kubeWorld is the cluster during one run: NodeInfos with the pods bound
// so far.
type kubeWorld struct {
	f     ScheduleFunc
	opts  sched.Options
	nodes []*sched.NodeInfo
}

// place schedules each pod in turn and binds it; it returns the pods left
// unschedulable.
func (w *kubeWorld) place(pods []*core.Pod) (unplaced []*core.Pod) {
	for _, p := range pods {
		r := w.f(p, w.nodes, w.opts)
		bound := false
		for _, n := range w.nodes {
			if r.NodeName != "" && n.Name() == r.NodeName {
				n.AddPod(p)
				bound = true
				break
			}
		}
		if !bound {
			unplaced = append(unplaced, p)
		}
	}
	return unplaced
}

func setAside(n *sched.NodeInfo) bool { return n.Node.Labels[PoolLabel] == PoolValue }

// misplaced counts the general pods (not nightly-batch) bound to set-aside
// nodes — in the model, general pods on tainted nodes.
func (w *kubeWorld) misplaced() int {
	c := 0
	for _, n := range w.nodes {
		if !setAside(n) || len(n.Node.Spec.Taints) == 0 {
			continue
		}
		for _, p := range n.ActivePods() {
			if p.Labels["app"] != BatchService {
				c++
			}
		}
	}
	return c
}

func (w *kubeWorld) occupied(service string) int {
	c := 0
	for _, n := range w.nodes {
		for _, p := range n.ActivePods() {
			if service == "" || p.Labels["app"] == service {
				c++
				break
			}
		}
	}
	return c
}

// taintAfterward is the model's taintAfterward over Kubernetes objects:
// the general workload placed on untainted nodes, then batch=true:NoExecute
// on the set-aside nodes; the taint-eviction controller deletes every pod
// there that does not tolerate it (core.EvictionDecision), and the deleted
// pods are scheduled again, as their controllers would recreate them.
func (w *kubeWorld) taintAfterward(general []*core.Pod) (evicted, unplaced, retained int) {
	w.place(general)
	var out []*core.Pod
	for i, n := range w.nodes {
		if !setAside(n) {
			continue
		}
		node := *n.Node
		node.Spec.Taints = append([]core.Taint{{Key: TaintKey, Value: TaintValue, Effect: core.TaintEffectNoExecute}}, n.Node.Spec.Taints...)
		var keep []*core.Pod
		for _, p := range n.ActivePods() {
			if a, _ := core.EvictionDecision(node.Spec.Taints, p.Spec.Tolerations, false); a == core.EvictionNow || a == core.EvictionAfter {
				out = append(out, p)
				continue
			}
			keep = append(keep, p)
		}
		w.nodes[i] = sched.NewNodeInfo(&node, keep...)
	}
	un := w.place(out)
	for _, n := range w.nodes {
		if !setAside(n) {
			continue
		}
		for _, p := range n.ActivePods() {
			if len(p.Spec.Tolerations) > 0 && p.Labels["app"] != BatchService {
				retained++
			}
		}
	}
	return len(out), len(un), retained
}

func newWorld(f ScheduleFunc, seed int64, tainted int, effect Effect, order []int) (*kubeWorld, error) {
	ns, err := kubeNodes(tainted, effect, order)
	if err != nil {
		return nil, err
	}
	w := &kubeWorld{f: f}
	if seed != 0 {
		w.opts.Rand = rand.New(rand.NewSource(seed))
	}
	for _, n := range ns {
		w.nodes = append(w.nodes, sched.NewNodeInfo(n))
	}
	return w, nil
}

// profileCounter is the lesson's procedure over Kubernetes objects with
// scheduling function f, Kubernetes 1.37. With seed 0 ties among the
// best-scoring nodes go to the first in node order (a nil Rand); otherwise
// each run (each table row) draws them from a math/rand generator seeded
// with seed, as the simulator does with options.seed.
func profileCounter(f ScheduleFunc, seed int64) counter {
	return func(tainted int, effect Effect, tolerating int, order []int) (counts, error) {
		var c counts
		general, err := kubePods(GeneralPods(tolerating))
		if err != nil {
			return c, err
		}
		batch, err := kubePods(BatchPods())
		if err != nil {
			return c, err
		}
		after, err := newWorld(f, seed, tainted, Evict, order)
		if err != nil {
			return c, err
		}
		ev, un, ret := after.taintAfterward(general)
		c.retained = ret
		w := after
		if effect == Evict {
			c.evicted, c.unplaced, c.misplaced = ev, un, after.misplaced()
		} else {
			if general, err = kubePods(GeneralPods(tolerating)); err != nil {
				return c, err
			}
			if w, err = newWorld(f, seed, tainted, effect, order); err != nil {
				return c, err
			}
			c.unplaced = len(w.place(general))
			c.misplaced = w.misplaced()
		}
		c.generalNodes = w.occupied("")
		c.batchPlaced = len(batch) - len(w.place(batch))
		c.batchNodes = w.occupied(BatchService)
		return c, nil
	}
}

// ProfileTables are the lesson's three tables computed by running the
// lesson's cluster (Cluster) through profile, one pod at a time in the
// lesson's order: the teaching profile reproduces the lesson's tables; the
// default profile gives what kube-scheduler would, ties among the best
// nodes going to the first in node order (see ProfileTablesSeeded).
func ProfileTables(profile Profile) (Tables, error) {
	f, err := profile.Func()
	if err != nil {
		return Tables{}, err
	}
	return tables(profileCounter(f, 0))
}

// ProfileTablesSeeded is ProfileTables with the default profile's score
// ties broken at random from seed (a new generator per table row; seed 0
// is ProfileTables). The teaching profile never ties. Which of several
// equally empty nodes a pod gets does not change the tainted-node table
// or the placement-block and deprioritization rows — tied nodes are
// interchangeable there — but it does change the eviction-block row and
// the wrongly-given-toleration table, where a tie can fall on a node that
// is, or later becomes, set aside.
func ProfileTablesSeeded(profile Profile, seed int64) (Tables, error) {
	f, err := profile.Func()
	if err != nil {
		return Tables{}, err
	}
	return tables(profileCounter(f, seed))
}

// MeasureProfile is Measure over the Kubernetes objects with profile.
func MeasureProfile(p Params, profile Profile) (Measurement, error) {
	if err := p.Validate(); err != nil {
		return Measurement{}, err
	}
	f, err := profile.Func()
	if err != nil {
		return Measurement{}, err
	}
	return measureWith(p, profileCounter(f, 0))
}
