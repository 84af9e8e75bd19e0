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
	// MaxFrameSlots is the most node and pod states a run's frames may
	// hold in all: the sum over frames of nodes + pods on the board. Frames
	// share the states of unchanged objects, but each slot is still a
	// pointer (8 bytes), and frames made by timers (evictions, the
	// scheduling queue's retries, node-monitor passes) are not bounded by
	// the steps: 25 million slots are 200 MB. The 500-node, 2,000-pod
	// one-hour storm of bench.Storm needs about 10 million.
	MaxFrameSlots = 25_000_000
	// MaxFrameStates is the most node and pod states a run may build: one
	// for every object in the first frame and one for every object that
	// changed in a later frame (a state without detail is about 1 KB, so
	// 500,000 are about 500 MB). The storm above builds about 25,000.
	MaxFrameStates = 500_000
)

// CheckFrames is the cap on what a run records, checked by the simulator
// as frames are made (timers make frames no step accounts for, so Parse
// cannot know the count in advance): frames frames holding slots node
// and pod states in all, of which built were built (the others are
// shared with the frame before), by virtual time at. It returns an error
// in the style of the other caps once MaxFrameSlots or MaxFrameStates is
// exceeded.
func CheckFrames(frames, slots, built int, at time.Duration) error {
	if slots > MaxFrameSlots {
		return capError("by virtual time %s the timeline has %d frames holding %d node and pod states (each frame counts every node and pod on the board); the playground keeps at most %d, so that the page cannot run out of memory: simulate less virtual time (until), fewer nodes or pods, or fewer steps", FormatDuration(at), frames, slots, MaxFrameSlots)
	}
	if built > MaxFrameStates {
		return capError("by virtual time %s the timeline's %d frames need %d new node and pod states (one per object in the first frame and per object that changed after it); the playground keeps at most %d, so that the page cannot run out of memory: simulate less virtual time (until), fewer nodes or pods, or fewer steps", FormatDuration(at), frames, built, MaxFrameStates)
	}
	return nil
}

// CheckLivePods is MaxPods checked while a run goes on: steps (kubectl
// scale, apply, run) and controllers can create pods the file does not
// declare. n is the number of pods that exist at virtual time at; it
// returns an error in the style of the other caps once n exceeds MaxPods.
func CheckLivePods(n int, at time.Duration) error {
	if n > MaxPods {
		return capError("by virtual time %s the cluster has %d pods (Pod manifests, workload replicas and the pods steps and controllers created); the playground simulates at most %d pods at once: lower the replicas of the scale and apply steps", FormatDuration(at), n, MaxPods)
	}
	return nil
}

// CheckReplicas refuses a replica count over MaxPods for a step that sets
// one (kubectl scale --replicas, a Deployment or ReplicaSet applied by a
// step), before any pod is created.
func CheckReplicas(replicas int64) error {
	if replicas > MaxPods {
		return capError("%d replicas; the playground simulates at most %d pods", replicas, MaxPods)
	}
	return nil
}

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
