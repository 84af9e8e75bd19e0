package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/sim"
)

// presetModel is a model over the real simulator and console showing the
// preset's text.
func presetModel(t *testing.T, name string) *Model {
	t.Helper()
	p, ok := presets.Get(name)
	require.True(t, ok)
	m := newModelExec([]Preset{{Name: p.Name, Title: p.Title, YAML: p.YAML}}, realSimulate, realExec)
	require.True(t, loadPreset(m, name))
	return m
}

// A Pending pod: the why panel proposes the one toleration it lacks, and
// "Add to the pod" re-runs the scenario with it: the pod runs on the node.
func TestFixPendingAddsToleration(t *testing.T) {
	m := presetModel(t, "mc-exists-with-key")
	m.Select("default/gpu-any")
	fx := m.View.Fix
	require.NotNil(t, fx)
	require.NotNil(t, fx.Pending, fx.Err)
	assert.Equal(t, "gpu-1", fx.Pending.Best)
	assert.Equal(t, "tolerations:\n- key: team\n  operator: Equal\n  value: ml\n  effect: NoSchedule\n", fx.YAML)
	assert.Equal(t, "Pod default/gpu-any", fx.Target)

	html := app.HTMLString(&WhyPanel{Pod: m.SelectedPod(), Fix: fx})
	assert.Contains(t, html, Msg.FixTitle)
	assert.Contains(t, html, "value: ml")
	assert.Contains(t, html, Msg.FixAdd)

	var ok bool
	m.ApplyFix(func(b bool) { ok = b })
	require.True(t, ok)
	sel := m.SelectedPod()
	require.NotNil(t, sel)
	assert.Equal(t, "gpu-1", sel.Node, "after the re-run the pod runs on the node")
	assert.Contains(t, m.Text, "key: team")
	assert.Equal(t, "", m.Preset, "the text is no longer the preset's")
	require.NotEmpty(t, m.Console)
	assert.Contains(t, m.Console[0].Command, "Pod default/gpu-any")
}

// The node picker: another node is proposed on request; tolerations that
// are not enough say what else blocks.
func TestFixPendingOtherNodeBlocked(t *testing.T) {
	text := `apiVersion: v1
kind: Node
metadata: {name: big, labels: {kubernetes.io/hostname: big}}
spec:
  taints: [{key: team, value: ml, effect: NoSchedule}]
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: tiny, labels: {kubernetes.io/hostname: tiny}}
spec:
  taints: [{key: team, value: ml, effect: NoSchedule}]
status: {allocatable: {cpu: "1", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
`
	m := newModelExec(nil, realSimulate, realExec)
	require.True(t, setText(m, text))
	m.Select("default/p")
	require.NotNil(t, m.View.Fix.Pending)
	assert.Equal(t, "big", m.View.Fix.Pending.Best)
	m.SetFixNode("tiny")
	plan := m.View.Fix.Pending
	require.NotNil(t, plan)
	assert.Equal(t, "tiny", plan.Node.Node)
	assert.False(t, plan.Node.Fits)
	html := app.HTMLString(&WhyPanel{Pod: m.SelectedPod(), Fix: m.View.Fix, FixNode: m.FixNode})
	assert.Contains(t, html, "Insufficient cpu")
	assert.Contains(t, html, strings.SplitN(Msg.FixBlocked, "%", 2)[0])
	// Selecting another pod forgets the node picked.
	m.Select("default/p")
	assert.Empty(t, m.FixNode)
}

// A running pod: "Keep it off this node" proposes a NoExecute taint and
// adds it as a console step; the pod is evicted at that step.
func TestFixKeepOffAddsTaintStep(t *testing.T) {
	m := presetModel(t, "mc-operator-default")
	m.Select("default/exists")
	fx := m.View.Fix
	require.NotNil(t, fx)
	require.NotNil(t, fx.KeepOff, fx.Err)
	assert.Equal(t, "kubectl taint nodes ml-1 dedicated=other:NoExecute", fx.KeepOff.Command)
	html := app.HTMLString(&WhyPanel{Pod: m.SelectedPod(), Fix: fx})
	assert.Contains(t, html, Msg.FixKeepOff)
	assert.Contains(t, html, Msg.FixNoExecuteHelp)

	// exists tolerates {key: dedicated, operator: Exists, effect:
	// NoSchedule}: every dedicated=…:NoSchedule taint, so the next
	// suggestion is proposed.
	m.SetFixEffect("NoSchedule")
	assert.Equal(t, "kubectl taint nodes ml-1 keep-off:NoSchedule", m.View.Fix.KeepOff.Command)
	m.SetFixEffect("NoExecute")

	var changed bool
	m.KeepOff(func(b bool) { changed = b })
	require.True(t, changed)
	assert.Contains(t, m.Text, "kubectl taint nodes ml-1 dedicated=other:NoExecute")
	sel := m.SelectedPod()
	require.NotNil(t, sel)
	assert.Equal(t, PhaseEvicted, sel.Phase, "NoExecute evicts the pod at the step")
}

