package core

// Pod QoS classes (core/v1 PodQOSClass).
const (
	PodQOSGuaranteed = "Guaranteed"
	PodQOSBurstable  = "Burstable"
	PodQOSBestEffort = "BestEffort"
)

// PodQOSClass is the pod's QoS class (pkg/apis/core/helper/qos
// GetPodQOS, init containers included): BestEffort when no container
// requests or limits cpu or memory (zero quantities do not count),
// Guaranteed when every container has cpu and memory limits and its
// requests (defaulted to the limits) equal them, Burstable otherwise.
func PodQOSClass(p *Pod) string {
	if p == nil {
		return PodQOSBestEffort
	}
	all := append(append([]Container(nil), p.Spec.InitContainers...), p.Spec.Containers...)
	any, guaranteed := false, true
	for _, c := range all {
		for _, name := range []ResourceName{ResourceCPU, ResourceMemory} {
			req, hasReq := c.Resources.Requests[name]
			lim, hasLim := c.Resources.Limits[name]
			if (hasReq && !req.IsZero()) || (hasLim && !lim.IsZero()) {
				any = true
			}
			if !hasLim || lim.IsZero() || (hasReq && req.Cmp(lim) != 0) {
				guaranteed = false
			}
		}
	}
	switch {
	case !any:
		return PodQOSBestEffort
	case guaranteed && len(all) > 0:
		return PodQOSGuaranteed
	}
	return PodQOSBurstable
}
