package lesson

import (
	"strconv"
	"strings"
)

// Column width of every column but the first (the scripts' padStart(16)).
const cellWidth = 16

// DefaultWindowHours is the batch job's daily window (SS15): 4 hours.
const DefaultWindowHours = 4

// Tainted is the number of set-aside nodes in toleration.mjs (SS16).
const Tainted = 3

// Point is one value of a Series: Y at parameter value X. OK is false where
// the table prints "-" (the idle ratio with nothing reserved).
type Point struct {
	X  int     `json:"x"`
	Y  float64 `json:"y"`
	OK bool    `json:"ok"`
}

// Series is one measured column of a Table, for a chart.
type Series struct {
	Column string  `json:"column"`
	Points []Point `json:"points"`
}

// Table is one table as the lesson prints it: an optional title line, a
// header and rows of cells already formatted (integers as JavaScript's
// String, ratios as toFixed(1) plus "%", "-" for none). The first column
// is left-aligned to FirstWidth (padEnd), the others right-aligned to 16
// (padStart). Series carries the numeric columns for a chart (Sweep fills
// it; the lesson's own tables leave it empty).
type Table struct {
	Title      string     `json:"title,omitempty"`
	Param      string     `json:"param,omitempty"`
	Columns    []string   `json:"columns"`
	FirstWidth int        `json:"firstWidth"`
	Rows       [][]string `json:"rows"`
	Series     []Series   `json:"series,omitempty"`
}

// Text renders the table as the scripts' console.log lines, each ending in
// a newline: the title (when set), the header, then the rows.
func (t Table) Text() string {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title)
		b.WriteByte('\n')
	}
	t.line(&b, t.Columns)
	for _, r := range t.Rows {
		t.line(&b, r)
	}
	return b.String()
}

func (t Table) line(b *strings.Builder, cells []string) {
	for i, c := range cells {
		if i == 0 {
			b.WriteString(padEnd(c, t.FirstWidth))
		} else {
			b.WriteString(padStart(c, cellWidth))
		}
	}
	b.WriteByte('\n')
}

// padEnd and padStart are JavaScript's String.prototype methods with a
// space filler (lengths in UTF-16 units; every string here is ASCII).
func padEnd(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}

