package upstream

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/klog/v2"
	upstreampodgc "k8s.io/kubernetes/pkg/controller/podgc"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/podgc"
)

// gcCase is one random cluster for a pod garbage collector pass.
type gcCase struct {
	nodes     []*v1.Node
	pods      []*v1.Pod
	threshold int
}

// gcOutcome is what one pass did: the pods deleted, those patched to
// Failed first, and those patched with the DisruptionTarget condition.
type gcOutcome struct {
	Deleted, Patched, Conditioned []string
}

// gcPeriod is the upstream controller's period here: one pass per case.
const gcPeriod = time.Hour

var gcEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func randomGCCase(rng *rand.Rand) gcCase {
	var c gcCase
	taints := []v1.Taint{
		{Key: v1.TaintNodeOutOfService, Value: "nodeshutdown", Effect: v1.TaintEffectNoExecute},
		{Key: v1.TaintNodeOutOfService, Effect: v1.TaintEffectNoSchedule},
		{Key: "out-of-service", Effect: v1.TaintEffectNoExecute},
		{Key: v1.TaintNodeUnreachable, Effect: v1.TaintEffectNoExecute},
	}
	for i := range 3 {
		if rng.IntN(4) == 0 {
			continue
		}
		n := &v1.Node{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("n%d", i)}}
		if st := profPick(rng, "", v1.ConditionTrue, v1.ConditionFalse, v1.ConditionUnknown); st != "" {
			n.Status.Conditions = []v1.NodeCondition{{Type: v1.NodeReady, Status: st}}
		}
		for _, t := range taints {
			if rng.IntN(3) == 0 {
				n.Spec.Taints = append(n.Spec.Taints, t)
			}
		}
		c.nodes = append(c.nodes, n)
	}
	for i := range 1 + rng.IntN(9) {
		p := &v1.Pod{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("p%d", i), Namespace: "default",
			CreationTimestamp: metav1.NewTime(gcEpoch.Add(time.Duration(rng.IntN(3)) * time.Second))}}
		p.Spec.NodeName = profPick(rng, "", "n0", "n1", "n2", "gone")
		p.Status.Phase = profPick(rng, v1.PodPending, v1.PodRunning, v1.PodSucceeded, v1.PodFailed, v1.PodUnknown)
		if p.Status.Phase == v1.PodFailed && rng.IntN(2) == 0 {
			p.Status.Reason = "Evicted"
		}
		if rng.IntN(5) < 2 {
			ts := metav1.NewTime(gcEpoch.Add(time.Minute))
			p.DeletionTimestamp = &ts
		}
		c.pods = append(c.pods, p)
	}
	c.threshold = profPick(rng, 0, 1, 2, 3, 12500)
	return c
}

// upstreamGC runs the real controller's first pass (quarantine 0, so an
// orphan's node is checked in the pass that queues it) against a fake
// API server, in a synctest bubble: the informers sync and gc runs once
// within the fake time the test sleeps.
func upstreamGC(t *testing.T, c gcCase) gcOutcome {
	var out gcOutcome
	synctest.Test(t, func(t *testing.T) {
		var objs []runtime.Object
		for _, n := range c.nodes {
			objs = append(objs, n.DeepCopy())
		}
		for _, p := range c.pods {
			objs = append(objs, p.DeepCopy())
		}
		client := fake.NewSimpleClientset(objs...)
		ctx, cancel := context.WithCancel(context.Background())
		factory := informers.NewSharedInformerFactory(client, 0)
		gcc := upstreampodgc.NewPodGCInternal(ctx, client, factory.Core().V1().Pods(), factory.Core().V1().Nodes(), c.threshold, gcPeriod, 0)
		factory.Start(ctx.Done())
		done := make(chan struct{})
		go func() { gcc.Run(ctx); close(done) }()
		time.Sleep(time.Minute)
		for _, a := range client.Actions() {
			if a.GetResource().Resource != "pods" {
				continue
			}
			switch a.GetVerb() {
			case "delete":
				out.Deleted = append(out.Deleted, a.(clienttesting.DeleteAction).GetName())
			case "patch":
				pa := a.(clienttesting.PatchAction)
				out.Patched = append(out.Patched, pa.GetName())
				if strings.Contains(string(pa.GetPatch()), "DeletionByPodGC") {
					out.Conditioned = append(out.Conditioned, pa.GetName())
				}
			}
		}
		cancel()
		<-done
		factory.Shutdown()
	})
	return out.sorted()
}

