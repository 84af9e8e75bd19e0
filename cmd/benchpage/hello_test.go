package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHelloMarkerMatchesHelloapp: the bench waits for the attribute
// bench/helloapp's OnMount sets; a rename on either side would make every
// visit time out.
func TestHelloMarkerMatchesHelloapp(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "bench", "helloapp", "main.go"))
	require.NoError(t, err)
	assert.Contains(t, string(src), `MountedAttr = "`+helloMounted+`"`)
	assert.Contains(t, helloReadyJS, `hasAttribute("`+helloMounted+`")`)
}

func TestWasmSizes(t *testing.T) {
	dir := t.TempDir()
	_, err := wasmSizes(dir)
	require.Error(t, err, "no web/app.wasm")

	require.NoError(t, os.MkdirAll(filepath.Join(dir, "web"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "web", "app.wasm"), make([]byte, 10), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "web", "app.wasm.br"), make([]byte, 3), 0o644))
	s, err := wasmSizes(dir)
	require.NoError(t, err)
	assert.Equal(t, size{raw: 10, br: 3}, s, "no .gz sibling: 0")
}

// TestWriteHello: each visit's row has the medians over the runs, every
// run's mounted time in run order, the median bytes and the events.
func TestWriteHello(t *testing.T) {
	runs := []helloRun{
		{Cold: visit{FCP: 300, WasmStart: 400, WasmEnd: 1300, Board: 1500, Cache: map[string]int{"v8.wasm.compileConsume": 2}},
			Warm: visit{FCP: 100, WasmStart: 150, WasmEnd: 550, Board: 600}, ColdBytes: 1_410_000, WarmBytes: 300, ColdReqs: 17, WarmReqs: 1},
		{Cold: visit{FCP: 500, WasmStart: 600, WasmEnd: 1400, Board: 1700},
			Warm: visit{FCP: 140, WasmStart: 160, WasmEnd: 460, Board: 500}, ColdBytes: 1_430_000, WarmBytes: 500, ColdReqs: 17, WarmReqs: 1},
		{Cold: visit{FCP: 400, WasmStart: 500, WasmEnd: 1500, Board: 1600},
			Warm: visit{FCP: 120, WasmStart: 170, WasmEnd: 670, Board: 700}, ColdBytes: 1_420_000, WarmBytes: 400, ColdReqs: 16, WarmReqs: 1},
	}
	var b bytes.Buffer
	writeHello(&b, "chromium", size{raw: 6899653, gz: 1900518, br: 1402269}, runs)
	out := b.String()
	assert.Contains(t, out, "| web/app.wasm | 6899653 | 1402269 | 1900518 |")
	assert.Contains(t, out, "3 runs, medians")
	// cold compile + instantiate: 900, 800, 1000 → 900.
	assert.Contains(t, out, "| cold (empty profile) | 400 | 500 | 900 | 1600 | 1500, 1700, 1600 | 1.42 MB | 17 | compileConsume ×2; none; none |\n")
	// second visit: 400, 300, 500 → 400; bytes 300, 500, 400 → 400 B.
	assert.Contains(t, out, "| second visit (go-app's service worker) | 120 | 160 | 400 | 600 | 600, 500, 700 | 0.4 KB | 1 | none; none; none |\n")
	assert.Equal(t, 2, strings.Count(out, "\n|---|"), "two tables")
}
