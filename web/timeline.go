package web

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/sim"
)

// ActionSeek is posted with a frame index when a timeline entry is clicked.
const ActionSeek = "tp-seek"

// ActionScrub is posted with a virtual time (float64 seconds) when the
// timeline bar's slider moves; ActionSpeed with a speed (float64).
const (
	ActionScrub = "tp-scrub"
	ActionSpeed = "tp-speed"
)

// Element ids of the timeline bar.
const (
	IDScrub = "scrub"
	IDSpeed = "speed"
	IDClock = "clock"
)

// ClockBar is the timeline bar's clock: a slider over virtual time
// 0..End with a mark at every frame, the time readout and the speed
// picker. It is its own component so the 5-per-second clock updates while
// playing re-render only it (and the cards whose countdown rings moved).
type ClockBar struct {
	app.Compo

	Time  float64
	End   float64
	Speed float64
	// Marks are the frames' times (one mark per distinct time); Current is
	// the time of the frame on the board.
	Marks   []float64
	Current float64
}

// maxTicks is the most frame marks the clock bar draws.
const maxTicks = 200

// FrameTimes lists the distinct frame times of r in order.
func FrameTimes(r *sim.Result) []float64 {
	if r == nil {
		return nil
	}
	var out []float64
	for _, f := range r.Frames {
		if len(out) == 0 || out[len(out)-1] != f.At {
			out = append(out, f.At)
		}
	}
	return out
}

// Render implements app.Composer.
func (c *ClockBar) Render() app.UI {
	end := c.End
	if end <= 0 {
		end = 1
	}
	marks := make([]app.UI, 0, min(len(c.Marks), maxTicks+1))
	lastSlot := -1
	for _, at := range c.Marks {
		// At most one mark per 1/maxTicks of the bar (the current frame's
		// always): thousands of frames keep a few hundred marks.
		slot := int(at / end * maxTicks)
		if slot == lastSlot && at != c.Current {
			continue
		}
		lastSlot = slot
		cls := "tick"
		switch {
		case at == c.Current:
			cls += " is-current"
		case at < c.Time:
			cls += " is-past"
		}
		marks = append(marks, app.Span().Class(cls).
			Style("left", fmt.Sprintf("%.3f%%", 100*at/end)).
			Title("t="+FormatSeconds(at)))
	}
	speeds := make([]app.UI, 0, len(Speeds))
	for _, sp := range Speeds {
		speeds = append(speeds, app.Option().Value(fmt.Sprint(sp)).Selected(sp == c.Speed).Text(fmt.Sprintf("%g×", sp)))
	}
	readout := fmt.Sprintf(Msg.ScrubValue, FormatSeconds(math.Floor(c.Time)), FormatSeconds(c.End))
	return app.Div().Class("clockbar").Body(
		app.Span().ID(IDClock).Class("clock").DataSet("time", fmt.Sprintf("%.3f", c.Time)).Text(fmt.Sprintf(Msg.ClockAt, FormatSeconds(math.Floor(c.Time)))),
		app.Div().Class("scrub-wrap").Body(
			app.Div().Class("ticks").Aria("hidden", "true").Body(marks...),
			app.Input().Type("range").ID(IDScrub).Class("scrub").
				Min(0).Max(fmt.Sprint(c.End)).Step(1).
				Value(fmt.Sprintf("%g", c.Time)).
				Aria("label", Msg.Scrub).
				Aria("valuetext", readout).
				OnInput(func(ctx app.Context, e app.Event) {
					var v float64
					func() {
						defer func() { _ = recover() }()
						v = ctx.JSSrc().Get("valueAsNumber").Float()
					}()
					ctx.NewActionWithValue(ActionScrub, v)
				}),
		),
		app.Label().Class("speed").Title(Msg.SpeedHint).Body(
			app.Span().Class("speed-label").Text(Msg.Speed),
			app.Select().ID(IDSpeed).Class("select select-small").
				OnChange(func(ctx app.Context, e app.Event) {
					var v float64
					func() {
						defer func() { _ = recover() }()
						v, _ = strconv.ParseFloat(strings.TrimSpace(ctx.JSSrc().Get("value").String()), 64)
					}()
					ctx.NewActionWithValue(ActionSpeed, v)
				}).
				Body(speeds...),
		),
	)
}

