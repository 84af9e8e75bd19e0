package web

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/taints-playground/playground/core"
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
	// "PodTolerationRestriction", "RuntimeClass <name>"; "" when the
	// simulation did not say).
	TolSources []string
	// Defaults are the pod's default tolerations (DefaultTolerations),
	// left out of Tolerations: the chip shows them as one badge, naming
	// DefaultsBy (who adds them).
	Defaults   []string
	DefaultsBy []string
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
	// Nominated is a pending pod's status.nominatedNodeName: preemption
	// made room for it there.
	Nominated string
	// GraceLeft is a Terminating pod's whole seconds of grace period left
	// at the clock's time (0: over, its kubelet has not confirmed).
	GraceLeft int
	// NotModelled lists, one per line, the fields of the pod's manifest
	// upstream acts on and the playground does not model; "" when none.
	NotModelled string
	// Gates are a pending pod's scheduling gates: the scheduler does not
	// try it until they are removed.
	Gates string
	// StaticNode is, for a static pod's mirror pod, the node whose kubelet
	// runs the static pod ("" for other pods).
	StaticNode string
	// Mirror marks a static pod whose mirror pod the kubelet is
	// replacing (its Terminating is the mirror's, not the pod's).
	Mirror bool
}

// Equal reports whether two chip views draw the same chip (a nil and an
// empty list draw the same).
func (v *PodView) Equal(w *PodView) bool {
	return v.Key == w.Key && v.Name == w.Name && v.Namespace == w.Namespace && v.Phase == w.Phase &&
		slices.Equal(v.Tolerations, w.Tolerations) && v.Note == w.Note && v.Requests == w.Requests &&
		v.Priority == w.Priority && v.Selected == w.Selected && slices.Equal(v.TolSources, w.TolSources) &&
		slices.Equal(v.Defaults, w.Defaults) && slices.Equal(v.DefaultsBy, w.DefaultsBy) && v.Owner == w.Owner &&
		v.Countdown == w.Countdown && v.RingLeft == w.RingLeft && v.SecondsOut == w.SecondsOut &&
		v.Terminating == w.Terminating && v.Nominated == w.Nominated && v.GraceLeft == w.GraceLeft &&
		v.NotModelled == w.NotModelled && v.Gates == w.Gates && v.StaticNode == w.StaticNode && v.Mirror == w.Mirror
}

// equalViews reports whether two lists of chip views draw the same chips.
func equalViews(a, b []PodView) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(&b[i]) {
			return false
		}
	}
	return true
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
	mask, by := DefaultTolerations(p.Tolerations, p.TolerationSources)
	v.DefaultsBy = by
	for i, t := range p.Tolerations {
		if mask != nil && mask[i] {
			v.Defaults = append(v.Defaults, FormatToleration(t))
			continue
		}
		v.Tolerations = append(v.Tolerations, FormatToleration(t))
		if i < len(p.TolerationSources) {
			v.TolSources = append(v.TolSources, p.TolerationSources[i])
		} else if len(p.TolerationSources) > 0 {
			v.TolSources = append(v.TolSources, "")
		}
	}
	var req []string
	for _, r := range ResourceOrder(nil, p.Requests) {
		req = append(req, string(r)+" "+FormatResource(r, p.Requests[r]))
	}
	v.Requests = strings.Join(req, ", ")
	v.Priority = p.Priority
	v.Owner = p.Owner
	v.Terminating = p.Terminating
	if p.Phase == PhasePending {
		v.Nominated = p.NominatedNodeName
	}
	v.NotModelled = GapsText(p.NotModelled)
	if len(p.SchedulingGates) > 0 {
		v.Gates = "[" + strings.Join(p.SchedulingGates, " ") + "]"
	}
	if p.Static {
		v.StaticNode = p.Node
	}
	switch {
	case p.MirrorAt != nil:
		// The static pod runs on; only its mirror is gone for now (the
		// kubelet force-deletes the Terminating mirror when it creates
		// the new one): drawn as running, its status Terminating as
		// kubectl shows the mirror, with no grace period to count.
		v.Phase, v.Mirror = PhaseRunning, true
		v.Note = fmt.Sprintf(Msg.MirrorBack, "t="+FormatSeconds(*p.MirrorAt))
	case p.Phase == PhaseEvicted && p.EvictedAt != nil:
		v.Note = fmt.Sprintf(Msg.EvictedAtLabel, FormatSeconds(*p.EvictedAt))
	case p.EvictAt != nil:
		v.Note = fmt.Sprintf(Msg.EvictsAt, FormatSeconds(*p.EvictAt))
	}
	return v
}

