package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/lesson"
	"github.com/taints-playground/playground/core/scenario"
)

// Library groups.
const (
	GroupLessons        = "lessons"
	GroupMisconceptions = "misconceptions"
	GroupCases          = "cases"
	GroupExamples       = "examples"
)

// LibraryEntry adds teaching fields to a preset: its group and its
// "predict, then run" question with the answer.
type LibraryEntry struct {
	Name     string
	Group    string
	Question string
	Answer   string
}

// Library element ids.
const (
	IDLibrary    = "panel-library"
	IDSweepParam = "sweep-param"
	IDSweep      = "lesson-sweep"
)

// libraryEntry is the teaching information of a preset: its entry in lib
// (Config.Library), else what the preset's own text says (a "Predict,
// then run:" sentence in the description, a last caption starting
// "Answer:").
func libraryEntry(lib []LibraryEntry, pr Preset) LibraryEntry {
	e := LibraryEntry{Name: pr.Name}
	for _, l := range lib {
		if l.Name == pr.Name {
			e = l
			break
		}
	}
	if e.Group == "" {
		switch {
		case strings.HasPrefix(pr.Name, "mc-"):
			e.Group = GroupMisconceptions
		case strings.HasPrefix(pr.Name, "case-"):
			e.Group = GroupCases
		case strings.HasPrefix(pr.Name, "lesson-"), pr.Name == "animated-card", strings.Contains(pr.Name, "regional"):
			e.Group = GroupLessons
		default:
			e.Group = GroupExamples
		}
	}
	if e.Question == "" {
		if _, q, ok := strings.Cut(pr.Description, "Predict, then run:"); ok {
			e.Question = strings.TrimSpace(q)
		}
	}
	if e.Answer == "" {
		for _, st := range presetSteps(pr) {
			if a, ok := strings.CutPrefix(st.Caption, "Answer:"); ok {
				e.Answer = strings.TrimSpace(a)
			}
		}
	}
	return e
}

// presetSteps are the steps of a preset (for their captions).
func presetSteps(pr Preset) (steps []scenario.Step) {
	defer func() {
		if recover() != nil {
			steps = nil
		}
	}()
	s, err := scenario.Parse([]byte(pr.YAML), pr.Name+".yaml")
	if err != nil {
		return nil
	}
	return s.Steps
}

func groupTitle(g string) string {
	switch g {
	case GroupLessons:
		return Msg.GroupLessons
	case GroupMisconceptions:
		return Msg.GroupMisconceptions
	case GroupCases:
		return Msg.GroupCases
	}
	return Msg.GroupExamples
}

// libraryState is the library panel's state: the presets as it lists
// them and the regional-network lesson's sweep, computed when the library
// opens or the sweep's parameter changes, never while rendering. The page
// keeps it while the panel is closed (closing unmounts the panel); rev
// counts its changes, the prop that re-renders the panel.
type libraryState struct {
	items      []libraryItem
	sweepParam string
	sweep      *sweepData
	rev        int
}

// LibraryPanel is the preset library: lessons, misconceptions and cases,
// each with its explanation, question, captions and (once its run reached
// the last frame) the answer; and the regional-network lesson's sweep
// view. Loading a preset goes to Page.
type LibraryPanel struct {
	app.Compo

	Page *Playground
	// Active is the preset on the board; Reached whether its run reached
	// its last frame (Model.Reached), which shows its answer.
	Active  string
	Reached bool
	Rev     int
	// Origin is the preset an edited scenario on the board came from;
	// Shown the board's texts (its lesson's question and answer, in the
	// page's language, the answer once revealed).
	Origin string
	Shown  Shown
	// Seen lists the presets whose answer the learner has seen
	// (Model.SeenAnswers): the library names a lesson by its neutral
	// title (Ask), without its description, until then.
	Seen map[string]bool

	st *libraryState
}

// libraryPanel is the library over the page's kept state and model.
func (p *Playground) libraryPanel() *LibraryPanel {
	return &LibraryPanel{Page: p, Active: p.m.Preset, Reached: p.m.AnswerShown(), Rev: p.lib.rev, st: &p.lib,
		Origin: p.m.Origin, Shown: p.m.Shown(), Seen: p.m.SeenAnswers()}
}

