package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAcceptEncoding(t *testing.T) {
	for _, tc := range []struct{ header, want string }{
		{"", ""},
		{"identity", ""},
		{"gzip", "gzip"},
		{"GZIP", "gzip"},
		{"br", "br"},
		{"gzip, deflate, br", "br"},                 // what browsers send: br preferred
		{"gzip;q=1.0, br;q=0.5", "gzip"},            // a higher weight wins
		{"gzip;q=0.5, br;q=0.5", "br"},              // a tie goes to br
		{"br;q=0, gzip;q=0", ""},                    // q=0: not acceptable
		{"br;q=0, gzip", "gzip"},                    //
		{"*", "br"},                                 // any coding
		{"*;q=0", ""},                               //
		{"gzip;q=0.5, *;q=0.8", "br"},               // br through *, at 0.8
		{"br;q=0, *", "gzip"},                       // named br refused, gzip through *
		{"br;q=nonsense, gzip", "gzip"},             // a malformed weight is not a yes
		{"br;q=2, gzip", "gzip"},                    // out of range: the same
		{" br ; q=0.9 ,gzip ; q=0.1", "br"},         // spaces
		{"deflate, compress", ""},                   // nothing we offer
		{"gzip;q=0.001", "gzip"},                    // small but acceptable
		{"br;level=5;q=0.7, gzip;q=0.8", "gzip"},    // other parameters ignored
		{"x-gzip", ""},                              // not offered
		{",,br", "br"},                              // empty members
		{"gzip, br;q=0.999", "gzip"},                // gzip at 1
		{"br, gzip;q=1", "br"},                      // both at 1
		{"*;q=0.3, br;q=0.2", "gzip"},               // gzip through * beats br
		{"*;q=0.3, gzip;q=0.2", "br"},               // and the other way round
		{"identity;q=0, gzip;q=0, br;q=0", ""},      // nothing: the file itself
		{"br;Q=0.4, gzip;q=0.3", "br"},              // Q in capitals
		{"gzip;q=0.8, gzip;q=0", ""},                // the last occurrence counts
		{"compress;q=1, *;q=0, gzip;q=0.1", "gzip"}, // * refuses br only
	} {
		assert.Equal(t, tc.want, acceptEncoding(tc.header), "Accept-Encoding: %q", tc.header)
	}
}

// writePrecompressed writes name.br and name.gz beside a file in the site,
// compressed at other settings than the handler uses on the fly, so the
// tests can tell a sibling from on-the-fly output.
func writePrecompressed(t *testing.T, dir, name string) (br, gz []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	var b bytes.Buffer
	bw := brotli.NewWriterLevel(&b, 0)
	_, err = bw.Write(data)
	require.NoError(t, err)
	require.NoError(t, bw.Close())
	var g bytes.Buffer
	gw, err := gzip.NewWriterLevel(&g, gzip.BestSpeed)
	require.NoError(t, err)
	gw.Comment = "precompressed" // on-the-fly gzip has no comment
	_, err = gw.Write(data)
	require.NoError(t, err)
	require.NoError(t, gw.Close())
	require.NoError(t, os.WriteFile(filepath.Join(dir, name+".br"), b.Bytes(), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, name+".gz"), g.Bytes(), 0o644))
	return b.Bytes(), g.Bytes()
}

func TestPrecompressedSiblingsAreServed(t *testing.T) {
	dir, _ := site(t)
	br, gz := writePrecompressed(t, dir, "web/app.wasm")
	h, err := New(dir)
	require.NoError(t, err)
	t.Cleanup(func() { _ = h.Close() })

	etags := map[string]string{}
	for _, tc := range []struct {
		accept, enc string
		want        []byte
	}{
		{"gzip, deflate, br", "br", br},
		{"gzip", "gzip", gz},
		{"br;q=0.1, gzip", "gzip", gz},
	} {
		r := get(t, h, "/web/app.wasm", map[string]string{"Accept-Encoding": tc.accept})
		require.Equal(t, http.StatusOK, r.StatusCode, tc.accept)
		assert.Equal(t, tc.enc, r.Header.Get("Content-Encoding"), tc.accept)
		assert.Equal(t, "application/wasm", r.Header.Get("Content-Type"), tc.accept)
		assert.Contains(t, r.Header.Get("Vary"), "Accept-Encoding", tc.accept)
		assert.Equal(t, tc.want, body(t, r), "%s: the sibling's bytes", tc.accept)
		etags[tc.enc] = r.Header.Get("ETag")

		r = get(t, h, "/web/app.wasm", map[string]string{"Accept-Encoding": tc.accept, "If-None-Match": etags[tc.enc]})
		assert.Equal(t, http.StatusNotModified, r.StatusCode, "%s: revalidation", tc.accept)
		assert.Empty(t, r.Header.Get("Content-Encoding"), "%s: 304 with Content-Encoding", tc.accept)

		// A Range on an encoded body is ignored: the whole body, 200.
		r = get(t, h, "/web/app.wasm", map[string]string{"Accept-Encoding": tc.accept, "Range": "bytes=0-3"})
		assert.Equal(t, http.StatusOK, r.StatusCode, "%s: range", tc.accept)
		assert.Equal(t, tc.want, body(t, r), "%s: range body", tc.accept)
		assert.Empty(t, r.Header.Get("Accept-Ranges"), tc.accept)
	}
	r := get(t, h, "/web/app.wasm", nil)
	etags[""] = r.Header.Get("ETag")
	assert.Len(t, etags, 3)
	assert.NotEqual(t, etags["br"], etags["gzip"])
	assert.NotEqual(t, etags["br"], etags[""])
	assert.NotEqual(t, etags["gzip"], etags[""])
	// An ETag of one coding does not validate another's body.
	r = get(t, h, "/web/app.wasm", map[string]string{"Accept-Encoding": "br", "If-None-Match": etags["gzip"]})
	assert.Equal(t, http.StatusOK, r.StatusCode)
}

