package impact

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/daemonset"
	"github.com/taints-playground/playground/core/controllers/replicaset"
	"github.com/taints-playground/playground/core/controllers/tainteviction"
	"github.com/taints-playground/playground/core/sim"
)

// runAfter is what one run did after the common prefix of the two runs'
// events: the first TaintManagerEviction marking and the first Scheduled
// binding of each pod, and the pods created, in event order.
type runAfter struct {
	evicted   map[string]float64
	evictList []string
	bound     map[string]binding
	boundList []string
	created   []creation
	last      *sim.Frame
	pods      map[string]*sim.PodState // every pod of any frame, last seen
}

type binding struct {
	node string
	at   float64
}

type creation struct {
	pod, owner string
	at         float64
	ev         core.Event
}

// commonPrefix is how many events the two runs share from the start.
func commonPrefix(a, b []core.Event) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// collect reads the run's events from index from on.
func collect(r *sim.Result, from int) *runAfter {
	ra := &runAfter{evicted: map[string]float64{}, bound: map[string]binding{}, last: &r.Frames[len(r.Frames)-1], pods: map[string]*sim.PodState{}}
	for i := range r.Frames {
		for _, p := range r.Frames[i].Pods {
			ra.pods[p.Namespace+"/"+p.Name] = p
		}
	}
	for _, e := range r.Events[from:] {
		switch {
		case e.Reason == tainteviction.EventReason && strings.HasPrefix(e.Message, "Marking for deletion Pod "):
			pod := strings.TrimPrefix(e.Message, "Marking for deletion Pod ")
			if _, seen := ra.evicted[pod]; !seen {
				ra.evicted[pod] = e.At
				ra.evictList = append(ra.evictList, pod)
			}
		case e.Reason == sim.ReasonScheduled:
			pod := strings.TrimPrefix(e.Object, "pod/")
			if _, seen := ra.bound[pod]; !seen {
				_, node, _ := strings.Cut(e.Message, " to ")
				ra.bound[pod] = binding{node: node, at: e.At}
				ra.boundList = append(ra.boundList, pod)
			}
		case e.Reason == replicaset.ReasonSuccessfulCreate || e.Reason == daemonset.ReasonSuccessfulCreate:
			ra.created = append(ra.created, creationOf(e))
		}
	}
	return ra
}

// creationOf reads a SuccessfulCreate event: object
// "replicaset/NS/NAME", message "Created pod: POD".
func creationOf(e core.Event) creation {
	kind, rest, _ := strings.Cut(e.Object, "/")
	ns, name, _ := strings.Cut(rest, "/")
	owner := "ReplicaSet/" + name
	if kind == "daemonset" {
		owner = "DaemonSet/" + name
	}
	return creation{pod: ns + "/" + strings.TrimPrefix(e.Message, "Created pod: "), owner: owner, at: e.At, ev: e}
}

// compare fills im with the differences between the run without the step
// (base) and with it (with); before is the board the step changes.
func compare(im *Impact, base, with *sim.Result, before *sim.Frame, gate bool) {
	n := commonPrefix(base.Events, with.Events)
	a, b := collect(base, n), collect(with, n)
	recreated := recreations(a, b)
	evictions(im, a, b, before, gate)
	for _, pod := range a.evictList {
		if _, ok := b.evicted[pod]; !ok {
			node := ""
			if p := a.pods[pod]; p != nil {
				node = p.Node
			}
			im.Spared = append(im.Spared, Spared{Pod: pod, Node: node, Otherwise: a.evicted[pod]})
		}
	}
	isNew := map[string]bool{}
	for _, c := range recreated {
		isNew[c.pod] = true
	}
	for _, pod := range b.boundList {
		bb := b.bound[pod]
		ab, ok := a.bound[pod]
		if isNew[pod] || (ok && ab == bb) {
			continue
		}
		s := Scheduling{Pod: pod, Node: bb.node, At: bb.at}
		if ok {
			s.Otherwise, s.OtherwiseNode = ptr(ab.at), ab.node
		}
		im.Scheduled = append(im.Scheduled, s)
	}
	pending(im, a, b, before)
	replacements(im, b, recreated)
	daemonNotes(im)
}

// daemonNote is added to an evicted DaemonSet pod that gets no new pod on
// its node.
const daemonNote = "; the DaemonSet controller creates no new pod on %s while it does not tolerate the taint (upstream nodeShouldRunDaemonPod)"

// daemonNotes marks the evicted DaemonSet pods whose DaemonSet creates no
// pod on their node by the horizon.
func daemonNotes(im *Impact) {
	for i := range im.Evicted {
		e := &im.Evicted[i]
		if e.Never || !strings.HasPrefix(e.Owner, "DaemonSet/") {
			continue
		}
		back := false
		for _, r := range im.Recreated {
			back = back || (r.Owner == e.Owner && r.Node == e.Node)
		}
		if !back {
			e.Reason += fmt.Sprintf(daemonNote, e.Node)
		}
	}
}

// recreations are the creations of b that a does not have (same owner,
// pod name and time), in b's order.
func recreations(a, b *runAfter) []creation {
	left := map[core.Event]int{}
	for _, c := range a.created {
		left[c.ev]++
	}
	var out []creation
	for _, c := range b.created {
		if left[c.ev] > 0 {
			left[c.ev]--
			continue
		}
		out = append(out, c)
	}
	return out
}

// pending lists the pods Pending on the board at the step still Pending
// at the horizon, then those bound without the command and not with it.
func pending(im *Impact, a, b *runAfter, before *sim.Frame) {
	listed := map[string]bool{}
	for _, p := range before.Pods {
		key := p.Namespace + "/" + p.Name
		if p.Phase != sim.PhasePending {
			continue
		}
		if _, bound := b.bound[key]; bound {
			continue
		}
		if q := b.pods[key]; q != nil && q.Phase == sim.PhasePending {
			_, wouldBind := a.bound[key]
			im.StillPending = append(im.StillPending, Pending{Pod: key, Reason: q.FailedSchedulingMessage, Blocked: wouldBind})
			listed[key] = true
		}
	}
	for _, key := range a.boundList {
		if _, bound := b.bound[key]; bound || listed[key] {
			continue
		}
		if q := b.pods[key]; q != nil && q.Phase == sim.PhasePending {
			im.StillPending = append(im.StillPending, Pending{Pod: key, Reason: q.FailedSchedulingMessage, Blocked: true})
		}
	}
}

// replacements lists the new pods with where they are at the horizon and
// the evicted pod of the same owner each stands in for, in order.
func replacements(im *Impact, b *runAfter, created []creation) {
	used := map[int]bool{}
	for _, c := range created {
		r := Replacement{Pod: c.pod, Owner: c.owner, At: c.at}
		if q := b.pods[c.pod]; q != nil {
			if q.Phase == sim.PhasePending {
				r.Reason = q.FailedSchedulingMessage
			}
		}
		if bb, ok := b.bound[c.pod]; ok {
			r.Node = bb.node
		}
		for i, e := range im.Evicted {
			if !used[i] && !e.Never && ownerMatches(e.Owner, c.owner) && e.At <= c.at {
				used[i] = true
				r.Replaces = e.Pod
				break
			}
		}
		im.Recreated = append(im.Recreated, r)
	}
}

// ownerMatches reports whether an evicted pod's owner is the creating
// controller (PodState.Owner is "ReplicaSet/NAME" or "DaemonSet/NAME").
func ownerMatches(podOwner, creator string) bool { return podOwner == creator }

func ptr[T any](v T) *T { return &v }
