package web

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Import and export element ids.
const (
	IDImportText    = "import-text"
	IDImportReplace = "btn-import-replace"
	IDImportAdd     = "btn-import-add"
	IDImportCheck   = "btn-import-check"
	IDExportText    = "export-text"
	IDExportYAML    = "btn-export-manifests"
	IDExportScript  = "btn-export-script"
	IDExportSave    = "btn-export-save"
	IDFindings      = "lint-findings"
)

// Finding is one lint finding on imported YAML and how to fix it.
type Finding struct {
	Severity string // "error", "warning" or "info"
	Where    string // document and field, such as "document 2: spec.template.spec.containers[0].tolerations"
	Message  string
	Fix      string // what to change, for people
	Fixed    string // the whole file with the fix applied; "" when there is none to apply
}

// LintFunc checks imported YAML for common mistakes (core/scenario/lint).
type LintFunc func(text []byte) ([]Finding, error)

// ExportFunc turns the scenario into clean manifests ("manifests") or a
// replay shell script ("script") (core/scenario/export).
type ExportFunc func(text []byte, format string) (string, error)

// Export formats.
const (
	ExportManifests = "manifests"
	ExportScript    = "script"
)

// importState is the import / export panel's state: the YAML to import,
// its lint findings, and the last export. The panel is unmounted while it
// is closed, so the page keeps this value for it (Playground.imp) and the
// panel renders from it; only ImportPanel's methods and the editor's drop
// (Playground.onDrop) change it, and each change bumps rev, the prop that
// makes go-app re-render the panel.
type importState struct {
	text, name, err                   string
	findings                          []Finding
	checked                           bool
	exportKind, exportText, exportErr string
	rev                               int
}

// ImportPanel is the import / export panel: paste or drop YAML, lint it,
// replace or extend the scenario with it, and export the scenario as
// manifests or a replay script. Runs go to Page.
type ImportPanel struct {
	app.Compo

	Page *Playground
	Rev  int // the state's revision: a change re-renders the panel

	st *importState
}

// importPanel is the import / export panel over the page's kept state.
func (p *Playground) importPanel() *ImportPanel {
	return &ImportPanel{Page: p, Rev: p.imp.rev, st: &p.imp}
}

func (p *Playground) onDragOver(ctx app.Context, e app.Event) {
	p.guard(func() {
		e.PreventDefault()
		if !p.x.dropActive {
			p.x.dropActive = true
		} else {
			ctx.PreventUpdate()
		}
	})
}

func (p *Playground) onDragLeave(ctx app.Context, e app.Event) {
	p.x.dropActive = false
}

// onDrop reads a dropped YAML file into the import panel and lints it.
func (p *Playground) onDrop(ctx app.Context, e app.Event) {
	p.x.dropActive = false
	var dt app.Value
	p.guard(func() {
		e.PreventDefault()
		dt = e.Get("dataTransfer")
	})
	if dt == nil {
		return
	}
	ctx.Async(func() {
		name, text, err := droppedFileText(dt)
		ctx.Dispatch(func(ctx app.Context) {
			p.x.panel = "import"
			c := p.importPanel()
			if err != nil {
				c.st.err = fmt.Sprintf(Msg.ImportDropFailed, err)
				c.st.rev++
				return
			}
			c.st.name = name
			c.SetText(text)
			c.Check()
		})
	})
}

// replaceText runs text in place of the scenario (an import), from the
// first frame, and puts it into the address once it ran.
func (p *Playground) replaceText(text string) {
	p.editGen++
	p.playGen++
	p.typing = false
	p.guard(func() {
		p.m.Playing, p.m.Frame, p.m.Selected = false, 0, ""
		p.m.Origin = "" // an imported file comes from no preset
		p.m.SetText(text, func(ok bool) {
			if ok {
				p.m.Notice = ""
				p.writeURL(p.ctx)
			}
		})
	})
}

