package lesson

import (
	"encoding/json"
	"testing"
)

// TestNoPanics: out-of-range and nil inputs are clamped, skipped or
// reported, never a panic (the package runs in the browser).
func TestNoPanics(t *testing.T) {
	if n := MakeNodes(-3, Block); len(n) != NodeCount || n[0].Taint != nil {
		t.Errorf("MakeNodes(-3) = %+v", n)
	}
	if n := MakeNodes(99, Evict); n[4].Taint == nil || n[7].Taint != nil {
		t.Error("MakeNodes(99) should taint TaintOrder's five nodes only, as the script's slice does")
	}
	r := Place([]*Pod{nil, {Name: "x", Unit: 1}}, []*Node{nil, {Name: "n", Capacity: 1}})
	if len(r.Unplaced) != 0 {
		t.Errorf("Place with nils = %+v", r)
	}
	if a := TaintAfterward(-1, 99); a.Evicted != 13 || a.Retained != 0 {
		// TaintOrder's five nodes of the first-fit packing: d0, d1 (three
		// collectors each), d3, d4 (two verifiers each) and d6 (the three
		// billing pods): 3+3+2+2+3.
		t.Errorf("TaintAfterward(-1, 99) = %+v", a)
	}
	if _, err := Measure(Params{Tainted: 3, Effect: "soft", WindowHours: 4}); err == nil {
		t.Error("Measure accepted effect soft")
	}
	if _, err := MeasureProfile(Params{Tainted: -1, Effect: Block, WindowHours: 4}, DefaultProfile); err == nil {
		t.Error("MeasureProfile accepted tainted -1")
	}
	if _, _, _, err := Cluster(Params{}); err == nil {
		t.Error("Cluster accepted the zero Params")
	}
	if _, err := KubePod(nil); err == nil {
		t.Error("KubePod(nil) gave no error")
	}
	tab, err := Sweep("window", []int{4}, DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := json.Marshal(tab); err != nil {
		t.Errorf("a sweep table does not marshal: %v", err)
	}
}