// TimelineItem is one frame as the timeline lists it.
type TimelineItem struct {
	At      float64
	Step    string
	Caption string
	// Failed: the frame's step failed, with kubectl's Error; Stale: the
	// caption may no longer hold (Model.CaptionStale).
	Failed bool
	Error  string
	Stale  bool
}

// TimelineItems lists the frames of r.
func TimelineItems(r *sim.Result) []TimelineItem {
	if r == nil {
		return nil
	}
	out := make([]TimelineItem, 0, len(r.Frames))
	for _, f := range r.Frames {
		out = append(out, TimelineItem{At: f.At, Step: f.Step, Caption: f.Caption})
	}
	return out
}

// Timeline lists the frames with their virtual time and caption; clicking
// one shows it.
type Timeline struct {
	app.Compo

	Items   []TimelineItem
	Current int
}

// TimelineWindow is how many frames the timeline lists around the current
// one; the clock bar, Step and Back reach the others.
const TimelineWindow = 100

// timelineShift is how far the timeline's window moves at a time: a window
// that moved with every step would change every entry (go-app diffs by
// position), so it moves in blocks and a step changes two entries' classes.
const timelineShift = TimelineWindow / 4

// timelineRange is the window [lo, hi) of n items around cur: cur has at
// least a quarter of the window on either side (where n allows), and lo
// is a multiple of timelineShift (or n-TimelineWindow at the end).
func timelineRange(n, cur int) (lo, hi int) {
	if n <= TimelineWindow {
		return 0, n
	}
	lo = max(0, (cur-TimelineWindow/2)/timelineShift*timelineShift)
	hi = lo + TimelineWindow
	if hi > n {
		hi = n
		lo = n - TimelineWindow
	}
	return lo, hi
}

// Render implements app.Composer.
func (t *Timeline) Render() app.UI {
	lo, hi := timelineRange(len(t.Items), t.Current)
	items := make([]app.UI, 0, hi-lo+2)
	if lo > 0 {
		items = append(items, app.Li().Class("tl-more").Text(fmt.Sprintf(Msg.FramesBefore, lo)))
	}
	for i := lo; i < hi; i++ {
		it := t.Items[i]
		state := entryFuture
		switch {
		case i == t.Current:
			state = entryCurrent
		case i < t.Current:
			state = entryPast
		}
		items = append(items, &timelineEntry{Index: i, Of: len(t.Items), At: it.At, Step: it.Step, Caption: it.Caption, State: state,
			Failed: it.Failed, Error: it.Error, Stale: it.Stale})
	}
	if hi < len(t.Items) {
		items = append(items, app.Li().Class("tl-more").Text(fmt.Sprintf(Msg.FramesAfter, len(t.Items)-hi)))
	}
	return app.Nav().Class("timeline").Aria("label", Msg.Timeline).Body(
		app.Ol().Class("tl-list").Body(items...),
	)
}

// Where a timeline entry's frame is relative to the board's.
const (
	entryFuture = iota
	entryPast
	entryCurrent
)

// timelineEntry is one frame of the timeline. Each entry is its own
// component, so a step, which changes the state of two entries, re-renders
// those two instead of the whole window.
type timelineEntry struct {
	app.Compo

	Index   int
	Of      int
	At      float64
	Step    string
	Caption string
	State   int
	Failed  bool
	Error   string
	Stale   bool
}

