package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/cmd/serve/server"
)

// TestByteCounterCountsEncodedBodies: the counter sees the bytes as sent,
// so a brotli response counts its compressed length, not the file's.
func TestByteCounterCountsEncodedBodies(t *testing.T) {
	dir := t.TempDir()
	page := strings.Repeat("<p>the same line again</p>\n", 400) // 10,800 bytes, compresses well
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644))
	h, err := server.New(dir)
	require.NoError(t, err)
	defer h.Close()
	c := &byteCounter{h: h}

	get := func(path, enc string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Encoding", enc)
		rec := httptest.NewRecorder()
		c.ServeHTTP(rec, req)
		return rec
	}
	plain := get("/index.html", "")
	br := get("/index.html", "br")
	require.Equal(t, "br", br.Header().Get("Content-Encoding"))
	get("/missing.js", "")

	total, reqs, byPath, _ := c.snapshot()
	assert.Equal(t, 3, reqs)
	assert.Equal(t, int64(len(page)+br.Body.Len()), byPath["/index.html"])
	assert.Equal(t, int64(plain.Body.Len()), int64(len(page)))
	assert.Less(t, br.Body.Len(), len(page)/5, "the counted brotli body is the compressed one")
	assert.Equal(t, byPath["/index.html"]+byPath["/missing.js"], total)

	c.reset()
	total, reqs, byPath, _ = c.snapshot()
	assert.Zero(t, total)
	assert.Zero(t, reqs)
	assert.Empty(t, byPath)
}
