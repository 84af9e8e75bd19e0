package main

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/export"
	"github.com/taints-playground/playground/core/scenario/lint"
	"github.com/taints-playground/playground/core/wellknown"
	"github.com/taints-playground/playground/web"
)

// catalog is the picker's presets followed by the misconception lessons,
// read once at startup without parsing any scenario (presets.Catalog): the
// preset shown first is parsed when it runs, the others when loaded.
var catalog = presets.Catalog()

// allPresets are the picker's presets followed by the misconception
// lessons.
func allPresets() []presets.Preset { return catalog }

// library gives the preset library each preset's group, question and
// answer.
func library() []web.LibraryEntry {
	var out []web.LibraryEntry
	for _, p := range allPresets() {
		e := web.LibraryEntry{Name: p.Name, Question: p.Question, Answer: p.Answer}
		switch {
		case p.Category == presets.CategoryMisconception:
			e.Group = web.GroupMisconceptions
		case strings.HasPrefix(p.Category, "case"):
			e.Group = web.GroupCases
		case p.Name == "regional-network" || p.Name == "animated-card":
			e.Group = web.GroupLessons
		}
		out = append(out, e)
	}
	return out
}

// palette is core/wellknown's taint palette, one entry per effect.
func palette() []web.WellKnownTaint {
	var out []web.WellKnownTaint
	for _, t := range wellknown.Palette() {
		if t.LabelOnly {
			continue
		}
		summary := t.Meaning
		if t.AddedBy != "" {
			summary = t.AddedBy + ": " + summary
		}
		for _, e := range t.Effects {
			out = append(out, web.WellKnownTaint{Key: t.Key, Value: t.Value, Effect: string(e), Summary: summary, Docs: t.DocsURL})
		}
	}
	return out
}

// lintText runs core/scenario/lint on imported YAML.
func lintText(text []byte) (out []web.Finding, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("lint: %v", r)
		}
	}()
	for _, f := range lint.Lint(text) {
		where := ""
		if f.Document > 0 {
			where = fmt.Sprintf("document %d", f.Document)
			if f.Object != "" {
				where += " (" + f.Object + ")"
			}
		}
		if f.Path != "" {
			where = strings.TrimSpace(where + " " + f.Path)
		}
		out = append(out, web.Finding{Severity: string(f.Severity), Where: where, Message: f.Message, Fix: f.Fix})
	}
	return out, nil
}

// exportText writes the scenario as clean manifests or a replay script.
func exportText(text []byte, format string) (string, error) {
	s, err := scenario.Parse(text, "scenario.yaml")
	if err != nil {
		return "", err
	}
	var out []byte
	switch format {
	case web.ExportManifests:
		out, err = export.Manifests(s)
	case web.ExportScript:
		out, err = export.Script(s)
	default:
		return "", fmt.Errorf("unknown export format %q", format)
	}
	return string(out), err
}