// Render implements app.Composer.
func (e *timelineEntry) Render() app.UI {
	i, idx := e.Index, e.Index
	cls := "tl-item"
	switch e.State {
	case entryCurrent:
		cls += " is-current"
	case entryPast:
		cls += " is-past"
	}
	if e.Failed {
		cls += " is-failed"
	}
	label := e.Step
	if label == "" {
		if i == 0 {
			label = Msg.InitialPass
		} else {
			label = Msg.TimerFrame
		}
	}
	title := fmt.Sprintf(Msg.FrameOf, i+1, e.Of)
	if e.Failed {
		title += " · " + fmt.Sprintf(Msg.StepFailedTitle, e.Error)
	}
	btn := app.Button().
		Type("button").
		Class("tl-button").
		Aria("current", ariaStep(e.State == entryCurrent)).
		Title(title).
		OnClick(func(ctx app.Context, ev app.Event) {
			ctx.NewActionWithValue(ActionSeek, idx)
		}, app.EventScope(idx)).
		Body(
			app.Span().Class("tl-dot").Aria("hidden", "true"),
			app.Span().Class("tl-time").Text("t="+FormatSeconds(e.At)),
			app.If(e.Failed, func() app.UI {
				return app.Span().Class("tl-failed").Title(fmt.Sprintf(Msg.StepFailedTitle, e.Error)).Text("✗")
			}),
			app.Span().Class("tl-step").Text(label),
			app.If(e.Failed, func() app.UI {
				return app.Span().Class("tl-error").Text(e.Error)
			}),
			app.If(e.Caption != "" && !e.Failed, func() app.UI {
				return app.Span().Class("tl-caption").Body(
					app.If(e.Stale, func() app.UI {
						return app.Span().Class("stale-mark").Text(Msg.CaptionStale)
					}),
					app.Text(e.Caption),
				)
			}),
		)
	return app.Li().Class(cls).DataSet("frame", i).Body(btn)
}

func ariaStep(current bool) string {
	if current {
		return "step"
	}
	return "false"
}

// EventPage is how many event rows the log shows at first, and how many
// more each "Show earlier" adds: a run with thousands of events keeps a
// small table.
const EventPage = 50

// IDEventFilter is the id of the event log's filter field.
const IDEventFilter = "event-filter"

// EventLog lists the latest events up to the current frame (the engine
// sends at most the page asked for, after the filter); the last Fresh ones
// happened in this frame and are highlighted. Past EventPage events it
// shows "showing N of M", a filter and a button for earlier ones; both
// post actions (ActionEventFilter, ActionEventsMore) the page answers with
// a new board.
type EventLog struct {
	app.Compo

	// Events are the events shown, oldest first; Matched how many match
	// Filter, Total how many happened by the frame.
	Events         []sim.Event
	Fresh          int
	Matched, Total int
	Filter         string
}

// Actions the event log posts.
const (
	ActionEventFilter = "tp-event-filter" // Value: the filter text
	ActionEventsMore  = "tp-events-more"
)

// EventMatches reports whether an event's type, reason, object, source or
// message contains the filter text (case-insensitive).
func EventMatches(e sim.Event, filter string) bool {
	filter = strings.ToLower(strings.TrimSpace(filter))
	if filter == "" {
		return true
	}
	for _, s := range [...]string{e.Type, e.Reason, e.Object, e.Source, e.Message} {
		if strings.Contains(strings.ToLower(s), filter) {
			return true
		}
	}
	return false
}

