package presets

import (
	"reflect"
	"testing"

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
			if err != nil {
				t.Fatal(err)
			}
			fresh, _ := scenario.Parse([]byte(text), name+".yaml")
			res, err := sim.Run(s)
			if err != nil {
				t.Fatal(err)
			}
			if res.Scenario() != s {
				t.Fatal("Result.Scenario is not the scenario Run was given")
			}
			if !reflect.DeepEqual(s, fresh) {
				t.Fatal("sim.Run modified the scenario it was given")
			}
			want, wantErr := link.Encode([]byte(text))
			got, gotErr := link.EncodeParsed([]byte(text), res.Scenario())
			if got != want || (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("EncodeParsed = %.40q, %v; Encode = %.40q, %v", got, gotErr, want, wantErr)
			}
		})
	}
}
