package web

import (
	"reflect"

	"github.com/taints-playground/playground/core/sim"
)

// A step changes a few node cards of a large board: the engine sends only
// those. Every node card and lane window of a FrameView has a key
// (FrameView.Keys, by its place on the board); the page sends back the
// keys of the board it holds (ViewQuery.Held), and the engine leaves out
// each card or window whose key is the same (FrameView.Kept). Keep puts
// them back from the board the page holds, so that everything after it
// sees whole views, and the unchanged cards keep their very node and pod
// values: the page re-renders nothing for them.

// Places of the board's pod lists: a node card by its node's name, and the
// two lanes.
const (
	PlacePending = "lane:pending"
	PlaceEvicted = "lane:evicted"
)

// NodePlace is the place of the node card of the node named name.
func NodePlace(name string) string { return "node:" + name }

// placeKey hashes what a card or lane window holds. The simulator shares a
// node's or pod's state between frames while it is unchanged (sim.Frame),
// so the states' identities stand for their contents; seed tells apart
// engines and their runs (a state's address may be reused by a later
// run).
type placeKey uint64

func newPlaceKey(seed uint64) placeKey { return placeKey(mix64(seed)) }

// add mixes one state's identity (nil is 0) into the key.
func (k *placeKey) add(state any) {
	var id uint64
	if v := reflect.ValueOf(state); v.Kind() == reflect.Pointer && !v.IsNil() {
		id = uint64(v.Pointer())
	}
	*k = placeKey(mix64(uint64(*k)*0x9e3779b97f4a7c15 ^ id))
}

func (k *placeKey) addPods(pods []*sim.PodState) {
	k.add(nil) // the list's start: a card with no pods differs from none
	for _, p := range pods {
		k.add(p)
	}
}

// mix64 is splitmix64's finaliser.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// namesKey identifies a list of node names.
func namesKey(seed uint64, names []string) uint64 {
	k := mix64(seed ^ uint64(len(names)))
	for _, n := range names {
		for i := 0; i < len(n); i++ {
			k = (k ^ uint64(n[i])) * 0x100000001b3
		}
		k = mix64(k ^ 0xff)
	}
	return k
}

// Keep puts back what v left out because the query held it (Kept, node
// names), from prev, the board the page holds. It reports false when prev
// does not hold that (a later query was answered first): the page then
// asks again without Held.
func (v *FrameView) Keep(prev *FrameView) bool {
	namesLeft := len(v.NodeNames) == 0 && v.NodeNamesKey != 0
	if len(v.Kept) == 0 && !namesLeft && (v.Cards == nil || len(v.Cards) == len(v.Nodes)) {
		return true
	}
	if prev == nil {
		return false
	}
	if namesLeft {
		if prev.NodeNamesKey != v.NodeNamesKey {
			return false
		}
		v.NodeNames = prev.NodeNames
	}
	kept := make(map[string]bool, len(v.Kept))
	for _, place := range v.Kept {
		if v.Keys[place] == 0 || prev.Keys[place] != v.Keys[place] {
			return false
		}
		kept[place] = true
	}
	if kept[PlacePending] {
		v.Pending = prev.Pending
	}
	if kept[PlaceEvicted] {
		v.Evicted = prev.Evicted
	}
	return v.keepCards(prev, kept)
}

// keepCards rebuilds Nodes in Cards' order from the nodes sent (in that
// order) and, for the cards left out, prev's.
func (v *FrameView) keepCards(prev *FrameView, kept map[string]bool) bool {
	if len(v.Cards) == len(v.Nodes) {
		return true // no card left out
	}
	held := make(map[string]*sim.NodeState, len(prev.Nodes))
	for _, n := range prev.Nodes {
		if _, dup := held[n.Name]; !dup {
			held[n.Name] = n
		}
	}
	nodes := make([]*sim.NodeState, 0, len(v.Cards))
	sent := v.Nodes
	for _, name := range v.Cards {
		if len(sent) > 0 && sent[0].Name == name {
			nodes, sent = append(nodes, sent[0]), sent[1:]
			continue
		}
		n := held[name]
		if !kept[NodePlace(name)] || n == nil {
			return false
		}
		if pods := prev.OnNode[name]; len(pods) > 0 {
			if v.OnNode == nil {
				v.OnNode = map[string][]*sim.PodState{}
			}
			v.OnNode[name] = pods
		}
		nodes = append(nodes, n)
	}
	if len(sent) > 0 {
		return false
	}
	v.Nodes = nodes
	return true
}
