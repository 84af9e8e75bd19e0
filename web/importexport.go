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

type importState struct {
	findings []Finding
	checked  bool
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
			if err != nil {
				p.x.importErr = fmt.Sprintf(Msg.ImportDropFailed, err)
				return
			}
			p.x.importName = name
			p.SetImportText(text)
			p.CheckImport()
		})
	})
}

// SetImportText puts YAML into the import field.
func (p *Playground) SetImportText(text string) {
	p.x.importText = text
	p.x.importErr = ""
	p.x.imp.checked = false
	p.x.imp.findings = nil
}

func (p *Playground) onImportInput(ctx app.Context, e app.Event) {
	p.guard(func() {
		p.x.importText = ctx.JSSrc().Get("value").String()
		p.x.imp.checked = false
		ctx.PreventUpdate()
	})
}

// CheckImport lints the import field.
func (p *Playground) CheckImport() {
	p.guard(func() {
		p.x.imp.checked = true
		p.x.imp.findings = nil
		p.x.importErr = ""
		if p.x.cfg.Lint == nil {
			return
		}
		p.m.eng.Lint(p.x.importText, func(r LintReply) {
			p.x.imp.findings = r.Findings
			p.x.importErr = r.Err
		})
	})
}

// Import replaces the scenario with the import field's YAML, or (add)
// appends its documents to the scenario, and runs it.
func (p *Playground) Import(ctx app.Context, add bool) {
	text := strings.TrimSpace(p.x.importText)
	if text == "" {
		p.x.importErr = Msg.ImportEmpty
		return
	}
	if add && strings.TrimSpace(p.m.Text) != "" {
		text = strings.TrimRight(p.m.Text, "\n") + "\n---\n" + text
	}
	text += "\n"
	p.editGen++
	p.playGen++
	p.typing = false
	p.guard(func() {
		if !p.x.imp.checked {
			p.CheckImport()
		}
		p.m.Playing, p.m.Frame, p.m.Selected = false, 0, ""
		p.m.SetText(text, func(ok bool) {
			if ok {
				p.m.Notice = ""
				p.writeURL(p.ctx)
			}
		})
	})
}

// ApplyFix replaces the import field with a finding's fixed file.
func (p *Playground) ApplyFix(i int) {
	if i < 0 || i >= len(p.x.imp.findings) || p.x.imp.findings[i].Fixed == "" {
		return
	}
	p.x.importText = p.x.imp.findings[i].Fixed
	_ = setElementValue(IDImportText, p.x.importText)
	p.CheckImport()
}

// Export fills the export field with the scenario in a format.
func (p *Playground) Export(format string) {
	p.guard(func() {
		p.x.exportKind, p.x.exportText, p.x.exportErr = format, "", ""
		if p.x.cfg.Export == nil {
			p.x.exportErr = Msg.ExportUnavailable
			return
		}
		p.m.eng.Export(ExportRequest{Format: format}, func(r ExportReply) {
			p.x.exportText, p.x.exportErr = r.Text, r.Err
		})
	})
}

func (p *Playground) saveExport() {
	name, mime := "scenario-manifests.yaml", "application/yaml"
	if p.x.exportKind == ExportScript {
		name, mime = "replay-scenario.sh", "text/x-shellscript"
	}
	if err := downloadText(name, mime, p.x.exportText); err != nil {
		p.x.exportErr = fmt.Sprintf(Msg.ExportSaveFailed, err)
		_ = selectElement(IDExportText)
	}
}

