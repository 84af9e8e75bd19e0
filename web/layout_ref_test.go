package web

import "github.com/taints-playground/playground/core/sim"

// The whole frame placed and trimmed at once: the reference the tests
// compare the engine's windowed board views with.

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
	return LayoutAt(f, selected, Clock{})
}

// LayoutAt places the pods of f with countdown rings at clock c.
func LayoutAt(f *sim.Frame, selected string, c Clock) BoardLayout {
	g := GroupPods(f)
	b := BoardLayout{OnNode: make(map[string][]PodView, len(g.OnNode))}
	for name, pods := range g.OnNode {
		b.OnNode[name] = viewsOf(pods, selected, c)
	}
	b.Pending = viewsOf(g.Pending, selected, c)
	b.Evicted = viewsOf(g.Evicted, selected, c)
	return b
}