// SetText puts YAML into the import field.
func (c *ImportPanel) SetText(text string) {
	s := c.st
	s.text, s.err = text, ""
	s.checked, s.findings = false, nil
	s.rev++
}

func (c *ImportPanel) onInput(ctx app.Context, e app.Event) {
	c.Page.guard(func() {
		c.st.text = ctx.JSSrc().Get("value").String()
		c.st.checked = false
		ctx.PreventUpdate()
	})
}

// Check lints the import field.
func (c *ImportPanel) Check() {
	s := c.st
	c.Page.guard(func() {
		s.checked, s.findings, s.err = true, nil, ""
		s.rev++
		if c.Page.x.cfg.Lint == nil {
			return
		}
		c.Page.m.eng.Lint(s.text, func(r LintReply) {
			s.findings, s.err = r.Findings, r.Err
			s.rev++
		})
	})
}

// Import replaces the scenario with the import field's YAML, or (add)
// appends its documents to the scenario, and runs it.
func (c *ImportPanel) Import(add bool) {
	s := c.st
	text := strings.TrimSpace(s.text)
	if text == "" {
		s.err = Msg.ImportEmpty
		s.rev++
		return
	}
	if m := c.Page.m; add && strings.TrimSpace(m.Text) != "" {
		text = strings.TrimRight(m.Text, "\n") + "\n---\n" + text
	}
	if !s.checked {
		c.Check()
	}
	c.Page.replaceText(text + "\n")
}

// ApplyFix replaces the import field with a finding's fixed file.
func (c *ImportPanel) ApplyFix(i int) {
	s := c.st
	if i < 0 || i >= len(s.findings) || s.findings[i].Fixed == "" {
		return
	}
	s.text = s.findings[i].Fixed
	_ = setElementValue(IDImportText, s.text)
	c.Check()
}

// Export fills the export field with the scenario in a format.
func (c *ImportPanel) Export(format string) {
	s := c.st
	c.Page.guard(func() {
		s.exportKind, s.exportText, s.exportErr = format, "", ""
		s.rev++
		if c.Page.x.cfg.Export == nil {
			s.exportErr = Msg.ExportUnavailable
			return
		}
		c.Page.m.eng.Export(ExportRequest{Format: format}, func(r ExportReply) {
			s.exportText, s.exportErr = r.Text, r.Err
			s.rev++
		})
	})
}

func (c *ImportPanel) saveExport() {
	s := c.st
	name, mime := "scenario-manifests.yaml", "application/yaml"
	if s.exportKind == ExportScript {
		name, mime = "replay-scenario.sh", "text/x-shellscript"
	}
	if err := downloadText(name, mime, s.exportText); err != nil {
		s.exportErr = fmt.Sprintf(Msg.ExportSaveFailed, err)
		s.rev++
		_ = selectElement(IDExportText)
	}
}

// syncField reads the import field (typed text may not have reached the
// state yet).
func (c *ImportPanel) syncField() {
	if v, err := elementValue(IDImportText); err == nil {
		c.st.text = v
	}
}

func (c *ImportPanel) renderFindings() app.UI {
	s := c.st
	if !s.checked {
		return nil
	}
	if c.Page.x.cfg.Lint == nil {
		return app.P().Class("muted small").Text(Msg.LintUnavailable)
	}
	if len(s.findings) == 0 {
		return app.P().ID(IDFindings).Class("editor-status is-ok").Role("status").Text(Msg.LintClean)
	}
	items := make([]app.UI, 0, len(s.findings))
	for i, f := range s.findings {
		idx := i
		sev := f.Severity
		if sev == "" {
			sev = "warning"
		}
		items = append(items, app.Li().Class("finding is-"+sev).Body(
			app.Strong().Class("finding-sev").Text(sev+": "),
			app.If(f.Where != "", func() app.UI { return app.Code().Class("finding-where").Text(f.Where + " ") }),
			app.Span().Text(f.Message),
			app.If(f.Fix != "", func() app.UI {
				return app.P().Class("finding-fix").Body(app.Strong().Text(Msg.LintFix+" "), app.Text(f.Fix))
			}),
			app.If(f.Fixed != "", func() app.UI {
				return app.Button().Type("button").Class("btn btn-small").
					OnClick(func(ctx app.Context, e app.Event) { c.ApplyFix(idx) }, app.EventScope(fmt.Sprint(idx))).
					Text(Msg.LintApplyFix)
			}),
		))
	}
	return app.Div().ID(IDFindings).Class("findings").Body(
		app.H3().Text(fmt.Sprintf(Msg.LintFindings, len(s.findings))),
		app.Ul().Body(items...),
	)
}

