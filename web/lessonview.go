package web

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// libraryLocalize gives the library its presets' texts in the page's
// language (presets.Localized; tests replace it).
var libraryLocalize LocalizeFunc = localized

// localize puts the item's translation in lang, where there is one,
// over its English title, description, question, answer and captions.
func (it *libraryItem) localize(lang string) {
	if lang == "" || lang == "en" {
		return
	}
	t, ok := libraryLocalize(it.preset.Name, lang)
	if !ok {
		return
	}
	it.preset.Title = or(t.Title, it.preset.Title)
	it.preset.Description = or(t.Description, it.preset.Description)
	if it.preset.Ask != "" {
		it.preset.Ask = or(t.Ask, it.preset.Ask)
	}
	it.entry.Question = or(t.Question, it.entry.Question)
	it.entry.Answer = or(t.Answer, it.entry.Answer)
	for i := range it.steps {
		if i < len(t.Captions) && t.Captions[i] != "" {
			it.steps[i].Caption = t.Captions[i]
		}
	}
	// A preset that is not a lesson asks in its description and answers
	// in a caption (libraryEntry): the translation's, with its markers.
	c, ok := Catalogs[lang]
	if !ok {
		return
	}
	if _, q, found := strings.Cut(t.Description, c.LibraryPredict); found && t.Question == "" {
		it.entry.Question = strings.TrimSpace(q)
	}
	for _, capt := range t.Captions {
		if a, found := strings.CutPrefix(capt, c.LibraryAnswer); found && t.Answer == "" {
			it.entry.Answer = strings.TrimSpace(a)
		}
	}
}

// beforeQuestion is a description without its "Predict, then run:"
// question, in English or the page's language.
func beforeQuestion(desc string) string {
	desc, _, _ = strings.Cut(desc, English.LibraryPredict)
	desc, _, _ = strings.Cut(desc, Msg.LibraryPredict)
	return strings.TrimSpace(desc)
}

// isAnswerCaption reports whether a caption reveals the answer: it starts
// "Answer:" in English or the page's language.
func isAnswerCaption(c string) bool {
	return strings.HasPrefix(c, English.LibraryAnswer) || strings.HasPrefix(c, Msg.LibraryAnswer)
}

// Ids of the lesson and frame-link controls.
const (
	IDShowAnswer = "btn-show-answer"
	IDLinkFrame  = "link-frame"
	IDShowFile   = "btn-show-file"
)

// ActionReveal is posted by "Show the answer": the page reveals the
// lesson's answer (Model.Reveal).
const ActionReveal = "tp-reveal"

// ActionShowFile is posted by the editor's "Show the file": the lesson's
// file, which the predict-then-run cover hides, is shown (Model.ShowFile).
const ActionShowFile = "tp-show-file"

// handleLessons handles the lesson actions.
func (p *Playground) handleLessons(ctx app.Context) {
	ctx.Handle(ActionReveal, func(ctx app.Context, a app.Action) {
		p.guard(p.m.Reveal)
	})
	ctx.Handle(ActionShowFile, func(ctx app.Context, a app.Action) {
		p.guard(p.m.ShowFile)
	})
}

// renderAnswer is a lesson's answer once revealed, or the button that
// reveals it while predict, then run hides it.
func (c *Intro) renderAnswer() app.UI {
	switch {
	case c.Hidden && c.Page != nil:
		return app.Button().Type("button").ID(IDShowAnswer).Class("btn btn-small show-answer").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionReveal) }).
			Text(Msg.ShowAnswer)
	case c.Answer != "":
		return app.P().Class("intro-answer").Role("status").Body(
			app.Strong().Text(Msg.AnswerLabel+" "), app.Text(c.Answer))
	}
	return nil
}
