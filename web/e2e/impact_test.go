//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/web"
)

// setField sets an input's or select's value the way the reader does and
// fires the event the page listens to.
func (b *browser) setField(id, value, event string) {
	b.t.Helper()
	eval[chromedp.Void](b, `(() => { const el = document.getElementById(`+jsString(id)+`);
		el.value = `+jsString(value)+`;
		el.dispatchEvent(new Event(`+jsString(event)+`, {bubbles: true})); })()`)
}

// TestImpactPreview opens mc-noexecute-pdb, opens the preview from n1's
// node card, previews a NoExecute taint on n1 at t=0 (the web pod there does not tolerate it: evicted at once, its
// replacement lands on n2), then applies it as a step: the editor's text
// gets the command.
func TestImpactPreview(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.pickPreset("mc-noexecute-pdb")
	b.click("n1's Preview a taint button", `[data-node="n1"] .node-impact`)
	b.waitFor("the impact panel for n1", `!!document.getElementById("`+web.IDImpactTaint+`") && document.getElementById("`+web.IDImpactNode+`").value === "n1"`, 10*time.Second)
	b.setField(web.IDImpactTaint, "preview=yes:NoExecute", "input")
	b.click("Preview", "#"+web.IDImpactPreview)
	evicted := `(document.querySelector("#` + web.IDImpactResult + ` .impact-evicted tbody") || {}).innerText || ""`
	b.waitFor("the evicted pod", evicted+`.includes("n1")`, 30*time.Second)
	row := eval[string](b, evicted)
	if !strings.Contains(row, "default/web-") || !strings.Contains(row, "t=0s") || !strings.Contains(row, "which it does not tolerate") {
		t.Errorf("evicted row %q, want the web pod on n1 at t=0s, not tolerated", row)
	}
	recreated := eval[string](b, `(document.querySelector("#`+web.IDImpactResult+` .impact-recreated tbody") || {}).innerText || ""`)
	if !strings.Contains(recreated, "n2") {
		t.Errorf("recreated %q, want the replacement on n2", recreated)
	}
	if strings.Contains(eval[string](b, `document.getElementById("editor").value`), "preview=yes") {
		t.Fatal("the preview changed the scenario")
	}
	b.screenshot("impact-preview.png")
	b.axeSerious("the impact panel with a preview")
	b.click("Apply as a step", "#"+web.IDImpactApply)
	b.waitFor("the step in the editor", `document.getElementById("editor").value.includes("kubectl taint nodes n1 preview=yes:NoExecute")`, 30*time.Second)
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// axeSerious runs axe-core (make axe) on the page and fails on serious or
// critical violations; without axe-core it logs and returns.
func (b *browser) axeSerious(state string) {
	b.t.Helper()
	axe, err := os.ReadFile(filepath.Join("axe", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		b.t.Log("axe-core is not installed (make axe): no accessibility check of " + state)
		return
	}
	eval[chromedp.Void](b, string(axe))
	for _, v := range evalAsync[[]axeViolation](b, `axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations)`) {
		if v.Impact == "serious" || v.Impact == "critical" {
			var where []string
			for _, n := range v.Nodes {
				where = append(where, n.HTML)
			}
			b.t.Errorf("axe %s %s: %s — %s\n  %s", state, v.Impact, v.ID, v.Help, strings.Join(where, "\n  "))
		}
	}
}