func padStart(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

// toFixed1 is JavaScript's Number.prototype.toFixed(1) for finite x: the
// exact binary value rounded to one decimal, an exact tie going to the
// larger magnitude (Go's FormatFloat would round a tie to even).
func toFixed1(x float64) string {
	neg := x < 0
	if neg {
		x = -x
	}
	// 'f' with a long precision prints the exact decimal expansion of any
	// double below 1e21 with this many fraction digits, zero-padded.
	s := strconv.FormatFloat(x, 'f', 1100, 64)
	dot := strings.IndexByte(s, '.')
	digits := []byte(s[:dot] + s[dot+1:dot+2])
	if s[dot+2] >= '5' {
		i := len(digits) - 1
		for ; i >= 0; i-- {
			if digits[i] == '9' {
				digits[i] = '0'
				continue
			}
			digits[i]++
			break
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		}
	}
	out := string(digits[:len(digits)-1]) + "." + string(digits[len(digits)-1:])
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out
}

// idle formats the idle ratio as the script does: "-" with nothing
// reserved, else toFixed(1) of 100 × (1 − used/reserved) and "%".
func idle(reserved, used int) (string, float64, bool) {
	if reserved == 0 {
		return "-", 0, false
	}
	v := 100 * (1 - float64(used)/float64(reserved))
	return toFixed1(v) + "%", v, true
}

// ModelLine is taint.mjs's first line: the cluster and the two workloads.
func ModelLine() string {
	return "model: " + itoa(NodeCount) + " nodes x " + itoa(Capacity) + " units = " + itoa(NodeCount*Capacity) +
		"; general workload " + itoa(units(General)) + " units / " + itoa(TotalGeneral) +
		" pods, nightly batch job " + itoa(units(Batch)) + " units / 6 pods"
}

// WindowLine is taint.mjs's second line (SS15).
func WindowLine() string {
	return "SS15: the batch job runs 4 hours a day; a set-aside node waits the day's full 24 hours"
}

// DeclarationsLine is toleration.mjs's last line (SS18): three node taints
// and the toleration fields of the 24 pods.
func DeclarationsLine() string {
	items := Tainted + TotalGeneral + 6
	return "declarations read: " + itoa(Tainted) + " node taints + " + itoa(TotalGeneral+6) +
		" pod toleration fields = " + itoa(items) + "; no item measures their correctness"
}

// TaintedColumns are the tainted-node sweep's columns.
var TaintedColumns = []string{"tainted", "general placed", "unplaced", "general nodes", "batch placed", "reserved h/day", "idle ratio"}

// counts is what one run of the lesson's procedure counts. Under Evict the
// general workload is placed first, the nodes tainted afterwards and the
// evicted pods placed again (taintAfterward); otherwise the nodes are
// tainted before anything is placed. The batch job always comes last, on
// the same nodes. Retained always comes from the taintAfterward run.
type counts struct {
	unplaced, misplaced, generalNodes int
	batchPlaced, batchNodes           int
	evicted, retained                 int
}

// counter runs the procedure for tainted nodes (the first of order),
// effect and tolerating wrongly tolerating general pods.
type counter func(tainted int, effect Effect, tolerating int, order []int) (counts, error)

// modelCounts runs the lesson's model.
func modelCounts(tainted int, effect Effect, tolerating int, order []int) (counts, error) {
	var c counts
	after := taintAfterward(tolerating, tainted, order)
	c.retained = after.Retained
	var nodes []*Node
	if effect == Evict {
		nodes = after.Nodes
		c.evicted, c.unplaced, c.misplaced = after.Evicted, after.Unplaced, after.Retained
	} else {
		nodes = makeNodes(tainted, effect, order)
		g := Place(GeneralPods(tolerating), nodes)
		c.unplaced, c.misplaced = len(g.Unplaced), len(g.Misplaced)
	}
	c.generalNodes = Occupied(nodes)
	b := Place(BatchPods(), nodes)
	c.batchPlaced, c.batchNodes = total(Batch)-len(b.Unplaced), batchNodes(nodes)
	return c, nil
}

// Tables are the lesson's three tables.
type Tables struct {
	Tainted    Table `json:"tainted"`
	Effects    Table `json:"effects"`
	Toleration Table `json:"toleration"`
}

// LessonTables are the three tables of the lesson's model.
func LessonTables() Tables {
	t, _ := tables(modelCounts)
	return t
}

// Text is the two scripts' output for these tables: taint.mjs's model
// and SS15 lines, a blank line and the tainted-node table; a blank line;
// toleration.mjs's two tables (a blank line between them) and, after a
// blank line, the declarations line.
func (t Tables) Text() string {
	return ModelLine() + "\n" + WindowLine() + "\n\n" + t.Tainted.Text() + "\n" +
		t.Effects.Text() + "\n" + t.Toleration.Text() + "\n" + DeclarationsLine() + "\n"
}

// tables builds the three tables exactly as the scripts do, from c.
func tables(c counter) (Tables, error) {
	var out Tables
	out.Tainted = Table{Columns: TaintedColumns, FirstWidth: 10}
	for k := 0; k <= 5; k++ {
		n, err := c(k, Block, 0, TaintOrder)
		if err != nil {
			return Tables{}, err
		}
		reserved, used := k*24, n.batchNodes*4
		ratio, _, _ := idle(reserved, used)
		out.Tainted.Rows = append(out.Tainted.Rows, []string{itoa(k), itoa(TotalGeneral - n.unplaced), itoa(n.unplaced),
			itoa(n.generalNodes), itoa(n.batchPlaced), itoa(reserved), ratio})
	}
	out.Effects = Table{
		Title:      "the taint's three effects, one at a time (" + itoa(Tainted) + " nodes set aside, toleration given correctly):",
		Columns:    EffectsColumns,
		FirstWidth: 24,
	}
	for _, e := range Effects {
		n, err := c(Tainted, e, 0, TaintOrder)
		if err != nil {
			return Tables{}, err
		}
		row := []string{EffectLabel(e), itoa(TotalGeneral - n.unplaced), itoa(n.misplaced), "0", "0"}
		if e == Evict {
			// The script prints 0 misplaced for this row.
			row = []string{EffectLabel(e), itoa(TotalGeneral - n.unplaced), "0", itoa(n.evicted), itoa(n.unplaced)}
		}
		out.Effects.Rows = append(out.Effects.Rows, row)
	}
	out.Toleration = Table{
		Title:      "wrongly given toleration (" + itoa(Tainted) + " nodes set aside, placement block):",
		Columns:    TolerationColumns,
		FirstWidth: 20,
	}
	for _, v := range ToleratingValues {
		n, err := c(Tainted, Block, v, TaintOrder)
		if err != nil {
			return Tables{}, err
		}
		out.Toleration.Rows = append(out.Toleration.Rows, []string{itoa(v), itoa(n.misplaced), itoa(TotalGeneral - n.unplaced),
			itoa(n.batchPlaced), itoa(n.retained)})
	}
	return out, nil
}

// TaintedTable is taint.mjs's table: for 0..5 tainted nodes (block), the
// general workload placed first, then the batch job on the same nodes.
func TaintedTable() Table { return LessonTables().Tainted }

// EffectsColumns are the three-effects table's columns.
var EffectsColumns = []string{"effect", "general placed", "misplaced", "evicted", "unplaced"}

// EffectLabel is the row label the lesson gives each effect.
func EffectLabel(e Effect) string {
	switch e {
	case Block:
		return "placement block"
	case Deprioritize:
		return "deprioritization"
	case Evict:
		return "eviction block"
	}
	return string(e)
}

// EffectsTable is toleration.mjs's first table (three tainted nodes,
// tolerations given correctly). As in the script, the placement-block and
// deprioritization rows print 0 for evicted and unplaced: their unplaced
// cell is a literal 0, not the count (three pods stay unplaced under
// placement block, which the general placed cell shows), and the
// eviction-block row prints 0 misplaced.
func EffectsTable() Table { return LessonTables().Effects }

// ToleratingValues are the wrongly tolerating general pod counts the
// lesson scans (SS17).
var ToleratingValues = []int{0, 2, 4, 6, 9}

// TolerationColumns are the wrongly-given-toleration table's columns.
var TolerationColumns = []string{"general tolerating", "misplaced", "general placed", "batch placed", "retained"}

// TolerationTable is toleration.mjs's second table: three tainted nodes
// (block), the first n general pods with a toleration they should not
// have; retained is how many of them an evicting taint placed afterwards
// leaves on the set-aside nodes.
func TolerationTable() Table { return LessonTables().Toleration }

// TaintScriptText is taint.mjs's whole console output.
func TaintScriptText() string {
	return ModelLine() + "\n" + WindowLine() + "\n\n" + TaintedTable().Text()
}

// TolerationScriptText is toleration.mjs's whole console output.
func TolerationScriptText() string {
	t := LessonTables()
	return t.Effects.Text() + "\n" + t.Toleration.Text() + "\n" + DeclarationsLine() + "\n"
}

// Text is the lesson's output: taint.mjs's, a blank line, then
// toleration.mjs's (LessonTables().Text()).
func Text() string { return LessonTables().Text() }
