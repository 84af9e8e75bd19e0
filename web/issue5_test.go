package web

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/lesson"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

func realSimulate(filename string, text []byte, progress func(sim.Progress)) (*sim.Result, error) {
	s, err := scenario.Parse(text, filename)
	if err != nil {
		return nil, err
	}
	return sim.RunWithProgress(s, progress)
}

func realExec(filename string, text []byte, at float64, command string) (string, error) {
	s, err := scenario.Parse(text, filename)
	if err != nil {
		return "", err
	}
	return sim.Exec(s, time.Duration(math.Round(at*float64(time.Second))), command)
}

const pendingScenario = `kind: Scenario
name: console-test
---
apiVersion: v1
kind: Node
metadata:
  name: n1
spec:
  taints: [{key: k, value: v, effect: NoSchedule}]
status:
  allocatable: {cpu: "4", memory: 16Gi, pods: "110"}
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers: [{name: c, image: nginx}]
`

func TestParseStartOptions(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  StartOptions
	}{
		{"", StartOptions{Theme: "auto", Lang: "en"}},
		{"?embed=1&theme=dark&step=3&autoplay=1&lang=hi", StartOptions{Embed: true, Theme: "dark", Step: 3, Autoplay: true, Lang: "hi"}},
		{"embed=true&theme=light", StartOptions{Embed: true, Theme: "light", Lang: "en"}},
		{"?theme=neon&step=-2&lang=xx&embed=no", StartOptions{Theme: "auto", Lang: "en"}},
		{"?%zz", StartOptions{Theme: "auto", Lang: "en"}},
	} {
		if got := ParseStartOptions(tc.query); got != tc.want {
			t.Errorf("ParseStartOptions(%q) = %+v, want %+v", tc.query, got, tc.want)
		}
	}
}

func TestFragmentIsVersioned(t *testing.T) {
	frag := EncodeFragment(pendingScenario)
	if !strings.HasPrefix(frag, "s=1.") {
		t.Fatalf("fragment %q has no version", frag)
	}
	text, err := DecodeFragment(frag)
	if err != nil {
		t.Fatal(err)
	}
	a, err1 := scenario.Parse([]byte(pendingScenario), "a")
	b, err2 := scenario.Parse([]byte(text), "b")
	if err1 != nil || err2 != nil || a.Name != b.Name || len(a.Pods) != len(b.Pods) || len(a.Nodes) != len(b.Nodes) {
		t.Errorf("round trip changed the scenario: %v %v", err1, err2)
	}
	if _, err := DecodeFragment("s=9.AAAA"); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("future version: %v", err)
	}
}

func TestEmbedSnippetEscapes(t *testing.T) {
	s := EmbedSnippet(`https://x.example/?embed=1#s=1.a"b`, `A <b> "title"`)
	if strings.Contains(s, `a"b`) || strings.Contains(s, "<b>") || !strings.Contains(s, HeightMessageType) {
		t.Errorf("snippet not escaped or incomplete: %s", s)
	}
}

func TestConsoleTaintBecomesAStep(t *testing.T) {
	m := newModel(nil, realSimulate)
	setExec(m, realExec)
	if !setText(m, pendingScenario) {
		t.Fatal(m.Err)
	}
	if f := frame(m); len(f.Pods) != 1 || f.Pods[0].Node != "" {
		t.Fatalf("web should be pending: %+v", f.Pods)
	}
	if !appendStep(m, "kubectl taint nodes n1 k=v:NoSchedule-") {
		t.Fatalf("step not added: %+v", m.Console)
	}
	if !strings.Contains(m.Text, "kubectl taint nodes n1 k=v:NoSchedule-") {
		t.Errorf("the scenario text has no step:\n%s", m.Text)
	}
	f := m.Current()
	if f.Step != "kubectl taint nodes n1 k=v:NoSchedule-" {
		t.Errorf("the board shows frame %q, not the step's", f.Step)
	}
	if !strings.Contains(m.Console[0].Output, "untainted") || m.Console[0].Failed {
		t.Errorf("console: %+v", m.Console[0])
	}
	last := result(m).Frames[len(result(m).Frames)-1]
	if last.Pods[0].Node != "n1" {
		t.Errorf("web did not move to n1: %+v", last.Pods[0])
	}
	// A failing command leaves the scenario as it was.
	before := m.Text
	if appendStep(m, "kubectl cordon nope") {
		t.Error("a failing command changed the scenario")
	}
	if m.Text != before || !m.Console[0].Failed {
		t.Errorf("after a failing command: failed=%v, text changed=%v", m.Console[0].Failed, m.Text != before)
	}
	if appendStep(m, "kubectl frobnicate") || !m.Console[0].Failed {
		t.Error("an unknown command was accepted")
	}
}

