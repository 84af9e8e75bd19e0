package presets

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario/link"
)

// TestCatalogMatchesParse: Catalog, which reads meta_gen.go instead of
// parsing, gives exactly what List and Lessons give by parsing, Link gives
// what link.Encode gives, and
// meta_gen.go lists every scenario file and nothing else. When it fails,
// run go generate ./core/presets.
func TestCatalogMatchesParse(t *testing.T) {
	want := append(List(), Lessons()...)
	got := Catalog()
	require.Len(t, got, len(want), "Catalog, List+Lessons")
	for i := range want {
		assert.Equal(t, want[i], got[i], "Catalog()[%d] (run go generate ./core/presets)", i)
	}
	entries, err := fs.ReadDir(files, "scenarios")
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".yaml")
		seen[name] = true
		assert.Contains(t, meta, name, "meta_gen.go lacks %s (run go generate ./core/presets)", name)
	}
	for _, p := range want {
		l, err := link.Encode([]byte(p.YAML))
		require.NoError(t, err)
		got, ok := Link(p.Name)
		assert.True(t, ok, "Link(%q) (run go generate ./core/presets)", p.Name)
		assert.Equal(t, l, got, "Link(%q), link.Encode (run go generate ./core/presets)", p.Name)
	}
	for name := range meta {
		assert.True(t, seen[name], "meta_gen.go lists %s, which has no scenario file (run go generate ./core/presets)", name)
	}
}
