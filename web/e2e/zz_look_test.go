//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestZZLook(t *testing.T) {
	base := serve(t, distDir(t))
	for _, c := range []struct {
		preset string
		at     float64
		w      int
	}{
		{"mc-out-of-service", 115, 1440}, {"mc-static-pod-noexecute", 12, 768}, {"mc-out-of-service", 115, 360},
	} {
		b := newBrowser(t, c.w, 900)
		b.do("navigate", chromedp.Navigate(base+"/"))
		b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
		b.pickPreset(c.preset)
		b.scrub(c.at)
		eval[chromedp.Void](b, `document.querySelector('[data-node]').scrollIntoView()`)
		b.waitFor("anim", `document.getAnimations().length === 0`, 10*time.Second)
		png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(fmt.Sprintf("/tmp/look-%s-%d.png", c.preset, c.w), png, 0o644)
		t.Logf("overflow %d", eval[int](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`))
	}
}
