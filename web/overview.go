package web

import (
	"hash/fnv"
	"math"
	"sort"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

// The overview of a large board: one small tile per node, grouped by zone.
// BuildOverview is pure (no go-app, no syscall/js) so the engine can
// compute it wherever the frame lives and send it to the page with
// encoding/gob: per node it holds one mark byte and one utilisation byte;
// the node names travel only when they changed (Overview.NamesKey).

// Zone labels, in the order the overview reads them.
const (
	LabelZone     = "topology.kubernetes.io/zone"
	LabelZoneBeta = "failure-domain.beta.kubernetes.io/zone"
)

// Tile marks: the bits of Overview.Marks.
const (
	MarkNoSchedule       byte = 1 << iota // a NoSchedule taint
	MarkPreferNoSchedule                  // a PreferNoSchedule taint
	MarkNoExecute                         // a NoExecute taint
	MarkNotReady                          // Ready=False
	MarkUnreachable                       // Ready=Unknown (the kubelet stopped posting)
	MarkPressure                          // another condition True (memory, disk, PID pressure, network unavailable)
	MarkCordoned                          // spec.unschedulable
	MarkOver                              // cpu or memory requested beyond allocatable
)

// UtilUnknown is a tile's Util when the node reports neither cpu nor
// memory allocatable and nothing is requested.
const UtilUnknown byte = 255

// Overview is what the overview map shows of a frame. Tiles are in display
// order: zone by zone (Zones, sorted by name, the nodes without a zone
// last), each zone's nodes in the frame's order.
type Overview struct {
	// Zones are the groups of tiles: Zones[i] covers tiles
	// [Zones[i].Start, Zones[i].Start+Zones[i].Count).
	Zones []OverviewZone
	// Marks[i] is tile i's Mark* bits; Util[i] its utilisation, the
	// larger of requested cpu and memory over allocatable in percent
	// (0–100, Percent's rounding as the node card's bars), or
	// UtilUnknown.
	Marks []byte
	Util  []byte
	// Names[i] is tile i's node name. NamesKey identifies Names (a hash of
	// the names in display order): a sender may drop Names when the
	// receiver already holds the same key (WithoutNames, KeepNames).
	Names    []string
	NamesKey uint64
}

// OverviewZone is one zone's run of tiles and how many of them carry each
// kind of mark, for the group's heading.
type OverviewZone struct {
	// Name is the zone label's value; "" for the nodes without one.
	Name         string
	Start, Count int
	Tainted      int // a NoSchedule or NoExecute taint
	Unhealthy    int // not Ready or unreachable
	Cordoned     int
}

// Len is the number of tiles.
func (o *Overview) Len() int { return len(o.Marks) }

// WithoutNames is o without its names, for a receiver that holds o's
// NamesKey already.
func (o Overview) WithoutNames() Overview {
	o.Names = nil
	return o
}

// KeepNames fills o's names from prev when o came without them and prev
// has the same NamesKey. It reports whether o has its names.
func (o *Overview) KeepNames(prev *Overview) bool {
	if len(o.Names) == len(o.Marks) {
		return true
	}
	if prev == nil || prev.NamesKey != o.NamesKey || len(prev.Names) != len(o.Marks) {
		return false
	}
	o.Names = prev.Names
	return true
}

// NodeZone is the zone the overview groups a node in: its
// topology.kubernetes.io/zone label, else the deprecated
// failure-domain.beta.kubernetes.io/zone, else "" (no zone).
func NodeZone(labels map[string]string) string {
	if z, ok := labels[LabelZone]; ok {
		return z
	}
	return labels[LabelZoneBeta]
}

// BuildOverview computes the overview of every node of f.
func BuildOverview(f *sim.Frame) Overview {
	var o Overview
	if f == nil || len(f.Nodes) == 0 {
		return o
	}
	byZone := map[string][]int{}
	for i, n := range f.Nodes {
		if n == nil {
			continue
		}
		z := NodeZone(n.Labels)
		byZone[z] = append(byZone[z], i)
	}
	names := make([]string, 0, len(byZone))
	for z := range byZone {
		names = append(names, z)
	}
	sort.Slice(names, func(i, j int) bool {
		if (names[i] == "") != (names[j] == "") {
			return names[j] == ""
		}
		return names[i] < names[j]
	})
	total := len(f.Nodes)
	o.Marks = make([]byte, 0, total)
	o.Util = make([]byte, 0, total)
	o.Names = make([]string, 0, total)
	h := fnv.New64a()
	for _, z := range names {
		zone := OverviewZone{Name: z, Start: len(o.Marks)}
		for _, i := range byZone[z] {
			n := f.Nodes[i]
			m := TileMarks(n)
			o.Marks = append(o.Marks, m)
			o.Util = append(o.Util, TileUtil(n))
			o.Names = append(o.Names, n.Name)
			_, _ = h.Write([]byte(n.Name))
			_, _ = h.Write([]byte{0})
			zone.Count++
			if m&(MarkNoSchedule|MarkNoExecute) != 0 {
				zone.Tainted++
			}
			if m&(MarkNotReady|MarkUnreachable) != 0 {
				zone.Unhealthy++
			}
			if m&MarkCordoned != 0 {
				zone.Cordoned++
			}
		}
		o.Zones = append(o.Zones, zone)
	}
	o.NamesKey = h.Sum64()
	return o
}

// TileMarks is a node's Mark* bits. Conditions count as the node card's
// badges do (nodeBadges): Ready not True, any other condition True.
func TileMarks(n *sim.NodeState) byte {
	var m byte
	for _, t := range n.Taints {
		switch t.Effect {
		case core.TaintEffectNoSchedule:
			m |= MarkNoSchedule
		case core.TaintEffectPreferNoSchedule:
			m |= MarkPreferNoSchedule
		case core.TaintEffectNoExecute:
			m |= MarkNoExecute
		}
	}
	for _, c := range n.Conditions {
		switch {
		case c.Type == core.NodeReady && c.Status == core.ConditionUnknown:
			m |= MarkUnreachable
		case c.Type == core.NodeReady && c.Status != core.ConditionTrue:
			m |= MarkNotReady
		case c.Type != core.NodeReady && c.Status == core.ConditionTrue:
			m |= MarkPressure
		}
	}
	if n.Unschedulable {
		m |= MarkCordoned
	}
	for _, r := range []core.ResourceName{core.ResourceCPU, core.ResourceMemory} {
		if _, over := Percent(n.Requested[r], n.Allocatable[r]); over {
			m |= MarkOver
		}
	}
	return m
}

// TileUtil is a node's utilisation for its tile: the larger of its cpu and
// memory bars (Percent of requested over allocatable, as renderBars draws
// them), rounded to whole percent; UtilUnknown when the node has neither.
func TileUtil(n *sim.NodeState) byte {
	best, known := 0.0, false
	for _, r := range []core.ResourceName{core.ResourceCPU, core.ResourceMemory} {
		_, hasA := n.Allocatable[r]
		_, hasR := n.Requested[r]
		if !hasA && !hasR {
			continue
		}
		known = true
		if pct, _ := Percent(n.Requested[r], n.Allocatable[r]); pct > best {
			best = pct
		}
	}
	if !known {
		return UtilUnknown
	}
	return byte(math.Round(best))
}

// Node filter forms the overview sets (NodeMatches understands them). Node
// names, label keys and values and taints cannot hold a double quote, so
// neither form is ever a substring of what the plain filter searches.
//
//	"NAME"        the node named exactly NAME
//	zone="ZONE"   the nodes whose NodeZone is exactly ZONE (zone="" : none)
const zoneFilterPrefix = `zone="`

// ExactNodeFilter is the filter that shows exactly the node named name.
func ExactNodeFilter(name string) string { return `"` + name + `"` }

// ZoneFilter is the filter that shows exactly the nodes of zone ("" for
// the nodes without a zone).
func ZoneFilter(zone string) string { return zoneFilterPrefix + zone + `"` }

// exactFilter parses the overview's filter forms: kind is 'n' (a node
// name), 'z' (a zone) or 0 for a plain substring filter.
func exactFilter(filter string) (kind byte, value string) {
	f := strings.TrimSpace(filter)
	if len(f) < 2 || f[len(f)-1] != '"' {
		return 0, ""
	}
	if rest, ok := strings.CutPrefix(f, zoneFilterPrefix); ok && rest != "" {
		return 'z', rest[:len(rest)-1]
	}
	if f[0] == '"' {
		return 'n', f[1 : len(f)-1]
	}
	return 0, ""
}
