package web

import (
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/fixit"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sim"
)

// fixCache keeps the last "Fix it" reply of a LocalEngine: a Pending pod's
// proposal simulates the run again (sim.Result.Probe), and the page asks
// for the same one with every view of the frame.
type fixCache struct {
	res   *sim.Result
	key   string
	reply *FixReply
}

// fix is the "Fix it" proposal for pod p of frame index (FrameView.Fix).
func (e *LocalEngine) fix(index int, p *sim.PodState, req FixRequest) *FixReply {
	key := strings.Join([]string{strconv.Itoa(index), PodKey(p), req.Node, req.Effect}, "\x00")
	if c := e.fixes; c != nil && c.res == e.res && c.key == key {
		return c.reply
	}
	var r *FixReply
	switch {
	case p.Phase == PhasePending && p.Node == "":
		r = e.fixPending(index, p, req.Node)
	case p.Phase == PhaseRunning && p.Node != "" && !p.Terminating:
		r = e.fixRunning(index, p, req.Effect)
	default:
		return nil
	}
	e.fixes = &fixCache{res: e.res, key: key, reply: r}
	return r
}

// fixPending proposes the tolerations that let a Pending pod run on node
// ("" for the best candidate), and the scenario with them added.
func (e *LocalEngine) fixPending(index int, p *sim.PodState, node string) *FixReply {
	r := &FixReply{Pod: PodKey(p)}
	ns, _, _ := strings.Cut(r.Pod, "/")
	var plan fixit.Plan
	var perr error
	err := e.res.Probe(index, ns, p.Name, func(pod *core.Pod, nodes []*sched.NodeInfo, opts sched.Options) {
		plan, perr = fixit.Propose(pod, nodes, opts, node)
		if perr != nil && node != "" {
			// The node asked for is gone (another run): the best one.
			plan, perr = fixit.Propose(pod, nodes, opts, "")
		}
	})
	if err == nil {
		err = perr
	}
	if err != nil {
		r.Err = err.Error()
		return r
	}
	r.Pending = &plan
	if len(plan.Node.Add) == 0 {
		return r
	}
	r.YAML = fixit.YAML(plan.Node.Add)
	text, target, err := scenario.AddTolerations(e.text, e.filename, scenario.PodRef{Namespace: ns, Name: p.Name, Owner: p.Owner}, plan.Node.Add)
	if err != nil {
		r.TextErr = err.Error()
		return r
	}
	r.Text, r.Target = text, target
	return r
}

// fixRunning proposes a taint that keeps a running pod off its node, and
// what it does to the node's other pods.
func (e *LocalEngine) fixRunning(index int, p *sim.PodState, effect string) *FixReply {
	r := &FixReply{Pod: PodKey(p)}
	f := &e.res.Frames[index]
	var taints []core.Taint
	for _, n := range f.Nodes {
		if n.Name == p.Node {
			taints = n.Taints
		}
	}
	var pods []fixit.PodOnNode
	for _, q := range f.Pods {
		if q.Node == p.Node && q.Phase == PhaseRunning && !q.Terminating {
			pods = append(pods, podOnNode(q))
		}
	}
	if effect == "" {
		effect = string(core.TaintEffectNoExecute)
	}
	gate := false
	if s := e.res.Scenario(); s != nil {
		gate = s.Options.ComparisonOperators()
	}
	plan, err := fixit.KeepOff(podOnNode(p), p.Node, taints, pods, core.TaintEffect(effect), gate)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	r.KeepOff = &plan
	return r
}

func podOnNode(p *sim.PodState) fixit.PodOnNode {
	return fixit.PodOnNode{Pod: PodKey(p), Tolerations: p.Tolerations, Owner: p.Owner, Static: p.Static}
}
