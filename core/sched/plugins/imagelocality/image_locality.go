package imagelocality

import (
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in breakdowns.
const Name = "ImageLocality"

// Weight is the plugin's weight in the default profile.
const Weight int64 = 1

// InitContainersSince is the first minor release whose ImageLocality
// counts init containers' images.
const InitContainersSince = 30

// Score bounds (upstream minThreshold and maxContainerThreshold).
const (
	mb                    int64 = 1024 * 1024
	minThreshold                = 23 * mb
	maxContainerThreshold       = 1000 * mb
)

// Counter gives the number of snapshot nodes listing an image name.
type Counter interface {
	NumNodes(name string) int
}

// ImageLocality is the plugin. The zero value is the 1.29 plugin over an
// empty snapshot; New gives the v1.37 one.
type ImageLocality struct {
	initContainers bool
	total          int
	counter        Counter
}

var _ framework.ScorePlugin = (*ImageLocality)(nil)

// New returns the v1.37 plugin.
func New() *ImageLocality { return &ImageLocality{initContainers: true} }

// NewForVersion returns the plugin as Kubernetes v runs it: init
// containers' images count from InitContainersSince.
func NewForVersion(v core.Version) *ImageLocality {
	return &ImageLocality{initContainers: v.AtLeast(InitContainersSince)}
}

// Name returns Name.
func (*ImageLocality) Name() string { return Name }

// SetSnapshot gives the plugin the number of nodes in the cycle's snapshot
// and how many of them list each image name.
func (pl *ImageLocality) SetSnapshot(totalNodes int, c Counter) {
	pl.total, pl.counter = totalNodes, c
}

// NormalizedImageName returns name with ":latest" appended when it has no
// tag or digest, i.e. no ':' after its last '/' (upstream
// normalizedImageName).
func NormalizedImageName(name string) string {
	if strings.LastIndexByte(name, ':') <= strings.LastIndexByte(name, '/') {
		return name + ":latest"
	}
	return name
}

// Score returns the node's score (upstream ImageLocality.Score): the scaled
// sizes of the pod's images found on the node, clamped and scaled to 0–100
// by calculatePriority. A node without images scores 0.
func (pl *ImageLocality) Score(_ *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) (int64, *framework.Status) {
	if pod == nil {
		return 0, nil
	}
	count := len(pod.Spec.Containers)
	var sum int64
	if node != nil && node.Node != nil && len(node.Node.Status.Images) > 0 {
		if pl.initContainers {
			sum += pl.sumImageScores(node.Node, pod.Spec.InitContainers)
		}
		sum += pl.sumImageScores(node.Node, pod.Spec.Containers)
	}
	if pl.initContainers {
		count += len(pod.Spec.InitContainers)
	}
	return calculatePriority(sum, count), nil
}

// sumImageScores adds scaledImageScore of each container image found on
// node.
func (pl *ImageLocality) sumImageScores(node *core.Node, containers []core.Container) int64 {
	var sum int64
	for i := range containers {
		name := NormalizedImageName(containers[i].Image)
		if size, ok := imageSize(node, name); ok {
			sum += pl.scaledImageScore(name, size)
		}
	}
	return sum
}

// imageSize returns the size of the last image node lists under name.
func imageSize(node *core.Node, name string) (int64, bool) {
	var size int64
	found := false
	for i := range node.Status.Images {
		for _, n := range node.Status.Images[i].Names {
			if n == name {
				size, found = node.Status.Images[i].SizeBytes, true
			}
		}
	}
	return size, found
}

// scaledImageScore is the image's size times the share of nodes holding
// it, in float64 as upstream scaledImageScore.
func (pl *ImageLocality) scaledImageScore(name string, size int64) int64 {
	if pl.total <= 0 || pl.counter == nil {
		return 0
	}
	spread := float64(pl.counter.NumNodes(name)) / float64(pl.total)
	return int64(float64(size) * spread)
}

// calculatePriority clamps sum to [minThreshold, maxContainerThreshold ×
// count] and scales it to [0, MaxNodeScore] (upstream calculatePriority).
func calculatePriority(sum int64, count int) int64 {
	maxThreshold := maxContainerThreshold * int64(count)
	if sum < minThreshold {
		sum = minThreshold
	} else if sum > maxThreshold {
		sum = maxThreshold
	}
	return framework.MaxNodeScore * (sum - minThreshold) / (maxThreshold - minThreshold)
}