func TestConsoleHistory(t *testing.T) {
	p := &ConsolePanel{}
	p.remember("a")
	p.remember("b")
	p.remember("b")
	if got := p.HistoryMove(-1); got != "b" {
		t.Errorf("first up = %q", got)
	}
	if got := p.HistoryMove(-1); got != "a" {
		t.Errorf("second up = %q", got)
	}
	if got := p.HistoryMove(-1); got != "a" {
		t.Errorf("up at the oldest = %q", got)
	}
	if got := p.HistoryMove(1); got != "b" {
		t.Errorf("down = %q", got)
	}
	if got := p.HistoryMove(1); got != "" {
		t.Errorf("down past the newest = %q", got)
	}
}

func TestPanelsRender(t *testing.T) {
	p := New(Config{Presets: testPresets, Simulate: fakeSimulate, Exec: fakeExec,
		Palette: []WellKnownTaint{{Key: "node.kubernetes.io/not-ready", Effect: "NoExecute", Docs: "https://kubernetes.io/docs/"}},
		Lint: func([]byte) ([]Finding, error) {
			return []Finding{{Severity: "warning", Where: "document 1", Message: "m", Fix: "f"}}, nil
		},
		Export: func(text []byte, format string) (string, error) { return "# " + format + "\n", nil },
	})
	e := app.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	for _, panel := range []string{"embed", "import", "library", "palette"} {
		p.x.panel = ""
		p.togglePanel(panel)
		imp := p.importPanel()
		imp.SetText("apiVersion: v1\nkind: List\nitems: []\n")
		imp.Check()
		imp.Export(ExportScript)
		html := app.HTMLString(p.renderPanels())
		for _, want := range map[string][]string{
			"embed":   {IDEmbedSnippet, "iframe"},
			"import":  {IDFindings, "# script", IDImportReplace},
			"library": {IDSweep, "lesson-table", "<svg"},
			"palette": {"node.kubernetes.io/not-ready:NoExecute", "kubernetes.io/docs"},
		}[panel] {
			if !strings.Contains(html, want) {
				t.Errorf("panel %s: no %q", panel, want)
			}
		}
	}
}

func TestSweepChart(t *testing.T) {
	tb, err := lesson.Sweep("tainted", []int{0, 1, 2, 3}, lesson.DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	html := app.HTMLString(SweepChart(tb))
	if !strings.Contains(html, "polyline") || !strings.Contains(html, "general placed") {
		t.Errorf("chart: %s", html)
	}
}

func TestPaletteCommand(t *testing.T) {
	got := PaletteCommand("n1", WellKnownTaint{Key: "nvidia.com/gpu", Value: "present", Effect: "NoSchedule"})
	if got != "kubectl taint nodes n1 nvidia.com/gpu=present:NoSchedule" {
		t.Errorf("got %q", got)
	}
	if err := scenario.CheckCommand(got); err != nil {
		t.Error(err)
	}
}

func TestLibraryAnswerAfterTheRun(t *testing.T) {
	yaml := `kind: Scenario
name: mc-demo
description: "A misconception. Predict, then run: does it stay Pending?"
steps:
- at: 10s
  run: kubectl get pods
  caption: "Answer: no, it runs."
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
`
	p := New(Config{Presets: []Preset{{Name: "mc-demo", Title: "Demo", Description: "A misconception. Predict, then run: does it stay Pending?", YAML: yaml}}, Simulate: realSimulate})
	if !loadPreset(p.m, "mc-demo") {
		t.Fatal(p.m.Err)
	}
	e := libraryEntry(nil, p.m.Presets()[0])
	if e.Group != GroupMisconceptions || e.Question != "does it stay Pending?" || e.Answer != "no, it runs." {
		t.Fatalf("entry %+v", e)
	}
	p.togglePanel("library")
	if html := app.HTMLString(p.libraryPanel()); !strings.Contains(html, "does it stay Pending?") || strings.Contains(html, "no, it runs.") {
		t.Error("the question is missing or the answer shows before the run")
	}
	p.m.Seek(p.m.FrameCount() - 1)
	if !strings.Contains(app.HTMLString(p.libraryPanel()), "no, it runs.") {
		t.Error("no answer at the last frame")
	}
	p.m.Seek(0)
	if !strings.Contains(app.HTMLString(p.libraryPanel()), "no, it runs.") {
		t.Error("the answer hid again")
	}
}

// TestHindiCatalogIsComplete: every string of the Hindi catalog is set,
// so a string added to Messages without its translation fails here.
func TestHindiCatalogIsComplete(t *testing.T) {
	v := reflect.ValueOf(Hindi)
	ty := v.Type()
	same := 0
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).Kind() != reflect.String {
			continue // the blank field that keeps Messages not comparable
		}
		s := v.Field(i).String()
		if strings.TrimSpace(s) == "" {
			t.Errorf("Hindi.%s is empty", ty.Field(i).Name)
		}
		if s == reflect.ValueOf(English).Field(i).String() {
			same++
		}
		en := reflect.ValueOf(English).Field(i).String()
		if strings.Count(s, "%") != strings.Count(en, "%") {
			t.Errorf("Hindi.%s has other format verbs than English: %q vs %q", ty.Field(i).Name, s, en)
		}
	}
	if same > v.NumField()/4 {
		t.Errorf("%d of %d Hindi strings equal the English ones: the catalog looks untranslated", same, v.NumField())
	}
	if Hindi.Taints != "टेंट्स" || Hindi.Tolerations != "टॉलरेशन" {
		t.Errorf("Kubernetes terms differ from the Hindi docs: %q, %q", Hindi.Taints, Hindi.Tolerations)
	}
}

