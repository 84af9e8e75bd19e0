//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrokenFragmentInOpenTab pastes an address that net/url cannot parse
// into an open tab. go-app re-reads the address on popstate; without the
// popstate fix in web.FixLocation it panicked and the page died silently.
func TestBrokenFragmentInOpenTab(t *testing.T) {
	b := newBrowser(t, 1200, 900)
	base := serve(t, distDir(t))
	b.do("open", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)

	eval[chromedp.Void](b, `location.hash = "s=%ZZ"`)
	b.waitFor("the broken-link notice", `!!document.getElementById("notice")`, 15*time.Second)

	// The app is still alive: a preset loads and Step moves the board.
	b.pickPreset("animated-card")
	b.click("step", "#btn-step")
	b.waitFor("frame 1", `document.getElementById("board").dataset.frame === "1"`, 10*time.Second)
	for _, p := range b.problems() {
		t.Errorf("console: %s", p)
	}
}