// Render implements app.Composer.
func (c *ImportPanel) Render() app.UI {
	s := c.st
	var exportBody app.UI
	if s.exportErr != "" {
		exportBody = app.P().Class("editor-error").Role("alert").Text(s.exportErr)
	}
	return app.Section().ID("panel-import").Class("tool-panel").Aria("label", Msg.ImportExport).Body(
		app.H2().Text(Msg.ImportTitle),
		app.P().Class("muted small").Text(Msg.ImportHint),
		app.Label().For(IDImportText).Class("sr-only").Text(Msg.ImportTitle),
		app.Textarea().ID(IDImportText).Class("snippet import-text").Rows(8).Spellcheck(false).
			Attr("wrap", "off").
			Placeholder(Msg.ImportPlaceholder).
			OnInput(c.onInput).
			OnDragOver(c.Page.onDragOver).OnDrop(c.Page.onDrop).
			Text(s.text),
		app.If(s.name != "", func() app.UI {
			return app.P().Class("muted small").Text(fmt.Sprintf(Msg.ImportFile, s.name))
		}),
		app.Div().Class("panel-row").Body(
			app.Button().Type("button").ID(IDImportCheck).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { c.syncField(); c.Check() }).Text(Msg.ImportCheck),
			app.Button().Type("button").ID(IDImportReplace).Class("btn btn-primary").
				OnClick(func(ctx app.Context, e app.Event) { c.syncField(); c.Import(false) }).Text(Msg.ImportReplace),
			app.Button().Type("button").ID(IDImportAdd).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { c.syncField(); c.Import(true) }).Text(Msg.ImportAdd),
		),
		app.If(s.err != "", func() app.UI {
			return app.P().Class("editor-error").Role("alert").Text(s.err)
		}),
		c.renderFindings(),
		app.H2().Class("panel-sub").Text(Msg.ExportTitle),
		app.P().Class("muted small").Text(Msg.ExportHint),
		app.Div().Class("panel-row").Body(
			app.Button().Type("button").ID(IDExportYAML).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { c.Export(ExportManifests) }).Text(Msg.ExportManifests),
			app.Button().Type("button").ID(IDExportScript).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { c.Export(ExportScript) }).Text(Msg.ExportScript),
		),
		exportBody,
		app.If(s.exportText != "", func() app.UI {
			return app.Div().Body(
				app.Label().For(IDExportText).Class("sr-only").Text(Msg.ExportTitle),
				app.Textarea().ID(IDExportText).Class("snippet").ReadOnly(true).Rows(10).Spellcheck(false).
					Attr("wrap", "off").Text(s.exportText),
				app.Div().Class("panel-row").Body(
					app.Button().Type("button").ID(IDExportSave).Class("btn").
						OnClick(func(ctx app.Context, e app.Event) { c.saveExport() }).Text(Msg.ExportSave),
					app.Button().Type("button").Class("btn").
						OnClick(func(ctx app.Context, e app.Event) { c.Page.guard(func() { c.Page.clip.copyField(ctx, IDExportText) }) }).Text(Msg.CopySnippet),
				),
			)
		}),
	)
}
