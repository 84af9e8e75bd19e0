package presets

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"

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
	if len(got) != len(want) {
		t.Fatalf("Catalog has %d presets, List+Lessons %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("Catalog()[%d] = %+v\nparsed: %+v\n(run go generate ./core/presets)", i, got[i], want[i])
		}
	}
	entries, err := fs.ReadDir(files, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".yaml")
		seen[name] = true
		if _, ok := meta[name]; !ok {
			t.Errorf("meta_gen.go lacks %s (run go generate ./core/presets)", name)
		}
	}
	for _, p := range want {
		l, err := link.Encode([]byte(p.YAML))
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := Link(p.Name); !ok || got != l {
			t.Errorf("Link(%q) = %q, %v; link.Encode gives %q (run go generate ./core/presets)", p.Name, got, ok, l)
		}
	}
	for name := range meta {
		if !seen[name] {
			t.Errorf("meta_gen.go lists %s, which has no scenario file (run go generate ./core/presets)", name)
		}
	}
}
