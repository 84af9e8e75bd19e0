//go:build e2e

package e2e

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/web"
)

// tooLargeToShare is a scenario that runs fast but whose share link would
// be over the limit: a description of 120,000 random characters.
func tooLargeToShare() string {
	r := rand.New(rand.NewSource(1))
	const abc = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, 120000)
	for i := range b {
		if i%60 == 59 {
			b[i] = ' '
			continue
		}
		b[i] = abc[r.Intn(len(abc))]
	}
	return "kind: Scenario\nname: too-large-to-share\ndescription: " + string(b) +
		"\n---\napiVersion: v1\nkind: Node\nmetadata:\n  name: big-n1\nstatus:\n  allocatable: {cpu: \"4\", memory: 16Gi, pods: \"110\"}\n"
}

// TestTooLargeScenarioSurvivesReload: a scenario too large for a link
// replaces the address's link with #local (not the previous scenario's
// link), a reload brings the edits back from this browser's storage, and
// another browser opening #local says the scenario is not there.
func TestTooLargeScenarioSurvivesReload(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1" && location.hash.startsWith("#s=1.")`, 90*time.Second)
	text := tooLargeToShare()
	if _, err := web.EncodeFragmentErr(text); err == nil {
		t.Fatal("the test scenario fits in a link")
	}
	b.setEditor(text)
	b.waitFor("#local in the address", `location.hash === "#`+web.LocalFragment+`" && !document.querySelector(".editor-status.is-busy")`, 30*time.Second)
	notice := eval[string](b, `[...document.querySelectorAll(".panels .notice.is-error")].map(e => e.innerText).join(" ")`)
	if !strings.Contains(notice, "over the limit") || !strings.Contains(notice, "#local") {
		t.Errorf("the no-link notice: %q", notice)
	}

	b.do("reload", chromedp.Reload())
	b.waitFor("ready after the reload", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.waitFor("the edits back", `document.getElementById("editor").value.includes("name: too-large-to-share")`, 30*time.Second)
	if h := eval[string](b, `location.hash`); h != "#"+web.LocalFragment {
		t.Errorf("address after the reload: %q", h)
	}
	if eval[bool](b, `!!document.getElementById("notice")`) {
		t.Errorf("a notice after restoring: %q", eval[string](b, `document.getElementById("notice").innerText`))
	}
	b.screenshot("local-reload.png")

	b2 := newBrowser(t, 1280, 900)
	b2.do("open #local in another browser", chromedp.Navigate(base+"/#"+web.LocalFragment))
	b2.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b2.waitFor("the notice", `!!document.getElementById("notice")`, 10*time.Second)
	if n := eval[string](b2, `document.getElementById("notice").innerText`); !strings.Contains(n, "only in the browser it was made in") {
		t.Errorf("#local elsewhere: %q", n)
	}
	if eval[bool](b2, `document.getElementById("editor").value.includes("too-large-to-share")`) {
		t.Error("another browser shows the scenario")
	}
	b2.screenshot("local-elsewhere.png")
	for _, br := range []*browser{b, b2} {
		if p := br.problems(); len(p) > 0 {
			t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
		}
	}
}
