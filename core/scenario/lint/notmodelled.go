package lint

import (
	"fmt"
	"regexp"

	"github.com/taints-playground/playground/core/scenario"
)

// checkNotModelled reports the fields upstream acts on that the playground
// does not model (scenario.NotModelledFields), one finding per field and
// explanation: the first object carrying it gets the finding, which then
// counts the others, so a field every pod of a real dump carries is one
// line, not thousands.
func (l *linter) checkNotModelled(o *object) {
	for _, g := range scenario.NotModelledFields(o.kind, o.raw) {
		key := listIndex.ReplaceAllString(g.Path, "[]") + "\x00" + g.Why
		if i, ok := l.gapFinding[key]; ok {
			l.gapCount[i]++
			continue
		}
		if l.gapFinding == nil {
			l.gapFinding = map[string]int{}
		}
		l.gapFinding[key] = len(l.findings)
		l.gapCount = append(l.gapCount, 0)
		l.gapAt = append(l.gapAt, len(l.findings))
		l.add(o, Info, "not-modelled", g.Path, "not modelled: "+g.Why,
			"nothing to change for the cluster; read this object's result here knowing that the field is not simulated")
	}
}

// countNotModelled adds "(and N more objects)" to the not-modelled
// findings that stand for several objects.
func (l *linter) countNotModelled() {
	for i, at := range l.gapAt {
		if n := l.gapCount[i]; n > 0 {
			l.findings[at].Message += fmt.Sprintf(" (this field is set on %d more objects of the file)", n)
		}
	}
}

// listIndex matches a list index in a field path ([0], [12]).
var listIndex = regexp.MustCompile(`\[[0-9]+\]`)
