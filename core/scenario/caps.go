package scenario

import (
	"fmt"
	"time"
)

// Caps bound what a scenario may ask of the simulator, so that no file or
// share link can make the page run out of memory or time. Parse enforces
// them (CheckCaps) and reports the first one exceeded as an *Error whose
// message names the cap and the value found.
const (
	// MaxScenarioBytes is the largest scenario text Parse reads (1 MiB;
	// the share-link decoder has the same limit).
	MaxScenarioBytes = 1 << 20
	// MaxNodes is the most Nodes a scenario may declare.
	MaxNodes = 5000
	// MaxPods is the most pods a scenario may lead to at once: its Pod
	// manifests plus the replicas of its Deployments and ReplicaSets plus
	// one pod per node for each DaemonSet.
	MaxPods = 50000
	// MaxSteps is the longest timeline.
	MaxSteps = 10000
	// MaxVirtualTime is the latest virtual time a scenario may reach:
	// until, every step's time and the end of every `wait`.
	MaxVirtualTime = 30 * 24 * time.Hour
)

// CheckCaps reports the first cap the scenario exceeds, or nil. Parse calls
// it; callers that build a Scenario in code may call it themselves.
func (s *Scenario) CheckCaps() error {
	if s == nil {
		return nil
	}
	if n := len(s.Nodes); n > MaxNodes {
		return capError("the scenario has %d nodes; the playground simulates at most %d", n, MaxNodes)
	}
	if n := s.podCount(); n > MaxPods {
		return capError("the scenario has %d pods (Pod manifests plus workload replicas); the playground simulates at most %d", n, MaxPods)
	}
	if n := len(s.Steps); n > MaxSteps {
		return capError("the scenario has %d steps; a timeline may have at most %d", n, MaxSteps)
	}
	for i, st := range s.Steps {
		end := st.At
		if w, err := WaitDuration(st.Run); err == nil && w > 0 {
			end += w
		}
		if st.At > MaxVirtualTime || end > MaxVirtualTime {
			return capError("steps[%d] reaches %s; the playground simulates at most %s (30 days) of virtual time", i, FormatDuration(end), FormatDuration(MaxVirtualTime))
		}
	}
	if s.Until > MaxVirtualTime {
		return capError("until is %s; the playground simulates at most %s (30 days) of virtual time", FormatDuration(s.Until), FormatDuration(MaxVirtualTime))
	}
	return nil
}

// podCount is the number of pods the scenario's manifests lead to: its
// Pods, its Deployments' and ReplicaSets' replicas (a missing replicas
// field is 1, as the API server defaults it) and one pod per node for each
// DaemonSet. A ReplicaSet a Deployment of the file owns is counted twice;
// the cap is an upper bound, not an exact count.
func (s *Scenario) podCount() int64 {
	n := int64(len(s.Pods))
	for _, d := range s.Deployments {
		n += replicas(d.Spec.Replicas)
	}
	for _, rs := range s.ReplicaSets {
		n += replicas(rs.Spec.Replicas)
	}
	n += int64(len(s.DaemonSets)) * int64(len(s.Nodes))
	return n
}

func replicas(r *int32) int64 {
	if r == nil {
		return 1
	}
	if *r < 0 {
		return 0
	}
	return int64(*r)
}

// checkSize is the byte cap, checked before anything is decoded.
func checkSize(data []byte) error {
	if len(data) > MaxScenarioBytes {
		return capError("the scenario is %d bytes; the playground reads at most %d bytes (1 MiB)", len(data), MaxScenarioBytes)
	}
	return nil
}

func capError(format string, args ...any) error {
	return fmt.Errorf("too large: "+format, args...)
}