// Pod phases as the simulation reports them.
const (
	PhasePending = "Pending"
	PhaseRunning = "Running"
	PhaseEvicted = "Evicted"
)

// Clock is the virtual time the board is drawn at and when each pending
// eviction deadline was set, for the countdown rings.
type Clock struct {
	Now   float64
	Start func(*sim.PodState) (float64, bool)
}

// Grace fills v's grace period left for a Terminating pod at clock c
// (none when its kubelet is away: nothing ends it when the period does).
func (c Clock) Grace(p *sim.PodState, v *PodView) {
	if p.Terminating && !p.KubeletAway && p.GraceEnd != nil && *p.GraceEnd > c.Now {
		v.GraceLeft = int(math.Ceil(*p.GraceEnd - c.Now))
	}
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

// PodGroups is a frame's pod states by place: on a node, in the Pending
// lane, or in the Evicted lane.
// It depends on the frame only, so the page computes it once per frame and
// trims (NewPodView) only the pods it shows.
type PodGroups struct {
	OnNode  map[string][]*sim.PodState
	Pending []*sim.PodState
	Evicted []*sim.PodState
}

// GroupPods places the pods of f: on a node (by node name), in the Pending
// lane, or in the Evicted lane, each in the frame's pod order.
func GroupPods(f *sim.Frame) PodGroups {
	if f == nil {
		return PodGroups{OnNode: map[string][]*sim.PodState{}}
	}
	// One map lookup per pod: the pods of node i collect in lists[i], and
	// the map is filled once at the end, at its final size.
	index := make(map[string]int, len(f.Nodes))
	for i, n := range f.Nodes {
		if _, dup := index[n.Name]; !dup {
			index[n.Name] = i
		}
	}
	lists := make([][]*sim.PodState, len(f.Nodes))
	var g PodGroups
	placed := 0
	for _, p := range f.Pods {
		// A Terminating pod is still on its node (it holds its share
		// there), and so is a static pod whose mirror the kubelet is
		// re-creating: drawn on the node, not in the Evicted lane.
		if p.Phase == PhaseEvicted && !p.Terminating && p.MirrorAt == nil {
			g.Evicted = append(g.Evicted, p)
			continue
		}
		if p.Node != "" {
			if i, ok := index[p.Node]; ok {
				if lists[i] == nil {
					placed++
				}
				lists[i] = append(lists[i], p)
				continue
			}
		}
		g.Pending = append(g.Pending, p)
	}
	g.OnNode = make(map[string][]*sim.PodState, placed)
	for i, n := range f.Nodes {
		if lists[i] != nil && index[n.Name] == i {
			g.OnNode[n.Name] = lists[i]
		}
	}
	return g
}

// viewsOf trims pods for display, with countdown rings at clock c.
func viewsOf(pods []*sim.PodState, selected string, c Clock) []PodView {
	if len(pods) == 0 {
		return nil
	}
	out := make([]PodView, 0, len(pods))
	for _, p := range pods {
		v := NewPodView(p, selected)
		if c.Start != nil || c.Now != 0 {
			c.Countdown(p, &v)
		}
		c.Grace(p, &v)
		out = append(out, v)
	}
	return out
}

// laneWindow is the first limit pods of a lane, plus the selected pod when
// it comes later, so the selection stays visible.
func laneWindow(pods []*sim.PodState, limit int, selected string) []*sim.PodState {
	if len(pods) <= limit {
		return pods
	}
	out := pods[:limit:limit]
	for _, p := range pods[limit:] {
		if selected != "" && PodKey(p) == selected {
			return append(out, p)
		}
	}
	return out
}

// GapsText lists gaps one per line, "path: why".
func GapsText(gaps []core.Gap) string {
	var b strings.Builder
	for _, g := range gaps {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(g.Path + ": " + g.Why)
	}
	return b.String()
}
