package deployment

import (
	"strings"
	"testing"

	utilrand "k8s.io/apimachinery/pkg/util/rand"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/replicaset"
)

func TestNewReplicaSet(t *testing.T) {
	three := int32(3)
	d := &core.Deployment{Spec: core.DeploymentSpec{Replicas: &three, Selector: &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
		Template: core.PodTemplateSpec{ObjectMeta: core.ObjectMeta{Labels: map[string]string{"app": "web"}}, Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Image: "nginx"}}}}}}
	d.Name, d.Namespace = "web", "default"
	rs := NewReplicaSet(d)
	hash := TemplateHash(&d.Spec.Template)
	if rs.Name != "web-"+hash || replicaset.Replicas(rs) != 3 {
		t.Fatalf("rs %s replicas %d", rs.Name, replicaset.Replicas(rs))
	}
	for _, c := range hash {
		if !strings.ContainsRune(replicaset.Alphabet, c) {
			t.Fatalf("hash %q outside the alphabet", hash)
		}
	}
	if rs.Spec.Template.Labels[LabelPodTemplateHash] != hash || !rs.Spec.Selector.Matches(rs.Spec.Template.Labels) {
		t.Fatalf("template labels %v selector %v", rs.Spec.Template.Labels, rs.Spec.Selector)
	}
	if d.Spec.Template.Labels[LabelPodTemplateHash] != "" {
		t.Fatal("the Deployment's template was changed")
	}
	if NewReplicaSet(d).Name != rs.Name {
		t.Fatal("hash not deterministic")
	}
	d.Spec.Template.Spec.Containers[0].Image = "nginx:2"
	if NewReplicaSet(d).Name == rs.Name {
		t.Fatal("a different template should hash differently")
	}
}

// SafeEncode and the suffix alphabet agree with apimachinery's util/rand.
func TestSafeEncodeMatchesApimachinery(t *testing.T) {
	for _, in := range []string{"0123456789", "3427125876", "", "abcXYZ"} {
		if got, want := SafeEncode(in), utilrand.SafeEncodeString(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
