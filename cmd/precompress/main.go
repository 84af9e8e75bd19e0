// Command precompress writes a brotli (.br, quality 11, window 2^24) and a
// gzip (.gz, best compression) sibling next to every compressible file of
// a static site, so that cmd/serve sends them without compressing per
// request (`make dist` runs it on dist/). Which files are compressible is
// cmd/serve's list (server.Compressible). A sibling is written only when it
// saves at least MinSaving of the file; stale siblings are removed.
//
//	go run ./cmd/precompress DIR
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./cmd/precompress DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	start := time.Now()
	res, err := Dir(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
	var raw, br, gz int64
	for _, r := range res {
		raw += r.Size
		br += pick(r.Br, r.Size)
		gz += pick(r.Gz, r.Size)
	}
	fmt.Printf(">> precompressed %d files in %s: %d bytes, brotli %d, gzip %d\n",
		len(res), time.Since(start).Round(time.Millisecond), raw, br, gz)
}

// pick is the bytes sent for a file: its sibling's, or the file's own
// when no sibling was written (0).
func pick(enc, size int64) int64 {
	if enc == 0 {
		return size
	}
	return enc
}
