package web

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/sim"
)

// PodView is what a pod chip shows: a trimmed PodState, so that a node
// card re-renders only when something visible on it changed.
type PodView struct {
	Key         string
	Name        string
	Namespace   string
	Phase       string
	Tolerations []string
	Note        string
	Requests    string
	Priority    int32
	Selected    bool
}

// NewPodView trims a PodState for display.
func NewPodView(p sim.PodState, selected string) PodView {
	v := PodView{
		Key:       PodKey(p),
		Name:      p.Name,
		Namespace: p.Namespace,
		Phase:     p.Phase,
		Selected:  PodKey(p) == selected,
	}
	for _, t := range p.Tolerations {
		v.Tolerations = append(v.Tolerations, FormatToleration(t))
	}
	var req []string
	for _, r := range ResourceOrder(nil, p.Requests) {
		req = append(req, string(r)+" "+FormatResource(r, p.Requests[r]))
	}
	v.Requests = strings.Join(req, ", ")
	v.Priority = p.Priority
	switch {
	case p.Phase == PhaseEvicted && p.EvictedAt != nil:
		v.Note = fmt.Sprintf(English.EvictedAtLabel, FormatSeconds(*p.EvictedAt))
	case p.EvictAt != nil:
		v.Note = fmt.Sprintf(English.EvictsAt, FormatSeconds(*p.EvictAt))
	}
	return v
}

// Pod phases as the simulation reports them.
const (
	PhasePending = "Pending"
	PhaseRunning = "Running"
	PhaseEvicted = "Evicted"
)

// BoardLayout splits a frame's pods into the places the board shows them:
// on a node (by node name), in the Pending lane, or in the Evicted lane.
// The order inside each place is the frame's pod order, so DOM order stays
// stable from frame to frame.
type BoardLayout struct {
	OnNode  map[string][]PodView
	Pending []PodView
	Evicted []PodView
}

// Layout places the pods of f.
func Layout(f *sim.Frame, selected string) BoardLayout {
	b := BoardLayout{OnNode: map[string][]PodView{}}
	if f == nil {
		return b
	}
	nodes := map[string]bool{}
	for _, n := range f.Nodes {
		nodes[n.Name] = true
	}
	for _, p := range f.Pods {
		v := NewPodView(p, selected)
		switch {
		case p.Phase == PhaseEvicted:
			b.Evicted = append(b.Evicted, v)
		case p.Node != "" && nodes[p.Node]:
			b.OnNode[p.Node] = append(b.OnNode[p.Node], v)
		default:
			b.Pending = append(b.Pending, v)
		}
	}
	return b
}
