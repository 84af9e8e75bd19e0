package web

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/fixit"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// roundTrip encodes and decodes one message and requires it back equal.
func roundTrip(t *testing.T, id int, op string, payload any) {
	t.Helper()
	b, err := EncodeMessage(id, op, payload)
	require.NoError(t, err)
	m, err := DecodeMessage(b)
	require.NoError(t, err)
	require.Equal(t, Message{ID: id, Op: op, Payload: payload}, m)
}

// TestWireRoundTripPresets runs every preset and lesson with the real
// simulator and sends its progress, its run reply and every frame's view
// (LocalEngine's, with the first pod selected) across.
func TestWireRoundTripPresets(t *testing.T) {
	all := append(presets.List(), presets.Lessons()...)
	for _, p := range all {
		t.Run(p.Name, func(t *testing.T) {
			var progress []Progress
			e := NewLocalEngine(Config{Simulate: realSimulate})
			var reply RunReply
			e.Run(RunRequest{Gen: 3, Filename: p.Name + ".yaml", Text: p.YAML, Link: true}, func(pr Progress) {
				progress = append(progress, pr)
			}, func(r RunReply) { reply = r })
			require.True(t, reply.Accepted, reply.Err)
			for _, pr := range progress {
				roundTrip(t, 3, OpProgress, pr)
			}
			roundTrip(t, 3, OpRunReply, reply)
			for i := range reply.Run.Frames {
				roundTrip(t, 4+i, OpViewReply, engineView(t, e, i))
			}
		})
	}
}

// engineView is the engine's view of frame i with the frame's first pod
// selected (its why and describe recomputed when the frame has none).
func engineView(t *testing.T, e *LocalEngine, i int) FrameView {
	t.Helper()
	q := ViewQuery{Seq: i + 1, Frame: i}
	if pods := e.res.Frames[i].Pods; len(pods) > 0 {
		q.Selected = PodKey(pods[0])
		q.Fix = &FixRequest{} // its "Fix it" proposal crosses too
	}
	var v FrameView
	e.View(q, func(fv FrameView) { v = fv })
	require.Empty(t, v.Err)
	return v
}

// TestWireRoundTripLargeBoard sends the views of a board large enough for
// the overview, with and without the overview's names.
func TestWireRoundTripLargeBoard(t *testing.T) {
	res := filterBoard(LargeBoardNodes+50, 200)
	e := NewLocalEngine(Config{Simulate: func(string, []byte, func(sim.Progress)) (*sim.Result, error) { return res, nil }})
	e.Run(RunRequest{Text: "x"}, nil, func(RunReply) {})
	v := engineView(t, e, 0)
	require.NotNil(t, v.Overview)
	require.Len(t, v.Overview.Names, LargeBoardNodes+50)
	roundTrip(t, 1, OpViewReply, v)
	var again FrameView
	e.View(ViewQuery{Seq: 2, OverviewNames: v.Overview.NamesKey}, func(fv FrameView) { again = fv })
	require.Empty(t, again.Overview.Names, "names the page holds are left out")
	roundTrip(t, 2, OpViewReply, again)
	require.True(t, again.Overview.KeepNames(v.Overview))
	require.Equal(t, *v.Overview, *again.Overview)

	// Holding the board: its cards, lanes and node names are left out.
	var delta FrameView
	e.View(ViewQuery{Seq: 3, Held: v.Keys, NodeNames: v.NodeNamesKey}, func(fv FrameView) { delta = fv })
	require.NotEmpty(t, delta.Kept)
	require.NotEmpty(t, delta.Cards)
	require.NotEmpty(t, delta.Keys)
	require.NotZero(t, delta.NodeNamesKey)
	require.Empty(t, delta.NodeNames)
	roundTrip(t, 3, OpViewReply, delta)
	roundTrip(t, 4, OpView, ViewQuery{Seq: 4, Held: v.Keys, NodeNames: v.NodeNamesKey, OverviewNames: 9})
}