// The wildcard toleration tolerates every taint: no taint keeps it off.
func TestFixKeepOffImpossible(t *testing.T) {
	m := presetModel(t, "mc-exists-with-key")
	m.Select("default/anything")
	require.NotNil(t, m.View.Fix.KeepOff)
	assert.True(t, m.View.Fix.KeepOff.Impossible)
	html := app.HTMLString(&WhyPanel{Pod: m.SelectedPod(), Fix: m.View.Fix})
	assert.Contains(t, html, strings.SplitN(Msg.FixImpossible, "%", 2)[0])
}

// A Deployment's pod: the tolerations go to the Deployment's template (the
// panel says so), and after the re-run its new pods run on the node.
func TestFixPendingDeploymentTemplate(t *testing.T) {
	text := `apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
spec:
  taints: [{key: dedicated, value: web, effect: NoSchedule}]
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: x}]
`
	m := newModelExec(nil, realSimulate, realExec)
	require.True(t, setText(m, text))
	require.NotEmpty(t, m.View.Pending)
	old := m.View.Pending[0]
	m.Select(PodKey(old))
	fx := m.View.Fix
	require.NotNil(t, fx)
	require.NotNil(t, fx.Pending, fx.Err)
	assert.Equal(t, "Deployment default/web (pod template)", fx.Target)
	html := app.HTMLString(&WhyPanel{Pod: m.SelectedPod(), Fix: fx})
	assert.Contains(t, html, Msg.FixTemplate)

	var ok bool
	m.ApplyFix(func(b bool) { ok = b })
	require.True(t, ok)
	assert.Empty(t, m.View.Pending, "the Deployment's new pods are placed")
	assert.Len(t, m.View.OnNode["n1"], 2)
	// The template changed, so the Deployment's ReplicaSet (and pod
	// names) carry a new pod-template-hash: the why panel follows the
	// first of the new pods instead of the one that is gone.
	sel := m.SelectedPod()
	require.NotNil(t, sel, "the replacement pod is selected")
	assert.NotEqual(t, PodKey(old), PodKey(sel))
	assert.NotEqual(t, old.Owner, sel.Owner, "a new ReplicaSet")
	assert.True(t, strings.HasPrefix(sel.Owner, "ReplicaSet/web-"), sel.Owner)
	assert.Equal(t, "n1", sel.Node)
	assert.Equal(t, PodKey(sel), m.Selected)
}

func TestSuccessor(t *testing.T) {
	assert.Equal(t, "Deployment default/web", SuccessorOf("Deployment default/web (pod template)"))
	assert.Equal(t, "DaemonSet kube-system/agent", SuccessorOf("DaemonSet kube-system/agent (pod template)"))
	assert.Empty(t, SuccessorOf("Pod default/p"), "a bare pod keeps its name")
	assert.Empty(t, SuccessorOf(""))

	pod := func(ns, owner string) *sim.PodState {
		p := &sim.PodState{Name: "x", Owner: owner}
		p.Namespace = ns
		return p
	}
	// A Deployment's pods belong to its ReplicaSets NAME-<hash>; the
	// hash has no dash, so web-app's ReplicaSet is not web's.
	assert.True(t, ControlledBy(pod("", "ReplicaSet/web-7d4b9c8f6"), "Deployment default/web"))
	assert.False(t, ControlledBy(pod("", "ReplicaSet/web-app-7d4b9c8f6"), "Deployment default/web"))
	assert.False(t, ControlledBy(pod("prod", "ReplicaSet/web-7d4b9c8f6"), "Deployment default/web"))
	assert.False(t, ControlledBy(pod("", "ReplicaSet/web-"), "Deployment default/web"))
	assert.True(t, ControlledBy(pod("kube-system", "DaemonSet/agent"), "DaemonSet kube-system/agent"))
	assert.False(t, ControlledBy(pod("kube-system", "DaemonSet/agent2"), "DaemonSet kube-system/agent"))
	assert.False(t, ControlledBy(pod("", ""), "Deployment default/web"))
	assert.False(t, ControlledBy(nil, "Deployment default/web"))
}

