package web

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/sim"
)

// eventTableTree is the event table as go-app elements, as the log drew it
// before it became raw markup: the oracle of TestEventTableHTML.
func eventTableTree(events []sim.Event, idx []int, first int) app.UI {
	rows := make([]app.UI, 0, len(idx))
	for _, i := range idx {
		e := events[i]
		cls := "ev ev-" + lowerASCII(e.Type)
		if i >= first {
			cls += " is-fresh"
		}
		rows = append(rows, app.Tr().Class(cls).Body(
			app.Td().Class("ev-time").Text("t="+FormatSeconds(e.At)),
			app.Td().Class("ev-type").Text(e.Type),
			app.Td().Class("ev-reason").Text(e.Reason),
			app.Td().Class("ev-object").Text(e.Object),
			app.Td().Class("ev-source").Text(e.Source),
			app.Td().Class("ev-message").Text(e.Message),
		))
	}
	return app.Table().Class("ev-table").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Text(Msg.ColTime),
			app.Th().Text(Msg.ColType),
			app.Th().Text(Msg.ColReason),
			app.Th().Text(Msg.ColObject),
			app.Th().Text(Msg.ColSource),
			app.Th().Text(Msg.ColMessage),
		)),
		app.TBody().Body(rows...),
	)
}

var betweenTags = regexp.MustCompile(`>\s+<`)

// TestEventTableHTML: the raw event table is the markup go-app wrote for
// the same rows (up to the indentation go-app adds between elements),
// including text that needs escaping.
func TestEventTableHTML(t *testing.T) {
	events := manyEvents(60)
	events[57].Type = "Warning"
	events[58].Message = `0/3 nodes are available: 1 node(s) had untolerated taint {a: "<b>"} & more`
	events[59].Source = "default-scheduler"
	for _, tc := range []struct {
		idx   []int
		first int
	}{
		{[]int{0}, 1},
		{[]int{10, 11, 12, 57, 58, 59}, 58},
		{[]int{55, 56, 57, 58, 59}, 60},
	} {
		want := betweenTags.ReplaceAllString(strings.TrimSpace(app.HTMLString(eventTableTree(events, tc.idx, tc.first))), "><")
		got := eventTableHTML(events, tc.idx, tc.first)
		if got != want {
			t.Errorf("idx %v:\n got %s\nwant %s", tc.idx, got, want)
		}
	}
}