// Render implements app.Composer.
func (c *LibraryPanel) Render() app.UI {
	groups := map[string][]app.UI{}
	for _, it := range c.st.items {
		groups[it.entry.Group] = append(groups[it.entry.Group], c.renderItem(it))
	}
	body := []app.UI{
		app.H2().Text(Msg.Library),
		app.P().Class("muted small").Text(Msg.LibraryHint),
	}
	for _, g := range []string{GroupLessons, GroupMisconceptions, GroupCases, GroupExamples} {
		if len(groups[g]) == 0 {
			continue
		}
		body = append(body, app.H3().Class("lib-group").Text(groupTitle(g)), app.Ul().Class("lib-list").Body(groups[g]...))
	}
	body = append(body, c.renderSweep())
	return app.Section().ID(IDLibrary).Class("tool-panel").Aria("label", Msg.Library).Body(body...)
}

// libraryItem is a preset as the library lists it, prepared when the
// library opens (prepare): its teaching entry and its steps.
type libraryItem struct {
	preset Preset
	entry  LibraryEntry
	steps  []scenario.Step
}

// prepare reads every preset's entry and steps once, and computes the
// sweep: the page calls it when the library opens.
func (s *libraryState) prepare(presets []Preset, lib []LibraryEntry) {
	if s.items == nil {
		for _, pr := range presets {
			it := libraryItem{preset: pr, entry: libraryEntry(lib, pr), steps: presetSteps(pr)}
			it.localize(Lang)
			s.items = append(s.items, it)
		}
		s.rev++
	}
	s.prepareSweep(s.sweepParam)
}

func (c *LibraryPanel) renderItem(it libraryItem) app.UI {
	pr, e := it.preset, it.entry
	title := pr.Title
	if title == "" {
		title = pr.Name
	}
	active := c.Active == pr.Name
	name := pr.Name
	// neutral: a lesson whose answer the learner has not seen shows its
	// question, not its title's claim or its description's rule.
	neutral := pr.Ask != "" && !c.Seen[name] && !(active && c.Reached)
	if neutral {
		title = pr.Ask
	}
	var detail []app.UI
	if active && c.Shown.Question != "" {
		e.Question = c.Shown.Question
		if c.Shown.Answer != "" {
			e.Answer = c.Shown.Answer
		}
		if c.Shown.Hidden && !neutral {
			title = Msg.PredictTitle
		}
	}
	if !active && c.Origin == pr.Name {
		detail = append(detail, app.P().Class("small lib-origin").Text(Msg.LibraryEditedFrom))
	}
	if active && c.Reached {
		var caps []app.UI
		for _, st := range it.steps {
			if st.Caption == "" || isAnswerCaption(st.Caption) {
				continue
			}
			caps = append(caps, app.Li().Body(
				app.Code().Text("t="+FormatSeconds(st.At.Seconds())+" "),
				app.Text(st.Caption),
			))
		}
		if len(caps) > 0 {
			detail = append(detail, app.P().Class("small").Text(Msg.LibraryCaptions), app.Ol().Class("lib-caps small").Body(caps...))
		}
	}
	if active {
		if e.Answer != "" {
			if c.Reached {
				detail = append(detail, app.P().Class("lib-answer").Role("status").Body(
					app.Strong().Text(Msg.LibraryAnswer+" "), app.Text(e.Answer)))
			} else {
				detail = append(detail, app.P().Class("muted small").Text(Msg.LibraryAnswerLater))
			}
		}
	}
	cls := "lib-item"
	if active {
		cls += " is-active"
	}
	return app.Li().Class(cls).DataSet("preset", name).Body(
		app.Div().Class("lib-head").Body(
			app.Strong().Text(title),
			app.Button().Type("button").Class("btn btn-small").
				Aria("label", fmt.Sprintf(Msg.LibraryLoadAria, title)).
				OnClick(func(ctx app.Context, e app.Event) { c.Page.SelectPreset(ctx, name) }, app.EventScope(name)).
				Text(Msg.LibraryLoad),
		),
		app.If(pr.Description != "" && !(active && c.Shown.Hidden) && !neutral, func() app.UI {
			return app.P().Class("small lib-desc").Text(beforeQuestion(pr.Description))
		}),
		app.If(e.Question != "", func() app.UI {
			return app.P().Class("lib-question").Body(app.Strong().Text(Msg.LibraryPredict+" "), app.Text(e.Question))
		}),
		app.Div().Body(detail...),
	)
}

// sweepValues are the values a sweep parameter takes.
func sweepValues(param string) []int {
	var out []int
	lo, hi := 0, 5
	switch param {
	case "effect":
		lo, hi = 0, len(lesson.Effects)-1
	case "tolerating":
		lo, hi = 0, 6
	case "window":
		lo, hi = 1, 12
	}
	for v := lo; v <= hi; v++ {
		out = append(out, v)
	}
	return out
}

