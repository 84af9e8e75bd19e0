package lesson

import (
	"fmt"
	"strings"
)

// Params are the model's knobs. The zero value is not valid; start from
// DefaultParams.
type Params struct {
	// Tainted is the number of set-aside nodes, 0..9, taken in
	// FullTaintOrder (TaintOrder for the first five).
	Tainted int `json:"tainted"`
	// Effect is the taint's effect. Evict taints the nodes after the
	// general workload is running (toleration.mjs's taintAfterward).
	Effect Effect `json:"effect"`
	// Tolerating is the number of general pods, 0..18 in workload order,
	// that carry a toleration they should not have.
	Tolerating int `json:"tolerating"`
	// WindowHours is the batch job's daily window, 1..24 hours.
	WindowHours int `json:"windowHours"`
}

// DefaultParams is the lesson's setting: three tainted nodes, placement
// block, no wrong toleration, a four-hour window.
func DefaultParams() Params {
	return Params{Tainted: Tainted, Effect: Block, WindowHours: DefaultWindowHours}
}

// Validate names the first parameter out of range.
func (p Params) Validate() error {
	switch {
	case p.Tainted < 0 || p.Tainted > NodeCount:
		return fmt.Errorf("lesson: parameter tainted = %d: want 0..%d", p.Tainted, NodeCount)
	case p.Effect != Block && p.Effect != Deprioritize && p.Effect != Evict:
		return fmt.Errorf("lesson: parameter effect = %q: want block, deprioritize or evict", p.Effect)
	case p.Tolerating < 0 || p.Tolerating > TotalGeneral:
		return fmt.Errorf("lesson: parameter tolerating = %d: want 0..%d", p.Tolerating, TotalGeneral)
	case p.WindowHours < 1 || p.WindowHours > 24:
		return fmt.Errorf("lesson: parameter window = %d: want 1..24 hours", p.WindowHours)
	}
	return nil
}

// Measurement is everything the lesson counts for one Params.
type Measurement struct {
	GeneralPlaced int `json:"generalPlaced"`
	// Unplaced is the general pods left without a node (after the
	// re-placement, for Evict).
	Unplaced     int `json:"unplaced"`
	GeneralNodes int `json:"generalNodes"`
	// Misplaced is the general pods on set-aside nodes.
	Misplaced   int `json:"misplaced"`
	BatchPlaced int `json:"batchPlaced"`
	// Evicted is the pods the evicting taint removed (Evict only).
	Evicted int `json:"evicted"`
	// Retained is the tolerating general pods an evicting taint placed
	// afterwards would leave on the set-aside nodes.
	Retained      int `json:"retained"`
	ReservedHours int `json:"reservedHours"`
	UsedHours     int `json:"usedHours"`
	// IdleRatio is 100 × (1 − used/reserved); IdleOK is false (the table's
	// "-") when nothing is reserved.
	IdleRatio float64 `json:"idleRatio"`
	IdleOK    bool    `json:"idleOK"`
}

// Measure runs the model for p: the general workload first, then the
// batch job on the same nodes, as taint.mjs does. For Evict the general
// workload is placed on untainted nodes, the set-aside nodes are then
// tainted and their untolerating pods evicted and placed again
// (taintAfterward), and the batch job comes last. GeneralNodes counts the
// nodes the general workload occupies before the batch job arrives.
func Measure(p Params) (Measurement, error) {
	if err := p.Validate(); err != nil {
		return Measurement{}, err
	}
	return measureWith(p, modelCounts)
}

func measureWith(p Params, c counter) (Measurement, error) {
	n, err := c(p.Tainted, p.Effect, p.Tolerating, FullTaintOrder)
	if err != nil {
		return Measurement{}, err
	}
	m := Measurement{
		GeneralPlaced: TotalGeneral - n.unplaced, Unplaced: n.unplaced, GeneralNodes: n.generalNodes,
		Misplaced: n.misplaced, BatchPlaced: n.batchPlaced, Evicted: n.evicted, Retained: n.retained,
		ReservedHours: p.Tainted * 24, UsedHours: n.batchNodes * p.WindowHours,
	}
	_, m.IdleRatio, m.IdleOK = idle(m.ReservedHours, m.UsedHours)
	return m, nil
}

