package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKubernetesVersion(t *testing.T) {
	doc := func(opts string) string {
		return "kind: Scenario\nname: v\noptions: " + opts + "\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
	}
	s, err := Parse([]byte(doc(`{kubernetesVersion: "1.33"}`)), "v.yaml")
	require.NoError(t, err)
	assert.Equal(t, 33, s.Options.Version().Minor, "version")
	s, err = Parse([]byte(doc(`{seed: 2}`)), "v.yaml")
	require.NoError(t, err)
	assert.Equal(t, 37, s.Options.Version().Minor, "default version")
	// Round trip keeps the version.
	s, err = Parse([]byte(doc(`{kubernetesVersion: "v1.30.4"}`)), "v.yaml")
	require.NoError(t, err)
	b, err := s.Marshal()
	require.NoError(t, err)
	assert.Contains(t, string(b), `kubernetesVersion: "1.30"`, "marshal lost the version")
	for _, c := range []struct{ opts, want string }{
		{`{kubernetesVersion: "1.25"}`, `v.yaml: document 1: Scenario: options.kubernetesVersion: Invalid value: "1.25": supported versions are 1.26 to 1.37`},
		{`{kubernetesVersion: "2.0"}`, `v.yaml: document 1: Scenario: options.kubernetesVersion: Invalid value: "2.0": want 1.MINOR, e.g. "1.37"`},
		{`{kubernetesVersion: "1.34", featureGates: {TaintTolerationComparisonOperators: true}}`,
			`v.yaml: document 1: Scenario: options.featureGates: unrecognized feature gate: TaintTolerationComparisonOperators (it exists from Kubernetes 1.35; options.kubernetesVersion is 1.34)`},
	} {
		t.Run(c.opts, func(t *testing.T) {
			_, err := Parse([]byte(doc(c.opts)), "v.yaml")
			assert.EqualError(t, err, c.want)
		})
	}
	s, err = Parse([]byte(doc(`{kubernetesVersion: "1.35", featureGates: {TaintTolerationComparisonOperators: true}}`)), "v.yaml")
	require.NoError(t, err, "1.35 with the gate")
	assert.True(t, s.Options.ComparisonOperators(), "1.35 with the gate")
}

func TestCreateNodeStep(t *testing.T) {
	base := "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n2}\n---\nkind: Scenario\nname: c\nsteps:\n"
	s, err := Parse([]byte(base+"- {at: 5s, run: create node n2}\n"), "c.yaml")
	require.NoError(t, err)
	assert.True(t, s.NodeCreatedLater("n2"), "NodeCreatedLater(n2)")
	assert.False(t, s.NodeCreatedLater("n1"), "NodeCreatedLater(n1)")
	for _, c := range []struct{ steps, want string }{
		{"- {at: 5s, run: create node n9}\n", `c.yaml: document 3: Scenario: steps[0].run: Invalid value: "create node n9": this file has no Node named "n9" to create`},
		{"- {at: 5s, run: create node n2}\n- {at: 6s, run: create node n2}\n", `c.yaml: document 3: Scenario: steps[1].run: Invalid value: "create node n2": steps[0] already creates node "n2"`},
	} {
		_, err := Parse([]byte(base+c.steps), "c.yaml")
		assert.EqualError(t, err, c.want)
	}
}
