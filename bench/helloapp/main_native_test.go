//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGenerate: the site prerenders the component without the mounted
// marker (only OnMount, in the browser, sets it), and its service worker
// caches only local files: go-app's default icons are remote, and a
// failing fetch makes cache.addAll reject, so nothing would be cached.
func TestGenerate(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "web"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "web", "app.wasm"), make([]byte, 1234), 0o644))
	require.NoError(t, generate(dir, "v1"))

	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	require.NoError(t, err)
	assert.Contains(t, string(index), "<h1>Hello, world!</h1>", "the component is prerendered")
	assert.NotContains(t, string(index), MountedAttr)

	worker, err := os.ReadFile(filepath.Join(dir, "app-worker.js"))
	require.NoError(t, err)
	assert.Contains(t, string(worker), `"app-" + "v1"`)
	assert.Contains(t, string(worker), `"/web/app.wasm"`)
	assert.Contains(t, string(worker), `"/web/icon.png"`)
	assert.NotContains(t, string(worker), "https://")
	for _, f := range []string{"app.js", "wasm_exec.js", "manifest.webmanifest", "web/icon.png", "web/icon.svg"} {
		_, err := os.Stat(filepath.Join(dir, f))
		assert.NoError(t, err, f)
	}
	js, err := os.ReadFile(filepath.Join(dir, "app.js"))
	require.NoError(t, err)
	assert.Contains(t, string(js), `goappWasmContentLength = "1234"`, "the wasm's length for the loading bar")
}