func TestSetLanguage(t *testing.T) {
	defer SetLanguage("en")
	if !SetLanguage("hi") || Msg.AppTitle != Hindi.AppTitle || Lang != "hi" {
		t.Fatal("Hindi not active")
	}
	if SetLanguage("xx") || Msg.AppTitle != English.AppTitle || Lang != "en" {
		t.Fatal("unknown language did not fall back to English")
	}
}

func TestImportReplaceAndAdd(t *testing.T) {
	p := New(Config{Presets: testPresets, Simulate: realSimulate, Exec: fakeExec,
		Lint: func(text []byte) ([]Finding, error) {
			if strings.Contains(string(text), "master") {
				return []Finding{{Severity: "warning", Message: "old key", Fix: "use node-role.kubernetes.io/control-plane"}}, nil
			}
			return nil, nil
		},
	})
	e := app.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	node := "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata: {name: imported-1, labels: {node-role.kubernetes.io/master: \"\"}}\n  status: {allocatable: {cpu: \"2\", memory: 4Gi, pods: \"10\"}}\n"
	imp := p.importPanel()
	imp.SetText(node)
	imp.Check()
	if len(p.imp.findings) != 1 {
		t.Fatalf("findings %+v", p.imp.findings)
	}
	p.ctx.Dispatch(func(ctx app.Context) { imp.Import(false) })
	e.ConsumeAll()
	if p.m.Err != "" || p.m.Current() == nil || len(frame(p.m).Nodes) != 1 || frame(p.m).Nodes[0].Name != "imported-1" {
		t.Fatalf("replace: err %q", p.m.Err)
	}
	imp.SetText("apiVersion: v1\nkind: Node\nmetadata: {name: imported-2}\nstatus: {allocatable: {cpu: \"2\", memory: 4Gi, pods: \"10\"}}\n")
	p.ctx.Dispatch(func(ctx app.Context) { imp.Import(true) })
	e.ConsumeAll()
	if p.m.Err != "" || len(frame(p.m).Nodes) != 2 {
		t.Fatalf("add: err %q", p.m.Err)
	}
	if !strings.Contains(app.HTMLString(p.importPanel()), "imported-2") {
		t.Error("the import field lost its text")
	}
}

// The same taint twice from the console: the second command is refused
// with kubectl's own error, as on a real cluster, and the scenario keeps
// only the first step.
func TestConsoleRepeatedTaintIsRefused(t *testing.T) {
	m := newModel(nil, realSimulate)
	setExec(m, realExec)
	if !setText(m, pendingScenario) {
		t.Fatal(m.Err)
	}
	const cmd = "kubectl taint nodes n1 extra=x:NoExecute"
	if !appendStep(m, cmd) {
		t.Fatalf("first taint refused: %+v", m.Console[0])
	}
	before := m.Text
	if appendStep(m, cmd) {
		t.Fatal("the same taint was accepted twice")
	}
	const want = "error: node n1 already has extra taint(s) with same effect(s) and --overwrite is false"
	if got := m.Console[0].Output; got != want || !m.Console[0].Failed {
		t.Errorf("console output %q (failed=%v), want %q", got, m.Console[0].Failed, want)
	}
	if m.Text != before {
		t.Error("a refused command changed the scenario")
	}
}
