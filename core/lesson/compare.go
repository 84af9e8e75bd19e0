package lesson

// Difference is one cell where the faithful default profile's table
// differs from the teaching model's.
type Difference struct {
	// Table is "tainted", "effects" or "toleration".
	Table string `json:"table"`
	// Row is the row's first cell, Column the column's header.
	Row    string `json:"row"`
	Column string `json:"column"`
	// Teaching and Default are the two cells.
	Teaching string `json:"teaching"`
	Default  string `json:"default"`
	// Why explains the difference from the two profiles' rules.
	Why string `json:"why"`
}

// Reasons for a difference, by table and column.
const (
	whySpread = "The default profile scores NodeResourcesFit (LeastAllocated): each pod goes to the emptiest node it fits, " +
		"so the general workload spreads over every node it may use; the teaching profile fills d0, d1, … in node order and leaves nodes empty."
	whyPacking = "Which pods still fit depends on how the earlier pods were packed: first fit fills nodes to 1490 or 1260 units " +
		"and leaves gaps too small for a verifier (650), spreading leaves different gaps, so a different number of pods ends unplaced."
	whyBatchSpread = "LeastAllocated spreads the batch pods over the set-aside nodes too (one per node before any gets a second), " +
		"so more set-aside nodes run during the window and fewer sit idle; first fit packs two 700-unit pods per node."
	whyDeprioritize = "Both profiles keep PreferNoSchedule nodes as a last resort (the default profile through the TaintToleration score, " +
		"weight 3, which outweighs LeastAllocated); with spreading all 18 general pods fit on the untainted nodes, so none needs the last resort."
	whyEvicted = "Before the taint, spreading put two general pods on every node, so two on each set-aside node (6 evicted), where first fit " +
		"had put three collectors on d0, two verifiers on d3 and the three billing pods on d6 (8 evicted); which pods come back and where they fit follows from that " +
		"(ties broken in node order; a seeded random tie-break, as in the simulator, can change it)."
	whyTolerating = "A toleration permits, it does not attract: under the default profile a tolerating pod lands on a set-aside node only " +
		"when that node scores best (here a tie among empty nodes, broken by node order; the simulator breaks it with its seeded random choice), " +
		"while first fit sends every tolerating pod to the first node with room, which is the set-aside d0."
	whyBatchAfterWrong = "The batch job gets what the misplaced general pods leave of the set-aside nodes: a 420-unit pod leaves room for one 700-unit batch pod, not two."
	whyOther           = "The two profiles place the same pods differently (first fit in node order against scoring)."
)

func why(table, row, column string) string {
	switch table + "/" + column {
	case "tainted/general nodes":
		return whySpread
	case "tainted/general placed", "tainted/unplaced", "toleration/general placed":
		return whyPacking
	case "effects/general placed", "effects/unplaced":
		if row == EffectLabel(Evict) {
			return whyEvicted + " " + whyPacking
		}
		return whyPacking
	case "tainted/batch placed", "tainted/idle ratio":
		return whyBatchSpread
	case "effects/misplaced":
		return whyDeprioritize
	case "effects/evicted":
		return whyEvicted
	case "toleration/misplaced", "toleration/retained":
		return whyTolerating
	case "toleration/batch placed":
		return whyBatchAfterWrong
	}
	return whyOther
}

// Compare runs the lesson's cluster through the teaching and the default
// profile and lists every cell that differs, in table, row and column
// order, with the reason. The teaching profile's tables are the lesson's
// (ProfileTables(TeachingProfile) equals LessonTables()).
func Compare() ([]Difference, error) {
	t, err := ProfileTables(TeachingProfile)
	if err != nil {
		return nil, err
	}
	d, err := ProfileTables(DefaultProfile)
	if err != nil {
		return nil, err
	}
	return CompareTables(t, d), nil
}

// CompareTables lists the cells where def differs from teaching (tables of
// the same shape, such as ProfileTablesSeeded's), with the reasons.
func CompareTables(teaching, def Tables) []Difference {
	var out []Difference
	for _, pair := range []struct {
		name string
		a, b Table
	}{{"tainted", teaching.Tainted, def.Tainted}, {"effects", teaching.Effects, def.Effects}, {"toleration", teaching.Toleration, def.Toleration}} {
		for i, row := range pair.a.Rows {
			if i >= len(pair.b.Rows) {
				break
			}
			for j := 1; j < len(row) && j < len(pair.b.Rows[i]) && j < len(pair.a.Columns); j++ {
				if row[j] == pair.b.Rows[i][j] {
					continue
				}
				col := pair.a.Columns[j]
				out = append(out, Difference{Table: pair.name, Row: row[0], Column: col,
					Teaching: row[j], Default: pair.b.Rows[i][j], Why: why(pair.name, row[0], col)})
			}
		}
	}
	return out
}

// DifferencesText renders differences one per line,
// "TABLE / ROW / COLUMN: teaching X, default Y", each followed by its
// reason on an indented line (a reason already given is not repeated).
func DifferencesText(ds []Difference) string {
	out := ""
	seen := map[string]bool{}
	for _, d := range ds {
		out += d.Table + " / " + d.Row + " / " + d.Column + ": teaching " + d.Teaching + ", default " + d.Default + "\n"
		if !seen[d.Why] {
			seen[d.Why] = true
			out += "    " + d.Why + "\n"
		}
	}
	return out
}
