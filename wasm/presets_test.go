package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/web"
)

// TestPresetListLinks: every preset comes with the share link the page
// would have encoded for it, and the library has an entry per preset.
func TestPresetListLinks(t *testing.T) {
	list := presetList()
	if len(list) == 0 || len(library()) != len(list) {
		t.Fatalf("%d presets, %d library entries", len(list), len(library()))
	}
	for _, p := range list {
		if p.Link == "" {
			t.Errorf("%s: no precomputed link", p.Name)
			continue
		}
		if got, want := "s="+p.Link, web.EncodeFragment(p.YAML); got != want {
			t.Errorf("%s: link %q, EncodeFragment %q", p.Name, got, want)
		}
	}
}

// TestWorkerKnowsThePagesDefault: the engine's worker runs, before the page
// asks, the preset the page loads for an address without a link (its first
// preset): same name, same text, so the page's request matches the early
// run (web.LocalEngine.Prerun).
func TestWorkerKnowsThePagesDefault(t *testing.T) {
	def := defaultPreset()
	require.Len(t, def, 1)
	page := presetList()[0]
	assert.Equal(t, page.Name, def[0].Name)
	assert.Equal(t, page.YAML, def[0].YAML)
}
