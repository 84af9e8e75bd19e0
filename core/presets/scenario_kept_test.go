package presets

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/link"
	"github.com/taints-playground/playground/core/sim"
)

// sim.Run leaves the scenario it is given as it was, and Result.Scenario
// returns it: so the page can make a scenario's share link from the
// result (link.EncodeParsed) instead of parsing the text again, and get
// the link link.Encode gives for the text.
func TestResultScenarioUnchanged(t *testing.T) {
	for name, text := range determinismCases(t) {
		t.Run(name, func(t *testing.T) {
			s, err := scenario.Parse([]byte(text), name+".yaml")
			require.NoError(t, err)
			fresh, err := scenario.Parse([]byte(text), name+".yaml")
			require.NoError(t, err)
			res, err := sim.Run(s)
			require.NoError(t, err)
			require.Same(t, s, res.Scenario(), "Result.Scenario is not the scenario Run was given")
			require.Equal(t, fresh, s, "sim.Run modified the scenario it was given")
			want, wantErr := link.Encode([]byte(text))
			got, gotErr := link.EncodeParsed([]byte(text), res.Scenario())
			require.Equal(t, want, got, "EncodeParsed, Encode")
			require.Equal(t, wantErr == nil, gotErr == nil, "EncodeParsed error %v, Encode error %v", gotErr, wantErr)
		})
	}
}