// Render implements app.Composer.
func (l *EventLog) Render() app.UI {
	if l.Total == 0 {
		return app.Section().Class("events").Body(
			app.H2().Text(Msg.Events),
			app.P().Class("muted").Text(Msg.NoEvents),
		)
	}
	fresh := min(l.Fresh, len(l.Events))
	first := len(l.Events) - fresh
	idx := make([]int, len(l.Events))
	for i := range idx {
		idx[i] = i
	}
	filtered := strings.TrimSpace(l.Filter) != ""
	long := l.Total > EventPage || filtered
	hidden := l.Matched - len(l.Events)
	return app.Section().Class("events").Aria("label", Msg.Events).Body(
		app.H2().Body(
			app.Text(Msg.Events),
			app.If(l.Fresh > 0, func() app.UI {
				return app.Span().Class("count is-fresh").Title(Msg.EventsNew).Text(fmt.Sprintf("+%d", l.Fresh))
			}),
		),
		app.If(long, func() app.UI {
			return app.Div().Class("list-tools").Body(
				app.Label().Class("node-filter").For(IDEventFilter).Body(
					app.Span().Class("node-filter-label").Text(Msg.EventFilter),
					app.Input().Type("search").ID(IDEventFilter).Class("input").
						Placeholder(Msg.EventFilterHint).
						Attr("autocomplete", "off").
						Value(l.Filter).
						OnInput(l.onFilter),
				),
				app.Span().Class("small muted shown-count").Aria("live", "polite").Text(EventsCountText(len(l.Events), l.Matched, l.Total, filtered)),
			)
		}),
		app.If(len(l.Events) == 0, func() app.UI {
			return app.P().Class("muted no-match").Text(fmt.Sprintf(Msg.NoEventMatches, l.Filter))
		}),
		app.If(hidden > 0, func() app.UI {
			return app.Button().Type("button").Class("btn btn-small show-earlier").ID("btn-more-events").
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionEventsMore) }).
				Text(fmt.Sprintf(Msg.ShowEarlier, min(hidden, EventPage)))
		}),
		app.If(len(l.Events) > 0, func() app.UI {
			return app.Div().Class("table-wrap").Body(app.Raw(eventTableHTML(l.Events, idx, first)))
		}),
	)
}

// eventTableHTML is the event table's markup: the rows of events idx, the
// ones from first on marked fresh. The table is one piece of raw HTML
// because a step shifts the window of rows: element by element, that
// rewrote about 300 cells one JavaScript call each; as markup it is one
// string the browser parses at once. It holds text only (no handlers), and
// every text is escaped.
func eventTableHTML(events []sim.Event, idx []int, first int) string {
	var b strings.Builder
	b.Grow(256 + 200*len(idx))
	b.WriteString(`<table class="ev-table"><thead><tr>`)
	for _, h := range [...]string{Msg.ColTime, Msg.ColType, Msg.ColReason, Msg.ColObject, Msg.ColSource, Msg.ColMessage} {
		b.WriteString("<th>")
		b.WriteString(html.EscapeString(h))
		b.WriteString("</th>")
	}
	b.WriteString(`</tr></thead><tbody>`)
	cell := func(class, text string) {
		b.WriteString(`<td class="`)
		b.WriteString(class)
		b.WriteString(`">`)
		b.WriteString(html.EscapeString(text))
		b.WriteString("</td>")
	}
	for _, i := range idx {
		e := events[i]
		b.WriteString(`<tr class="ev ev-`)
		b.WriteString(lowerASCII(e.Type))
		if i >= first {
			b.WriteString(" is-fresh")
		}
		b.WriteString(`">`)
		cell("ev-time", "t="+FormatSeconds(e.At))
		cell("ev-type", e.Type)
		cell("ev-reason", e.Reason)
		cell("ev-object", e.Object)
		cell("ev-source", e.Source)
		cell("ev-message", e.Message)
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// EventsCountText says how many event rows the log shows: of all events,
// or, while a filter is set, of the matching ones out of all of them.
func EventsCountText(shown, matched, all int, filtered bool) string {
	return countText(shown, matched, all, filtered, Msg.EventsShown, Msg.EventsMatchNone, Msg.EventsMatchShown)
}

func (l *EventLog) onFilter(ctx app.Context, e app.Event) {
	filter := ""
	func() {
		defer func() { _ = recover() }()
		filter = ctx.JSSrc().Get("value").String()
	}()
	ctx.NewActionWithValue(ActionEventFilter, filter)
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		} else if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			b[i] = '-'
		}
	}
	return string(b)
}