func (p *Playground) renderFindings() app.UI {
	if !p.x.imp.checked {
		return nil
	}
	if p.x.cfg.Lint == nil {
		return app.P().Class("muted small").Text(Msg.LintUnavailable)
	}
	if len(p.x.imp.findings) == 0 {
		return app.P().ID(IDFindings).Class("editor-status is-ok").Role("status").Text(Msg.LintClean)
	}
	items := make([]app.UI, 0, len(p.x.imp.findings))
	for i, f := range p.x.imp.findings {
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
					OnClick(func(ctx app.Context, e app.Event) { p.ApplyFix(idx) }, app.EventScope(fmt.Sprint(idx))).
					Text(Msg.LintApplyFix)
			}),
		))
	}
	return app.Div().ID(IDFindings).Class("findings").Body(
		app.H3().Text(fmt.Sprintf(Msg.LintFindings, len(p.x.imp.findings))),
		app.Ul().Body(items...),
	)
}

// renderImportExport is the import / export panel.
func (p *Playground) renderImportExport() app.UI {
	var exportBody app.UI
	if p.x.exportErr != "" {
		exportBody = app.P().Class("editor-error").Role("alert").Text(p.x.exportErr)
	}
	return app.Section().ID("panel-import").Class("tool-panel").Aria("label", Msg.ImportExport).Body(
		app.H2().Text(Msg.ImportTitle),
		app.P().Class("muted small").Text(Msg.ImportHint),
		app.Label().For(IDImportText).Class("sr-only").Text(Msg.ImportTitle),
		app.Textarea().ID(IDImportText).Class("snippet import-text").Rows(8).Spellcheck(false).
			Attr("wrap", "off").
			Placeholder(Msg.ImportPlaceholder).
			OnInput(p.onImportInput).
			OnDragOver(p.onDragOver).OnDrop(p.onDrop).
			Text(p.x.importText),
		app.If(p.x.importName != "", func() app.UI {
			return app.P().Class("muted small").Text(fmt.Sprintf(Msg.ImportFile, p.x.importName))
		}),
		app.Div().Class("panel-row").Body(
			app.Button().Type("button").ID(IDImportCheck).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { p.syncImportField(); p.CheckImport() }).Text(Msg.ImportCheck),
			app.Button().Type("button").ID(IDImportReplace).Class("btn btn-primary").
				OnClick(func(ctx app.Context, e app.Event) { p.syncImportField(); p.Import(ctx, false) }).Text(Msg.ImportReplace),
			app.Button().Type("button").ID(IDImportAdd).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { p.syncImportField(); p.Import(ctx, true) }).Text(Msg.ImportAdd),
		),
		app.If(p.x.importErr != "", func() app.UI {
			return app.P().Class("editor-error").Role("alert").Text(p.x.importErr)
		}),
		p.renderFindings(),
		app.H2().Class("panel-sub").Text(Msg.ExportTitle),
		app.P().Class("muted small").Text(Msg.ExportHint),
		app.Div().Class("panel-row").Body(
			app.Button().Type("button").ID(IDExportYAML).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { p.Export(ExportManifests) }).Text(Msg.ExportManifests),
			app.Button().Type("button").ID(IDExportScript).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) { p.Export(ExportScript) }).Text(Msg.ExportScript),
		),
		exportBody,
		app.If(p.x.exportText != "", func() app.UI {
			return app.Div().Body(
				app.Label().For(IDExportText).Class("sr-only").Text(Msg.ExportTitle),
				app.Textarea().ID(IDExportText).Class("snippet").ReadOnly(true).Rows(10).Spellcheck(false).
					Attr("wrap", "off").Text(p.x.exportText),
				app.Div().Class("panel-row").Body(
					app.Button().Type("button").ID(IDExportSave).Class("btn").
						OnClick(func(ctx app.Context, e app.Event) { p.saveExport() }).Text(Msg.ExportSave),
					app.Button().Type("button").Class("btn").
						OnClick(func(ctx app.Context, e app.Event) { p.copyField(ctx, IDExportText) }).Text(Msg.CopySnippet),
				),
			)
		}),
	)
}

// syncImportField reads the import field (typed text may not have reached
// the state yet).
func (p *Playground) syncImportField() {
	if v, err := elementValue(IDImportText); err == nil {
		p.x.importText = v
	}
}
