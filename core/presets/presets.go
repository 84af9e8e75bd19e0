package presets

import (
	"embed"
	"fmt"

	"github.com/taints-playground/playground/core/scenario"
)

//go:embed scenarios/*.yaml
var files embed.FS

// order is the order presets are offered in: the reference note's GPU node,
// the Kubernetes docs example, the six-step card, a failing node, the taints
// lesson's regional network (core/lesson), GPU pods that set only limits,
// topology spread with a tainted zone (nodeTaintsPolicy), pod anti-affinity
// meeting a taint, a pod held by scheduling gates.
var order = []string{"gpu-node", "docs-three-taints", "animated-card", "node-failure", "regional-network", "gpu-limits-only", "spread-taints-policy", "anti-affinity-taint", "scheduling-gates"}

// Preset is one built-in scenario.
type Preset struct {
	// Name is the scenario's name and the preset's identifier (--preset NAME).
	Name string
	// Title and Description come from the Scenario document.
	Title       string
	Description string
	// YAML is the scenario file, ready for the editor and for scenario.Parse.
	YAML string
	// Category, Question and Answer are set for lessons (see Lessons):
	// CategoryMisconception, the "predict, then run" question to ask before
	// the run, and the answer to reveal after it. Misconception is the
	// lesson's row in shared/reference/PEERS.md §6. All are empty/zero for
	// the presets of List.
	Category      string `json:",omitempty"`
	Question      string `json:",omitempty"`
	Answer        string `json:",omitempty"`
	Misconception int    `json:",omitempty"`
	// Ask is a lesson's neutral title, the question it asks without its
	// answer, for lists shown before the learner has seen the answer
	// (Title states the misconception); empty for the presets of List.
	Ask string `json:",omitempty"`
}

// List returns every preset in a stable order. The embedded files are
// parsed once per call; a preset that does not parse is a build defect and
// makes List panic in tests, never at run time for valid builds.
func List() []Preset {
	out := make([]Preset, 0, len(order))
	for _, name := range order {
		p, err := load(name)
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	return out
}

// Get returns the preset or lesson called name.
func Get(name string) (Preset, bool) {
	for _, n := range order {
		if n == name {
			p, err := load(name)
			return p, err == nil
		}
	}
	return getLesson(name)
}

// Names lists the preset names in List order.
func Names() []string { return append([]string(nil), order...) }

func load(name string) (Preset, error) {
	b, err := files.ReadFile("scenarios/" + name + ".yaml")
	if err != nil {
		return Preset{}, fmt.Errorf("preset %s: %w", name, err)
	}
	s, err := scenario.Parse(b, name+".yaml")
	if err != nil {
		return Preset{}, fmt.Errorf("preset %s: %w", name, err)
	}
	return Preset{Name: s.Name, Title: s.Title, Description: s.Description, YAML: string(b)}, nil
}
