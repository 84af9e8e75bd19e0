package presets

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v2"

	"github.com/taints-playground/playground/core/scenario"
)

// allNames lists every preset and lesson Get knows.
func allNames() []string { return append(Names(), LessonNames()...) }

func TestLocalizedEnglishIsTheScenarioText(t *testing.T) {
	lessonByName := map[string]Preset{}
	for _, p := range Lessons() {
		lessonByName[p.Name] = p
	}
	for _, name := range allNames() {
		b, err := files.ReadFile("scenarios/" + name + ".yaml")
		require.NoError(t, err, name)
		s, err := scenario.Parse(b, name+".yaml")
		require.NoError(t, err, name)
		en, ok := Localized(name, "en")
		require.True(t, ok, name)
		assert.Equal(t, s.Title, en.Title, "%s: title", name)
		assert.Equal(t, s.Description, en.Description, "%s: description", name)
		require.Len(t, en.Captions, len(s.Steps), "%s: one caption per step", name)
		for i, st := range s.Steps {
			assert.Equal(t, st.Caption, en.Captions[i], "%s: caption of step %d", name, i)
		}
		l := lessonByName[name]
		assert.Equal(t, l.Question, en.Question, "%s: question", name)
		assert.Equal(t, l.Answer, en.Answer, "%s: answer", name)
		assert.Equal(t, l.Ask, en.Ask, "%s: ask", name)
		empty, ok := Localized(name, "")
		require.True(t, ok, name)
		assert.Equal(t, en, empty, "%s: lang \"\" is English", name)
	}
}

func TestLocalizedUnknownNameOrLanguage(t *testing.T) {
	_, ok := Localized("no-such-preset", "hi")
	assert.False(t, ok, "unknown preset")
	_, ok = Localized("gpu-node", "fr")
	assert.False(t, ok, "language without translations")
	assert.Equal(t, []string{"hi"}, Languages)
}

// hindiPairs returns, for one preset, the English and Hindi forms of every
// text in a fixed order, labelled for failure messages.
func hindiPairs(t *testing.T, name string) (labels, en, hi []string) {
	t.Helper()
	e, ok := Localized(name, "en")
	require.True(t, ok, "%s: English", name)
	h, ok := Localized(name, "hi")
	require.True(t, ok, "%s: no hi/%s.yaml", name, name)
	labels = []string{"title", "description", "question", "answer", "ask"}
	en = []string{e.Title, e.Description, e.Question, e.Answer, e.Ask}
	hi = []string{h.Title, h.Description, h.Question, h.Answer, h.Ask}
	require.Len(t, h.Captions, len(e.Captions), "%s: hi captions, one per step", name)
	for i := range e.Captions {
		labels = append(labels, "caption "+strconv.Itoa(i))
		en = append(en, e.Captions[i])
		hi = append(hi, h.Captions[i])
	}
	return labels, en, hi
}

func TestHindiCoversEveryPresetAndLesson(t *testing.T) {
	for _, name := range allNames() {
		t.Run(name, func(t *testing.T) {
			labels, en, hi := hindiPairs(t, name)
			for i := range en {
				if strings.TrimSpace(en[i]) == "" {
					assert.Empty(t, strings.TrimSpace(hi[i]), "%s: English is empty, Hindi is not", labels[i])
				} else {
					assert.NotEmpty(t, strings.TrimSpace(hi[i]), "%s: Hindi missing", labels[i])
				}
			}
		})
	}
}

// The page finds a preset's question after "Predict, then run:" in its
// description and hides captions that start "Answer:" until the run ends
// (web/lessons.go); the Hindi texts carry the same markers as the page's
// Hindi catalog writes them (LibraryPredict, LibraryAnswer in
// web/messages_hi.go), in the same places.
const (
	predictEN, predictHI = "Predict, then run: ", "अनुमान लगाएँ, फिर चलाएँ: "
	answerEN, answerHI   = "Answer:", "उत्तर:"
)

func TestHindiKeepsTheShapeOfTheEnglish(t *testing.T) {
	for _, name := range allNames() {
		t.Run(name, func(t *testing.T) {
			e, ok := Localized(name, "en")
			require.True(t, ok)
			h, ok := Localized(name, "hi")
			require.True(t, ok)
			assert.Equal(t, strings.Count(e.Description, predictEN), strings.Count(h.Description, predictHI), "predict-then-run sentence")
			if _, q, ok := strings.Cut(e.Description, predictEN); ok {
				_, hq, _ := strings.Cut(h.Description, predictHI)
				assert.Equal(t, strings.HasSuffix(q, "?"), strings.HasSuffix(hq, "?"), "question at the end of the description")
			}
			assert.Equal(t, strings.HasSuffix(e.Question, "?"), strings.HasSuffix(h.Question, "?"), "question")
			assert.Equal(t, strings.HasSuffix(e.Ask, "?"), strings.HasSuffix(h.Ask, "?"), "ask")
			require.Len(t, h.Captions, len(e.Captions))
			for i := range e.Captions {
				assert.Equal(t, strings.HasPrefix(e.Captions[i], answerEN), strings.HasPrefix(h.Captions[i], answerHI), "caption %d: answer marker", i)
			}
			_, en, hi := hindiPairs(t, name)
			for i := range en {
				assert.Equal(t, strings.Count(en[i], "\n"), strings.Count(hi[i], "\n"), "line breaks in %q", hi[i])
			}
		})
	}
}