// TestWireRoundTripZeros: what gob alone loses comes back (a pointer to
// zero, an empty slice or map, json:"-" fields), and the requests cross.
func TestWireRoundTripZeros(t *testing.T) {
	zero, zeroF, zeroI := int64(0), 0.0, int64(0)
	pod := &sim.PodState{Name: "p", Namespace: "default", Phase: sim.PhaseRunning, Static: true,
		Tolerations: []core.Toleration{{Key: "k", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &zero}},
		ScheduledAt: &zeroF, Requests: map[core.ResourceName]int64{}, SchedulingGates: []string{},
		Why: &sim.Explanation{Nodes: []sim.NodeVerdict{{Node: "n1", Score: &zeroI, Taints: []sim.TaintMatch{{By: &core.Toleration{}}}}}}}
	node := &sim.NodeState{Name: "n1", Taints: []core.Taint{}, NotModelled: []core.Gap{{Path: "spec.x", Why: "y"}}}
	view := FrameView{Nodes: []*sim.NodeState{node}, OnNode: map[string][]*sim.PodState{"n1": {pod}, "n2": {}},
		Pending: []*sim.PodState{}, EvictStart: map[string]float64{"default/p": 0}, Selected: pod, Events: []sim.Event{}}
	roundTrip(t, 1, OpViewReply, view)

	var b bytes.Buffer
	require.NoError(t, gob.NewEncoder(&b).Encode(view))
	var plain FrameView
	require.NoError(t, gob.NewDecoder(&b).Decode(&plain))
	require.NotEqual(t, view, plain, "gob alone drops pointers to zero and empty slices")
	require.Nil(t, plain.Selected.ScheduledAt)

	roundTrip(t, 2, OpRun, RunRequest{Gen: 2, Filename: "a.yaml", Text: "kind: Scenario\n", StepCommand: "kubectl taint", StepAt: 0, Link: true})
	roundTrip(t, 3, OpView, ViewQuery{Seq: 1, Frame: 2, Filter: "gpu", Selected: "default/p"})
	roundTrip(t, 3, OpView, ViewQuery{Seq: 1, Selected: "default/p", Fix: &FixRequest{Node: "n1", Effect: "NoSchedule"}, Successor: "Deployment default/web"})
	roundTrip(t, 3, OpViewReply, FrameView{Selected: pod, Fix: &FixReply{Pod: "default/p", YAML: "tolerations:\n", Text: "t", Target: "Pod default/p",
		Pending: &fixit.Plan{Pod: "default/p", Candidates: []fixit.Candidate{{Node: "n1", Fits: true, Rejected: true}}, Best: "n1", Gated: []string{},
			Node: fixit.NodePlan{Node: "n1", Add: []core.Toleration{{Key: "k", TolerationSeconds: &zero}}, Blockers: []fixit.Blocker{{Plugin: "NodePorts", Reasons: []string{}}},
				EvictAfter: &zero, EvictTaints: []core.Taint{}, Score: &zeroI, Cordoned: true, Uncordon: "kubectl uncordon n1",
				Rejected: "Pod was rejected: The node had condition: [DiskPressure]. "}}}})
	roundTrip(t, 3, OpViewReply, FrameView{Fix: &FixReply{Pod: "kube-system/s", KeepOff: &fixit.KeepOffPlan{Node: "n1", Static: true}}})
	roundTrip(t, 3, OpViewReply, FrameView{Fix: &FixReply{Pod: "default/p", KeepOff: &fixit.KeepOffPlan{Node: "n1", Command: "kubectl taint nodes n1 a=b:NoExecute",
		Taint: core.Taint{Key: "a", Value: "b", Effect: core.TaintEffectNoExecute}, Pods: []fixit.PodFate{{Pod: "default/p", Fate: fixit.FateEvictedAfter}}}}})
	roundTrip(t, 4, OpExec, ExecRequest{At: 0, Command: "kubectl get pods"})
	roundTrip(t, 5, OpExecReply, ExecReply{Output: "x", Err: ""})
	roundTrip(t, 6, OpLint, LintRequest{Text: "apiVersion: v1\n"})
	roundTrip(t, 7, OpLintReply, LintReply{Findings: []Finding{{Severity: "error", Where: "document 1", Message: "m"}}})
	roundTrip(t, 8, OpExport, ExportRequest{Format: ExportScript})
	roundTrip(t, 9, OpExportReply, ExportReply{Text: "#!/bin/sh\n"})
	roundTrip(t, 10, OpRunReply, RunReply{Gen: 1, Err: "bad"})
	roundTrip(t, 11, OpImpact, ImpactRequest{At: 0, Command: "kubectl taint nodes n1 k=v:NoExecute"})
	roundTrip(t, 12, OpImpactReply, ImpactReply{Err: "command: bad"})
	roundTrip(t, 13, OpRun, RunRequest{Gen: 3, Fragment: "s=1.x&p=gpu-node", PresetText: "kind: Scenario\n", PresetLink: "1.x"})
	roundTrip(t, 14, OpRunReply, RunReply{Gen: 3, Accepted: true, SamePreset: true, Text: "kind: Scenario\n",
		Run: &RunInfo{Name: "n", Frames: []FrameInfo{{At: 10, Step: "kubectl cordon n1", StepNo: 2}}}})
	roundTrip(t, 15, OpRunReply, RunReply{Gen: 2, Err: "a.yaml: document 2: yaml: line 12: bad", ErrLine: 12})
}

