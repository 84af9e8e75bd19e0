package imagelocality

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

func image(size int64, names ...string) core.ContainerImage {
	return core.ContainerImage{Names: names, SizeBytes: size * mb}
}

func imageNode(name string, images ...core.ContainerImage) *core.Node {
	return &core.Node{ObjectMeta: core.ObjectMeta{Name: name}, Status: core.NodeStatus{Images: images}}
}

func podOf(images ...string) *core.Pod {
	p := &core.Pod{}
	for _, img := range images {
		p.Spec.Containers = append(p.Spec.Containers, core.Container{Image: img})
	}
	return p
}

// The node image lists of upstream's image_locality_test.go.
var (
	node403002000 = []core.ContainerImage{image(40, "gcr.io/40:latest", "gcr.io/40:v1", "gcr.io/40:v1"),
		image(300, "gcr.io/300:latest", "gcr.io/300:v1"), image(2000, "gcr.io/2000:latest")}
	node25010      = []core.ContainerImage{image(250, "gcr.io/250:latest"), image(10, "gcr.io/10:latest", "gcr.io/10:v1")}
	node60040900   = []core.ContainerImage{image(600, "gcr.io/600:latest"), image(40, "gcr.io/40:latest"), image(900, "gcr.io/900:latest")}
	node300600900  = []core.ContainerImage{image(300, "gcr.io/300:latest"), image(600, "gcr.io/600:latest"), image(900, "gcr.io/900:latest")}
	node400030     = []core.ContainerImage{image(4000, "gcr.io/4000:latest"), image(30, "gcr.io/30:latest")}
	node203040     = []core.ContainerImage{image(20, "gcr.io/20:latest"), image(30, "gcr.io/30:latest"), image(40, "gcr.io/40:latest")}
	nodeWithNoImgs []core.ContainerImage
)

// scores scores pod on every node as the scheduler does: one Index over
// the nodes, the node count as the snapshot size.
func scores(pl *ImageLocality, pod *core.Pod, images ...[]core.ContainerImage) []int64 {
	idx := &Index{}
	var infos []*framework.NodeInfo
	for i, imgs := range images {
		n := imageNode(string(rune('a'+i)), imgs...)
		idx.Add(n)
		infos = append(infos, framework.NewNodeInfo(n))
	}
	pl.SetSnapshot(len(infos), idx)
	out := make([]int64, 0, len(infos))
	for _, ni := range infos {
		s, st := pl.Score(framework.NewCycleState(), pod, ni)
		if st != nil {
			return nil
		}
		out = append(out, s)
	}
	return out
}

// TestScore re-expresses upstream's TestImageLocalityPriority cases (v1.37;
// the expected scores are upstream's, the arithmetic in its comments).
func TestScore(t *testing.T) {
	withInit := podOf("gcr.io/30")
	withInit.Spec.InitContainers = []core.Container{{Image: "gcr.io/300"}}
	tests := []struct {
		name  string
		pod   *core.Pod
		nodes [][]core.ContainerImage
		want  []int64
	}{
		// 40M/2 < 23M → 0; 100*(250M/2-23M)/(2000M-23M) = 5.
		{"two images spread on two nodes, prefer the larger image one", podOf("gcr.io/40", "gcr.io/250"),
			[][]core.ContainerImage{node403002000, node25010}, []int64{0, 5}},
		// 100*((40M+300M)/2-23M)/(2000M-23M) = 7.
		{"two images on one node, prefer this node", podOf("gcr.io/40", "gcr.io/300"),
			[][]core.ContainerImage{node403002000, node25010}, []int64{7, 0}},
		// 4000M/2 ≥ 2000M: max threshold.
		{"if exceed limit, use limit", podOf("gcr.io/10", "gcr.io/4000"),
			[][]core.ContainerImage{node400030, node25010}, []int64{100, 0}},
		// 100*(4000M/3-23M)/(2000M-23M) = 66.
		{"if exceed limit, use limit (with node which has no images present)", podOf("gcr.io/10", "gcr.io/4000"),
			[][]core.ContainerImage{node400030, node25010, nodeWithNoImgs}, []int64{66, 0, 0}},
		// 100*(600M*2/3+900M*2/3-23M)/(3000M-23M) = 32; with 300M*1/3: 36.
		{"pod with multiple large images, node2 is preferred", podOf("gcr.io/300", "gcr.io/600", "gcr.io/900"),
			[][]core.ContainerImage{node60040900, node300600900, nodeWithNoImgs}, []int64{32, 36, 0}},
		// 100*(30M+40M/2-23M)/(2000M-23M) = 1.
		{"pod with multiple small images", podOf("gcr.io/30", "gcr.io/40"),
			[][]core.ContainerImage{node203040, node400030}, []int64{1, 0}},
		// 100*(300M/2-23M)/(2000M-23M) = 6.
		{"same images as ImageVolume pod but as regular container images", podOf("gcr.io/30", "gcr.io/300"),
			[][]core.ContainerImage{node300600900, node400030}, []int64{6, 0}},
		{"include InitContainers: two images spread on two nodes, prefer the larger image one", withInit,
			[][]core.ContainerImage{node403002000, node203040}, []int64{6, 0}},
		{"pod without images", podOf(""), [][]core.ContainerImage{node403002000, node203040}, []int64{0, 0}},
		{"pod without containers", &core.Pod{}, [][]core.ContainerImage{node403002000}, []int64{0}},
		{"nil pod", nil, [][]core.ContainerImage{node403002000}, []int64{0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, scores(New(), tc.pod, tc.nodes...))
		})
	}
}

