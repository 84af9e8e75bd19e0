package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
)

// Expected texts from upstream v1.37.2 pkg/apis/core/validation
// (validateSchedulingGates, validateOnlyDeletedSchedulingGates) and
// pkg/registry/core/pod/strategy.go (applySchedulingGatedCondition).

func gates(names ...string) []core.PodSchedulingGate {
	out := make([]core.PodSchedulingGate, len(names))
	for i, n := range names {
		out[i] = core.PodSchedulingGate{Name: n}
	}
	return out
}

func TestSchedulingGatedCondition(t *testing.T) {
	assert.Equal(t, "SchedulingGated", core.PodReasonSchedulingGated)
	assert.Equal(t, "Scheduling is blocked due to non-empty scheduling gates", core.PodMessageSchedulingGated)
}

func TestValidateSchedulingGates(t *testing.T) {
	for _, tc := range []struct {
		name  string
		gates []core.PodSchedulingGate
		want  []string
	}{
		{"none", nil, nil},
		{"qualified names", gates("a", "example.com/b"), nil},
		{"not a qualified name", gates("a b"),
			[]string{`spec.schedulingGates[0]: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`}},
		{"duplicate", gates("a", "b", "a"), []string{`spec.schedulingGates[2]: Duplicate value: "a"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.ElementsMatch(t, tc.want, core.ValidateSchedulingGates(tc.gates, "spec.schedulingGates").Strings())
		})
	}
}

func TestValidateSchedulingGatesUpdate(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new []core.PodSchedulingGate
		want     []string
	}{
		{"all removed", gates("a", "b"), nil, nil},
		{"one removed", gates("a", "b"), gates("b"), nil},
		{"reordered", gates("a", "b"), gates("b", "a"), nil},
		{"added to none", nil, gates("a"),
			[]string{"spec.schedulingGates[0].name: Forbidden: only deletion is allowed, but found new scheduling gate 'a'"}},
		{"one added", gates("a"), gates("a", "c"),
			[]string{"spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'c'"}},
		{"a new name twice: the last index", gates("a"), gates("c", "c"),
			[]string{"spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'c'"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.ElementsMatch(t, tc.want, core.ValidateSchedulingGatesUpdate(tc.new, tc.old, "spec.schedulingGates").Strings())
		})
	}
}
