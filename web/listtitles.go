package web

import "github.com/taints-playground/playground/core/presets"

// The titles the preset picker and the library list: a lesson's title
// states its misconception and so gives its answer away, so until the
// learner has seen a lesson's answer the lists show its neutral title
// (Preset.Ask, the question it asks); every title in the page's language.

// AnswerSeen reports whether the learner has seen the answer of the
// preset called name: its run reached the last frame (Reached) or the
// learner asked for it ("Show the answer", Reveal).
func (m *Model) AnswerSeen(name string) bool {
	return m.Reached(name) || m.revealed[name]
}

// SeenAnswers lists the presets whose answer the learner has seen
// (AnswerSeen), as a new map the caller may keep.
func (m *Model) SeenAnswers() map[string]bool {
	out := map[string]bool{}
	for n := range m.reached {
		out[n] = true
	}
	for n := range m.revealed {
		out[n] = true
	}
	return out
}

// ListTitle is the title the picker lists pr under: its title, or for a
// lesson whose answer the learner has not seen its neutral title (Ask;
// Msg.PredictTitle when it has none); in the page's language where the
// preset has a translation (presets.Localized), field by field falling
// back to the English.
func (m *Model) ListTitle(pr Preset) string {
	title := or(pr.Title, pr.Name)
	neutral := pr.Question != "" && !m.AnswerSeen(pr.Name)
	if neutral {
		title = or(pr.Ask, Msg.PredictTitle)
	}
	t, ok := m.listTexts(pr.Name)
	switch {
	case !ok:
	case neutral && pr.Ask != "":
		title = or(t.Ask, title)
	case !neutral:
		title = or(t.Title, title)
	}
	return title
}

// listTexts are the localized texts of the preset called name in the
// page's language, cached per language; ok is false in English or
// without a translation.
func (m *Model) listTexts(name string) (presets.Texts, bool) {
	lang := m.Lang
	if lang == "" {
		lang = Lang
	}
	if lang == "" || lang == "en" || m.Localize == nil {
		return presets.Texts{}, false
	}
	if m.listLang != lang || m.listLoc == nil {
		m.listLang, m.listLoc = lang, map[string]listText{}
	}
	lt, cached := m.listLoc[name]
	if !cached {
		lt.t, lt.ok = m.Localize(name, lang)
		m.listLoc[name] = lt
	}
	return lt.t, lt.ok
}

// listText is one cached answer of Localize.
type listText struct {
	t  presets.Texts
	ok bool
}
