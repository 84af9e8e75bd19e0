package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/impact"
)

// impactScenario: n1 runs timed (tolerates maint:NoExecute for 60 s) and
// plain (no toleration); n2 is empty.
const impactScenario = `kind: Scenario
name: impact
until: 10s
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {zone: a}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {zone: b}}
---
apiVersion: v1
kind: Pod
metadata: {name: timed}
spec:
  nodeName: n1
  tolerations: [{key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
  containers: [{name: c, image: app}]
---
apiVersion: v1
kind: Pod
metadata: {name: plain}
spec:
  nodeName: n1
  containers: [{name: c, image: app}]
`

func TestImpactCommandLine(t *testing.T) {
	cases := []struct {
		s    ImpactPreview
		want string
	}{
		{ImpactPreview{Node: "n1", Taint: "maint=now:NoExecute"}, "kubectl taint nodes n1 maint=now:NoExecute"},
		{ImpactPreview{Node: "n1", Selector: "zone=a", Taint: " maint:NoExecute- "}, "kubectl taint nodes -l zone=a maint:NoExecute-"},
		{ImpactPreview{Selector: "zone in (a, b)", Taint: "k=v:NoSchedule"}, "kubectl taint nodes -l 'zone in (a, b)' k=v:NoSchedule"},
		{ImpactPreview{Node: "n1"}, ""},
		{ImpactPreview{Taint: "k=v:NoSchedule"}, ""},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.s.CommandLine())
	}
}

// Preview at t=0: plain does not tolerate maint=now:NoExecute and goes at
// once; timed goes 60 s later (its tolerationSeconds). Apply adds the
// step to the scenario through AppendStep.
func TestImpactPreviewAndApply(t *testing.T) {
	m := newModel(nil, realSimulate)
	require.True(t, setText(m, impactScenario))
	s := &ImpactPreview{Node: "n1", Taint: "maint=now:NoExecute"}
	s.Preview(m)
	require.Empty(t, s.Err)
	require.NotNil(t, s.Result)
	require.Len(t, s.Result.Evicted, 2)
	assert.Equal(t, "default/plain", s.Result.Evicted[0].Pod)
	assert.Equal(t, 0.0, s.Result.Evicted[0].At)
	assert.Nil(t, s.Result.Evicted[0].Toleration)
	assert.Equal(t, "default/timed", s.Result.Evicted[1].Pod)
	assert.Equal(t, 60.0, s.Result.Evicted[1].At)
	require.NotNil(t, s.Result.Evicted[1].TolerationSeconds)
	assert.Equal(t, int64(60), *s.Result.Evicted[1].TolerationSeconds)
	assert.Equal(t, "10s", FormatSeconds(m.Run.Until), "the scenario is not changed by the preview")
	assert.NotContains(t, m.Text, "kubectl taint")
	require.True(t, s.Fresh(m))

	var ran string
	require.True(t, s.Apply(m, func(cmd string) { ran = cmd; appendStep(m, cmd) }))
	assert.Equal(t, "kubectl taint nodes n1 maint=now:NoExecute", ran)
	assert.Contains(t, m.Text, "kubectl taint nodes n1 maint=now:NoExecute")
	assert.Nil(t, s.Result)
	assert.False(t, s.Apply(m, func(string) { t.Error("applied twice") }))
}

// A preview is stale once the board moves to another time or the
// scenario changes; bad input comes back as the engine's error.
func TestImpactStaleAndErrors(t *testing.T) {
	m := newModel(nil, realSimulate)
	require.True(t, setText(m, strings.Replace(impactScenario, "until: 10s", "until: 10s\nsteps:\n- {at: 5s, run: kubectl label nodes n2 x=y}", 1)))
	s := &ImpactPreview{Selector: "zone=a", Taint: "maint=now:NoExecute"}
	s.Preview(m)
	require.NotNil(t, s.Result)
	require.True(t, s.Fresh(m))
	m.Seek(m.FrameCount() - 1)
	assert.False(t, s.Fresh(m))
	assert.False(t, s.Apply(m, func(string) { t.Error("applied a stale preview") }))

	s = &ImpactPreview{Node: "n1", Taint: "maint=now:Sometimes"}
	s.Preview(m)
	assert.Nil(t, s.Result)
	assert.Contains(t, s.Err, "command: error: invalid taint effect: Sometimes, unsupported taint effect")

	s = &ImpactPreview{Node: "n1"}
	s.Preview(m)
	assert.Equal(t, Msg.ImpactNeedTaint, s.Err)
}

