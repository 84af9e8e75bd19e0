package upstream

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/informers"
	clientsetfake "k8s.io/client-go/kubernetes/fake"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/apis/config"
	"k8s.io/kubernetes/pkg/scheduler/backend/cache"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultbinder"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultpreemption"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/feature"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/queuesort"
	"k8s.io/kubernetes/pkg/scheduler/framework/preemption"
	frameworkruntime "k8s.io/kubernetes/pkg/scheduler/framework/runtime"
	tf "k8s.io/kubernetes/pkg/scheduler/testing/framework"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/framework"
)

// preemptionConditions are the condition lists a random pod gets: none,
// the scheduler's own, other reasons, a False one, and two
// DisruptionTarget conditions (only the first counts).
var preemptionConditions = [][]core.PodCondition{
	nil,
	{sched.VictimCondition("")},
	{{Type: "Ready", Status: core.ConditionTrue}, sched.VictimCondition("my-scheduler")},
	{{Type: "DisruptionTarget", Status: core.ConditionTrue, Reason: "DeletionByTaintManager"}},
	{{Type: "DisruptionTarget", Status: core.ConditionFalse, Reason: "PreemptionByScheduler"}},
	{{Type: "DisruptionTarget", Status: core.ConditionTrue, Reason: "EvictionByEvictionAPI"}, sched.VictimCondition("")},
}

// randomPreemptionPod is a bound, non-terminal pod of random priority,
// maybe being deleted, with random conditions; it returns our pod and
// upstream's.
func randomPreemptionPod(t *testing.T, rng *rand.Rand, name, node string) (*core.Pod, *v1.Pod) {
	prio := int32(rng.IntN(4))
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default", UID: name},
		Spec:   core.PodSpec{NodeName: node, Priority: &prio},
		Status: core.PodStatus{Phase: core.PodRunning, Conditions: preemptionConditions[rng.IntN(len(preemptionConditions))]}}
	deleting := rng.IntN(2) == 0
	if deleting {
		p.DeletionTimestamp = &core.Time{}
	}
	v, err := ToV1Pod(p)
	require.NoError(t, err)
	if deleting {
		v.DeletionTimestamp = &metav1.Time{}
	}
	v.UID = types.UID(name)
	return p, v
}

// TestPodEligibleToPreemptOthersMatchesUpstream compares
// sched.PodEligibleToPreemptOthers with the DefaultPreemption plugin's on
// random preemptors (priority, preemptionPolicy, nominated node) and
// random pods on two nodes, for each code the nominated node's Filter
// status may have; TerminatingByPreemption is compared with
// preemption.PodTerminatingByPreemption on every pod.
func TestPodEligibleToPreemptOthersMatchesUpstream(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(13, 37))
	never, lower := "Never", "PreemptLowerPriority"
	policies := []*string{nil, &never, &lower}
	nominations := []string{"", "n1", "n2", "gone"}
	codes := []framework.Code{framework.Success, framework.Unschedulable, framework.UnschedulableAndUnresolvable}
	seen := map[string]int{}
	for i := range 3000 {
		var ourPods []*core.Pod
		var upPods []*v1.Pod
		var ourNodes []*core.Node
		var upNodes []*v1.Node
		for _, n := range []string{"n1", "n2"} {
			node := &core.Node{ObjectMeta: core.ObjectMeta{Name: n}}
			vn, err := ToV1Node(node)
			require.NoError(t, err)
			ourNodes, upNodes = append(ourNodes, node), append(upNodes, vn)
			for j := range rng.IntN(4) {
				p, v := randomPreemptionPod(t, rng, fmt.Sprintf("%s-%d", n, j), n)
				ourPods, upPods = append(ourPods, p), append(upPods, v)
				require.Equal(t, preemption.PodTerminatingByPreemption(v), sched.TerminatingByPreemption(p), "pod %+v", p)
			}
		}
		prio := int32(rng.IntN(4))
		pod := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "p", Namespace: "default", UID: "p"},
			Spec:   core.PodSpec{Priority: &prio, PreemptionPolicy: policies[rng.IntN(len(policies))]},
			Status: core.PodStatus{NominatedNodeName: nominations[rng.IntN(len(nominations))]}}
		vpod, err := ToV1Pod(pod)
		require.NoError(t, err)
		code := codes[rng.IntN(len(codes))]

		pl := upstreamPreemption(t, ctx, cache.NewSnapshot(upPods, upNodes))
		var status *fwk.Status
		if code != framework.Success {
			status = fwk.NewStatus(toUpCode(code))
		}
		wantOK, wantMsg := pl.PodEligibleToPreemptOthers(ctx, vpod, status)

		var infos []*sched.NodeInfo
		for _, n := range ourNodes {
			var on []*core.Pod
			for _, p := range ourPods {
				if p.Spec.NodeName == n.Name {
					on = append(on, p)
				}
			}
			infos = append(infos, sched.NewNodeInfo(n, on...))
		}
		gotOK, gotMsg := sched.PodEligibleToPreemptOthers(pod, infos, code)
		require.Equal(t, wantOK, gotOK, "case %d: pod %+v code %v", i, pod, code)
		require.Equal(t, wantMsg, gotMsg, "case %d", i)
		seen[wantMsg]++
	}
	for _, msg := range []string{"", sched.MsgNotEligibleNever, sched.MsgNotEligibleTerminating} {
		require.Positive(t, seen[msg], "no case gave %q: %v", msg, seen)
	}
}

func toUpCode(c framework.Code) fwk.Code {
	if c == framework.UnschedulableAndUnresolvable {
		return fwk.UnschedulableAndUnresolvable
	}
	return fwk.Unschedulable
}

// upstreamPreemption is kube-scheduler's DefaultPreemption plugin (default
// args, default features) over snapshot.
func upstreamPreemption(t *testing.T, ctx context.Context, snapshot *cache.Snapshot) *defaultpreemption.DefaultPreemption {
	t.Helper()
	reg := plugins.NewInTreeRegistry()
	client := clientsetfake.NewClientset()
	fw, err := tf.NewFramework(ctx, []tf.RegisterPluginFunc{
		tf.RegisterQueueSortPlugin(queuesort.Name, reg[queuesort.Name]),
		tf.RegisterBindPlugin(defaultbinder.Name, reg[defaultbinder.Name]),
	}, "default-scheduler",
		frameworkruntime.WithSnapshotSharedLister(snapshot),
		frameworkruntime.WithMutableSnapshotLister(snapshot),
		frameworkruntime.WithInformerFactory(informers.NewSharedInformerFactory(client, 0)),
		frameworkruntime.WithClientSet(client))
	require.NoError(t, err)
	pl, err := defaultpreemption.New(ctx, &config.DefaultPreemptionArgs{MinCandidateNodesPercentage: 10, MinCandidateNodesAbsolute: 100}, fw, feature.Features{})
	require.NoError(t, err)
	return pl
}
