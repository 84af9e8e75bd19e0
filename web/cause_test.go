package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const causeObjects = `---
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

// failingScenario's first step taints a node that does not exist:
// kubectl answers `Error from server (NotFound): nodes "node9" not found`
// and the cluster does not change.
const failingScenario = `kind: Scenario
name: failing
steps:
- at: 10s
  run: kubectl taint nodes node9 k=v:NoSchedule
  caption: node9 is tainted now.
- at: 30s
  run: kubectl taint nodes n1 k=v:NoSchedule-
  caption: n1 loses its taint and web is scheduled there.
` + causeObjects

// twoStepScenario has captions at 10 s and 30 s.
const twoStepScenario = `kind: Scenario
name: two-steps
steps:
- at: 10s
  run: kubectl label nodes n1 zone=a
  caption: n1 gets a zone label.
- at: 30s
  run: kubectl taint nodes n1 k=v:NoSchedule-
  caption: n1 loses its taint and web is scheduled there.
` + causeObjects

var causePresets = []Preset{
	{Name: "failing", Title: "Failing", YAML: failingScenario},
	{Name: "two", Title: "Two steps", YAML: twoStepScenario},
}

func frameAt(t *testing.T, m *Model, at float64, step string) int {
	t.Helper()
	for i, f := range m.Run.Frames {
		if f.At == at && f.Step == step {
			return i
		}
	}
	t.Fatalf("no frame at %g with step %q", at, step)
	return -1
}

func TestFailedStepIsMarked(t *testing.T) {
	m := newModel(causePresets, realSimulate)
	require.True(t, loadPreset(m, "failing"), m.Err)
	n, first := m.StepFailures()
	require.Equal(t, 1, n)
	assert.Contains(t, first, `nodes "node9" not found`)

	bad := frameAt(t, m, 10, "kubectl taint nodes node9 k=v:NoSchedule")
	good := frameAt(t, m, 30, "kubectl taint nodes n1 k=v:NoSchedule-")
	items := m.TimelineItems()
	assert.True(t, items[bad].Failed)
	assert.Contains(t, items[bad].Error, `nodes "node9" not found`)
	assert.False(t, items[good].Failed)
	assert.Empty(t, items[good].Error)

	status := EditorFailedText(len(m.Run.Frames), m.Run.Events, n, first)
	assert.Contains(t, status, "1 step failed: ")
	assert.Contains(t, status, `nodes "node9" not found`)
	assert.Contains(t, EditorFailedText(3, 1, 2, "x"), "2 steps failed: x")
}

// The page: the failed frame is red in the timeline with ✗ and a title,
// the editor's status says a step failed, and on the failed frame the
// caption written for the step comes after kubectl's error, struck out.
func TestFailedStepOnThePage(t *testing.T) {
	p := New(Config{Presets: causePresets, Simulate: realSimulate, Exec: realExec})
	e := app.NewTestEngine()
	require.NoError(t, e.Load(p))
	e.ConsumeAll()
	m := p.Model()
	html := onPage(p, e, func() { require.True(t, loadPreset(m, "failing")) })
	bad := frameAt(t, m, 10, "kubectl taint nodes node9 k=v:NoSchedule")
	assert.Contains(t, html, `id="`+IDEditorFailed+`"`)
	assert.Contains(t, html, "1 step failed")
	assert.NotContains(t, html, "editor-status is-ok")
	item := tagWith(html, `data-frame="`+strconv.Itoa(bad)+`"`)
	assert.Contains(t, item, "is-failed", item)
	assert.Contains(t, html, `class="tl-failed"`)
	assert.Contains(t, html, "✗")

	html = onPage(p, e, func() { m.Seek(bad) })
	caption := html[strings.Index(html, `class="caption"`):]
	caption = caption[:strings.Index(caption, `class="board`)]
	errAt := strings.Index(caption, `nodes &#34;node9&#34; not found`)
	capAt := strings.Index(caption, "node9 is tainted now.")
	require.True(t, errAt >= 0 && capAt >= 0, caption)
	assert.Less(t, errAt, capAt, "the caption sits above the error")
	assert.Contains(t, caption, "<del")
	assert.Contains(t, caption, "step-output is-error")
}

