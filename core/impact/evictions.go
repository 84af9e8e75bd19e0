package impact

import (
	"slices"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

// staticNote is added to a mirror pod's reason.
const staticNote = "; a static pod's mirror: the kubelet keeps running the static pod and creates a new mirror pod, which is deleted again"

// evictions lists the pods b evicts that a does not (or at another
// time), explained with the decision on the node's taints after the
// command, then the pods on the changed nodes that tolerate its
// NoExecute taints for ever.
func evictions(im *Impact, a, b *runAfter, before *sim.Frame, gate bool) {
	onBoard := map[string]*sim.PodState{}
	deleting := map[string]bool{}
	for _, p := range before.Pods {
		key := p.Namespace + "/" + p.Name
		switch {
		case p.Terminating:
			deleting[key] = true
		case p.Phase == sim.PhaseRunning:
			onBoard[key] = p
		}
	}
	at := seconds(im.At)
	for _, pod := range b.evictList {
		when := b.evicted[pod]
		other, ok := a.evicted[pod]
		if ok && other == when || deleting[pod] {
			// A pod already Terminating at the command's time was deleted
			// before it: the controller marks it again (processPodOnNode
			// sees every pod still bound, emitPodDeletionEvent logs each
			// delete), but the command changes nothing for it.
			continue
		}
		p, now := onBoard[pod], at
		if p == nil {
			if p = b.pods[pod]; p == nil {
				continue
			}
			if bb, bound := b.bound[pod]; bound {
				now = seconds(bb.at)
			}
		}
		d := decide(now, p, taintsOf(im, b.last, p.Node), gate)
		e := Eviction{Pod: pod, Node: p.Node, Owner: p.Owner, At: when, Toleration: d.toleration, Taint: d.taint, Reason: d.reason, Static: p.Static}
		if d.toleration != nil {
			e.TolerationSeconds = d.toleration.TolerationSeconds
		}
		if e.Reason == "" {
			e.Reason = "evicted by the taint-eviction controller"
		}
		if e.Static {
			e.Reason += staticNote
		}
		if ok {
			e.Otherwise = ptr(other)
		}
		im.Evicted = append(im.Evicted, e)
	}
	never(im, b, before, gate)
}

// never appends the pods running on a node whose NoExecute taints the
// command changes that tolerate them for ever.
func never(im *Impact, b *runAfter, before *sim.Frame, gate bool) {
	at := seconds(im.At)
	for _, c := range im.Nodes {
		if noExecute(c.Before) == noExecute(c.After) {
			continue
		}
		for _, p := range before.Pods {
			key := p.Namespace + "/" + p.Name
			if p.Node != c.Node || p.Phase != sim.PhaseRunning || p.Terminating {
				continue
			}
			if _, gone := b.evicted[key]; gone {
				continue
			}
			d := decide(at, p, c.After, gate)
			if !d.never {
				continue
			}
			im.Evicted = append(im.Evicted, Eviction{Pod: key, Node: p.Node, Owner: p.Owner, Never: true,
				Toleration: d.toleration, Taint: d.taint, Reason: d.reason, Static: p.Static})
		}
	}
}

// taintsOf is the node's taints after the command: the command's result
// for a node it changes, else the node at the horizon.
func taintsOf(im *Impact, last *sim.Frame, node string) []core.Taint {
	for _, c := range im.Nodes {
		if c.Node == node {
			return c.After
		}
	}
	for _, n := range last.Nodes {
		if n.Name == node {
			return n.Taints
		}
	}
	return nil
}

// noExecute is the NoExecute taints of a list, for comparison.
func noExecute(taints []core.Taint) string {
	var out []string
	for _, t := range taints {
		if t.Effect == core.TaintEffectNoExecute {
			out = append(out, t.ToString())
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}
