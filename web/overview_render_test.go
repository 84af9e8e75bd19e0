package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

// largeResult is one frame of n nodes in zones z0–z2 (every 10th node
// without a zone), a pod on node n1.
func largeResult(n int) *sim.Result {
	f := sim.Frame{}
	for i := 0; i < n; i++ {
		labels := map[string]string{LabelZone: fmt.Sprintf("z%d", i%3)}
		if i%10 == 0 {
			labels = nil
		}
		f.Nodes = append(f.Nodes, &sim.NodeState{Name: fmt.Sprintf("n%d", i), Labels: labels})
	}
	f.Pods = []*sim.PodState{{Namespace: "default", Name: "web", Node: "n1", Phase: PhaseRunning}}
	return &sim.Result{Name: "large", Frames: []sim.Frame{f}}
}

func TestOverviewMapRenders(t *testing.T) {
	o := BuildOverview(&largeResult(20).Frames[0])
	html := app.HTMLString(&OverviewMap{Data: o, Filter: ZoneFilter("z1")})
	for _, want := range []string{
		`id="overview"`, "All 20 nodes by zone",
		`<span class="ov-zone-name">z0</span>`, `<span class="ov-zone-name">no zone</span>`,
		"6 nodes · 0 tainted · 0 not Ready · 0 cordoned",
		`data-start="0"`, `data-count="6"`, `aria-label="Nodes of zone z0: arrow keys move between nodes, Enter brings up the node's card"`,
		`tabindex="0"`, `class="sr-only ov-live"`, `aria-live="polite"`,
		"NoSchedule", "Ready=Unknown (unreachable)", "cordoned", "fill: requested share of cpu or memory",
	} {
		assert.Contains(t, html, want)
	}
	assert.Equal(t, 4, strings.Count(html, `class="ov-zone-head"`), "a heading button per zone")
	assert.Equal(t, 3, strings.Count(html, `aria-pressed="false"`), "the chosen zone only is pressed")
	assert.Equal(t, 4, strings.Count(html, "<canvas"))
	assert.NotContains(t, html, `data-i=`, "no DOM element per tile")
}

func TestPlaygroundOverviewPicks(t *testing.T) {
	p := New(Config{Presets: testPresets, Simulate: func(string, []byte, func(sim.Progress)) (*sim.Result, error) {
		return largeResult(LargeBoardNodes + 1), nil
	}})
	e := app.NewTestEngine()
	require.NoError(t, e.Load(p))
	e.ConsumeAll()
	html := app.HTMLString(p)
	require.Contains(t, html, `id="overview"`)
	assert.Contains(t, html, "All 301 nodes by zone")

	post := func(action string, v any) string {
		p.ctx.Dispatch(func(ctx app.Context) { ctx.NewActionWithValue(action, v) })
		e.ConsumeAll()
		return app.HTMLString(p)
	}
	html = post(ActionOverviewNode, "n1")
	assert.Equal(t, `"n1"`, p.m.NodeFilter)
	assert.Equal(t, 1, strings.Count(html, `class="node-card`), "only n1's card, not n10–n19")
	assert.Contains(t, html, `data-node="n1"`)
	assert.Contains(t, html, `data-pod="default/web"`)

	html = post(ActionOverviewZone, "")
	assert.Equal(t, `zone=""`, p.m.NodeFilter)
	assert.Contains(t, html, "24 of 31 matching nodes (301 in all)")

	post(ActionOverviewZone, "")
	assert.Empty(t, p.m.NodeFilter, "picking the same zone again clears the filter")

	small := New(Config{Presets: testPresets, Simulate: func(string, []byte, func(sim.Progress)) (*sim.Result, error) {
		return largeResult(LargeBoardNodes), nil
	}})
	e2 := app.NewTestEngine()
	require.NoError(t, e2.Load(small))
	e2.ConsumeAll()
	assert.NotContains(t, app.HTMLString(small), `id="overview"`, "no overview up to LargeBoardNodes nodes")
}

func TestChipShowsDefaultTolerationsAsOneBadge(t *testing.T) {
	s := int64(300)
	gpu := core.Toleration{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	pod := &sim.PodState{Namespace: "default", Name: "web", Phase: PhaseRunning,
		Tolerations: []core.Toleration{
			gpu,
			{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s},
			{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s},
		},
		TolerationSources: []string{"user", "DefaultTolerationSeconds", "DefaultTolerationSeconds"},
	}
	v := NewPodView(pod, "")
	assert.Equal(t, []string{FormatToleration(gpu)}, v.Tolerations)
	assert.Equal(t, []string{"user"}, v.TolSources)
	assert.Len(t, v.Defaults, 2)
	html := app.HTMLString(podChip(v))
	assert.Equal(t, 2, strings.Count(html, "<li"), "the user's toleration and one badge")
	assert.Contains(t, html, "nvidia.com/gpu:NoSchedule")
	assert.Contains(t, html, `class="tol is-auto tol-defaults"`)
	assert.Contains(t, html, `title="Default tolerations, added by DefaultTolerationSeconds:\n`+v.Defaults[0]+`\n`+v.Defaults[1]+`"`)
	assert.Contains(t, html, `<span class="tol-src src-defaulttolerationseconds">DefaultTolerationSeconds</span>`)
	assert.Contains(t, html, `<span class="sr-only">: `+v.Defaults[0]+"; "+v.Defaults[1]+"</span>")

	only := NewPodView(&sim.PodState{Name: "bare", Phase: PhaseRunning, Tolerations: pod.Tolerations[1:]}, "")
	html = app.HTMLString(podChip(only))
	assert.Empty(t, only.Tolerations)
	assert.NotContains(t, html, Msg.NoTolerations)
	assert.Equal(t, 1, strings.Count(html, "<li"))
}