// TestScoreByVersion: before 1.30 init containers' images neither add to
// the sum nor raise the threshold.
func TestScoreByVersion(t *testing.T) {
	pod := podOf("gcr.io/30")
	pod.Spec.InitContainers = []core.Container{{Image: "gcr.io/300"}}
	nodes := [][]core.ContainerImage{node403002000, node203040}
	assert.Equal(t, []int64{6, 0}, scores(NewForVersion(core.Version{Minor: 30}), pod, nodes...), "1.30")
	// 1.29: node1 lacks gcr.io/30; node2 has it, 100*(30M/2-23M) < 0 → 0.
	assert.Equal(t, []int64{0, 0}, scores(NewForVersion(core.Version{Minor: 29}), pod, nodes...), "1.29")
	// A lone init image of 2000M on one node of one: 1.29 ignores it.
	lone := &core.Pod{Spec: core.PodSpec{InitContainers: []core.Container{{Image: "gcr.io/2000"}}}}
	assert.Equal(t, []int64{100}, scores(NewForVersion(core.Version{Minor: 37}), lone, node403002000), "1.37 lone init")
	assert.Equal(t, []int64{0}, scores(NewForVersion(core.Version{Minor: 26}), lone, node403002000), "1.26 lone init")
}

func TestNormalizedImageName(t *testing.T) {
	tests := map[string]string{
		"nginx":                              "nginx:latest",
		"nginx:1.25":                         "nginx:1.25",
		"docker.io/library/nginx":            "docker.io/library/nginx:latest",
		"localhost:5000/tool":                "localhost:5000/tool:latest",
		"localhost:5000/tool:v1":             "localhost:5000/tool:v1",
		"gcr.io/x/y@sha256:abcd":             "gcr.io/x/y@sha256:abcd",
		"":                                   ":latest",
		"registry.k8s.io/pause:3.9":          "registry.k8s.io/pause:3.9",
		"us-docker.pkg.dev/p/r/app@sha256:0": "us-docker.pkg.dev/p/r/app@sha256:0",
	}
	for in, want := range tests {
		assert.Equal(t, want, NormalizedImageName(in), in)
	}
}

// TestUntaggedNodeImageDoesNotMatch: node names are taken as listed, so a
// node listing "nginx" does not hold the pod's "nginx" (= nginx:latest).
func TestUntaggedNodeImageDoesNotMatch(t *testing.T) {
	got := scores(New(), podOf("nginx"), []core.ContainerImage{image(900, "nginx")}, nil)
	assert.Equal(t, []int64{0, 0}, got)
}

// TestSizeFromLastListing: a name listed twice on a node takes the size
// of its last listing (cache.NewSnapshot's getNodeImageStates).
func TestSizeFromLastListing(t *testing.T) {
	imgs := []core.ContainerImage{image(100, "a:1"), image(900, "a:1")}
	// 100*(900M-23M)/(1000M-23M) = 89.
	assert.Equal(t, []int64{89}, scores(New(), podOf("a:1"), imgs))
}

func TestIndex(t *testing.T) {
	a := imageNode("a", image(1, "x:1", "x:1"), image(2, "y:1", "x:1"))
	b := imageNode("b", image(1, "x:1"))
	idx := &Index{}
	require.Equal(t, 0, idx.NumNodes("x:1"), "empty")
	idx.Add(a)
	idx.Add(b)
	idx.Add(nil)
	assert.Equal(t, 2, idx.NumNodes("x:1"), "a name listed thrice on a node counts once")
	assert.Equal(t, 1, idx.NumNodes("y:1"))
	idx.Remove(a)
	assert.Equal(t, 1, idx.NumNodes("x:1"))
	assert.Equal(t, 0, idx.NumNodes("y:1"))
	idx.Reset()
	assert.Equal(t, 0, idx.NumNodes("x:1"), "reset")
	var nilIdx *Index
	assert.Equal(t, 0, nilIdx.NumNodes("x:1"))
}

func TestScoreWithoutSnapshot(t *testing.T) {
	// No SetSnapshot: spread is unknown, every image scores 0.
	n := framework.NewNodeInfo(imageNode("a", node403002000...))
	s, st := New().Score(nil, podOf("gcr.io/2000"), n)
	require.Nil(t, st)
	assert.Equal(t, int64(0), s)
}