func TestHindiFilesAreKnownPresetsAndStrict(t *testing.T) {
	entries, err := hindi.ReadDir("hi")
	require.NoError(t, err)
	known := map[string]bool{}
	for _, n := range allNames() {
		known[n] = true
	}
	seen := 0
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".yaml")
		require.True(t, ok, "hi/%s is not a .yaml file", e.Name())
		assert.True(t, known[name], "hi/%s: no preset or lesson called %s", e.Name(), name)
		b, err := hindi.ReadFile("hi/" + e.Name())
		require.NoError(t, err)
		var tx Texts
		assert.NoError(t, yaml.UnmarshalStrict(b, &tx), "hi/%s", e.Name())
		seen++
	}
	assert.Equal(t, len(known), seen, "one Hindi file per preset and lesson")
}

func TestHindiKeepsIdentifiers(t *testing.T) {
	for _, name := range allNames() {
		t.Run(name, func(t *testing.T) {
			names := objectNames(t, name)
			labels, en, hi := hindiPairs(t, name)
			for i := range en {
				missing := missingKept(en[i], hi[i], names)
				assert.Empty(t, missing, "%s: tokens of the English not kept in the Hindi\nen: %s\nhi: %s", labels[i], en[i], hi[i])
			}
		})
	}
}

func TestHindiIsDevanagari(t *testing.T) {
	for _, name := range allNames() {
		t.Run(name, func(t *testing.T) {
			_, vocab := scenarioWords(t, name)
			labels, en, hi := hindiPairs(t, name)
			for i := range en {
				if hi[i] == "" {
					continue
				}
				share := devanagariShare(hi[i], en[i], vocab)
				assert.GreaterOrEqual(t, share, minDevanagari, "%s: too little Devanagari: %q", labels[i], hi[i])
				assert.Empty(t, englishWords(hi[i]), "%s: English words left untranslated: %q", labels[i], hi[i])
			}
		})
	}
}

// TestKeptTokenCheckFails shows the checks of the two tests above catch
// what they are for: each altered translation loses exactly the tokens named.
func TestKeptTokenCheckFails(t *testing.T) {
	names := map[string]bool{"web": true, "node-1": true, "web-new": true}
	en := `web runs on node-1 and web-new is Pending; node-1 gets maint=true:NoSchedule at 10 s (t=40s), ` +
		`message "1 node(s) had untolerated taint(s)", toleration {key: gpu, operator: Exists}, v1.32, kubectl drain, --default-x.`
	good := `web node-1 पर चलता है और web-new Pending है; node-1 को 10 s पर (t=40s) maint=true:NoSchedule मिलता है, ` +
		`संदेश "1 node(s) had untolerated taint(s)", टॉलरेशन {key: gpu, operator: Exists}, v1.32, kubectl drain, --default-x।`
	require.Empty(t, missingKept(en, good, names))
	for _, c := range []struct{ from, to, lost string }{
		{"web node-1", "वेब node-1", "web"},
		{"web-new", "वेब-new", "web-new"},
		{"10 s", "110 s", "10 s"},
		{"10 s", "10 सेकंड", "10 s"},
		{"(t=40s)", "(t=41s)", "t=40s"},
		{"maint=true:NoSchedule", "maint=false:NoSchedule", "maint=true:NoSchedule"},
		{"maint=true:NoSchedule", "maint=true:NoExecute", "NoSchedule"},
		{"Pending", "लंबित", "Pending"},
		{"had untolerated taint(s)", "had untolerated टेंट", `"1 node(s) had untolerated taint(s)"`},
		{"operator: Exists}", "operator: Exists }", "{key: gpu, operator: Exists}"},
		{"v1.32", "v1.33", "v1.32"},
		{"kubectl drain", "kubectl ड्रेन", "kubectl drain"},
		{"--default-x", "default-x", "--default-x"},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		require.NotEqual(t, good, bad, c.from)
		assert.Contains(t, missingKept(en, bad, names), c.lost, "replacing %q by %q", c.from, c.to)
	}
	// An untranslated copy keeps every token but is not Hindi.
	assert.Empty(t, missingKept(en, en, names))
	assert.Less(t, devanagariShare(en, en, names), minDevanagari)
	assert.NotEmpty(t, englishWords(en))
	assert.GreaterOrEqual(t, devanagariShare(good, en, names), minDevanagari)
	assert.Empty(t, englishWords(good))
}

