package web

import (
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/sim"
)

func loadPlayground(t *testing.T) (*Playground, app.TestEngine) {
	t.Helper()
	p := New(Config{Presets: testPresets, Simulate: fakeSimulate, Exec: fakeExec})
	e := app.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if !p.hasCtx {
		t.Fatal("OnPreRender did not run")
	}
	return p, e
}

func TestPlaygroundRendersDefaultPreset(t *testing.T) {
	p, _ := loadPlayground(t)
	html := app.HTMLString(p)
	for _, want := range []string{
		`id="editor"`, `id="preset"`, `id="btn-run"`, `id="btn-step"`,
		`data-node="gpu-node-1"`, `data-pod="default/a"`, `data-pod="default/c"`,
		"taint eff-noschedule", "nvidia.com/gpu=true", "NoSchedule",
		"lane lane-pending", "Pending",
		"nvidia.com/gpu=true:NoSchedule", // a toleration on a pod chip
		"cpu", "500m / 8", "1Gi / 32Gi",  // capacity bars
		"t=0s", "initial pass", // timeline
		"FailedScheduling", "Successfully assigned default/c", // event log
		"GPU node with two taints", "Pod A tolerates the GPU taint only.",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(html, `id="editor-error"`) {
		t.Error("error shown for a good preset")
	}
}

func TestPlaygroundEditIsDebouncedAndReruns(t *testing.T) {
	p, e := loadPlayground(t)
	start := time.Now()
	p.ctx.Dispatch(func(ctx app.Context) { p.Edit(ctx, "kind: Scenario # tolerate-disk") })
	e.ConsumeAll()
	if d := time.Since(start); d < DebounceDelay {
		t.Errorf("re-ran after %v, before the %v debounce", d, DebounceDelay)
	}
	html := app.HTMLString(p)
	if p.m.Err != "" || p.m.Preset != "" {
		t.Fatalf("err %q preset %q", p.m.Err, p.m.Preset)
	}
	if strings.Contains(html, "lane-empty") == false {
		t.Error("pending lane should be empty once pod a tolerates disk-pressure")
	}
	if !strings.Contains(html, "Edited from “") {
		t.Error("the picker should say the scenario was edited, and from which preset")
	}
	if !strings.Contains(html, `class="intro"`) || !strings.Contains(html, "Pod A tolerates the GPU taint only.") {
		t.Error("an edited scenario should still show its own title and description")
	}

	// Several quick edits run once, with the last text.
	calls := 0
	setSimulate(p.m, func(name string, b []byte, pr func(sim.Progress)) (*sim.Result, error) {
		calls++
		return fakeSimulate(name, b, pr)
	})
	p.ctx.Dispatch(func(ctx app.Context) {
		p.Edit(ctx, "one")
		p.Edit(ctx, "two")
		p.Edit(ctx, "three tolerate-disk")
	})
	e.ConsumeAll()
	if calls != 1 || p.m.RanText != "three tolerate-disk" {
		t.Errorf("debounce: %d runs, ran %q", calls, p.m.RanText)
	}
}

func TestPlaygroundBadYAMLShowsErrorAndKeepsBoard(t *testing.T) {
	p, e := loadPlayground(t)
	p.ctx.Dispatch(func(ctx app.Context) { p.Edit(ctx, "<img src=x onerror=alert(1)> bad") })
	e.ConsumeAll()
	html := app.HTMLString(p)
	for _, want := range []string{`id="editor-error"`, "mapping values are not allowed", "still shows the last scenario", `data-node="gpu-node-1"`} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Text nodes are escaped. (The textarea's value attribute is set as a
	// DOM property in the browser; the static site only ever prerenders the
	// built-in default preset, never user text.)
	if i := strings.Index(html, "<textarea"); i >= 0 {
		if j := strings.Index(html[i:], "</textarea>"); j >= 0 {
			html = html[:i] + html[i+j:]
		}
	}
	if strings.Contains(html, "<img src=x") || !strings.Contains(html, "&lt;img src=x") {
		t.Error("user text reached the page unescaped")
	}
}

func TestPlaygroundControlsAndWhyPanel(t *testing.T) {
	p, e := loadPlayground(t)
	p.ctx.Dispatch(func(ctx app.Context) { p.Step(ctx) })
	e.ConsumeAll()
	if p.m.Frame != 1 {
		t.Fatalf("frame %d after Step", p.m.Frame)
	}
	html := app.HTMLString(p)
	for _, want := range []string{"kubectl taint nodes gpu-node-1", "node/gpu-node-1 untainted", "lane lane-evicted", "evicted at t=30s", "TaintManagerEviction", "is-fresh",
		"What happened: t=30s: a scheduled to gpu-node-1; c evicted", "taint-eviction-controller", "Kubernetes 1.37"} {
		if !strings.Contains(html, want) {
			t.Errorf("frame 1 lacks %q", want)
		}
	}
	p.ctx.Dispatch(func(ctx app.Context) { p.Back(ctx) })
	e.ConsumeAll()
	if p.m.Frame != 0 {
		t.Fatalf("frame %d after Back", p.m.Frame)
	}

	p.ctx.NewActionWithValue(ActionSelectPod, "default/a")
	e.ConsumeAll()
	html = app.HTMLString(p)
	for _, want := range []string{"Why is a here?", "0/1 nodes are available", "TaintToleration", "Taints × tolerations", "not tolerated", "cell is-match",
		"Taints it does not tolerate", "On gpu-node-1 it would need a toleration for:",
		"Scheduling attempts so far: 2", "unschedulablePods", // queue facts
		"also rejects it, not reported:", "NodeResourcesFit: Insufficient nvidia.com/gpu", // unreported filters
		"key nvidia.com/gpu ≠ node.kubernetes.io/disk-pressure", // the rule that decided a cell
		"filters"} {
		if !strings.Contains(html, want) {
			t.Errorf("why panel lacks %q", want)
		}
	}
	p.ctx.NewActionWithValue(ActionSeek, 1)
	e.ConsumeAll()
	if p.m.Frame != 1 || !strings.Contains(app.HTMLString(p), "Running on gpu-node-1.") {
		t.Errorf("seek to 1: frame %d", p.m.Frame)
	}
	p.ctx.NewActionWithValue(ActionSelectPod, "default/c")
	e.ConsumeAll()
	if html := app.HTMLString(p); !strings.Contains(html, "kubectl describe pod c") || !strings.Contains(html, "Node:         gpu-node-1") {
		t.Error("the why panel lacks kubectl describe")
	}
	p.ctx.NewAction(ActionClosePod)
	e.ConsumeAll()
	if p.m.Selected != "" {
		t.Error("close did not clear the selection")
	}

	p.ctx.Dispatch(func(ctx app.Context) { p.Reset(ctx) })
	e.ConsumeAll()
	if p.m.Frame != 0 {
		t.Error("Reset")
	}
}

func TestPlaygroundRunPlaysToTheEnd(t *testing.T) {
	p, e := loadPlayground(t)
	p.ctx.Dispatch(func(ctx app.Context) { p.Run(ctx) })
	e.ConsumeAll() // waits for the 1 s tick goroutine
	e.ConsumeAll()
	if p.m.Frame != 1 || p.m.Playing {
		t.Errorf("after playing: frame %d playing %v", p.m.Frame, p.m.Playing)
	}
}

func TestPlaygroundPresetPicker(t *testing.T) {
	p, e := loadPlayground(t)
	p.ctx.Dispatch(func(ctx app.Context) { p.SelectPreset(ctx, "docs") })
	e.ConsumeAll()
	if p.m.Preset != "docs" || p.m.Text != testPresets[1].YAML {
		t.Errorf("preset %q", p.m.Preset)
	}
	p.ctx.Dispatch(func(ctx app.Context) { p.SelectPreset(ctx, "") })
	e.ConsumeAll()
	if p.m.Preset != "docs" {
		t.Error("empty choice changed the preset")
	}
}

func TestPlaygroundRecoversHandlerPanics(t *testing.T) {
	p, e := loadPlayground(t)
	p.ctx.Dispatch(func(ctx app.Context) { p.Edit(ctx, "panic please") })
	e.ConsumeAll()
	if !strings.Contains(p.m.Err, "boom") {
		t.Errorf("err %q", p.m.Err)
	}
	if !strings.Contains(app.HTMLString(p), "Internal error: boom") {
		t.Error("the panic is not shown")
	}
}

func TestNodeCardIsAMemoBoundary(t *testing.T) {
	r := gpuResult(false)
	a := &NodeCard{Node: r.Frames[0].Nodes[0], Pods: Layout(&r.Frames[0], "").OnNode["gpu-node-1"]}
	b := &NodeCard{Node: r.Frames[0].Nodes[0], Pods: Layout(&r.Frames[0], "").OnNode["gpu-node-1"]}
	if err := app.Match(b, a); err != nil {
		t.Errorf("identical cards should compare equal (no re-render): %v", err)
	}
	html := app.HTMLString(a)
	for _, want := range []string{"eff-noschedule", "node.kubernetes.io/disk-pressure", "nvidia.com/gpu=true", "bar-fill",
		"kubectl describe node gpu-node-1", "p1000", "requests cpu 500m, memory 1Gi", "priority 1000"} {
		if !strings.Contains(html, want) {
			t.Errorf("card lacks %q", want)
		}
	}
}

func TestIntroClampsLongDescriptions(t *testing.T) {
	long := strings.Repeat("A long scenario description. ", 20)
	p := New(Config{Presets: testPresets, Simulate: func(string, []byte, func(sim.Progress)) (*sim.Result, error) {
		r := gpuResult(false)
		r.Description = long
		return r, nil
	}})
	e := app.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	html := app.HTMLString(p)
	if !strings.Contains(html, "intro is-clamped") || !strings.Contains(html, ">more<") {
		t.Fatal("a long description should be clamped with a more button")
	}
	in := p.intro()
	in.expanded = true
	html = app.HTMLString(in)
	if strings.Contains(html, "is-clamped") || !strings.Contains(html, ">less<") || !strings.Contains(html, long) {
		t.Error("expanded intro")
	}
}

func TestPlaygroundConsole(t *testing.T) {
	p, e := loadPlayground(t)
	html := app.HTMLString(p)
	for _, want := range []string{`id="console-input"`, "kubectl describe node gpu-node-1", "kubectl get events", "as it is at t=0s"} {
		if !strings.Contains(html, want) {
			t.Errorf("console lacks %q", want)
		}
	}
	p.ctx.Dispatch(func(ctx app.Context) { p.RunCommand(ctx, "kubectl describe node gpu-node-1") })
	e.ConsumeAll()
	html = app.HTMLString(p)
	if !strings.Contains(html, "Taints: nvidia.com/gpu=true:NoSchedule") || !strings.Contains(html, "console-entry") {
		t.Error("the answer is not shown")
	}
	p.ctx.Dispatch(func(ctx app.Context) { p.RunCommand(ctx, "kubectl nope") })
	e.ConsumeAll()
	if !strings.Contains(app.HTMLString(p), "console-entry is-error") {
		t.Error("a failing command is not shown as an error")
	}
}
