package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDir(t *testing.T) {
	dir := t.TempDir()
	noise := make([]byte, 4096) // incompressible: no sibling pays
	r := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(r.UintN(256))
	}
	files := map[string][]byte{
		"index.html":        []byte(strings.Repeat("<p>hello, world</p>\n", 200)),
		"web/app.wasm":      bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 some code "), 3000),
		"web/app.css":       []byte(strings.Repeat("body{color:red}\n", 100)),
		"small.js":          []byte("console.log(1)"),                    // under the size floor
		"web/icon.png":      bytes.Repeat([]byte("PNG"), 1000),           // not a compressible type
		"web/noise.json":    noise,                                       // compresses to nothing
		"web/noise.json.br": []byte("stale sibling of an earlier build"), // must go
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, data, 0o644))
	}
	res, err := Dir(dir)
	require.NoError(t, err)

	got := map[string]Result{}
	for _, r := range res {
		got[r.Name] = r
	}
	assert.ElementsMatch(t, []string{"index.html", "web/app.wasm", "web/app.css", "web/noise.json"}, keys(got))
	assert.Equal(t, "web/app.wasm", res[0].Name, "the largest file first")

	for _, name := range []string{"index.html", "web/app.wasm", "web/app.css"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		br, err := os.ReadFile(p + ".br")
		require.NoError(t, err, name)
		plain, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br)))
		require.NoError(t, err, name)
		assert.Equal(t, files[name], plain, "%s.br decodes to the file", name)
		assert.Equal(t, int64(len(br)), got[name].Br)

		gz, err := os.ReadFile(p + ".gz")
		require.NoError(t, err, name)
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		require.NoError(t, err, name)
		plain, err = io.ReadAll(zr)
		require.NoError(t, err, name)
		assert.Equal(t, files[name], plain, "%s.gz decodes to the file", name)
		assert.Equal(t, int64(len(gz)), got[name].Gz)
		assert.Less(t, got[name].Br, got[name].Size)
	}
	for _, name := range []string{"small.js", "web/icon.png", "web/noise.json"} {
		for _, ext := range []string{".br", ".gz"} {
			_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)+ext))
			assert.True(t, os.IsNotExist(err), "%s%s was written or kept", name, ext)
		}
	}
	assert.Zero(t, got["web/noise.json"].Br)
	assert.Zero(t, got["web/noise.json"].Gz)

	// A second run compresses the files again, never the siblings.
	res2, err := Dir(dir)
	require.NoError(t, err)
	assert.Len(t, res2, len(res))
}

func keys(m map[string]Result) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