// objectNames collects metadata.name of every object in the preset's
// scenario file: the node, pod and workload names the texts talk about.
func objectNames(t *testing.T, name string) map[string]bool {
	t.Helper()
	names, _ := scenarioWords(t, name)
	require.NotEmpty(t, names, name)
	return names
}

// scenarioWords reads the objects (not the Scenario document, whose prose
// is what gets translated) of the preset's file: names are their
// metadata.name; vocab holds every token of every key and scalar value
// (taint keys such as maint, label values, images), and the parts of those
// with points, slashes or equals signs, which a translation writes as they
// are.
func scenarioWords(t *testing.T, name string) (names, vocab map[string]bool) {
	t.Helper()
	b, err := files.ReadFile("scenarios/" + name + ".yaml")
	require.NoError(t, err)
	names, vocab = map[string]bool{}, map[string]bool{}
	d := yaml.NewDecoder(bytes.NewReader(b))
	for {
		var doc map[string]any
		err := d.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, name)
		if doc["kind"] == "Scenario" {
			continue
		}
		if md, ok := doc["metadata"].(map[any]any); ok {
			if n, ok := md["name"].(string); ok {
				names[n] = true
			}
		}
		walkScalars(doc, func(s string) {
			for _, tok := range token.FindAllString(s, -1) {
				vocab[tok] = true
				// node-role.kubernetes.io/master: the texts say "master".
				for _, part := range strings.FieldsFunc(tok, func(r rune) bool { return strings.ContainsRune("./=", r) }) {
					vocab[part] = true
				}
			}
		})
	}
	return names, vocab
}

// walkScalars calls f with every map key and scalar of v, as text.
func walkScalars(v any, f func(string)) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			f(k)
			walkScalars(x, f)
		}
	case map[any]any:
		for k, x := range v {
			walkScalars(k, f)
			walkScalars(x, f)
		}
	case []any:
		for _, x := range v {
			walkScalars(x, f)
		}
	case nil:
	default:
		f(fmt.Sprint(v))
	}
}

var (
	// token is a run of Latin letters, digits and the characters that join
	// identifiers (gpu-1, nvidia.com/gpu=present, t=40s), starting and
	// ending with a letter or digit.
	token = regexp.MustCompile(`[A-Za-z0-9](?:[A-Za-z0-9._/=-]*[A-Za-z0-9])?`)
	// word is a plain Latin word (NoSchedule/NoExecute gives two).
	word = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*`)
	// number matches every number, with its decimals (1.35, 999).
	number = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?`)
	// duration is a number of seconds written with its unit, "60 s" or
	// "65s", not preceded by another digit or a point.
	duration = regexp.MustCompile(`(?:^|[^0-9.])([0-9]+ ?s)\b`)
	// taint is a taint as written on the command line, key[=value]:Effect.
	taint = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9._/-]*(?:=[A-Za-z0-9._/-]*)?:(?:PreferNoSchedule|NoSchedule|NoExecute)\b`)
	// literal is a {key: value} literal: a toleration or a message's taint.
	literal = regexp.MustCompile(`\{[^{}]*\}`)
	// quoted is a double-quoted string; machine text among them is kept.
	quoted = regexp.MustCompile(`"[^"]*"`)
	// machine tells quoted machine text (scheduler messages, values) from
	// quoted prose, which is translated.
	machine = regexp.MustCompile(`^"(?:[^ ]*|[0-9].*|.*(?:\(s\)|Insufficient|\{).*)"$`)
	// command is a kubectl command (its verb; "kubectl shows" is prose) or
	// a command-line flag.
	command = regexp.MustCompile(`kubectl (?:annotate|apply|cordon|create|delete|describe|drain|get|label|patch|scale|taint|uncordon)\b|--[a-z][a-z-]*`)
)

// statusWords are API values the texts name and Kubernetes prints in
// English: phases, condition states, operators, policies.
var statusWords = map[string]bool{
	"Pending": true, "Running": true, "Terminating": true, "Failed": true,
	"Unknown": true, "Ready": true, "Normal": true, "Equal": true, "Exists": true,
	"Gt": true, "Lt": true, "Ignore": true, "Honor": true, "Limits": true, "Requests": true,
}

