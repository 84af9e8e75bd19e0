//go:build !(js && wasm)

package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	dist := flag.String("dist", "", "write the static site into this directory (the wasm must already be at DIR/web/app.wasm)")
	version := flag.String("version", "hello", "app version (the service worker's cache is app-VERSION)")
	flag.Parse()
	if *dist == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/helloapp -dist DIR [-version V]")
		os.Exit(2)
	}
	if err := generate(*dist, *version); err != nil {
		fmt.Fprintln(os.Stderr, "helloapp: generating the static site:", err)
		os.Exit(1)
	}
}

// generate writes the static site into dir as wasm/main_native.go does for
// the playground: go-app's GenerateStaticWebsite, the wasm's length for
// the loading bar. The icons are written here (go-app's default icons are
// remote, which its service worker would fail to cache on loopback).
func generate(dir, version string) error {
	routes()
	if err := writeIcons(filepath.Join(dir, "web")); err != nil {
		return err
	}
	h := handler(version)
	if st, err := os.Stat(filepath.Join(dir, "web", "app.wasm")); err == nil {
		h.WasmContentLength = strconv.FormatInt(st.Size(), 10)
	}
	return app.GenerateStaticWebsite(dir, h)
}

// handler has the options of the playground's (wasm/handler.go) that are
// not its own files: names, language, local icons, colours, the loading
// label, the version. No styles or scripts, and go-app's own service
// worker (gen/app-worker.js).
func handler(version string) *app.Handler {
	return &app.Handler{
		Name:        "Hello",
		ShortName:   "Hello",
		Title:       "Hello, world!",
		Description: "go-app's hello world, the floor of the playground's stack.",
		Lang:        "en",
		Icon: app.Icon{
			Default:  "/web/icon.png",
			Large:    "/web/icon.png",
			Maskable: "/web/icon.png",
			SVG:      "/web/icon.svg",
		},
		BackgroundColor: "#0f141b",
		ThemeColor:      "#1f3b63",
		LoadingLabel:    "Loading… {progress}%",
		Version:         version,
	}
}

const iconSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 192 192"><rect width="192" height="192" fill="#1f3b63"/></svg>` + "\n"

// writeIcons writes a plain 192×192 PNG and SVG icon into dir.
func writeIcons(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, 192, 192))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 0x1f, 0x3b, 0x63, 0xff
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "icon.png"), b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "icon.svg"), []byte(iconSVG), 0o644)
}
