package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/taints-playground/playground/cmd/serve/server"
)

// BrotliQuality and BrotliWindow are brotli's best quality and a 16 MiB
// window (lgwin 24, the format's largest): the wasm is larger than the
// default 4 MiB window, and the bigger window finds its repeats.
const (
	BrotliQuality = 11
	BrotliWindow  = 24
)

// MinSaving is the fraction a sibling must save to be written: a sibling
// that saves less costs a second file for nothing (already-compressed data,
// tiny files).
const MinSaving = 0.05

// Result is what was written for one file; Br or Gz is 0 when that sibling
// was not worth writing.
type Result struct {
	Name   string
	Size   int64
	Br, Gz int64
	Took   time.Duration
}

// Dir precompresses every compressible regular file under dir, the largest
// first, two at a time (brotli at quality 11 is single-threaded).
func Dir(dir string) ([]Result, error) {
	var names []string
	sizes := map[string]int64{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		if server.IsPrecompressed(p) {
			return nil
		}
		st, err := d.Info()
		if err != nil {
			return err
		}
		if server.Compressible(p, st.Size()) {
			names = append(names, p)
			sizes[p] = st.Size()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(names, func(i, j int) bool {
		if sizes[names[i]] != sizes[names[j]] {
			return sizes[names[i]] > sizes[names[j]]
		}
		return names[i] < names[j]
	})
	res := make([]Result, len(names))
	errs := make([]error, len(names))
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			res[i], errs[i] = File(n)
			if rel, err := filepath.Rel(dir, n); err == nil {
				res[i].Name = filepath.ToSlash(rel)
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	return res, nil
}

// File writes name.br and name.gz when they pay, and removes a sibling
// left from an earlier build when it does not.
func File(name string) (Result, error) {
	start := time.Now()
	data, err := os.ReadFile(name)
	if err != nil {
		return Result{}, err
	}
	r := Result{Name: name, Size: int64(len(data))}
	var br, gz []byte
	var brErr, gzErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); gz, gzErr = Gzip(data) }()
	br, brErr = Brotli(data)
	wg.Wait()
	if brErr != nil || gzErr != nil {
		return r, fmt.Errorf("%s: %w", name, firstErr(brErr, gzErr))
	}
	if r.Br, err = writeSibling(name+".br", br, len(data)); err != nil {
		return r, err
	}
	if r.Gz, err = writeSibling(name+".gz", gz, len(data)); err != nil {
		return r, err
	}
	r.Took = time.Since(start)
	return r, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// writeSibling writes b to name when it saves MinSaving of size, and
// returns its length (0 when not written; a stale file is removed).
func writeSibling(name string, b []byte, size int) (int64, error) {
	if float64(len(b)) > float64(size)*(1-MinSaving) {
		if err := os.Remove(name); err != nil && !os.IsNotExist(err) {
			return 0, err
		}
		return 0, nil
	}
	if err := os.WriteFile(name, b, 0o644); err != nil {
		return 0, err
	}
	return int64(len(b)), nil
}

// Brotli compresses data at BrotliQuality with a window of up to
// BrotliWindow: the smallest that holds the whole file (a larger one only
// costs the encoder memory and time).
func Brotli(data []byte) ([]byte, error) {
	lgwin := 16
	for lgwin < BrotliWindow && 1<<lgwin-16 < len(data) {
		lgwin++
	}
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: BrotliQuality, LGWin: lgwin})
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Gzip compresses data at gzip.BestCompression.
func Gzip(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
