package web

import (
	"testing"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// The page's share link is made from the scenario the run parsed, once
// per text: the same fragment as EncodeFragmentErr of the text, for each
// text in turn, and for a result without a scenario behind it.
func TestModelFragmentFromRun(t *testing.T) {
	texts := []string{
		"kind: Scenario\nname: one\n---\nkind: Node\nmetadata: {name: n1}\n---\nkind: Pod\nmetadata: {name: p1}\nspec: {containers: [{name: c, image: nginx}]}\n",
		"# comments are kept when the text form is shorter\nkind: Scenario\nname: two\n---\nkind: Node\nmetadata: {name: n1}\nspec: {taints: [{key: k, value: v, effect: NoSchedule}]}\n",
		// A step scales the Deployment: the link must still carry 1.
		"kind: Scenario\nname: scale-link\nsteps:\n- {at: 10s, run: kubectl scale deployment web --replicas=5}\n---\nkind: Node\nmetadata: {name: n1}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: c, image: nginx}]}\n",
	}
	m := newModel(nil, realSimulate)
	for _, text := range texts {
		if !setText(m, text) {
			t.Fatalf("SetText: %s", m.Err)
		}
		want, werr := EncodeFragmentErr(text)
		for i := 0; i < 2; i++ {
			got, err := m.fragment()
			if got != want || (err == nil) != (werr == nil) {
				t.Fatalf("call %d: fragment() = %q, %v; EncodeFragmentErr = %q, %v", i, got, err, want, werr)
			}
		}
		if got := m.Fragment(); got != want {
			t.Fatalf("Fragment() = %q, want %q", got, want)
		}
	}
	// A simulator whose result carries no scenario: the text is parsed.
	bare := newModel(nil, func(filename string, text []byte, _ func(sim.Progress)) (*sim.Result, error) {
		if _, err := scenario.Parse(text, filename); err != nil {
			return nil, err
		}
		return &sim.Result{Frames: []sim.Frame{{}}}, nil
	})
	if !setText(bare, texts[1]) {
		t.Fatalf("SetText: %s", bare.Err)
	}
	want, _ := EncodeFragmentErr(texts[1])
	if got := bare.Fragment(); got != want {
		t.Fatalf("without a parsed scenario: Fragment() = %q, want %q", got, want)
	}
}
