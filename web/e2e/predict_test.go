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

// TestLessonListsHideTheClaims opens a lesson at 1440 px, in English and
// in Hindi: the preset picker and the library name every lesson by its
// neutral title (presets.Preset.Ask, the Hindi "ask") and state no
// misconception; after "Show the answer" the picker names that lesson by
// its own title, the others still by their questions. Screenshots of the
// library before and after are kept (SCREENSHOT_DIR).
func TestLessonListsHideTheClaims(t *testing.T) {
	const name = "mc-noschedule-evicts"
	l, ok := presets.Link(name)
	if !ok {
		t.Fatal("no precomputed link")
	}
	base := serve(t, distDir(t))
	for _, lang := range []string{"en", "hi"} {
		t.Run(lang, func(t *testing.T) {
			msg := web.Catalogs[lang]
			claim := "Misconception:"
			if lang == "hi" {
				claim = "भ्रांति:"
			}
			text := func(n string) presets.Texts {
				tx, ok := presets.Localized(n, lang)
				if !ok {
					t.Fatalf("no %s texts of %s", lang, n)
				}
				return tx
			}
			b := newBrowser(t, 1440, 900)
			b.do("open the lesson", chromedp.Navigate(base+"/?lang="+lang+"#"+link.Fragment(l)+"&"+web.PresetKey+"="+name))
			b.waitFor("the lesson's board", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy") && document.querySelectorAll(".node-card").length > 0`, 90*time.Second)

			options := func() map[string]string {
				got := eval[map[string]string](b, `Object.fromEntries([...document.querySelectorAll("#preset option")].map(o => [o.value, o.textContent.trim()]))`)
				return got
			}
			opts := options()
			for _, n := range presets.LessonNames() {
				if want := text(n).Ask; opts[n] != want {
					t.Errorf("the picker lists %s as %q, want its neutral title %q", n, opts[n], want)
				}
			}
			if want := text("gpu-node").Title; opts["gpu-node"] != want {
				t.Errorf("the picker lists gpu-node as %q, want %q", opts["gpu-node"], want)
			}
			for n, title := range opts {
				if strings.Contains(title, claim) {
					t.Errorf("the picker states %s's misconception: %q", n, title)
				}
			}

			b.click("library", "#"+web.IDPanelToggle+"library")
			b.waitFor("the library", `!!document.querySelector('.lib-item[data-preset="mc-exists-with-key"]')`, 10*time.Second)
			libText := eval[string](b, `document.getElementById("`+web.IDLibrary+`").innerText`)
			if strings.Contains(libText, claim) {
				t.Errorf("the library states a misconception before the answer")
			}
			entry := func(n string) string {
				return eval[string](b, `document.querySelector('.lib-item[data-preset="`+n+`"]').innerText`)
			}
			if e := entry("mc-exists-with-key"); !strings.Contains(e, text("mc-exists-with-key").Ask) || !strings.Contains(e, text("mc-exists-with-key").Question) {
				t.Errorf("the library entry lacks the neutral title or the question:\n%s", e)
			}
			b.screenshot("predict-library-" + lang + ".png")

			b.click("show the answer", "#"+web.IDShowAnswer)
			b.waitFor("the answer", `!!document.querySelector(".intro-answer")`, 10*time.Second)
			opts = options()
			if want := text(name).Title; opts[name] != want {
				t.Errorf("after the answer the picker lists %s as %q, want its title %q", name, opts[name], want)
			}
			if want := text("mc-exists-with-key").Ask; opts["mc-exists-with-key"] != want {
				t.Errorf("an unseen lesson is listed as %q, want %q", opts["mc-exists-with-key"], want)
			}
			if e := entry(name); !strings.Contains(e, text(name).Title) {
				t.Errorf("after the answer the library entry lacks the title:\n%s", e)
			}
			if !strings.Contains(eval[string](b, `document.querySelector(".intro").innerText`), msg.AnswerLabel) {
				t.Errorf("the intro does not show the answer")
			}
			b.screenshot("predict-library-revealed-" + lang + ".png")
			if p := b.problems(); len(p) > 0 {
				t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
			}
		})
	}
}
