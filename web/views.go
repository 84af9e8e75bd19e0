package web

import (
	"fmt"
	"math"
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
	// TolSources is parallel to Tolerations: who added each one ("user",
	// "DefaultTolerationSeconds", "DaemonSet controller",
	// "PodTolerationRestriction"; "" when the simulation did not say).
	TolSources []string
	// Owner is the pod's controller, "ReplicaSet/web-7d4b9c8f6".
	Owner string
	// Countdown is set for a pod with a pending eviction: the fraction of
	// its toleration time left (1 → 0, rounded to thousandths so cards
	// re-render only when the ring visibly moves) and the whole seconds
	// left at the clock's time.
	Countdown   bool
	RingLeft    float64
	SecondsOut  int
	Terminating bool
}

// NewPodView trims a PodState for display.
func NewPodView(p *sim.PodState, selected string) PodView {
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
	v.Owner = p.Owner
	v.Terminating = p.Terminating
	if len(p.TolerationSources) > 0 {
		v.TolSources = make([]string, len(p.Tolerations))
		copy(v.TolSources, p.TolerationSources)
	}
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

// Clock is the virtual time the board is drawn at and when each pending
// eviction deadline was set, for the countdown rings.
type Clock struct {
	Now   float64
	Start func(*sim.PodState) (float64, bool)
}

// Countdown fills v's ring for a pod with a pending eviction at clock c:
// remaining = (EvictAt − now) / (EvictAt − start).
func (c Clock) Countdown(p *sim.PodState, v *PodView) {
	if p.EvictAt == nil || p.Phase == PhaseEvicted {
		return
	}
	at := *p.EvictAt
	start := c.Now
	if c.Start != nil {
		if s, ok := c.Start(p); ok {
			start = s
		}
	}
	left := at - c.Now
	if left < 0 {
		left = 0
	}
	frac := 0.0
	if span := at - start; span > 0 {
		frac = left / span
	}
	if frac > 1 {
		frac = 1
	}
	v.Countdown = true
	v.RingLeft = math.Round(frac*1000) / 1000
	v.SecondsOut = int(math.Ceil(left))
}

// Layout places the pods of f.
func Layout(f *sim.Frame, selected string) BoardLayout {
	return LayoutAt(f, selected, Clock{})
}

// LayoutAt places the pods of f with countdown rings at clock c.
func LayoutAt(f *sim.Frame, selected string, c Clock) BoardLayout {
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
		if c.Start != nil || c.Now != 0 {
			c.Countdown(p, &v)
		}
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