// TestWireRoundTripImpact sends a real preview across: a pod evicted at
// 0 s with tolerationSeconds 0 (a pointer to zero), empty lists.
func TestWireRoundTripImpact(t *testing.T) {
	e := NewLocalEngine(Config{Simulate: realSimulate})
	e.Run(RunRequest{Filename: "i.yaml", Text: impactScenario}, nil, func(RunReply) {})
	var reply ImpactReply
	e.Impact(ImpactRequest{At: 0, Command: "kubectl taint nodes n1 maint=now:NoExecute"}, func(r ImpactReply) { reply = r })
	require.Empty(t, reply.Err)
	require.NotNil(t, reply.Impact)
	require.NotEmpty(t, reply.Impact.Evicted)
	require.NotNil(t, reply.Impact.Spared)
	roundTrip(t, 1, OpImpactReply, reply)

	zero := int64(0)
	reply.Impact.Evicted[0].TolerationSeconds = &zero
	roundTrip(t, 2, OpImpactReply, reply)
}

// TestWireErrors: a wrong op or payload is an error, never a panic, and
// so is any truncation of a message.
func TestWireErrors(t *testing.T) {
	_, err := EncodeMessage(1, "nope", RunRequest{})
	require.Error(t, err)
	_, err = EncodeMessage(1, OpRun, &RunRequest{})
	require.Error(t, err)
	b, err := EncodeMessage(1, OpExecReply, ExecReply{Output: "out"})
	require.NoError(t, err)
	for n := range len(b) {
		_, err := DecodeMessage(b[:n])
		require.Error(t, err, fmt.Sprintf("truncated to %d bytes", n))
	}
}

// BenchmarkWireView encodes and decodes the view of a 500-node board's
// first frame: 24 node cards and their pods, 100 pending pods, the 500
// node names and a pod's why over every node.
func BenchmarkWireView(b *testing.B) {
	s, err := scenario.Parse([]byte(bench.Cluster(500, 5000)), "cluster.yaml")
	require.NoError(b, err)
	res, err := sim.Run(s)
	require.NoError(b, err)
	f := res.Frames[0]
	v := FrameView{OnNode: map[string][]*sim.PodState{}}
	for i, n := range f.Nodes {
		if i < 24 {
			v.Nodes = append(v.Nodes, n)
		}
		v.NodeNames = append(v.NodeNames, n.Name)
	}
	for _, p := range f.Pods {
		if p.Node != "" && len(v.OnNode[p.Node]) < 200 && len(v.OnNode) < 24 {
			v.OnNode[p.Node] = append(v.OnNode[p.Node], p)
		}
	}
	v.Pending = f.Pods[:100]
	why, d, err := res.Explain(0, f.Pods[0].Namespace, f.Pods[0].Name)
	require.NoError(b, err)
	sel := *f.Pods[0]
	sel.Why, sel.Describe = why, d
	v.Selected = &sel
	data, err := EncodeMessage(1, OpViewReply, v)
	require.NoError(b, err)
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			_, _ = EncodeMessage(1, OpViewReply, v)
		}
		b.ReportMetric(float64(len(data)), "bytes/msg")
	})
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			_, _ = DecodeMessage(data)
		}
	})
}
