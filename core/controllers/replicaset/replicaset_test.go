package replicaset

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/taints-playground/playground/core"
)

func TestNewPodNameOwnerAndLabels(t *testing.T) {
	two := int32(2)
	rs := &core.ReplicaSet{Spec: core.ReplicaSetSpec{Replicas: &two, Template: core.PodTemplateSpec{ObjectMeta: core.ObjectMeta{Labels: map[string]string{"app": "web"}}, Spec: core.PodSpec{Containers: []core.Container{{Name: "c"}}}}}}
	rs.Name, rs.Namespace = "web-7d4b9c8f6", "default"
	s1 := RandomSuffix(rand.New(rand.NewSource(1)))
	s2 := RandomSuffix(rand.New(rand.NewSource(1)))
	if s1 != s2 || len(s1) != SuffixLength {
		t.Fatalf("suffix not deterministic or wrong length: %q %q", s1, s2)
	}
	for _, c := range s1 {
		if !strings.ContainsRune(Alphabet, c) {
			t.Fatalf("suffix %q has %q outside the alphabet", s1, c)
		}
	}
	p := NewPod(rs, s1)
	if p.Name != "web-7d4b9c8f6-"+s1 || p.Namespace != "default" || p.Labels["app"] != "web" {
		t.Fatalf("pod %+v", p.ObjectMeta)
	}
	if !IsControlledBy(p, rs) {
		t.Fatal("pod not controlled by its ReplicaSet")
	}
	p.Labels["app"] = "x"
	if rs.Spec.Template.Labels["app"] != "web" {
		t.Fatal("template labels shared with the pod")
	}
	if Diff(rs, 1) != 1 || Diff(rs, 3) != -1 {
		t.Fatal("Diff")
	}
	if Replicas(&core.ReplicaSet{}) != 1 {
		t.Fatal("replicas default is 1")
	}
}
