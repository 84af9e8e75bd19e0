package kubectl

import "github.com/taints-playground/playground/core"

// Nodes is the node store kubectl commands read and write: the simulated
// cluster implements it for step commands and the console; tests use a
// fake that records writes.
type Nodes interface {
	// List returns every node, sorted by name (as the API server lists them).
	List() []*core.Node
	// Get returns the node called name.
	Get(name string) (*core.Node, bool)
	// Update stores n (a modified copy of a node) as one write (PATCH).
	Update(n *core.Node) error
}
