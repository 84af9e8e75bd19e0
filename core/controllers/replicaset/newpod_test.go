package replicaset

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/taints-playground/playground/core"
)

// TestNewPodSharesNothingWithTemplate checks the whole pod: labels,
// annotations and spec are the pod's own (core's DeepCopy tests check the
// spec copy field by field).
func TestNewPodSharesNothingWithTemplate(t *testing.T) {
	sec, prio, policy := int64(30), int32(5), "Never"
	rs := &core.ReplicaSet{}
	rs.Name, rs.Namespace = "web", "default"
	rs.Spec.Template.Labels = map[string]string{"app": "web"}
	rs.Spec.Template.Annotations = map[string]string{"a": "b"}
	rs.Spec.Template.Spec = core.PodSpec{
		NodeSelector: map[string]string{"zone": "a"},
		Tolerations:  []core.Toleration{{Key: "k", Operator: core.TolerationOpExists, TolerationSeconds: &sec}},
		Containers:   []core.Container{{Name: "c", Resources: core.ResourceRequirements{Requests: core.ResourceList{"cpu": core.MustParseQuantity("1")}}, RestartPolicy: &policy}},
		Priority:     &prio,
	}
	before, _ := json.Marshal(rs)
	p := NewPod(rs, "abcde")
	if reflect.ValueOf(p.Labels).Pointer() == reflect.ValueOf(rs.Spec.Template.Labels).Pointer() ||
		reflect.ValueOf(p.Annotations).Pointer() == reflect.ValueOf(rs.Spec.Template.Annotations).Pointer() {
		t.Fatal("pod shares its labels or annotations with the template")
	}
	p.Labels["app"], p.Annotations["a"], p.Spec.NodeSelector["zone"] = "x", "x", "x"
	*p.Spec.Tolerations[0].TolerationSeconds, p.Spec.Tolerations[0].Key = 1, "x"
	p.Spec.Containers[0].Resources.Requests["memory"] = core.MustParseQuantity("1Gi")
	*p.Spec.Containers[0].RestartPolicy, *p.Spec.Priority = "x", 1
	if after, _ := json.Marshal(rs); string(after) != string(before) {
		t.Fatalf("changing the pod changed the template:\n%s\n%s", before, after)
	}
}