// missingKept returns the tokens of en that must appear unchanged in hi and
// do not: object names, identifiers with a point, slash, equals sign or
// underscore, numbers and durations, taints, {…} literals, quoted machine
// text, kubectl commands and flags, words with an inner capital
// (NoSchedule, tolerationSeconds, GPU) and API values (Pending, Exists).
func missingKept(en, hi string, names map[string]bool) []string {
	var missing []string
	seen := map[string]bool{}
	miss := func(tok string) {
		if !seen[tok] {
			seen[tok] = true
			missing = append(missing, tok)
		}
	}
	keptTok, keptWord := keptTokens(en, names)
	hiTokens := set(token.FindAllString(hi, -1))
	for _, tok := range token.FindAllString(en, -1) {
		if keptTok[tok] && !hiTokens[tok] {
			miss(tok)
		}
	}
	hiWords := set(word.FindAllString(hi, -1))
	for _, w := range word.FindAllString(en, -1) {
		if keptWord[w] && !hiWords[w] {
			miss(w)
		}
	}
	hiNumbers := set(number.FindAllString(hi, -1))
	for _, n := range number.FindAllString(en, -1) {
		if !hiNumbers[n] {
			miss(n)
		}
	}
	hiDurations := map[string]bool{}
	for _, m := range duration.FindAllStringSubmatch(hi, -1) {
		hiDurations[m[1]] = true
	}
	for _, m := range duration.FindAllStringSubmatch(en, -1) {
		if !hiDurations[m[1]] {
			miss(m[1])
		}
	}
	for _, re := range []*regexp.Regexp{taint, literal, command} {
		for _, s := range re.FindAllString(en, -1) {
			if !strings.Contains(hi, s) {
				miss(s)
			}
		}
	}
	for _, q := range quoted.FindAllString(en, -1) {
		if machine.MatchString(q) && !strings.Contains(hi, q) {
			miss(q)
		}
	}
	return missing
}

// keptTokens returns the tokens (object names; identifiers with a point,
// slash, equals sign or underscore) and the words (with an inner capital,
// or API values) of en that a translation keeps as they are.
func keptTokens(en string, names map[string]bool) (toks, words map[string]bool) {
	toks, words = map[string]bool{}, map[string]bool{}
	for _, tok := range token.FindAllString(en, -1) {
		if names[tok] || strings.ContainsAny(tok, "./=_") {
			toks[tok] = true
		}
	}
	for _, w := range word.FindAllString(en, -1) {
		if strings.ToLower(w[1:]) != w[1:] || statusWords[w] {
			words[w] = true
		}
	}
	return toks, words
}

func set(xs []string) map[string]bool {
	out := make(map[string]bool, len(xs))
	for _, x := range xs {
		out[x] = true
	}
	return out
}

// minDevanagari is the least share of Devanagari among the letters of a
// Hindi text once the Latin it must or may keep is taken out (the tokens
// missingKept checks, durations' "s", the scenario's own keys and values,
// and the few words the Hindi Kubernetes documentation writes in Latin):
// the words left are the translator's, and most must be Hindi.
const minDevanagari = 0.8

// latinByConvention are words the Hindi Kubernetes documentation and the
// page's Hindi catalog (web/messages_hi.go) leave in Latin script.
var latinByConvention = set(strings.Fields("Kubernetes kubelet kubectl kubeadm unreachable not-ready mirror manifest lifecycle " +
	"key keys value values effect effects operator"))

func devanagariShare(hi, en string, vocab map[string]bool) float64 {
	keptTok, keptWord := keptTokens(en, vocab)
	rest := quoted.ReplaceAllString(literal.ReplaceAllString(hi, " "), " ")
	rest = command.ReplaceAllString(rest, " ")
	rest = duration.ReplaceAllString(rest, " ")
	rest = token.ReplaceAllStringFunc(rest, func(tok string) string {
		if keptTok[tok] || vocab[tok] || latinByConvention[tok] {
			return " "
		}
		return tok
	})
	rest = word.ReplaceAllStringFunc(rest, func(w string) string {
		if keptWord[w] {
			return " "
		}
		return w
	})
	var dev, latin int
	for _, r := range rest {
		switch {
		case unicode.Is(unicode.Devanagari, r) && unicode.IsLetter(r):
			dev++
		case unicode.Is(unicode.Latin, r):
			latin++
		}
	}
	if dev+latin == 0 {
		return 1
	}
	return float64(dev) / float64(dev+latin)
}

// stopWords are English words no Hindi sentence needs; one outside quotes
// and literals means a phrase was left in English.
var stopWords = set(strings.Fields("the and is are was were be been of to with when which that this then " +
	"for it its on in at a an not only from by has have does do if or but so as"))

func englishWords(hi string) []string {
	rest := quoted.ReplaceAllString(literal.ReplaceAllString(hi, " "), " ")
	var out []string
	for _, tok := range token.FindAllString(rest, -1) {
		if stopWords[strings.ToLower(tok)] {
			out = append(out, tok)
		}
	}
	return out
}
