package scenario

import (
	"sort"

	"github.com/taints-playground/playground/core"
)

// What the playground reads but does not model. Every field of a real
// manifest is either modelled (decoded into core's types and acted on),
// irrelevant to where pods run and when they leave (env, probes, images'
// pull policy …), or listed here: upstream acts on it and the playground
// does not, so Parse records it as a core.Gap on the object (Node.
// NotModelled, PodSpec.NotModelled, Objects.NotModelled) and the board,
// Check and cmd/sim say so. TestEveryFieldIsModelledOrFlagged walks the
// API types and fails when a field is none of the three.

// The explanations, shared by the fields that raise the same gap.
const (
	whyVolumeClaim = "VolumeBinding, VolumeZone, VolumeRestrictions and NodeVolumeLimits filter nodes by the claim's volume (its node affinity and zone, ReadWriteOncePod, the node's attach limit); here the volume is assumed reachable from every node"
	whyEphemeral   = "a generic ephemeral volume is a PersistentVolumeClaim made for the pod: VolumeBinding, VolumeZone and NodeVolumeLimits filter nodes by it; here it is assumed reachable from every node"
	whyCSIInline   = "NodeVolumeLimits counts CSI volumes against the driver's attach limit on the node (CSINode); here there is no limit"
	whyInTreeDisk  = "in-tree disks are counted against the node's attach limit (NodeVolumeLimits, through CSI migration) and VolumeRestrictions refuses a node where another pod mounts the same disk; here neither applies"
	whyDiskLimit   = "NodeVolumeLimits counts the disk against the node's attach limit (through CSI migration); here there is no limit"
	whySharedDisk  = "VolumeRestrictions refuses a node where another pod already mounts the same volume read-write; here it is not checked"
	whyClaims      = "DynamicResources allocates the claimed devices and filters nodes by them (DRA); here the claims are ignored and the pod schedules as if it had none"
	whyPodLevel    = "pod-level resources (PodLevelResources) replace the containers' sum in the scheduler's request when set; here the containers' requests are used"
	whyOS          = "the kubelet rejects a pod whose spec.os.name is not the node's operating system (its kubernetes.io/os label); here the pod runs anywhere"
	whyGroup       = "gang scheduling (the GenericWorkload and GangScheduling features) holds the pod until its whole group can be placed; here it is scheduled on its own"
	whyDeleting    = "the object is being deleted (Terminating) in the cluster it was copied from; here it is treated as a live object"
	whyDeadline    = "the kubelet fails the pod after this many seconds (DeadlineExceeded) and it leaves its node; here it runs on"
	whyResize      = "an in-place resize is pending or in progress: the scheduler counts the larger of the spec's and the allocated requests; here the spec's are used"
	whyUnhealthy   = "unhealthyPodEvictionPolicy decides whether pods that are not Ready may be evicted regardless of the budget; here every running pod counts as healthy"
)

// notModelled maps an API type of fieldSchemaText to its fields that raise
// a gap when set, and why.
var notModelled = map[string]map[string]string{
	"corev1.Volume": {
		"persistentVolumeClaim": whyVolumeClaim,
		"ephemeral":             whyEphemeral,
		"csi":                   whyCSIInline,
		"awsElasticBlockStore":  whyInTreeDisk,
		"gcePersistentDisk":     whyInTreeDisk,
		"azureDisk":             whyDiskLimit,
		"cinder":                whyDiskLimit,
		"rbd":                   whySharedDisk,
		"iscsi":                 whySharedDisk,
	},
	"corev1.PodSpec": {
		"resourceClaims":        whyClaims,
		"resources":             whyPodLevel,
		"os":                    whyOS,
		"schedulingGroup":       whyGroup,
		"activeDeadlineSeconds": whyDeadline,
	},
	"corev1.PodStatus": {
		"resize": whyResize,
	},
	"corev1.ResourceRequirements": {
		"claims": whyClaims,
	},
	"v1.ObjectMeta": {
		"deletionTimestamp": whyDeleting,
	},
	"policyv1.PodDisruptionBudgetSpec": {
		"unhealthyPodEvictionPolicy": whyUnhealthy,
	},
}

// isSet reports whether a decoded JSON value says anything: not null, an
// empty list or an empty object.
func isSet(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case []any:
		return len(v) > 0
	case map[string]any:
		return len(v) > 0
	}
	return true
}

// ObjectGap is a gap of one object of the file.
type ObjectGap struct {
	// Object is "Kind/namespace/name" ("Node/name" for nodes).
	Object string `json:"object"`
	core.Gap
}

// NotModelledFields returns the gaps of one object given as a generic
// JSON tree (what Parse records for it), for Check: nil when the kind has
// no schema or nothing is set that the playground does not model.
func NotModelledFields(kind string, tree any) []core.Gap {
	root, ok := fieldSchemaRoots[kind]
	if !ok {
		return nil
	}
	var w fieldWalk
	w.walk(tree, root, "")
	sort.Slice(w.gaps, func(i, j int) bool { return w.gaps[i].Path < w.gaps[j].Path })
	return w.gaps
}

// recordGaps adds an object's gaps to the file's list.
func (p *parser) recordGaps(object string, gaps []core.Gap) {
	for _, g := range gaps {
		p.objs.NotModelled = append(p.objs.NotModelled, ObjectGap{Object: object, Gap: g})
	}
}
