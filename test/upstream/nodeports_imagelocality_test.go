package upstream

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/imagelocality"
	"github.com/taints-playground/playground/core/sched/plugins/nodeports"
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/backend/cache"
	upframework "k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/feature"
	upil "k8s.io/kubernetes/pkg/scheduler/framework/plugins/imagelocality"
	upnp "k8s.io/kubernetes/pkg/scheduler/framework/plugins/nodeports"
	"k8s.io/kubernetes/pkg/scheduler/framework/runtime"
)

// randPorts returns up to three host ports drawn from a small space so
// that conflicts are frequent: ports 80/81, protocols ""/TCP/UDP/SCTP,
// host IPs ""/0.0.0.0/two addresses/"::", some with no host port at all.
func randPorts(r *rand.Rand) []core.ContainerPort {
	protocols := []string{"", "TCP", "UDP", "SCTP"}
	ips := []string{"", "0.0.0.0", "10.0.0.1", "10.0.0.2", "::"}
	var out []core.ContainerPort
	for range r.IntN(4) {
		p := core.ContainerPort{ContainerPort: 8080, Protocol: protocols[r.IntN(len(protocols))], HostIP: ips[r.IntN(len(ips))]}
		if r.IntN(5) > 0 {
			p.HostPort = int32(80 + r.IntN(2))
		}
		out = append(out, p)
	}
	return out
}

// randPortPod returns a pod whose containers and init containers (some of
// them sidecars) ask for random host ports; some pods are terminal.
func randPortPod(r *rand.Rand, name string) *core.Pod {
	always := "Always"
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default", UID: name}}
	for i := range r.IntN(3) {
		p.Spec.Containers = append(p.Spec.Containers, core.Container{Name: fmt.Sprintf("c%d", i), Ports: randPorts(r)})
	}
	for i := range r.IntN(2) {
		c := core.Container{Name: fmt.Sprintf("i%d", i), Ports: randPorts(r)}
		if r.IntN(2) == 0 {
			c.RestartPolicy = &always
		}
		p.Spec.InitContainers = append(p.Spec.InitContainers, c)
	}
	return p
}

// TestNodePortsMatchesUpstream runs NodePorts' PreFilter and Filter of the
// playground and of kube-scheduler v1.37.2 on random pods and nodes and
// requires the same codes and reasons.
func TestNodePortsMatchesUpstream(t *testing.T) {
	ctx := context.Background()
	pl, err := upnp.New(ctx, nil, nil, feature.Features{})
	require.NoError(t, err)
	ours := nodeports.New()
	r := rand.New(rand.NewPCG(7, 37))
	conflicts := 0
	for i := range 4000 {
		pod := randPortPod(r, "p")
		var running []*core.Pod
		for j := range r.IntN(4) {
			q := randPortPod(r, fmt.Sprintf("q%d", j))
			q.Spec.NodeName = "n"
			if r.IntN(6) == 0 {
				q.Status.Phase = core.PodSucceeded
			}
			running = append(running, q)
		}
		node := &core.Node{ObjectMeta: core.ObjectMeta{Name: "n"}}
		upNode, err := ToV1Node(node)
		require.NoError(t, err)
		upPod, err := ToV1Pod(pod)
		require.NoError(t, err)
		var upRunning []*v1.Pod
		for _, q := range running {
			v, err := ToV1Pod(q)
			require.NoError(t, err)
			upRunning = append(upRunning, v)
		}
		// The cache's snapshot drops terminal pods, as NodeInfo does.
		snap := cache.NewSnapshot(activeV1(upRunning), []*v1.Node{upNode})
		upInfo, err := snap.NodeInfos().Get("n")
		require.NoError(t, err)
		upState := upframework.NewCycleState()
		_, wantPre := pl.(fwk.PreFilterPlugin).PreFilter(ctx, upState, upPod, nil)
		state := framework.NewCycleState()
		_, gotPre := ours.PreFilter(state, pod, nil)
		msg := fmt.Sprintf("case %d: pod %+v running %+v", i, pod.Spec, specs(running))
		require.Equal(t, upCode(wantPre), gotPre.GetCode().String(), "PreFilter %s", msg)
		if wantPre.IsSkip() {
			continue
		}
		want := pl.(fwk.FilterPlugin).Filter(ctx, upState, upPod, upInfo)
		got := ours.Filter(state, pod, framework.NewNodeInfo(node, running...))
		require.Equal(t, upCode(want), got.GetCode().String(), "Filter %s", msg)
		require.Equal(t, upReasons(want), reasonsOf(got), "Filter %s", msg)
		if !want.IsSuccess() {
			conflicts++
		}
	}
	require.Greater(t, conflicts, 200, "too few conflicts to be a test")
}

