//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario/link"
	"github.com/taints-playground/playground/web"
)

// TestLessonLinkAndFrameLink opens a lesson's share link (p= names the
// lesson): the page opens it as the lesson (picker, its own file, the
// library's active entry) and asks its question first, the title's claim
// and the answer hidden until "Show the answer". Then the same link with
// f=3 opens at the third frame.
func TestLessonLinkAndFrameLink(t *testing.T) {
	const name = "mc-noschedule-evicts"
	pr, ok := presets.Get(name)
	if !ok {
		t.Fatal("no lesson " + name)
	}
	l, ok := presets.Link(name)
	if !ok {
		t.Fatal("no precomputed link")
	}
	frag := link.Fragment(l) + "&" + web.PresetKey + "=" + name
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("open the lesson's link", chromedp.Navigate(base+"/#"+frag))
	b.waitFor("the lesson's board", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy") && document.querySelectorAll(".node-card").length > 0`, 90*time.Second)

	if got := eval[string](b, `document.getElementById("preset").value`); got != name {
		t.Errorf("the picker shows %q, want the lesson", got)
	}
	if got := eval[string](b, `document.getElementById("editor").value`); got != pr.YAML {
		t.Errorf("the editor does not hold the lesson's own file (%d bytes of %d)", len(got), len(pr.YAML))
	}
	intro := func() string {
		return eval[string](b, `document.querySelector(".intro") ? document.querySelector(".intro").innerText : ""`)
	}
	got := intro()
	if !strings.Contains(got, web.Msg.PredictTitle) || !strings.Contains(got, pr.Question) {
		t.Errorf("the intro does not ask the question first:\n%s", got)
	}
	if strings.Contains(got, "Misconception") || strings.Contains(got, pr.Answer) {
		t.Errorf("the intro gives the claim or the answer away before the run:\n%s", got)
	}
	if tl := eval[string](b, `document.querySelector(".timeline").innerText`); strings.Contains(tl, "Answer:") {
		t.Errorf("the timeline shows the answer's caption before the board reached it:\n%s", tl)
	}

	b.click("library", "#"+web.IDPanelToggle+"library")
	active := `document.querySelector('.lib-item.is-active[data-preset="` + name + `"]')`
	b.waitFor("the library's active lesson", "!!"+active, 10*time.Second)
	if q := eval[string](b, active+`.innerText`); !strings.Contains(q, pr.Question) {
		t.Errorf("the active library entry lacks the question:\n%s", q)
	}

	b.screenshot("lesson-question.png")
	b.click("show the answer", "#"+web.IDShowAnswer)
	b.waitFor("the answer", `!!document.querySelector(".intro-answer")`, 10*time.Second)
	if got := intro(); !strings.Contains(got, pr.Title) || !strings.Contains(got, pr.Answer) {
		t.Errorf("after Show the answer the intro lacks the title or the answer:\n%s", got)
	}
	if tl := eval[string](b, `document.querySelector(".timeline").innerText`); !strings.Contains(tl, "Answer:") {
		t.Errorf("after Show the answer the timeline still hides the last caption:\n%s", tl)
	}
	b.screenshot("lesson-link.png")

	b2 := newBrowser(t, 1280, 900)
	b2.do("open the lesson at frame 3", chromedp.Navigate(base+"/#"+frag+"&"+web.FrameKey+"=3"))
	b2.waitFor("the lesson's board", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy") && document.querySelectorAll(".node-card").length > 0`, 90*time.Second)
	b2.waitFor("frame 3", `document.getElementById("board").dataset.frame === "2"`, 10*time.Second)
	if got := eval[string](b2, `document.getElementById("preset").value`); got != name {
		t.Errorf("with f= the picker shows %q, want the lesson", got)
	}
	if got := eval[string](b2, `document.querySelector(".sim-pane").innerText`); !strings.Contains(got, "Frame 3 of ") {
		t.Errorf("the board does not say frame 3:\n%.300s", got)
	}
	// In Hindi the lesson asks in Hindi: the page's words from the Hindi
	// catalog, the lesson's from its translation (presets.Localized),
	// English where it has none.
	const hiName = "mc-untainted-node"
	hiLink, _ := presets.Link(hiName)
	question := ""
	if hp, ok := presets.Get(hiName); ok {
		question = hp.Question
	}
	if tr, ok := presets.Localized(hiName, "hi"); ok && tr.Question != "" {
		question = tr.Question
	}
	b3 := newBrowser(t, 1280, 900)
	b3.do("open a lesson in Hindi", chromedp.Navigate(base+"/?lang=hi#"+link.Fragment(hiLink)+"&"+web.PresetKey+"="+hiName))
	b3.waitFor("the lesson's board", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy") && document.querySelectorAll(".node-card").length > 0`, 90*time.Second)
	if got := eval[string](b3, `document.querySelector(".intro") ? document.querySelector(".intro").innerText : ""`); !strings.Contains(got, web.Catalogs["hi"].PredictTitle) || !strings.Contains(got, question) {
		t.Errorf("the Hindi lesson's intro lacks %q or %q:\n%s", web.Catalogs["hi"].PredictTitle, question, got)
	}
	for _, br := range []*browser{b, b2, b3} {
		if p := br.problems(); len(p) > 0 {
			t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
		}
	}
}
