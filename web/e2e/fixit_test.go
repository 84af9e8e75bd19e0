//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFixItAddsToleration: in mc-exists-with-key gpu-any stays Pending
// (it tolerates gpu=… but not team=ml). Its why panel's "Fix it" proposes
// the one toleration it lacks on gpu-1; "Add to the pod" writes it into
// the scenario and re-runs it, and gpu-any runs on gpu-1.
func TestFixItAddsToleration(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1366, 1000)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.pickPreset("mc-exists-with-key")
	b.waitFor("gpu-any Pending", podPending("gpu-any"), 20*time.Second)
	b.click("select gpu-any", `[data-pod="default/gpu-any"]`)
	b.waitFor("the Fix it section", `!!document.querySelector("#why-fix .fix-yaml")`, 20*time.Second)

	yaml := eval[string](b, `document.querySelector("#why-fix .fix-yaml").innerText`)
	for _, want := range []string{"key: team", "operator: Equal", "value: ml", "effect: NoSchedule"} {
		if !strings.Contains(yaml, want) {
			t.Errorf("the proposed toleration lacks %q:\n%s", want, yaml)
		}
	}
	if v := eval[string](b, `document.getElementById("fix-node").selectedOptions[0].innerText`); !strings.Contains(v, "gpu-1") {
		t.Errorf("the node picker shows %q, want gpu-1 as the best candidate", v)
	}
	b.screenshot("fix-it.png")

	b.click("Add to the pod", "#fix-apply")
	b.waitFor("gpu-any on gpu-1 after the re-run", podOnNode("gpu-any", "gpu-1")+
		` && document.getElementById("editor").value.includes("key: team")`, 30*time.Second)
	if !eval[bool](b, `document.getElementById("why").innerText.includes("gpu-1")`) {
		t.Error("the why panel does not say where gpu-any runs now")
	}
	// Running now: the section proposes the taint that keeps it off gpu-1.
	b.waitFor("Keep it off this node", `!!document.querySelector("#why-fix .fix-command")`, 20*time.Second)
	if cmd := eval[string](b, `document.querySelector("#why-fix .fix-command").innerText`); !strings.Contains(cmd, "kubectl taint nodes gpu-1 dedicated=other:NoExecute") {
		t.Errorf("the proposed taint is %q", cmd)
	}
	b.screenshot("fix-it-keep-off.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}
