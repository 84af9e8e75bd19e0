package server

import (
	"io/fs"
	"path"
	"strings"
)

// precompressedExt maps a content coding to the suffix of the sibling file
// cmd/precompress writes at build time (app.wasm → app.wasm.br).
var precompressedExt = map[string]string{"br": ".br", "gzip": ".gz"}

// Compressible reports whether a file of this name and size is worth
// compressing: a text-like or wasm type (not images or fonts, which are
// compressed already) of at least minCompressSize bytes.
func Compressible(name string, size int64) bool {
	return compressible[strings.ToLower(path.Ext(name))] && size >= minCompressSize
}

// IsPrecompressed reports whether name is a sibling cmd/precompress writes
// (a .br or .gz next to a compressible file). The handler never serves
// those under their own names: they are a representation of the file they
// sit next to, sent with its Content-Type, and served as themselves they
// would reach the browser as an undecoded download. A .gz of another kind
// (say a tarball) is served normally.
func IsPrecompressed(name string) bool {
	for _, ext := range precompressedExt {
		if base, ok := strings.CutSuffix(name, ext); ok && compressible[strings.ToLower(path.Ext(base))] {
			return true
		}
	}
	return false
}

// encoded returns the file in coding enc: the precompressed sibling when
// there is one at least as new as the file, else compressed on the fly
// (once; e caches it). The sibling is trusted to hold the file's content in
// that coding; a stale one (older than the file: the file was rebuilt
// without precompressing) is ignored.
func (h *Handler) encoded(name string, st fs.FileInfo, e *entry, enc string) ([]byte, error) {
	if ext, ok := precompressedExt[enc]; ok {
		sib := name + ext
		if sst, err := h.root.Stat(sib); err == nil && sst.Mode().IsRegular() && !sst.ModTime().Before(st.ModTime()) {
			se := h.entry(sib, sst)
			if se.err == nil {
				return se.data, nil
			}
		}
	}
	return e.compressed(enc)
}
