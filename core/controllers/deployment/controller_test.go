package deployment

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/controllers/replicaset"
	"github.com/taints-playground/playground/core/store"
)

// fixture is the Deployment controller over a fake store; withReplicaSets
// adds the ReplicaSet controller (registered first, as in the simulator).
type fixture struct {
	env   *controllers.Env
	mgr   *controllers.Manager
	notes []string
}

func newFixture(withReplicaSets bool) *fixture {
	f := &fixture{mgr: &controllers.Manager{}}
	st := store.New()
	f.env = &controllers.Env{Store: st, Clock: clock.New(), Notes: func(n string) { f.notes = append(f.notes, n) },
		Admission: &admission.Chain{Objects: st, Config: admission.Config{NotReadySeconds: 300, UnreachableSeconds: 300}}}
	if withReplicaSets {
		f.mgr.WatchPods(st, replicaset.ControllerName)
		replicaset.New(f.env, f.mgr, rand.New(rand.NewSource(1)))
	}
	New(f.env)
	return f
}

func (f *fixture) settle() {
	for f.mgr.TakeWake() {
		f.mgr.Sync()
	}
}

func (f *fixture) deployment(replicas *int32) *core.Deployment {
	d := &core.Deployment{}
	d.Name, d.Namespace = "web", "default"
	d.Spec.Replicas = replicas
	d.Spec.Selector = &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}}
	d.Spec.Template.Labels = map[string]string{"app": "web"}
	d.Spec.Template.Spec.Containers = []core.Container{{Name: "c", Image: "nginx"}}
	f.env.Store.CreateDeployment(d)
	f.settle()
	return d
}

func (f *fixture) events() []string {
	var out []string
	for _, e := range f.env.Store.Events() {
		out = append(out, fmt.Sprintf("%s %s %s %s: %s", e.Source, e.Type, e.Reason, e.Object, e.Message))
	}
	return out
}

func replicas(n int32) *int32 { return &n }

// sync.go getNewReplicaSet: a new Deployment gets its ReplicaSet,
// "Scaled up replica set NAME from 0 to N".
func TestCreateMakesReplicaSet(t *testing.T) {
	f := newFixture(false)
	d := f.deployment(replicas(3))
	require.Len(t, f.env.Store.ReplicaSets(), 1)
	r := f.env.Store.ReplicaSets()[0]
	hash := TemplateHash(&d.Spec.Template)
	assert.Equal(t, "web-"+hash, r.Object.Name)
	assert.Same(t, d, r.Deployment)
	assert.Same(t, r, f.env.Store.DeploymentReplicaSet(d))
	assert.Equal(t, int32(3), r.Replicas())
	require.Len(t, r.Object.OwnerReferences, 1)
	ref := r.Object.OwnerReferences[0]
	assert.Equal(t, "Deployment", ref.Kind)
	assert.Equal(t, "web", ref.Name)
	require.NotNil(t, ref.Controller)
	assert.True(t, *ref.Controller)
	assert.Equal(t, []string{"deployment-controller Normal ScalingReplicaSet deployment/default/web: Scaled up replica set web-" + hash + " from 0 to 3"}, f.events())
	assert.Equal(t, []string{"deployment web created replica set web-" + hash + " (3 replicas)"}, f.notes)
}

func TestReplicasDefaultToOne(t *testing.T) {
	f := newFixture(false)
	f.deployment(nil)
	assert.Equal(t, int32(1), f.env.Store.ReplicaSets()[0].Replicas())
}

// sync.go scaleReplicaSet: "Scaled up|down replica set NAME from OLD to
// NEW"; a scale to the same size changes nothing.
func TestScale(t *testing.T) {
	f := newFixture(false)
	d := f.deployment(replicas(3))
	name := f.env.Store.ReplicaSets()[0].Object.Name
	f.env.Store.ScaleDeployment(d, 5)
	f.env.Store.ScaleDeployment(d, 2)
	f.env.Store.ScaleDeployment(d, 2)
	assert.Equal(t, int32(2), f.env.Store.ReplicaSets()[0].Replicas())
	assert.Equal(t, []string{
		"deployment-controller Normal ScalingReplicaSet deployment/default/web: Scaled up replica set " + name + " from 0 to 3",
		"deployment-controller Normal ScalingReplicaSet deployment/default/web: Scaled up replica set " + name + " from 3 to 5",
		"deployment-controller Normal ScalingReplicaSet deployment/default/web: Scaled down replica set " + name + " from 5 to 2",
	}, f.events())
}

// Through the ReplicaSet controller: the Deployment's pods are its
// ReplicaSet's, named RS-xxxxx and labelled with pod-template-hash.
func TestDeploymentPodsThroughItsReplicaSet(t *testing.T) {
	f := newFixture(true)
	d := f.deployment(replicas(2))
	r := f.env.Store.DeploymentReplicaSet(d)
	pods := f.env.Store.Pods()
	require.Len(t, pods, 2)
	for _, p := range pods {
		assert.Same(t, r, p.RS)
		assert.Regexp(t, "^"+r.Object.Name+"-[bcdfghjklmnpqrstvwxz2456789]{5}$", p.Name())
		assert.Equal(t, TemplateHash(&d.Spec.Template), p.Object.Labels[LabelPodTemplateHash])
		assert.Equal(t, "web", p.Object.Labels["app"])
	}
	f.env.Store.ScaleDeployment(d, 1)
	f.settle()
	assert.Equal(t, 1, f.env.Store.LivePods())
}