// After a console step at t=10s, the caption at 30 s is marked, the one
// at 10 s (its step ran before the console's) is not; loading the preset
// again clears the mark.
func TestStaleCaptionsAfterAConsoleStep(t *testing.T) {
	m := newModelExec(causePresets, realSimulate, realExec)
	require.True(t, loadPreset(m, "two"), m.Err)
	assert.False(t, m.CaptionStale(30))
	m.Seek(frameAt(t, m, 10, "kubectl label nodes n1 zone=a"))
	require.True(t, appendStep(m, "kubectl label nodes n1 disk=ssd"), "%+v", m.Console)
	require.True(t, m.Edited)
	assert.Equal(t, 10.0, m.EditedAt)
	items := m.TimelineItems()
	at10 := frameAt(t, m, 10, "kubectl label nodes n1 zone=a")
	at30 := frameAt(t, m, 30, "kubectl taint nodes n1 k=v:NoSchedule-")
	assert.False(t, items[at10].Stale, "a step that ran before the console's keeps its caption")
	assert.True(t, items[at30].Stale)
	added := frameAt(t, m, 10, "kubectl label nodes n1 disk=ssd")
	assert.False(t, items[added].Stale, "the console's step has no caption to mark")

	// An earlier console step moves the mark earlier.
	m.Seek(0)
	require.True(t, appendStep(m, "kubectl label nodes n1 tier=1"))
	assert.Equal(t, 0.0, m.EditedAt)
	assert.True(t, m.TimelineItems()[frameAt(t, m, 10, "kubectl label nodes n1 zone=a")].Stale)
	// A frame after the edit whose step has no caption in the file shows
	// the new run's own summary, which is current: not marked.
	noCaption := frameAt(t, m, 10, "kubectl label nodes n1 disk=ssd")
	require.NotEmpty(t, m.TimelineItems()[noCaption].Caption, "the run's summary")
	assert.False(t, m.TimelineItems()[noCaption].Stale, "the run's own summary is not stale")

	require.True(t, loadPreset(m, "two"))
	assert.False(t, m.Edited)
	for _, it := range m.TimelineItems() {
		assert.False(t, it.Stale)
	}
}

// Each scenario has its own console answers and history: switching
// preset shows the other's, switching back brings them back.
func TestConsoleIsPerScenario(t *testing.T) {
	m := newModelExec(causePresets, realSimulate, realExec)
	require.True(t, loadPreset(m, "two"))
	m.History.Remember("kubectl get pods")
	m.RunCommand("kubectl get pods")
	require.Len(t, m.Console, 1)
	two := m.History

	require.True(t, loadPreset(m, "failing"))
	assert.Empty(t, m.Console)
	assert.Zero(t, m.History.Len())
	assert.Equal(t, "", m.History.Move(-1))
	m.History.Remember("kubectl get events")

	require.True(t, loadPreset(m, "two"))
	require.Len(t, m.Console, 1)
	assert.Equal(t, "kubectl get pods", m.Console[0].Command)
	assert.Same(t, two, m.History)
	assert.Equal(t, "kubectl get pods", m.History.Move(-1))

	// The same scenario loaded again keeps its console.
	require.True(t, loadPreset(m, "two"))
	assert.Len(t, m.Console, 1)

	// A console step changes the scenario: loading the preset again brings
	// its own text back, which the kept answers no longer describe (the
	// node would show a taint the preset does not have).
	require.True(t, appendStep(m, "kubectl label nodes n1 tier=1"))
	require.NotEqual(t, "two", m.Preset, "the console step edited the preset")
	require.True(t, loadPreset(m, "failing"))
	require.True(t, loadPreset(m, "two"))
	assert.Empty(t, m.Console, "answers about the edited scenario are not brought back")
	assert.Zero(t, m.History.Len())
}

// A YAML error's line is the file's: the model keeps it for the gutter
// and the message names it.
func TestErrorLineIsTheFileLine(t *testing.T) {
	m := newModel(nil, realSimulate)
	// Lines 1-2 comments, 3 '---', 4-6 the node, 7 '---', 8-10 the pod,
	// 11 repeats metadata: its document's line 4.
	text := "# a\n# b\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nmetadata: {name: b}\nspec: {containers: [{name: c, image: x}]}\n"
	require.False(t, setText(m, text))
	assert.Equal(t, 11, m.ErrLine, m.Err)
	assert.Contains(t, m.Err, "line 11:")
	assert.NotContains(t, m.Err, "line 4:")
	require.True(t, setText(m, twoStepScenario))
	assert.Zero(t, m.ErrLine)
}

func TestChooseTheme(t *testing.T) {
	for _, tc := range []struct{ addr, stored, want string }{
		{"auto", "", "auto"},
		{"auto", "dark", "dark"},
		{"light", "dark", "light"},
		{"dark", "light", "dark"},
		{"auto", "neon", "auto"},
		{"", "light", "light"},
	} {
		assert.Equal(t, tc.want, ChooseTheme(tc.addr, tc.stored), "%+v", tc)
	}
}

// The page: the gutter carries the error's file line and the error a
// button to reach it; typing again clears the mark.
func TestErrorLineOnThePage(t *testing.T) {
	p := New(Config{Presets: causePresets, Simulate: realSimulate, Exec: realExec})
	e := app.NewTestEngine()
	require.NoError(t, e.Load(p))
	e.ConsumeAll()
	text := "# a\n# b\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nmetadata: {name: b}\nspec: {containers: [{name: c, image: x}]}\n"
	html := onPage(p, e, func() { p.Model().SetText(text, nil) })
	gutter := tagWith(html, `id="`+IDGutter+`"`)
	assert.Contains(t, gutter, `data-error-line="11"`, gutter)
	assert.Contains(t, html, `id="`+IDGoLine+`"`)
	assert.Contains(t, html, "Go to line 11")
	html = onPage(p, e, func() { p.Model().SetText(twoStepScenario, nil) })
	assert.NotContains(t, tagWith(html, `id="`+IDGutter+`"`), `data-error-line="1`)
	assert.NotContains(t, html, `id="`+IDGoLine+`"`)
}
