package imagelocality

import "github.com/taints-playground/playground/core"

// Index counts, for each image name, the nodes that list it in
// status.images (upstream's imageExistenceMap / ImageStateSummary.NumNodes).
// A node listing a name twice counts once. Add and Remove keep it up to
// date as nodes come and go; the zero value is empty.
type Index struct {
	names map[string]*indexEntry
	// stamp tells the names already counted for the node being added or
	// removed.
	stamp uint64
}

type indexEntry struct {
	nodes int
	stamp uint64
}

// NumNodes returns the number of nodes added that list name.
func (x *Index) NumNodes(name string) int {
	if x == nil || x.names == nil {
		return 0
	}
	if e := x.names[name]; e != nil {
		return e.nodes
	}
	return 0
}

// Add counts the image names of node (nil is ignored).
func (x *Index) Add(node *core.Node) { x.update(node, 1) }

// Remove uncounts the image names of node, which must have been added.
func (x *Index) Remove(node *core.Node) { x.update(node, -1) }

// Reset empties the index.
func (x *Index) Reset() { clear(x.names) }

func (x *Index) update(node *core.Node, delta int) {
	if node == nil || len(node.Status.Images) == 0 {
		return
	}
	if x.names == nil {
		x.names = map[string]*indexEntry{}
	}
	x.stamp++
	for i := range node.Status.Images {
		for _, name := range node.Status.Images[i].Names {
			e := x.names[name]
			if e == nil {
				e = &indexEntry{}
				x.names[name] = e
			}
			if e.stamp == x.stamp {
				continue
			}
			e.stamp = x.stamp
			e.nodes += delta
			if e.nodes <= 0 {
				delete(x.names, name)
			}
		}
	}
}
