package lesson

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoPanics: out-of-range and nil inputs are clamped, skipped or
// reported, never a panic (the package runs in the browser).
func TestNoPanics(t *testing.T) {
	n := MakeNodes(-3, Block)
	require.Len(t, n, NodeCount, "MakeNodes(-3)")
	assert.Nil(t, n[0].Taint, "MakeNodes(-3) tainted a node")
	// MakeNodes(99) should taint TaintOrder's five nodes only, as the
	// script's slice does.
	n = MakeNodes(99, Evict)
	assert.NotNil(t, n[4].Taint, "MakeNodes(99): d4")
	assert.Nil(t, n[7].Taint, "MakeNodes(99): d7")
	r := Place([]*Pod{nil, {Name: "x", Unit: 1}}, []*Node{nil, {Name: "n", Capacity: 1}})
	assert.Empty(t, r.Unplaced, "Place with nils = %+v", r)
	// TaintOrder's five nodes of the first-fit packing: d0, d1 (three
	// collectors each), d3, d4 (two verifiers each) and d6 (the three
	// billing pods): 3+3+2+2+3.
	a := TaintAfterward(-1, 99)
	assert.Equal(t, 13, a.Evicted, "TaintAfterward(-1, 99) = %+v", a)
	assert.Zero(t, a.Retained, "TaintAfterward(-1, 99) = %+v", a)
	_, err := Measure(Params{Tainted: 3, Effect: "soft", WindowHours: 4})
	assert.Error(t, err, "Measure accepted effect soft")
	_, err = MeasureProfile(Params{Tainted: -1, Effect: Block, WindowHours: 4}, DefaultProfile)
	assert.Error(t, err, "MeasureProfile accepted tainted -1")
	_, _, _, err = Cluster(Params{})
	assert.Error(t, err, "Cluster accepted the zero Params")
	_, err = KubePod(nil)
	assert.Error(t, err, "KubePod(nil) gave no error")
	tab, err := Sweep("window", []int{4}, DefaultParams())
	require.NoError(t, err)
	_, err = json.Marshal(tab)
	assert.NoError(t, err, "a sweep table does not marshal")
}