// TestNodePortsHintMatchesUpstream compares NodePorts' queueing hint for
// a deleted pod (isSchedulableAfterAssignedPodDeleted) on random pairs of
// pods, some of the deleted ones unbound or only nominated.
func TestNodePortsHintMatchesUpstream(t *testing.T) {
	ctx := context.Background()
	pl, err := upnp.New(ctx, nil, nil, feature.Features{})
	require.NoError(t, err)
	evs, err := pl.(fwk.EnqueueExtensions).EventsToRegister(ctx)
	require.NoError(t, err)
	var hint fwk.QueueingHintFn
	for _, e := range evs {
		if e.Event.Resource == fwk.AssignedPod && e.Event.ActionType == fwk.Delete {
			hint = e.QueueingHintFn
		}
	}
	require.NotNil(t, hint, "NodePorts registers AssignedPod Delete with a hint")
	ours := nodeports.New()
	r := rand.New(rand.NewPCG(3, 37))
	queued := 0
	for i := range 4000 {
		pod := randPortPod(r, "p")
		deleted := randPortPod(r, "d")
		switch r.IntN(4) {
		case 0:
		case 1:
			deleted.Status.NominatedNodeName = "n"
		default:
			deleted.Spec.NodeName = "n"
		}
		upPod, err := ToV1Pod(pod)
		require.NoError(t, err)
		upDeleted, err := ToV1Pod(deleted)
		require.NoError(t, err)
		want, err := hint(klog.Background(), upPod, upDeleted, nil)
		require.NoError(t, err)
		got := ours.SchedulableAfterPodDeleted(pod, deleted, "")
		require.Equal(t, want == fwk.Queue, got, "case %d: pod %+v deleted %+v", i, pod.Spec, deleted)
		if got {
			queued++
		}
	}
	require.Greater(t, queued, 200, "too few Queue answers to be a test")
}

func activeV1(pods []*v1.Pod) []*v1.Pod {
	var out []*v1.Pod
	for _, p := range pods {
		if p.Status.Phase != v1.PodSucceeded && p.Status.Phase != v1.PodFailed {
			out = append(out, p)
		}
	}
	return out
}

func specs(pods []*core.Pod) []core.PodSpec {
	out := make([]core.PodSpec, 0, len(pods))
	for _, p := range pods {
		out = append(out, p.Spec)
	}
	return out
}

func upCode(s *fwk.Status) string {
	if s == nil {
		return "Success"
	}
	return s.Code().String()
}

// imageNames are repositories in the forms real nodes report, each used
// with and without a tag or a digest.
var imageNames = []string{
	"nginx", "docker.io/library/nginx", "registry.k8s.io/pause",
	"us-docker.pkg.dev/proj/repo/app", "localhost:5000/tool", "gcr.io/x/y",
}

func randImageRef(r *rand.Rand) string {
	name := imageNames[r.IntN(len(imageNames))]
	switch r.IntN(4) {
	case 0:
		return name
	case 1:
		return name + ":latest"
	case 2:
		return name + ":1.25"
	}
	return name + "@sha256:0123abcd"
}

// TestImageLocalityMatchesUpstream scores random pods on random clusters
// whose nodes list random images and requires the same score on every node
// as kube-scheduler's ImageLocality over cache.NewSnapshot.
func TestImageLocalityMatchesUpstream(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(11, 37))
	sizes := []int64{0, 5 << 20, 23 << 20, 24 << 20, 300 << 20, 999 << 20, 1500 << 20, 4000 << 20}
	nonzero := 0
	for i := range 3000 {
		var nodes []*core.Node
		for j := range 1 + r.IntN(5) {
			n := &core.Node{ObjectMeta: core.ObjectMeta{Name: fmt.Sprintf("n%d", j)}}
			for range r.IntN(5) {
				img := core.ContainerImage{SizeBytes: sizes[r.IntN(len(sizes))]}
				for range 1 + r.IntN(2) {
					img.Names = append(img.Names, randImageRef(r))
				}
				n.Status.Images = append(n.Status.Images, img)
			}
			nodes = append(nodes, n)
		}
		pod := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "p", Namespace: "default"}}
		for k := range r.IntN(4) {
			pod.Spec.Containers = append(pod.Spec.Containers, core.Container{Name: fmt.Sprintf("c%d", k), Image: randImageRef(r)})
		}
		for k := range r.IntN(2) {
			pod.Spec.InitContainers = append(pod.Spec.InitContainers, core.Container{Name: fmt.Sprintf("i%d", k), Image: randImageRef(r)})
		}
		var upNodes []*v1.Node
		var infos []*framework.NodeInfo
		idx := &imagelocality.Index{}
		for _, n := range nodes {
			v, err := ToV1Node(n)
			require.NoError(t, err)
			upNodes = append(upNodes, v)
			infos = append(infos, framework.NewNodeInfo(n))
			idx.Add(n)
		}
		upPod, err := ToV1Pod(pod)
		require.NoError(t, err)
		snap := cache.NewSnapshot(nil, upNodes)
		fh, err := runtime.NewFramework(ctx, nil, nil, runtime.WithSnapshotSharedLister(snap))
		require.NoError(t, err)
		pl, err := upil.New(ctx, nil, fh)
		require.NoError(t, err)
		ours := imagelocality.New()
		ours.SetSnapshot(len(nodes), idx)
		for k, n := range nodes {
			upInfo, err := snap.NodeInfos().Get(n.Name)
			require.NoError(t, err)
			want, st := pl.(fwk.ScorePlugin).Score(ctx, upframework.NewCycleState(), upPod, upInfo)
			require.True(t, st.IsSuccess())
			got, gst := ours.Score(framework.NewCycleState(), pod, infos[k])
			require.Nil(t, gst)
			require.Equal(t, want, got, "case %d node %s: pod %+v nodes %+v", i, n.Name, pod.Spec, nodes)
			if want > 0 {
				nonzero++
			}
		}
	}
	require.Greater(t, nonzero, 300, "too few non-zero scores to be a test")
}
