package impact

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/sim"
)

// NodeChange is one node the command changes: its taints before and after.
type NodeChange struct {
	Node   string       `json:"node"`
	Before []core.Taint `json:"before"`
	After  []core.Taint `json:"after"`
}

// checkCommand reports whether command is a `kubectl taint` command line
// and returns its words after "kubectl taint". The error names the field
// (command) and the rule.
func checkCommand(command string) ([]string, error) {
	words, err := kubectl.Split(command)
	if err != nil {
		return nil, fmt.Errorf("command: %v", err)
	}
	if len(words) < 2 || words[0] != "kubectl" || words[1] != "taint" {
		got := strings.Join(words, " ")
		if len(words) > 2 {
			got = strings.Join(words[:2], " ")
		}
		return nil, fmt.Errorf("command: only `kubectl taint nodes NODE|-l SELECTOR KEY[=VALUE]:EFFECT[-]` can be previewed, got %q", got)
	}
	return words[2:], nil
}

// frameNodes is kubectl.Nodes over one frame's nodes: Update records the
// written node instead of changing the frame.
type frameNodes struct {
	nodes   []*core.Node
	written map[string]*core.Node
}

func newFrameNodes(f *sim.Frame) *frameNodes {
	fn := &frameNodes{written: map[string]*core.Node{}}
	for _, n := range f.Nodes {
		c := &core.Node{}
		c.Name = n.Name
		c.Labels = maps.Clone(n.Labels)
		c.Spec.Taints = slices.Clone(n.Taints)
		c.Spec.Unschedulable = n.Unschedulable
		fn.nodes = append(fn.nodes, c)
	}
	slices.SortFunc(fn.nodes, func(a, b *core.Node) int { return strings.Compare(a.Name, b.Name) })
	return fn
}

func (f *frameNodes) List() []*core.Node { return f.nodes }

func (f *frameNodes) Get(name string) (*core.Node, bool) {
	for _, n := range f.nodes {
		if n.Name == name {
			return n, true
		}
	}
	return nil, false
}

func (f *frameNodes) Update(n *core.Node) error {
	f.written[n.Name] = n
	return nil
}

// dryTaint runs the command with kubectl's own parser and rules
// (core/kubectl Taint: ParseTaints, Validate, ReorganizeTaints) against
// the nodes of frame f, writing nothing, and returns the nodes it would
// change (by name) and what kubectl prints. kubectl's error (an invalid
// taint spec, a node not found, a taint already there without
// --overwrite) comes back naming the command when no node would change;
// when some nodes change and others fail (kubectl visits every selected
// node and goes on after a failing one, upstream RunTaint's Visit over a
// flattened list), the error text is returned as warning instead, as the
// step would change those nodes.
func dryTaint(f *sim.Frame, at float64, command string) (changes []NodeChange, out, warning string, err error) {
	args, err := checkCommand(command)
	if err != nil {
		return nil, "", "", err
	}
	nodes := newFrameNodes(f)
	out, kerr := kubectl.Taint(nodes, args)
	for _, n := range nodes.nodes {
		if w, ok := nodes.written[n.Name]; ok {
			changes = append(changes, NodeChange{Node: n.Name, Before: n.Spec.Taints, After: w.Spec.Taints})
		}
	}
	if kerr != nil {
		if len(changes) == 0 {
			return nil, out, "", fmt.Errorf("command: %s", strings.TrimSpace(kerr.Error()))
		}
		warning = strings.TrimSpace(kerr.Error())
	}
	if len(changes) == 0 {
		return nil, out, "", fmt.Errorf("command: selects no node to change at t=%gs", at)
	}
	return changes, out, warning, nil
}
