package sim

import (
	"fmt"
	"runtime/debug"
)

// DetailBudget bounds the work one run spends on the per-frame detail:
// each pod's Why beyond its summary (a scheduling cycle and the taint ×
// toleration matrix on every node) and the Describe texts of pods and
// nodes. A frame costs nodes × pods plus total node taints × (pods + 1)
// plus nodes + pods (a Describe text each) units; frames are filled in order while the run's total stays within the
// budget, and every later frame gets summaries only (Explanation.Limited,
// Describe "") — as a cluster beyond ExplainLimit does from its first
// frame. Every preset and small scenario stays well inside it (the largest
// preset spends a few thousand units); a scenario with a thousand steps
// on a node that collects a thousand taints would spend about two
// million, which is what made such runs quadratic. The UI gets the detail
// of a Limited frame on demand from Result.Explain and
// Result.DescribeNode, which recompute that one frame.
const DetailBudget = 100000

// detailState is the frame-detail policy of one run.
type detailState struct {
	spent     int
	exhausted bool
	// only, when > 0, restricts detail to frame only-1 (Result.Explain).
	only int
	// pod ("namespace/name") or node, when set with only, restricts that
	// frame's detail further to the one object asked about: affordable at
	// any cluster size, so ExplainLimit does not apply to it.
	pod, node string
	// on: the frame being built gets detail.
	on bool
	// probe, when set with only and pod, is called once with the
	// scheduler's inputs for that pod in that frame (Result.Probe).
	probe ProbeFunc
}

// frameWork is the detail cost of a frame of the cluster as it is now.
func (s *simulator) frameWork() int {
	nodes, pods := len(s.st.Nodes()), len(s.st.Pods())
	taints := 0
	for _, n := range s.st.Nodes() {
		taints += len(n.Spec.Taints)
	}
	return nodes*pods + taints*(pods+1) + nodes + pods
}

// startFrameDetail decides whether the frame with this index gets detail.
func (s *simulator) startFrameDetail(index int) {
	d := &s.detail
	switch {
	case d.only > 0 && (d.pod != "" || d.node != ""):
		d.on = index == d.only-1
	case s.tooLarge():
		d.on = false
	case d.only > 0:
		d.on = index == d.only-1
	case d.exhausted:
		d.on = false
	default:
		w := s.frameWork()
		if d.spent+w > DetailBudget {
			d.exhausted, d.on = true, false
		} else {
			d.spent += w
			d.on = true
		}
	}
}

// detailed reports whether the frame being built gets Why detail and
// Describe texts.
func (s *simulator) detailed() bool { return s.detail.on }

// detailedPod reports whether pod namespace/name of the frame being built
// gets its Why detail and Describe text; detailedNode the same for a node.
func (s *simulator) detailedPod(namespace, name string) bool {
	d := &s.detail
	if !d.on {
		return false
	}
	if d.pod == "" && d.node == "" {
		return true
	}
	return d.pod == namespace+"/"+name
}

func (s *simulator) detailedNode(name string) bool {
	d := &s.detail
	if !d.on {
		return false
	}
	if d.pod == "" && d.node == "" {
		return true
	}
	return d.node == name
}

// rerun simulates the result's scenario again with detail for frame index
// only: for pod ("namespace/name") or node alone when one is given.
func (r *Result) rerun(index int, pod, node string) (res *Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			res, err = nil, fmt.Errorf("simulation failed: %v\n%s", v, debug.Stack())
		}
	}()
	if r == nil || r.scen == nil {
		return nil, fmt.Errorf("no scenario behind this result")
	}
	if index < 0 || index >= len(r.Frames) {
		return nil, fmt.Errorf("frame %d out of range (0..%d)", index, len(r.Frames)-1)
	}
	sm := newSimulator(r.scen)
	sm.detail.only = index + 1
	sm.detail.pod, sm.detail.node = pod, node
	if err := sm.run(); err != nil {
		return nil, err
	}
	if index >= len(sm.frames) {
		return nil, fmt.Errorf("frame %d out of range", index)
	}
	return &Result{Frames: sm.frames}, nil
}

// Explain returns the Why and the Describe text of pod namespace/name in
// frame index, computed even when the frame was left Limited by
// DetailBudget (the scenario is simulated again with detail for that frame
// only, so a call costs about one run without detail).
func (r *Result) Explain(index int, namespace, name string) (*Explanation, string, error) {
	if r != nil && index >= 0 && index < len(r.Frames) {
		for _, p := range r.Frames[index].Pods {
			if p.Namespace == namespace && p.Name == name && p.Why != nil && !p.Why.Limited {
				return p.Why, p.Describe, nil
			}
		}
	}
	full, err := r.rerun(index, namespace+"/"+name, "")
	if err != nil {
		return nil, "", err
	}
	for _, p := range full.Frames[index].Pods {
		if p.Namespace == namespace && p.Name == name {
			return p.Why, p.Describe, nil
		}
	}
	return nil, "", fmt.Errorf("frame %d has no pod %s/%s", index, namespace, name)
}

// DescribeNode returns `kubectl describe node NAME` as of frame index,
// recomputed like Explain when the frame was left without it.
func (r *Result) DescribeNode(index int, name string) (string, error) {
	if r != nil && index >= 0 && index < len(r.Frames) {
		for _, n := range r.Frames[index].Nodes {
			if n.Name == name && n.Describe != "" {
				return n.Describe, nil
			}
		}
	}
	full, err := r.rerun(index, "", name)
	if err != nil {
		return "", err
	}
	for _, n := range full.Frames[index].Nodes {
		if n.Name == name {
			return n.Describe, nil
		}
	}
	return "", fmt.Errorf("frame %d has no node %s", index, name)
}