// gpu-node: every filter passes with the disk-pressure toleration, but the
// panel says the kubelet's eviction manager rejects the pod under
// DiskPressure (managerImpl.Admit), with the kubelet's message.
func TestFixPendingKubeletRejects(t *testing.T) {
	m := presetModel(t, "gpu-node")
	m.Select("default/pod-a")
	fx := m.View.Fix
	require.NotNil(t, fx)
	require.NotNil(t, fx.Pending, fx.Err)
	assert.Equal(t, "Pod was rejected: The node had condition: [DiskPressure]. ", fx.Pending.Node.Rejected)
	html := app.HTMLString(&WhyPanel{Pod: m.SelectedPod(), Fix: fx})
	assert.Contains(t, html, "fix-rejected")
	assert.Contains(t, html, "The node had condition: [DiskPressure].")
	assert.Contains(t, html, fmt.Sprintf(Msg.FixOptionBest, fmt.Sprintf(Msg.FixOptionRejected, "gpu-node-1", 1)))
	assert.Contains(t, html, Msg.FixBestRuleNoFit)
	assert.Contains(t, html, fmt.Sprintf(Msg.FixNoNodeFits, "gpu-node-1"))
}

// A cordoned node: the cordon is the one blocker besides the others, and
// "Add the uncordon" adds kubectl uncordon as a console step, after which
// the pod runs there.
func TestFixPendingCordon(t *testing.T) {
	text := `kind: Scenario
name: cordon
until: 10s
---
apiVersion: v1
kind: Node
metadata: {name: w2, labels: {kubernetes.io/hostname: w2}}
spec:
  unschedulable: true
  taints: [{key: team, value: ml, effect: NoSchedule}]
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  tolerations: [{key: team, operator: Equal, value: ml, effect: NoSchedule}]
  containers: [{name: c, image: x}]
`
	m := newModelExec(nil, realSimulate, realExec)
	require.True(t, setText(m, text))
	m.Select("default/p")
	fx := m.View.Fix
	require.NotNil(t, fx)
	require.NotNil(t, fx.Pending, fx.Err)
	np := fx.Pending.Node
	assert.Empty(t, np.Add)
	require.Len(t, np.Blockers, 1, "NodeUnschedulable only: uncordon lifts the cordon's taint too")
	assert.Equal(t, "NodeUnschedulable", np.Blockers[0].Plugin)
	html := app.HTMLString(&FixPanel{Reply: fx})
	assert.NotContains(t, html, "TaintToleration")
	assert.Contains(t, html, "kubectl uncordon w2")
	assert.Contains(t, html, Msg.FixUncordonAdd)
	assert.Contains(t, html, "except the cordon")
	assert.Contains(t, html, Msg.FixBestRuleNoFit)
	assert.NotContains(t, html, strings.SplitN(Msg.FixBestRule, ";", 2)[0])

	var changed bool
	m.Uncordon(func(b bool) { changed = b })
	require.True(t, changed, "%+v", m.Console)
	assert.Equal(t, "default/p", m.Selected)
	assert.Contains(t, m.Text, "kubectl uncordon w2")
	m.Seek(len(m.Run.Frames) - 1)
	sel := m.SelectedPod()
	require.NotNil(t, sel)
	assert.Equal(t, "w2", sel.Node, "uncordoned, the pod is scheduled there")
}

// A static pod's mirror pod: no taint keeps the static pod off its node.
func TestFixKeepOffStaticPod(t *testing.T) {
	m := presetModel(t, "mc-static-pod-noexecute")
	m.Select("kube-system/kube-scheduler-cp-1")
	fx := m.View.Fix
	require.NotNil(t, fx)
	require.NotNil(t, fx.KeepOff, fx.Err)
	assert.True(t, fx.KeepOff.Static)
	assert.Empty(t, fx.KeepOff.Command)
	html := app.HTMLString(&WhyPanel{Pod: m.SelectedPod(), Fix: fx})
	assert.Contains(t, html, "fix-static")
	assert.NotContains(t, html, Msg.FixTaintAdd)
}
