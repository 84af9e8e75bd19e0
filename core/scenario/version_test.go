package scenario

import (
	"strings"
	"testing"
)

func TestKubernetesVersion(t *testing.T) {
	doc := func(opts string) string {
		return "kind: Scenario\nname: v\noptions: " + opts + "\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
	}
	s, err := Parse([]byte(doc(`{kubernetesVersion: "1.33"}`)), "v.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Options.Version().Minor != 33 {
		t.Errorf("version %v, want 1.33", s.Options.Version())
	}
	s, err = Parse([]byte(doc(`{seed: 2}`)), "v.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Options.Version().Minor != 37 {
		t.Errorf("default version %v, want 1.37", s.Options.Version())
	}
	// Round trip keeps the version.
	s, _ = Parse([]byte(doc(`{kubernetesVersion: "v1.30.4"}`)), "v.yaml")
	b, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `kubernetesVersion: "1.30"`) {
		t.Errorf("marshal lost the version:\n%s", b)
	}
	for _, c := range []struct{ opts, want string }{
		{`{kubernetesVersion: "1.25"}`, `v.yaml: document 1: Scenario: options.kubernetesVersion: Invalid value: "1.25": supported versions are 1.26 to 1.37`},
		{`{kubernetesVersion: "2.0"}`, `v.yaml: document 1: Scenario: options.kubernetesVersion: Invalid value: "2.0": want 1.MINOR, e.g. "1.37"`},
		{`{kubernetesVersion: "1.34", featureGates: {TaintTolerationComparisonOperators: true}}`,
			`v.yaml: document 1: Scenario: options.featureGates: unrecognized feature gate: TaintTolerationComparisonOperators (it exists from Kubernetes 1.35; options.kubernetesVersion is 1.34)`},
	} {
		_, err := Parse([]byte(doc(c.opts)), "v.yaml")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.opts, err, c.want)
		}
	}
	s, err = Parse([]byte(doc(`{kubernetesVersion: "1.35", featureGates: {TaintTolerationComparisonOperators: true}}`)), "v.yaml")
	if err != nil || !s.Options.ComparisonOperators() {
		t.Errorf("1.35 with the gate: %v %v", err, err == nil && s.Options.ComparisonOperators())
	}
}

func TestCreateNodeStep(t *testing.T) {
	base := "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n2}\n---\nkind: Scenario\nname: c\nsteps:\n"
	s, err := Parse([]byte(base+"- {at: 5s, run: create node n2}\n"), "c.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !s.NodeCreatedLater("n2") || s.NodeCreatedLater("n1") {
		t.Errorf("NodeCreatedLater n2=%v n1=%v", s.NodeCreatedLater("n2"), s.NodeCreatedLater("n1"))
	}
	for _, c := range []struct{ steps, want string }{
		{"- {at: 5s, run: create node n9}\n", `c.yaml: document 3: Scenario: steps[0].run: Invalid value: "create node n9": this file has no Node named "n9" to create`},
		{"- {at: 5s, run: create node n2}\n- {at: 6s, run: create node n2}\n", `c.yaml: document 3: Scenario: steps[1].run: Invalid value: "create node n2": steps[0] already creates node "n2"`},
	} {
		if _, err := Parse([]byte(base+c.steps), "c.yaml"); err == nil || err.Error() != c.want {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
}