// sweepData is what the regional-network lesson shows: its tables under
// the teaching and the default profile and the sweep of one parameter.
// The library computes it when it opens or the parameter changes
// (prepareSweep), never while rendering.
type sweepData struct {
	param    string
	teach    lesson.Tables
	def      lesson.Tables
	defErr   error
	table    lesson.Table
	err      error
	panicked string
}

// prepareSweep computes the lesson's tables and the sweep of param.
func (s *libraryState) prepareSweep(param string) {
	if param == "" {
		param = "tainted"
	}
	s.sweepParam = param
	if s.sweep != nil && s.sweep.param == param {
		return
	}
	d := &sweepData{param: param}
	func() {
		defer func() {
			if r := recover(); r != nil {
				d.panicked = fmt.Sprintf(Msg.PanicError, fmt.Sprint(r))
			}
		}()
		d.teach = lesson.LessonTables()
		d.def, d.defErr = lesson.ProfileTables(lesson.DefaultProfile)
		d.table, d.err = lesson.Sweep(param, sweepValues(param), lesson.DefaultParams())
	}()
	s.sweep = d
	s.rev++
}

// renderSweep is the regional-network lesson: its three tables cell for
// cell (teaching profile, with the cells where the faithful default
// profile differs marked) and a sweep of one parameter with a chart.
func (c *LibraryPanel) renderSweep() app.UI {
	d := c.st.sweep
	if d == nil {
		return app.Section().ID(IDSweep).Class("lesson-sweep")
	}
	if d.panicked != "" {
		return app.P().Class("editor-error").Text(d.panicked)
	}
	param := d.param
	teach, def, derr := d.teach, d.def, d.defErr
	opts := make([]app.UI, 0, len(lesson.SweepParams))
	for _, sp := range lesson.SweepParams {
		opts = append(opts, app.Option().Value(sp).Selected(sp == param).Text(sweepParamLabel(sp)))
	}
	t, err := d.table, d.err
	var sweep app.UI
	if err != nil {
		sweep = app.P().Class("editor-error").Text(err.Error())
	} else {
		sweep = app.Div().Body(lessonTable(t, nil, ""), SweepChart(t))
	}
	pair := func(a lesson.Table, b *lesson.Table, caption string) app.UI {
		return lessonTable(a, b, caption)
	}
	var dt, de, dtol *lesson.Table
	if derr == nil {
		dt, de, dtol = &def.Tainted, &def.Effects, &def.Toleration
	}
	return app.Section().ID(IDSweep).Class("lesson-sweep").Body(
		app.H3().Text(Msg.LessonTitle),
		app.P().Class("small").Body(
			app.Span().Class("profile-badge").Text(Msg.TeachingProfile),
			app.Text(" "+Msg.LessonProfileNote),
		),
		pair(teach.Tainted, dt, Msg.LessonTableTainted),
		pair(teach.Effects, de, Msg.LessonTableEffects),
		pair(teach.Toleration, dtol, Msg.LessonTableToleration),
		app.H3().Text(Msg.SweepTitle),
		app.Div().Class("panel-row").Body(
			app.Label().For(IDSweepParam).Text(Msg.SweepParam),
			app.Select().ID(IDSweepParam).Class("select select-small").
				OnChange(func(ctx app.Context, e app.Event) {
					c.Page.guard(func() { c.st.prepareSweep(ctx.JSSrc().Get("value").String()) })
				}).Body(opts...),
		),
		sweep,
	)
}

func sweepParamLabel(p string) string {
	switch p {
	case "tainted":
		return Msg.SweepTainted
	case "effect":
		return Msg.SweepEffect
	case "tolerating":
		return Msg.SweepTolerating
	case "window":
		return Msg.SweepWindow
	}
	return p
}

