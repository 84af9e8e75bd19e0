package nodelifecycle

import (
	"fmt"
	"testing"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/clock/clocktest"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

// fixture is the node-lifecycle controller alone over a fake store, with
// the drivers the simulator uses in its place: the kubelet's status
// reports and kubectl's node writes.
type fixture struct {
	t     *testing.T
	env   *controllers.Env
	c     *Controller
	notes []string
}

// newFixture registers the nodes as the starting cluster (the
// controller's first look, then the store) and computes the zones.
func newFixture(t *testing.T, minor int, nodes ...*core.Node) *fixture {
	f := &fixture{t: t}
	f.env = &controllers.Env{Store: store.New(), Clock: clock.New(), Version: core.Version{Minor: minor},
		Notes: func(n string) { f.notes = append(f.notes, n) }}
	f.c = New(f.env)
	for _, n := range nodes {
		f.c.Register(n)
		f.env.Store.CreateNode(n, true)
	}
	f.c.UpdateZones()
	return f
}

// readyNode is a node as its kubelet registers it: Ready=True and the
// pressure conditions False; zone "" leaves the zone labels out.
func readyNode(name, zone string) *core.Node {
	n := &core.Node{}
	n.Name = name
	if zone != "" {
		n.Labels = map[string]string{LabelZone: zone}
	}
	n.Status.Conditions = []core.NodeCondition{
		{Type: core.NodeReady, Status: core.ConditionTrue, Reason: "KubeletReady"},
		{Type: core.NodeMemoryPressure, Status: core.ConditionFalse},
		{Type: core.NodeDiskPressure, Status: core.ConditionFalse},
		{Type: core.NodePIDPressure, Status: core.ConditionFalse},
		{Type: core.NodeNetworkUnavailable, Status: core.ConditionFalse},
	}
	return n
}

// zoneNodes is n ready nodes prefix1…prefixN in one zone.
func zoneNodes(prefix, zone string, n int) []*core.Node {
	var out []*core.Node
	for i := 1; i <= n; i++ {
		out = append(out, readyNode(fmt.Sprintf("%s%d", prefix, i), zone))
	}
	return out
}

func sec(n int) time.Duration { return time.Duration(n) * time.Second }

// advance fires every timer due up to to, in order, and leaves the clock
// at to.
func (f *fixture) advance(to time.Duration) { clocktest.Advance(f.env.Clock, to, nil) }

// report is the kubelet posting its node's status with set applied, and
// the controller's immediate reaction, as one change (the simulator's
// `node NODE ready|not-ready`).
func (f *fixture) report(name string, set func(n *core.Node)) {
	st := f.env.Store
	st.Hold(name)
	defer st.Release(name)
	f.c.Heartbeat(name)
	before := st.Node(name)
	after := before.DeepCopy()
	set(after)
	st.UpdateNode(after)
	ReadyEvent(f.env, before, after)
	f.c.ReconcileNoSchedule(name)
	f.c.ReadyReported(name)
}

func (f *fixture) reportReady(name string, st core.ConditionStatus) {
	f.report(name, func(n *core.Node) {
		n.SetCondition(core.NodeReady, st, "", "")
		for _, t := range []core.NodeConditionType{core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure} {
			if c := n.Condition(t); c != nil && c.Status == core.ConditionUnknown {
				n.SetCondition(t, core.ConditionFalse, "", "")
			}
		}
	})
}

// kubectl is a kubectl write to the node (cordon, taint, …) with the
// controller's NoSchedule reconciliation in the same change.
func (f *fixture) kubectl(name string, edit func(n *core.Node)) {
	st := f.env.Store
	st.Hold(name)
	defer st.Release(name)
	n := st.Node(name).DeepCopy()
	edit(n)
	st.UpdateNode(n)
	f.c.ReconcileNoSchedule(name)
}

// taints lists the node's taints as key:effect strings, in list order.
func (f *fixture) taints(name string) []string {
	out := []string{}
	for _, t := range f.env.Store.Node(name).Spec.Taints {
		out = append(out, t.ToString())
	}
	return out
}

func (f *fixture) hasNoExecute(name string) bool {
	n := f.env.Store.Node(name)
	return n.HasTaint(core.TaintNodeUnreachable, core.TaintEffectNoExecute) || n.HasTaint(core.TaintNodeNotReady, core.TaintEffectNoExecute)
}

func (f *fixture) ready(name string) core.ConditionStatus {
	return f.env.Store.Node(name).Condition(core.NodeReady).Status
}

// events lists the events as "source reason object: message".
func (f *fixture) events() []string {
	var out []string
	for _, e := range f.env.Store.Events() {
		out = append(out, fmt.Sprintf("%s %s %s: %s", e.Source, e.Reason, e.Object, e.Message))
	}
	return out
}

const (
	unreachableNS = core.TaintNodeUnreachable + ":NoSchedule"
	unreachableNE = core.TaintNodeUnreachable + ":NoExecute"
	notReadyNS    = core.TaintNodeNotReady + ":NoSchedule"
	notReadyNE    = core.TaintNodeNotReady + ":NoExecute"
)
