package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/presets"
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
	m.Select(PodKey(m.View.Pending[0]))
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
}