// lessonTable renders a lesson table; with other (the default profile's
// table) the cells that differ are marked and say the other value.
func lessonTable(t lesson.Table, other *lesson.Table, caption string) app.UI {
	head := make([]app.UI, 0, len(t.Columns))
	for _, c := range t.Columns {
		head = append(head, app.Th().Scope("col").Text(c))
	}
	rows := make([]app.UI, 0, len(t.Rows))
	diffs := 0
	for i, r := range t.Rows {
		cells := make([]app.UI, 0, len(r))
		for j, c := range r {
			if j == 0 {
				cells = append(cells, app.Th().Scope("row").Text(c))
				continue
			}
			if other != nil && i < len(other.Rows) && j < len(other.Rows[i]) && other.Rows[i][j] != c {
				diffs++
				cells = append(cells, app.Td().Class("num is-diff").Title(fmt.Sprintf(Msg.ProfileDiffers, other.Rows[i][j])).Body(
					app.Text(c),
					app.Span().Class("diff-note").Text(" ("+other.Rows[i][j]+")"),
				))
				continue
			}
			cells = append(cells, app.Td().Class("num").Text(c))
		}
		rows = append(rows, app.Tr().Body(cells...))
	}
	capText := caption
	if t.Title != "" && capText == "" {
		capText = t.Title
	}
	note := ""
	if other != nil && diffs > 0 {
		note = fmt.Sprintf(Msg.ProfileDiffCount, diffs)
	}
	return app.Div().Class("table-wrap").Body(
		app.Table().Class("lesson-table").Body(
			app.If(capText != "", func() app.UI {
				return app.Caption().Body(app.Text(capText), app.If(note != "", func() app.UI {
					return app.Span().Class("muted small").Text(" — " + note)
				}))
			}),
			app.THead().Body(app.Tr().Body(head...)),
			app.TBody().Body(rows...),
		),
	)
}

const svgNS = "http://www.w3.org/2000/svg"

// SweepChart draws a sweep's count series as lines in an SVG (no script,
// no external library): x the parameter, y the count.
func SweepChart(t lesson.Table) app.UI {
	const w, h, pad = 420.0, 180.0, 28.0
	show := map[string]bool{"general placed": true, "unplaced": true, "batch placed": true, "evicted": true, "misplaced": true}
	var series []lesson.Series
	maxY, minX, maxX := 1.0, 0, 0
	first := true
	for _, s := range t.Series {
		if !show[s.Column] {
			continue
		}
		series = append(series, s)
		for _, pt := range s.Points {
			if pt.OK && pt.Y > maxY {
				maxY = pt.Y
			}
			if first || pt.X < minX {
				minX = pt.X
			}
			if first || pt.X > maxX {
				maxX = pt.X
			}
			first = false
		}
	}
	if len(series) == 0 || maxX == minX {
		return nil
	}
	xs := func(x int) float64 { return pad + (w-2*pad)*float64(x-minX)/float64(maxX-minX) }
	ys := func(y float64) float64 { return h - pad - (h-2*pad)*y/maxY }
	el := func(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	kids := []app.UI{
		el("title").Text(fmt.Sprintf(Msg.SweepChartTitle, sweepParamLabel(t.Param))),
		el("line").Attr("x1", f(pad)).Attr("y1", f(h-pad)).Attr("x2", f(w-pad)).Attr("y2", f(h-pad)).Attr("class", "axis"),
		el("line").Attr("x1", f(pad)).Attr("y1", f(pad)).Attr("x2", f(pad)).Attr("y2", f(h-pad)).Attr("class", "axis"),
		el("text").Attr("x", f(pad-4)).Attr("y", f(pad+4)).Attr("text-anchor", "end").Attr("class", "tick").Text(strconv.Itoa(int(maxY))),
		el("text").Attr("x", f(pad-4)).Attr("y", f(h-pad)).Attr("text-anchor", "end").Attr("class", "tick").Text("0"),
	}
	for x := minX; x <= maxX; x++ {
		kids = append(kids, el("text").Attr("x", f(xs(x))).Attr("y", f(h-pad+14)).Attr("text-anchor", "middle").Attr("class", "tick").Text(strconv.Itoa(x)))
	}
	legend := make([]app.UI, 0, len(series))
	for i, s := range series {
		var pts []string
		for _, pt := range s.Points {
			if pt.OK {
				pts = append(pts, f(xs(pt.X))+","+f(ys(pt.Y)))
			}
		}
		cls := "series s" + strconv.Itoa(i)
		kids = append(kids, el("polyline").Attr("points", strings.Join(pts, " ")).Attr("class", cls).Attr("fill", "none"))
		for _, pt := range s.Points {
			if pt.OK {
				kids = append(kids, el("circle").Attr("cx", f(xs(pt.X))).Attr("cy", f(ys(pt.Y))).Attr("r", "3").Attr("class", cls))
			}
		}
		legend = append(legend, app.Li().Body(
			app.Span().Class("sw s"+strconv.Itoa(i)).Aria("hidden", "true"),
			app.Text(s.Column),
		))
	}
	return app.Figure().Class("sweep-chart").Body(
		el("svg").Attr("viewBox", "0 0 420 180").Attr("role", "img").
			Attr("aria-label", fmt.Sprintf(Msg.SweepChartTitle, sweepParamLabel(t.Param))).Body(kids...),
		app.Ul().Class("chart-legend small").Body(legend...),
	)
}
