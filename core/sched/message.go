package sched

import (
	"sort"
	"strconv"
	"strings"
)

// nodeToStatus is upstream's NodeToStatus: explicit statuses for nodes
// that were evaluated, plus one status for every other ("absent") node.
type nodeToStatus struct {
	explicit     map[string]*Status
	absent       *Status
	preFilterMsg string
}

// FitErrorMessage renders upstream FitError.Error():
//
//	"0/<numAllNodes> nodes are available:" +
//	  " <preFilterMsg>."                      if a PreFilter rejected the pod, else
//	  " <histogram>."                         if the histogram is non-empty
//	+ " <postFilterMsg>"                      if non-empty (no extra period)
//
// The histogram counts each reason once per explicit node status listing
// it, plus (numAllNodes - len(explicit)) for each reason of the absent
// status, renders "<count> <reason>" and sorts the strings byte-wise.
func FitErrorMessage(numAllNodes int, explicit map[string]*Status, absent *Status, preFilterMsg, postFilterMsg string) string {
	var b strings.Builder
	b.WriteString("0/")
	b.WriteString(strconv.Itoa(numAllNodes))
	b.WriteString(" nodes are available:")
	if preFilterMsg != "" {
		b.WriteString(" ")
		b.WriteString(preFilterMsg)
		b.WriteString(".")
	} else {
		counts := map[string]int{}
		for _, s := range explicit {
			if s == nil {
				continue
			}
			for _, r := range s.Reasons {
				counts[r]++
			}
		}
		if len(explicit) < numAllNodes && absent != nil {
			for _, r := range absent.Reasons {
				counts[r] += numAllNodes - len(explicit)
			}
		}
		if len(counts) > 0 {
			hist := make([]string, 0, len(counts))
			for r, c := range counts {
				hist = append(hist, strconv.Itoa(c)+" "+r)
			}
			sort.Strings(hist)
			b.WriteString(" ")
			b.WriteString(strings.Join(hist, ", "))
			b.WriteString(".")
		}
	}
	if postFilterMsg != "" {
		b.WriteString(" ")
		b.WriteString(postFilterMsg)
	}
	return b.String()
}