func TestPrecompressedHead(t *testing.T) {
	dir, _ := site(t)
	br, _ := writePrecompressed(t, dir, "web/app.wasm")
	h, err := New(dir)
	require.NoError(t, err)
	t.Cleanup(func() { _ = h.Close() })
	req, err := http.NewRequest(http.MethodHead, "/web/app.wasm", nil)
	require.NoError(t, err)
	req.Header.Set("Accept-Encoding", "br")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "br", rec.Header().Get("Content-Encoding"))
	assert.Equal(t, strconv.Itoa(len(br)), rec.Header().Get("Content-Length"))
	assert.Zero(t, rec.Body.Len())
}

func TestStaleSiblingIsIgnored(t *testing.T) {
	dir, wasm := site(t)
	writePrecompressed(t, dir, "web/app.wasm")
	old := time.Now().Add(-time.Hour)
	for _, ext := range []string{".br", ".gz"} {
		require.NoError(t, os.Chtimes(filepath.Join(dir, "web/app.wasm"+ext), old, old))
	}
	h, err := New(dir)
	require.NoError(t, err)
	t.Cleanup(func() { _ = h.Close() })

	r := get(t, h, "/web/app.wasm", map[string]string{"Accept-Encoding": "gzip"})
	require.Equal(t, "gzip", r.Header.Get("Content-Encoding"))
	zr, err := gzip.NewReader(bytes.NewReader(body(t, r)))
	require.NoError(t, err)
	assert.Empty(t, zr.Comment, "the stale sibling was served")
	plain, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, wasm, plain)
}

func TestSiblingsAreNotServedAsThemselves(t *testing.T) {
	dir, _ := site(t)
	writePrecompressed(t, dir, "web/app.wasm")
	writePrecompressed(t, dir, "index.html")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "data.tar.gz"), []byte("\x1f\x8b tarball"), 0o644))
	h, err := New(dir)
	require.NoError(t, err)
	t.Cleanup(func() { _ = h.Close() })

	for _, tc := range []struct {
		path   string
		status int
		ctype  string
	}{
		{"/web/app.wasm.br", http.StatusNotFound, "text/html; charset=utf-8"},
		{"/web/app.wasm.gz", http.StatusNotFound, "text/html; charset=utf-8"},
		{"/index.html.br", http.StatusNotFound, "text/html; charset=utf-8"},
		{"/index.html.gz", http.StatusNotFound, "text/html; charset=utf-8"},
		{"/data.tar.gz", http.StatusOK, "application/octet-stream"}, // not a sibling
		{"/web/app.wasm", http.StatusOK, "application/wasm"},
	} {
		r := get(t, h, tc.path, map[string]string{"Accept-Encoding": "br, gzip"})
		assert.Equal(t, tc.status, r.StatusCode, tc.path)
		assert.Equal(t, tc.ctype, r.Header.Get("Content-Type"), tc.path)
	}
}

func TestCompressibleAndIsPrecompressed(t *testing.T) {
	for _, tc := range []struct {
		name         string
		size         int64
		compressible bool
		sibling      bool
	}{
		{"web/app.wasm", 16 << 20, true, false},
		{"index.html", 30000, true, false},
		{"app.js", minCompressSize, true, false},
		{"app.js", minCompressSize - 1, false, false},
		{"web/icons/icon-192.png", 30000, false, false},
		{"web/app.wasm.br", 3 << 20, false, true},
		{"web/app.wasm.gz", 3 << 20, false, true},
		{"app.CSS.gz", 3000, false, true},
		{"data.tar.gz", 3000, false, false},
		{"icon.png.br", 3000, false, false},
		{"br", 3000, false, false},
	} {
		assert.Equal(t, tc.compressible, Compressible(tc.name, tc.size), "Compressible(%s, %d)", tc.name, tc.size)
		assert.Equal(t, tc.sibling, IsPrecompressed(tc.name), "IsPrecompressed(%s)", tc.name)
	}
}

// TestNetlifyPublishesNoSiblings: Netlify compresses on its own and does not
// serve .br/.gz siblings for a file, so the build it runs must not write
// them (they would be published as plain files under their own names).
func TestNetlifyPublishesNoSiblings(t *testing.T) {
	var cfg struct {
		Build struct {
			Command string `toml:"command"`
		} `toml:"build"`
	}
	_, err := toml.DecodeFile(filepath.Join("..", "..", "..", "netlify.toml"), &cfg)
	require.NoError(t, err)
	assert.Contains(t, cfg.Build.Command, "make dist")
	assert.Contains(t, strings.Fields(cfg.Build.Command), "PRECOMPRESS=0")
}