// The open panel offers the board's nodes and the palette, and after a
// preview lists the evicted pods with their time, tolerationSeconds and
// deciding toleration.
func TestImpactPanelRenders(t *testing.T) {
	p := New(Config{Presets: []Preset{{Name: "impact", Title: "impact", YAML: impactScenario}}, Simulate: realSimulate,
		Palette: []WellKnownTaint{{Key: "node.kubernetes.io/out-of-service", Value: "nodeshutdown", Effect: "NoExecute"}}})
	e := app.NewTestEngine()
	require.NoError(t, e.Load(p))
	e.ConsumeAll()
	html := onPage(p, e, func() { p.OpenImpact("n1") })
	require.Contains(t, html, `id="`+IDImpact+`"`)
	assert.Contains(t, html, "node.kubernetes.io/out-of-service=nodeshutdown:NoExecute")
	assert.True(t, strings.HasPrefix(tagWith(html, `value="n2"`), "<option"), "the board's nodes are offered")
	html = onPage(p, e, func() {
		p.impact.Taint = "maint=now:NoExecute"
		p.impact.Preview(p.m)
	})
	for _, want := range []string{"default/timed", "t=1m", "maint:NoExecute op=Exists for 60s", "default/plain", Msg.ImpactNoToleration, Msg.ImpactApply} {
		assert.Contains(t, html, want)
	}
	assert.Contains(t, tagWith(html, `id="`+IDImpactApply+`"`), `disabled="false"`, "a fresh preview can be applied")
}

// A node card's button opens the panel with its node picked.
func TestImpactFromNodeCard(t *testing.T) {
	p := New(Config{Presets: []Preset{{Name: "impact", Title: "impact", YAML: impactScenario}}, Simulate: realSimulate})
	e := app.NewTestEngine()
	require.NoError(t, e.Load(p))
	e.ConsumeAll()
	html := app.HTMLString(p)
	require.Contains(t, html, `aria-label="Preview a taint on node n2"`)
	assert.NotContains(t, html, `id="`+IDImpact+`"`)
	onPage(p, e, func() { p.ctx.NewActionWithValue(ActionImpactNode, "n2") })
	e.ConsumeAll()
	html = app.HTMLString(p)
	require.Contains(t, html, `id="`+IDImpact+`"`)
	n2 := tagWith(html, `value="n2"`)
	assert.True(t, strings.Contains(n2, "selected") && !strings.Contains(n2, `selected="false"`), "n2 is picked: %s", n2)
	assert.Equal(t, "n2", p.impact.Node)
}

// Through the worker: the request crosses the wire to the holder and the
// reply comes back; a panic in the engine is answered with an error
// reply of the impact kind.
func TestImpactThroughWorker(t *testing.T) {
	e, _, _ := start(t)
	h, r := e.ports()
	e.Run(RunRequest{Gen: 1, Text: "one"}, nil, func(RunReply) {})
	r.serve()
	h, _ = e.ports()
	var out ImpactReply
	e.Impact(ImpactRequest{At: 5, Command: "kubectl taint nodes n1 k=v:NoExecute"}, func(r ImpactReply) { out = r })
	h.serve()
	assert.Equal(t, ImpactReply{Err: "one impact kubectl taint nodes n1 k=v:NoExecute"}, out)

	var posted []byte
	b, err := EncodeMessage(7, OpImpact, ImpactRequest{Command: "x"})
	require.NoError(t, err)
	ServeMessage(&panicImpact{}, b, func(p []byte) { posted = p })
	m, err := DecodeMessage(posted)
	require.NoError(t, err)
	assert.Equal(t, OpImpactReply, m.Op)
	assert.Contains(t, m.Payload.(ImpactReply).Err, "boom")
}

// panicImpact is an engine whose Impact panics.
type panicImpact struct{ fakeEngine }

func (*panicImpact) Impact(ImpactRequest, func(ImpactReply)) { panic("boom") }

