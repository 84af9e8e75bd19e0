//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// scrub moves the timeline slider to virtual time t the way dragging does:
// set the value and fire an input event.
func (b *browser) scrub(t float64) {
	b.t.Helper()
	eval[chromedp.Void](b, fmt.Sprintf(`(() => { const el = document.getElementById("scrub");
		el.value = "%g"; el.dispatchEvent(new Event("input", {bubbles: true})); })()`, t))
	b.waitFor(fmt.Sprintf("the clock at t=%g", t), fmt.Sprintf(`Number(document.getElementById("clock").dataset.time) === %g`, t), 10*time.Second)
}

// webPodOn is the key of the pod on node n (the node-failure preset has one
// web replica per node at first), or "".
func webPodOn(b *browser, node string) string {
	return eval[string](b, `(() => { const el = document.querySelector('[data-node="`+node+`"] [data-pod^="default/web-"]'); return el ? el.dataset.pod : ""; })()`)
}

// TestTimelineScrubsBackAndForth: the node-failure preset scrubbed to
// before, after and again before the eviction. Before it, the pod on n1
// carries a countdown ring; after it, the pod is evicted, stays on n1
// Terminating (its kubelet is unreachable, so nothing confirms its
// containers stopped) and a replacement runs elsewhere; back again, the
// board shows the first pod on n1 running, ring and all.
func TestTimelineScrubsBackAndForth(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1366, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.pickPreset("node-failure")

	max := eval[float64](b, `Number(document.getElementById("scrub").max)`)
	if max < 365 {
		t.Fatalf("the slider ends at %v, before the eviction at 365 s", max)
	}
	first := webPodOn(b, "n1")
	if first == "" {
		t.Fatal("no web pod on n1 at t=0")
	}
	if eval[bool](b, `!!document.querySelector('.countdown')`) {
		t.Error("a countdown ring at t=0, before any NoExecute taint")
	}
	// Owner and the tolerations DefaultTolerationSeconds added.
	chip := eval[string](b, `document.querySelector('[data-pod="`+first+`"]').textContent`)
	for _, want := range []string{"ReplicaSet", "DefaultTolerationSeconds"} {
		if !strings.Contains(chip, want) {
			t.Errorf("pod chip lacks %q:\n%s", want, chip)
		}
	}

	// t=100: n1 is unreachable, the pod waits out its 300 s.
	b.scrub(100)
	if got := webPodOn(b, "n1"); got != first {
		t.Errorf("t=100: pod on n1 is %q, want %q", got, first)
	}
	ring := `document.querySelector('[data-pod="` + first + `"] .countdown')`
	b.waitFor("the countdown ring at t=100", `!!`+ring, 5*time.Second)
	left100 := eval[float64](b, `Number(`+ring+`.querySelector(".ring-arc").dataset.left)`)
	secs := eval[string](b, ring+`.innerText`)
	if left100 <= 0.5 || left100 >= 1 {
		t.Errorf("t=100: ring fraction %v, want (65+300−100)/300 ≈ 0.88", left100)
	}
	if !strings.Contains(secs, "4m25s") {
		t.Errorf("t=100: countdown text %q, want 4m25s (365 − 100 s)", secs)
	}
	if !eval[bool](b, `document.querySelector('[data-node="n1"] .node-head').innerText.includes("Ready=Unknown")`) {
		t.Error("t=100: n1 has no Ready=Unknown badge")
	}
	if !eval[bool](b, `!!document.querySelector('[data-node="n1"] .taint.eff-noexecute')`) {
		t.Error("t=100: n1 has no NoExecute taint chip")
	}

	// t=300: the same ring, less left.
	b.scrub(300)
	left300 := eval[float64](b, `Number(`+ring+`.querySelector(".ring-arc").dataset.left)`)
	if !(left300 < left100 && left300 > 0) {
		t.Errorf("ring at t=300 (%v) is not between 0 and t=100's %v", left300, left100)
	}
	b.screenshot("timeline-countdown.png")

	// t=380: evicted, Terminating on n1, replaced by a pod on a healthy
	// node.
	b.scrub(380)
	b.waitFor("the pod Terminating on n1", `!!document.querySelector('[data-node="n1"] [data-pod="`+first+`"].is-terminating')`, 10*time.Second)
	if eval[bool](b, `!!document.querySelector('[data-node="n1"] [data-pod="`+first+`"] .countdown')`) {
		t.Error("t=380: the Terminating pod still shows its countdown ring")
	}
	placed := eval[int](b, `document.querySelectorAll('[data-node="n2"] [data-pod^="default/web-"], [data-node="n3"] [data-pod^="default/web-"], .lane-pending [data-pod^="default/web-"]').length`)
	if placed != 3 {
		t.Errorf("t=380: %d live web pods on n2/n3 or Pending, want 3 (two old ones and the replacement)", placed)
	}
	b.screenshot("timeline-evicted.png")

	// Back to t=100: the first pod is on n1 again, ring and all.
	b.scrub(100)
	b.waitFor("the first pod back on n1", `!!document.querySelector('[data-node="n1"] [data-pod="`+first+`"] .countdown')`, 10*time.Second)
	if eval[bool](b, `!!document.querySelector('[data-pod="`+first+`"].is-terminating')`) {
		t.Error("back at t=100 the pod is still Terminating")
	}

	// The slider is keyboard operable: → adds a second.
	b.do("focus the slider", chromedp.Focus(chromedp.ID("scrub")))
	b.do("→ on the slider", chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor("t=101 via the keyboard", `Number(document.getElementById("clock").dataset.time) === 101`, 5*time.Second)

	// Previous/next event jump between frames.
	before := frameIndex(b)
	b.click("next event", "#btn-step")
	b.waitFor("the next frame", fmt.Sprintf(`Number(document.getElementById("board").dataset.frame) === %d`, before+1), 10*time.Second)
	b.click("previous event", "#btn-back")
	b.waitFor("the previous frame", fmt.Sprintf(`Number(document.getElementById("board").dataset.frame) === %d`, before), 10*time.Second)

	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// TestPlayAt60xReachesTheEnd: play at 60 virtual seconds per real second
// runs the node-failure preset's 400 s to its last frame and stops.
func TestPlayAt60xReachesTheEnd(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.pickPreset("node-failure")
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("speed");
		el.value = "60"; el.dispatchEvent(new Event("change", {bubbles: true})); })()`)
	last := eval[int](b, `document.querySelectorAll(".tl-item").length`) - 1
	end := eval[float64](b, `Number(document.getElementById("scrub").max)`)
	start := time.Now()
	b.click("run", "#btn-run")
	b.waitFor("the clock to move", `Number(document.getElementById("clock").dataset.time) > 0`, 5*time.Second)
	b.waitFor("play to reach the end", fmt.Sprintf(`document.getElementById("board").dataset.frame === "%d" && Number(document.getElementById("clock").dataset.time) === %g`, last, end), 60*time.Second)
	took := time.Since(start)
	t.Logf("played %g virtual seconds (%d frames) at 60× in %v", end, last+1, took.Round(time.Millisecond))
	if took < time.Duration(end/60*float64(time.Second))/2 {
		t.Errorf("played %g s in %v: faster than 60×", end, took)
	}
	b.waitFor("the Run button to offer Run again", `document.getElementById("btn-run").innerText.includes("Run")`, 5*time.Second)
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

const whyScenario = `kind: Scenario
name: why-e2e
title: Why view check
---
apiVersion: v1
kind: Node
metadata:
  name: small
  labels: {kubernetes.io/hostname: small}
spec:
  taints:
  - {key: dedicated, value: infra, effect: NoSchedule}
status:
  allocatable: {cpu: "1", memory: 2Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata:
  name: big-a
  labels: {kubernetes.io/hostname: big-a}
status:
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata:
  name: big-b
  labels: {kubernetes.io/hostname: big-b}
spec:
  taints:
  - {key: spot, value: "true", effect: PreferNoSchedule}
status:
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
---
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  tolerations:
  - {key: other, operator: Exists, effect: NoSchedule}
  containers:
  - name: c
    image: nginx
    resources:
      requests: {cpu: "2", memory: 1Gi}
`

// TestWhyView: a pod that one node rejects twice (taint and cpu) and two
// nodes accept. The why view marks the reported filter, lists the other
// failing one as not reported, scores the feasible nodes per plugin and
// explains the matrix cells.
func TestWhyView(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1366, 1000)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.setEditor(whyScenario)
	b.waitFor("the scenario's board", `!!document.querySelector('[data-node="big-a"]') && !!document.querySelector('[data-pod="default/app"]')`, 20*time.Second)
	b.click("select app", `[data-pod="default/app"]`)
	b.waitFor("the why view", `!!document.querySelector(".why .why-table")`, 10*time.Second)

	row := `[...document.querySelectorAll(".why-table tbody tr")].find(r => r.querySelector("th").innerText === "small")`
	small := eval[string](b, row+`.innerText`)
	for _, want := range []string{"TaintToleration", "reported", "also rejects it, not reported", "NodeResourcesFit", "Insufficient cpu"} {
		if !strings.Contains(small, want) {
			t.Errorf("the row for node small lacks %q:\n%s", want, small)
		}
	}
	if eval[bool](b, row+`.querySelector(".plugin").innerText.includes("NodeResourcesFit")`) {
		t.Error("NodeResourcesFit is shown as the reported plugin")
	}

	scores := eval[string](b, `document.querySelector(".score-table").innerText`)
	for _, want := range []string{"TaintToleration", "NodeResourcesFit", "big-a", "big-b", "chosen"} {
		if !strings.Contains(scores, want) {
			t.Errorf("the score table lacks %q:\n%s", want, scores)
		}
	}
	if n := eval[int](b, `document.querySelectorAll(".score-table tbody tr").length`); n != 2 {
		t.Errorf("the score table has %d rows, want the 2 feasible nodes", n)
	}
	if !eval[bool](b, `document.querySelector(".score-table tr.is-chosen th").innerText === "big-a"`) {
		t.Error("big-a (no PreferNoSchedule taint) is not the highlighted chosen row")
	}
	if !eval[bool](b, `[...document.querySelectorAll(".score-table .sc-detail")].some(e => /\d+ → \d+/.test(e.innerText))`) {
		t.Error("no raw → normalized detail in the score cells")
	}
	if !eval[bool](b, `document.getElementById("why").innerText.includes("Kubernetes 1.")`) {
		t.Error("the why view does not name the Kubernetes version")
	}

	// The matrix: the dedicated taint's cell says why the toleration misses.
	cell := eval[string](b, `[...document.querySelectorAll(".matrix-table .cell-why")].map(e => e.textContent).join("\n")`)
	if !strings.Contains(cell, "dedicated") {
		t.Errorf("no matrix cell explains the dedicated taint:\n%s", cell)
	}
	b.do("focus a matrix cell", chromedp.Focus(chromedp.CSS(".matrix-table td.cell[tabindex]")))
	if w := eval[float64](b, `document.activeElement.querySelector(".cell-why").getBoundingClientRect().width`); w < 20 {
		t.Errorf("a focused matrix cell does not show its reason (width %v)", w)
	}

	// kubectl describe pod, with its sections.
	b.click("describe pod", ".describe-pod summary")
	desc := eval[string](b, `document.querySelector(".describe-pod .console-out").innerText`)
	for _, want := range []string{"Tolerations:", "Events:", "Conditions:"} {
		if !strings.Contains(desc, want) {
			t.Errorf("kubectl describe pod lacks %q:\n%s", want, desc)
		}
	}
	b.screenshot("why-view.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// manyNodes is a scenario with n nodes (every fifth tainted NoSchedule),
// n pods and a step that taints node-0001 NoExecute.
func manyNodes(n int) string {
	var s strings.Builder
	s.WriteString("kind: Scenario\nname: many-nodes\nsteps:\n- at: 30s\n  run: kubectl taint nodes node-0001 gone=true:NoExecute\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&s, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-%04d\n  labels: {kubernetes.io/hostname: node-%04d}\n", i, i)
		if i%5 == 0 {
			s.WriteString("spec:\n  taints:\n  - {key: dedicated, value: batch, effect: NoSchedule}\n")
		}
		s.WriteString("status:\n  allocatable: {cpu: \"4\", memory: 8Gi, pods: \"110\"}\n")
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&s, "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p-%04d\nspec:\n  containers:\n  - {name: c, image: nginx, resources: {requests: {cpu: 100m}}}\n", i)
	}
	return s.String()
}

// TestManyNodes: 300 nodes render as 48 cards plus a summary, the filter
// narrows them, and stepping stays quick.
func TestManyNodes(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1366, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.setEditor(manyNodes(300))
	b.waitFor("the big board", `!!document.querySelector(".more-nodes")`, 60*time.Second)
	if n := eval[int](b, `document.querySelectorAll(".node-card").length`); n != 48 {
		t.Errorf("%d node cards, want 48 and a summary", n)
	}
	more := eval[string](b, `document.querySelector(".more-nodes").innerText`)
	if !strings.Contains(more, "+252 more nodes") || !strings.Contains(more, "tainted") {
		t.Errorf("summary: %q", more)
	}
	start := time.Now()
	b.click("next event", "#btn-step")
	b.waitFor("frame 1", `document.getElementById("board").dataset.frame === "1"`, 20*time.Second)
	t.Logf("step with 300 nodes: %v", time.Since(start).Round(time.Millisecond))
	b.scrub(0)
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("node-filter");
		el.value = "node-0123"; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	b.waitFor("one card after filtering", `document.querySelectorAll(".node-card").length === 1 && !!document.querySelector('[data-node="node-0123"]')`, 10*time.Second)
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("node-filter");
		el.value = "dedicated"; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	b.waitFor("the tainted nodes", `document.querySelectorAll(".node-card").length === 48 && !!document.querySelector(".more-nodes") && document.querySelector(".more-nodes").innerText.includes("+12 more matching nodes") && document.querySelector(".nodes-count").innerText.trim() === "48 of 60 matching nodes (300 in all)"`, 10*time.Second)
	if n := eval[int](b, `[...document.querySelectorAll(".node-card")].filter(c => !c.querySelector(".taint")).length`); n != 0 {
		t.Errorf("the taint filter shows %d untainted nodes", n)
	}
	b.click("show more", "#btn-more-nodes")
	b.waitFor("all 60 tainted cards", `document.querySelectorAll(".node-card").length === 60 && !document.querySelector(".more-nodes")`, 10*time.Second)
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// TestTimelineAndWhyAt360: the timeline bar, countdown ring and why view
// fit a phone.
func TestTimelineAndWhyAt360(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 360, 780)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.pickPreset("node-failure")
	b.scrub(200)
	first := webPodOn(b, "n1")
	b.waitFor("the ring", `!!document.querySelector('[data-node="n1"] .countdown')`, 10*time.Second)
	b.click("the pod on n1", `[data-pod="`+first+`"]`)
	b.waitFor("the why view", `!!document.querySelector(".why .matrix-table")`, 10*time.Second)
	if w := eval[float64](b, `document.querySelector(".matrix-table .cell-why").getBoundingClientRect().width`); w < 20 {
		t.Errorf("matrix reasons are not written out at 360 px (width %v)", w)
	}
	if overflow := eval[int](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); overflow > 0 {
		t.Errorf("the page scrolls sideways by %d px at 360 px wide", overflow)
	}
	b.screenshot("timeline-why-360.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}
