package presets

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decisive are, per lesson, the words of its Answer that decide it: the
// outcome or the rule a learner is asked to predict. None may appear in
// what the page shows before the answer (the neutral title Ask and the
// Question), in any case.
var decisive = map[string][]string{
	"mc-toleration-attracts":          {"lands on plain-1", "only permits"},
	"mc-untainted-node":               {"accepts every pod", "from t=0"},
	"mc-noschedule-evicts":            {"evicts nothing", "at 40 s, when"},
	"mc-noexecute-pdb":                {"not consulted", "deleted at 30 s anyway"},
	"mc-tolerationseconds-scheduling": {"ignores tolerationseconds", "scheduled at 0 s"},
	"mc-node-death-timing":            {"365 s", "95 s"},
	"mc-out-of-service":               {"120 s", "force-deletes"},
	"mc-extend-tolerationseconds":     {"both at 70 s", "neither later nor earlier"},
	"mc-remove-taint-cancels":         {"deletion is cancelled", "still deleted"},
	"mc-static-pod-noexecute":         {"never stops", "whatever the taints"},
	"mc-exists-with-key":              {"only anything", "that key alone"},
	"mc-empty-effect":                 {"matches all effects", "ns-only stays pending"},
	"mc-operator-default":             {"matches only an empty value", "lands at 30 s"},
	"mc-one-toleration-enough":        {"must be tolerated", "pending from 10 s"},
	"mc-prefer-blocks":                {"none is pending", "only lowers a score"},
	"mc-nodename-bypass":              {"pinned-quiet runs", "skips the scheduler"},
	"mc-daemonset-cordon":             {"on n1 and n2", "never on n3"},
	"mc-conditions-taints":            {"sees only the taint", "tolerant runs"},
	"mc-first-failure-only":           {"one reason per node", "first filter that fails"},
	"mc-message-braces":               {"never its effect", "key and value"},
	"mc-edit-tolerations":             {"keeps running", "refused"},
	"mc-numeric-values":               {"picky lands on n-999", "picky-2 stays pending"},
	"mc-master-toleration":            {"only current", "no master taint"},
}

// TestAskIsNeutral: every lesson has a neutral title, a question that
// differs from the title stating the misconception, and neither it nor
// the question carries the words of the answer that decide it.
func TestAskIsNeutral(t *testing.T) {
	ls := Lessons()
	require.Len(t, decisive, len(ls), "one entry per lesson")
	for _, p := range ls {
		t.Run(p.Name, func(t *testing.T) {
			require.NotEmpty(t, p.Ask)
			assert.NotEqual(t, p.Title, p.Ask)
			assert.NotContains(t, strings.ToLower(p.Ask), "misconception")
			assert.True(t, strings.HasSuffix(p.Ask, "?"), "a question: %q", p.Ask)
			assert.Less(t, len(p.Ask), 80, "a title, not a paragraph: %q", p.Ask)
			words := decisive[p.Name]
			require.NotEmpty(t, words)
			for _, w := range words {
				require.Contains(t, strings.ToLower(p.Answer), w, "the decisive words are the answer's")
				assert.NotContains(t, strings.ToLower(p.Ask), w, "ask")
				assert.NotContains(t, strings.ToLower(p.Question), w, "question")
			}
			hi, ok := Localized(p.Name, "hi")
			require.True(t, ok)
			require.NotEmpty(t, hi.Ask)
			assert.NotEqual(t, hi.Title, hi.Ask)
			assert.NotContains(t, hi.Ask, "भ्रांति", "the Hindi for misconception")
		})
	}
}

// TestAskOnlyForLessons: Catalog and Get give lessons their Ask, and the
// presets of List none.
func TestAskOnlyForLessons(t *testing.T) {
	lessonNames := map[string]bool{}
	for _, n := range LessonNames() {
		lessonNames[n] = true
	}
	for _, p := range Catalog() {
		g, ok := Get(p.Name)
		require.True(t, ok, p.Name)
		assert.Equal(t, g.Ask, p.Ask, "%s: Catalog and Get agree", p.Name)
		assert.Equal(t, lessonNames[p.Name], p.Ask != "", "%s: an Ask exactly for lessons", p.Name)
		if !lessonNames[p.Name] {
			hi, ok := Localized(p.Name, "hi")
			require.True(t, ok, p.Name)
			assert.Empty(t, hi.Ask, "%s: a preset has no Hindi ask", p.Name)
		}
	}
}