// Before a scenario ran there is nothing to preview: an error, no panic.
func TestImpactBeforeARun(t *testing.T) {
	var out ImpactReply
	NewLocalEngine(Config{Simulate: realSimulate}).Impact(ImpactRequest{Command: "kubectl taint nodes n1 k=v:NoExecute"}, func(r ImpactReply) { out = r })
	assert.Nil(t, out.Impact)
	assert.Equal(t, "the preview is not available before a scenario ran", out.Err)
}

// Tainting n1 at 0 s with the taint a later step adds makes that step
// fail: kubectl taint refuses the same key and effect without
// --overwrite (upstream checkIfTaintsAlreadyExists). The panel says so
// and lists the step with kubectl's error.
func TestImpactPanelBreaksStep(t *testing.T) {
	text := strings.Replace(impactScenario, "until: 10s", "until: 10s\nsteps:\n- {at: 5s, run: kubectl taint nodes n1 maint=now:NoExecute}", 1)
	p := New(Config{Presets: []Preset{{Name: "impact", Title: "impact", YAML: text}}, Simulate: realSimulate})
	e := app.NewTestEngine()
	require.NoError(t, e.Load(p))
	e.ConsumeAll()
	onPage(p, e, func() { p.OpenImpact("n1") })
	html := onPage(p, e, func() {
		p.impact.Taint = "maint=now:NoExecute"
		p.impact.Preview(p.m)
	})
	require.NotNil(t, p.impact.Result)
	require.Len(t, p.impact.Result.BreaksSteps, 1)
	assert.Equal(t, 5.0, p.impact.Result.BreaksSteps[0].At)
	for _, want := range []string{Msg.ImpactBreaksHint, Msg.ImpactBreaks, "t=5s",
		"error: node n1 already has maint taint(s) with same effect(s) and --overwrite is false",
		`data-label="` + Msg.ImpactColError + `"`} {
		assert.Contains(t, html, want)
	}
}

// zonesScenario: a1 and a2 are in zone a; only a1 has the gpu taint.
const zonesScenario = `kind: Scenario
name: zones
until: 10s
---
apiVersion: v1
kind: Node
metadata: {name: a1, labels: {zone: a}}
spec:
  taints: [{key: nvidia.com/gpu, value: "true", effect: NoSchedule}]
---
apiVersion: v1
kind: Node
metadata: {name: a2, labels: {zone: a}}
`

// kubectl visits every node the selector picks (upstream RunTaint): it
// untaints a1 and reports a2, `taint "nvidia.com/gpu:NoSchedule" not
// found` (a taint to remove keeps only key and effect, Taint.ToString).
// The panel shows the change with that error as a warning, and the step
// can be applied, as it changes a1.
func TestImpactPanelPartlyCarriedOut(t *testing.T) {
	p := New(Config{Presets: []Preset{{Name: "zones", Title: "zones", YAML: zonesScenario}}, Simulate: realSimulate})
	e := app.NewTestEngine()
	require.NoError(t, e.Load(p))
	e.ConsumeAll()
	onPage(p, e, func() { p.OpenImpact("a1") })
	html := onPage(p, e, func() {
		p.impact.SetSelector("zone=a")
		p.impact.Taint = "nvidia.com/gpu=true:NoSchedule-"
		p.impact.Preview(p.m)
	})
	require.Empty(t, p.impact.Err)
	require.NotNil(t, p.impact.Result)
	assert.Contains(t, html, Msg.ImpactWarning)
	assert.Contains(t, html, `error: taint &#34;nvidia.com/gpu:NoSchedule&#34; not found`)
	assert.Contains(t, html, "nvidia.com/gpu=true:NoSchedule", "a1's taint before")
	assert.Contains(t, tagWith(html, `id="`+IDImpactApply+`"`), `disabled="false"`)
}

// Without later steps there is nothing to warn about: no "steps that
// fail" section at all.
func TestImpactPanelNoBrokenSteps(t *testing.T) {
	html := app.HTMLString(renderImpact(&impactOnly))
	assert.NotContains(t, html, Msg.ImpactBreaks)
	assert.NotContains(t, html, Msg.ImpactFixes)
	assert.Contains(t, html, Msg.ImpactEvicted)
}

var impactOnly = impact.Impact{Command: "kubectl taint nodes n1 a=b:NoExecute"}
