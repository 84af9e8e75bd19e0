package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// loadToolsPlayground is a mounted page whose tool panels all have their
// services (lint, export, the palette).
func loadToolsPlayground(t *testing.T) (*Playground, app.TestEngine) {
	t.Helper()
	p := New(Config{Presets: testPresets, Simulate: fakeSimulate, Exec: fakeExec,
		Palette: []WellKnownTaint{{Key: "node.kubernetes.io/not-ready", Effect: "NoExecute"}},
		Lint: func(text []byte) ([]Finding, error) {
			return []Finding{{Severity: "warning", Where: "document 1", Message: "lint saw " + strings.TrimSpace(string(text))}}, nil
		},
		Export: func(text []byte, format string) (string, error) { return "# exported as " + format + "\n", nil },
	})
	e := app.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return p, e
}

// onPage runs f as a page handler (the header's toggles, the editor's
// drop) and returns the mounted page's HTML after the update.
func onPage(p *Playground, e app.TestEngine, f func()) string {
	p.ctx.Dispatch(func(app.Context) { f() })
	e.ConsumeAll()
	return app.HTMLString(p)
}

// tagWith is the first opening tag of html that has attr (go-app writes
// attributes in no set order).
func tagWith(html, attr string) string {
	i := strings.Index(html, attr)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(html[:i], "<")
	end := strings.Index(html[i:], ">")
	return html[start : i+end+1]
}

// TestToolPanelsFollowTheirState: a tool panel that is open re-renders
// when its kept state changes from outside its own handlers (a drop on
// the editor, an engine answer), and keeps that state while closed.
func TestToolPanelsFollowTheirState(t *testing.T) {
	p, e := loadToolsPlayground(t)
	if html := onPage(p, e, func() { p.togglePanel("import") }); !strings.Contains(html, `id="`+IDImportText+`"`) {
		t.Fatal("the import panel did not open")
	}
	html := onPage(p, e, func() {
		c := p.importPanel()
		c.SetText("kind: List # dropped")
		c.Check()
		c.Export(ExportScript)
	})
	for _, want := range []string{"kind: List # dropped", "lint saw kind: List # dropped", "# exported as script", `id="` + IDFindings + `"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the open import panel lacks %q", want)
		}
	}
	onPage(p, e, func() { p.togglePanel("library") })
	if html := app.HTMLString(p); strings.Contains(html, `id="`+IDImportText+`"`) || !strings.Contains(html, `id="`+IDSweep+`"`) {
		t.Fatal("the library did not replace the import panel")
	}
	if html := onPage(p, e, func() { p.togglePanel("import") }); !strings.Contains(html, "kind: List # dropped") || !strings.Contains(html, "# exported as script") {
		t.Error("the import panel lost its text or export while closed")
	}
}

// TestLibraryAndPaletteFollowTheBoard: the open library marks the preset
// on the board, and the palette offers the board's nodes, as they change.
func TestLibraryAndPaletteFollowTheBoard(t *testing.T) {
	p, e := loadToolsPlayground(t)
	html := onPage(p, e, func() { p.togglePanel("library") })
	if !strings.Contains(tagWith(html, `data-preset="gpu"`), "is-active") || !strings.Contains(html, "lesson-table") {
		t.Fatal("the library does not mark the preset on the board")
	}
	html = onPage(p, e, func() { p.SelectPreset(p.ctx, "docs") })
	if !strings.Contains(tagWith(html, `data-preset="docs"`), "is-active") || strings.Contains(tagWith(html, `data-preset="gpu"`), "is-active") {
		t.Error("the library did not follow the preset switch")
	}
	html = onPage(p, e, func() { p.togglePanel("palette") })
	if !strings.Contains(html, "node.kubernetes.io/not-ready:NoExecute") || !strings.HasPrefix(tagWith(html, `value="`+p.m.View.NodeNames[0]+`"`), "<option") {
		t.Error("the palette does not offer the board's nodes")
	}
}

// TestShareToolsShowTheClipboard: the copy link button, the fallback field
// and the embed panel show how the last copy went.
func TestShareToolsShowTheClipboard(t *testing.T) {
	p, e := loadToolsPlayground(t)
	html := onPage(p, e, func() { p.togglePanel("embed") })
	if !strings.Contains(html, `id="`+IDEmbedSnippet+`"`) || !strings.Contains(html, "embed=1") {
		t.Fatal("the embed panel has no snippet")
	}
	html = onPage(p, e, func() { p.clip.state = "snippet" })
	if !strings.Contains(html, Msg.SnippetCopied) {
		t.Error("the embed panel does not say the snippet was copied")
	}
	html = onPage(p, e, func() { p.clip.state = "fallback" })
	if !strings.Contains(html, `id="`+IDLinkField+`"`) || !strings.Contains(html, `data-state="failed"`) {
		t.Error("a refused copy shows no address to copy by hand")
	}
	html = onPage(p, e, func() { p.clip.state = "copied" })
	if strings.Contains(html, `id="`+IDLinkField+`"`) || !strings.Contains(html, Msg.LinkCopied) {
		t.Error("a copied link is not confirmed")
	}
}