// SweepParams lists the parameters Sweep can vary and their ranges.
var SweepParams = []string{"tainted", "effect", "tolerating", "window"}

// SweepColumns are the measured columns of a sweep table, after the
// varied parameter's column.
var SweepColumns = []string{"general placed", "unplaced", "general nodes", "misplaced", "batch placed", "evicted", "retained", "reserved h/day", "idle ratio"}

// Sweep varies one parameter of base over values and measures each point:
//
//	"tainted"     set-aside nodes, 0..9
//	"effect"      index into Effects: 0 block, 1 deprioritize, 2 evict
//	"tolerating"  wrongly tolerating general pods, 0..18
//	"window"      batch window hours per day, 1..24 (the idle ratio)
//
// The table has the parameter's column and SweepColumns, cells formatted
// as the lesson formats them, and one Series per measured column (X the
// parameter value) for a chart. An unknown parameter, no values, a value
// out of range or an invalid base is an error naming the parameter.
func Sweep(param string, values []int, base Params) (Table, error) {
	return sweep(param, values, base, Measure)
}

// SweepProfile is Sweep over the lesson's cluster as Kubernetes objects
// (Cluster) scheduled by profile (MeasureProfile): with TeachingProfile
// it equals Sweep; with DefaultProfile it is what kube-scheduler's default
// profile gives at every point. An unknown profile is an error.
func SweepProfile(param string, values []int, base Params, profile Profile) (Table, error) {
	if _, err := profile.Func(); err != nil {
		return Table{}, err
	}
	return sweep(param, values, base, func(p Params) (Measurement, error) { return MeasureProfile(p, profile) })
}

func sweep(param string, values []int, base Params, measure func(Params) (Measurement, error)) (Table, error) {
	label, width := "", 10
	switch param {
	case "tainted":
		label = "tainted"
	case "effect":
		label, width = "effect", 24
	case "tolerating":
		label, width = "general tolerating", 20
	case "window":
		label = "window h"
	default:
		return Table{}, fmt.Errorf("lesson: unknown sweep parameter %q: want one of %s", param, strings.Join(SweepParams, ", "))
	}
	if len(values) == 0 {
		return Table{}, fmt.Errorf("lesson: sweep parameter %s: no values", param)
	}
	t := Table{Param: param, Columns: append([]string{label}, SweepColumns...), FirstWidth: width}
	t.Series = make([]Series, len(SweepColumns))
	for i, c := range SweepColumns {
		t.Series[i] = Series{Column: c}
	}
	for _, v := range values {
		p := base
		first := itoa(v)
		switch param {
		case "tainted":
			p.Tainted = v
		case "effect":
			if v < 0 || v >= len(Effects) {
				return Table{}, fmt.Errorf("lesson: sweep parameter effect: value %d: want 0 (block), 1 (deprioritize) or 2 (evict)", v)
			}
			p.Effect = Effects[v]
			first = EffectLabel(p.Effect)
		case "tolerating":
			p.Tolerating = v
		case "window":
			p.WindowHours = v
		}
		m, err := measure(p)
		if err != nil {
			return Table{}, fmt.Errorf("lesson: sweep parameter %s: value %d: %s", param, v, strings.TrimPrefix(err.Error(), "lesson: "))
		}
		ratio, _, _ := idle(m.ReservedHours, m.UsedHours)
		ints := []int{m.GeneralPlaced, m.Unplaced, m.GeneralNodes, m.Misplaced, m.BatchPlaced, m.Evicted, m.Retained, m.ReservedHours}
		row := []string{first}
		for i, n := range ints {
			row = append(row, itoa(n))
			t.Series[i].Points = append(t.Series[i].Points, Point{X: v, Y: float64(n), OK: true})
		}
		row = append(row, ratio)
		t.Series[len(ints)].Points = append(t.Series[len(ints)].Points, Point{X: v, Y: m.IdleRatio, OK: m.IdleOK})
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}
