package sim

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/taints-playground/playground/core"
)

func jsonCopyNode(t *testing.T, n *core.Node) *core.Node {
	t.Helper()
	var out core.Node
	b, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// cloneNode equals the JSON round trip it replaced, and shares nothing
// mutable with its source.
func TestCloneNodeEqualsJSONRoundTrip(t *testing.T) {
	yes := true
	at := &core.Time{Time: time.Date(2026, 1, 1, 0, 1, 5, 500, time.FixedZone("x", 3600))}
	cpu, _ := core.ParseQuantity("1500m")
	nodes := []*core.Node{
		nil,
		{},
		{ObjectMeta: core.ObjectMeta{Labels: map[string]string{}, Annotations: map[string]string{}}, Spec: core.NodeSpec{Taints: []core.Taint{}}},
		{
			TypeMeta: core.TypeMeta{APIVersion: "v1", Kind: "Node"},
			ObjectMeta: core.ObjectMeta{Name: "n1", UID: "u", Labels: map[string]string{"a": "b"}, Annotations: map[string]string{"c": "d"},
				OwnerReferences: []core.OwnerReference{{Kind: "X", Name: "y", Controller: &yes}}, CreationTimestamp: at},
			Spec: core.NodeSpec{Unschedulable: true, ProviderID: "p", PodCIDR: "10.0.0.0/24",
				Taints: []core.Taint{{Key: "k", Value: "v", Effect: core.TaintEffectNoExecute, TimeAdded: at}, {Key: "z", Effect: core.TaintEffectNoSchedule, TimeAdded: &core.Time{}}}},
			Status: core.NodeStatus{Capacity: core.ResourceList{"cpu": cpu}, Allocatable: core.ResourceList{"cpu": cpu},
				Conditions: []core.NodeCondition{{Type: core.NodeReady, Status: core.ConditionTrue, LastHeartbeatTime: at, Reason: "r", Message: "m"}}},
		},
	}
	for i, n := range nodes {
		got, want := cloneNode(n), jsonCopyNode(t, n)
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		if string(gb) != string(wb) || !reflect.DeepEqual(got.Labels, want.Labels) || !reflect.DeepEqual(got.Spec.Taints, want.Spec.Taints) ||
			(got.Spec.Taints != nil) != (want.Spec.Taints != nil) || !reflect.DeepEqual(got.Status.Conditions, want.Status.Conditions) {
			t.Errorf("node %d:\n got %s\nwant %s", i, gb, wb)
		}
	}
	src := nodes[3]
	c := cloneNode(src)
	c.Labels["a"] = "x"
	c.Spec.Taints[0].Key = "changed"
	*c.OwnerReferences[0].Controller = false
	c.Status.Conditions[0].Status = core.ConditionFalse
	c.Status.Capacity["pods"] = cpu
	if src.Labels["a"] != "b" || src.Spec.Taints[0].Key != "k" || !*src.OwnerReferences[0].Controller || src.Status.Conditions[0].Status != core.ConditionTrue || len(src.Status.Capacity) != 1 {
		t.Errorf("the clone shares state with its source: %+v", src)
	}
}