func (o gcOutcome) sorted() gcOutcome {
	for _, l := range []*[]string{&o.Deleted, &o.Patched, &o.Conditioned} {
		slices.Sort(*l)
		*l = slices.Compact(*l)
	}
	return o
}

// oursGC is podgc.Decide for the same cluster: a first pass at 0 s
// queues the missing nodes, and the pass at 40 s (their quarantine over)
// is the one compared; a pod is patched when not yet Succeeded or Failed.
func oursGC(c gcCase) (gcOutcome, []podgc.Rule) {
	var nodes []podgc.Node
	for _, n := range c.nodes {
		cn := &core.Node{}
		if err := roundTrip(n, cn); err != nil {
			panic(err)
		}
		nodes = append(nodes, podgc.NodeOf(cn))
	}
	var pods []podgc.Pod
	for _, p := range c.pods {
		pods = append(pods, podgc.Pod{
			Name: p.Name, NodeName: p.Spec.NodeName, Terminating: p.DeletionTimestamp != nil,
			Terminated: p.Status.Phase == v1.PodSucceeded || p.Status.Phase == v1.PodFailed,
			Evicted:    p.Status.Phase == v1.PodFailed && p.Status.Reason == "Evicted",
			Created:    p.CreationTimestamp.Sub(gcEpoch),
		})
	}
	first := podgc.Decide(0, pods, nodes, podgc.Quarantine{}, c.threshold)
	res := podgc.Decide(podgc.QuarantineTime, pods, nodes, first.Quarantine, c.threshold)
	var out gcOutcome
	var fired []podgc.Rule
	for _, d := range res.Deletions {
		fired = append(fired, d.Rule)
		p := pods[d.Pod]
		out.Deleted = append(out.Deleted, p.Name)
		if !p.Terminated {
			out.Patched = append(out.Patched, p.Name)
			if d.Condition() != nil {
				out.Conditioned = append(out.Conditioned, p.Name)
			}
		}
	}
	return out.sorted(), fired
}

// TestPodGCDifferential compares one pass of podgc.Decide with
// pkg/controller/podgc's gc (v1.37) on random clusters: which pods are
// deleted, patched to Failed, and given DisruptionTarget DeletionByPodGC.
func TestPodGCDifferential(t *testing.T) {
	// utilruntime's error backoff keeps the (fake) time of the last error
	// across bubbles and would make a later pass sleep; the second delete
	// of a pod two rules match is such an error. The logs are left out.
	handlers := utilruntime.ErrorHandlers
	utilruntime.ErrorHandlers = nil
	klog.LogToStderr(false)
	klog.SetOutput(io.Discard)
	t.Cleanup(func() {
		utilruntime.ErrorHandlers = handlers
		klog.LogToStderr(true)
	})
	rng := rand.New(rand.NewPCG(13, 37))
	rules := map[podgc.Rule]int{}
	for i := range 3000 {
		c := randomGCCase(rng)
		want := upstreamGC(t, c)
		got, fired := oursGC(c)
		for _, r := range fired {
			rules[r]++
		}
		if !assert.Equal(t, want, got, "case %d: nodes %s pods %s threshold %d", i, jsonOf(c.nodes), jsonOf(c.pods), c.threshold) {
			return
		}
	}
	for _, r := range []podgc.Rule{podgc.Terminated, podgc.TerminatingOutOfService, podgc.Orphaned, podgc.UnscheduledTerminating} {
		assert.Greater(t, rules[r], 100, "deletions by rule %d", r)
	}
}
