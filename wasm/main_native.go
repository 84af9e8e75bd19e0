//go:build !(js && wasm)

package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	dist := flag.String("dist", "", "write the static site into this directory (the wasm binary must already be at DIR/web/app.wasm)")
	version := flag.String("version", "", "app version (default: $COMMIT_REF, $APP_VERSION, or the git commit)")
	domain := flag.String("domain", "", "public host name for og:url/og:image (default: the host of Netlify's $URL)")
	flag.Parse()
	if *dist == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./wasm -dist DIR [-version V]")
		os.Exit(2)
	}
	if err := generate(*dist, *version, Domain(*domain)); err != nil {
		fmt.Fprintln(os.Stderr, "wasm: generating the static site:", err)
		os.Exit(1)
	}
}

func generate(dir, version, domain string) error {
	routes()
	files, err := webFiles(dir)
	if err != nil {
		return err
	}
	h := Handler(Version(version), files...)
	h.Domain = domain
	if st, err := os.Stat(filepath.Join(dir, "web", "app.wasm")); err == nil {
		h.WasmContentLength = strconv.FormatInt(st.Size(), 10)
	}
	if err := app.GenerateStaticWebsite(dir, h); err != nil {
		return err
	}
	if err := fixBooleanAttrs(filepath.Join(dir, "index.html")); err != nil {
		return err
	}
	// Netlify answers unknown paths with 404.html.
	notFound := `<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found</title>` +
		`<link rel="stylesheet" href="/web/app.css"><div class="pg"><h1>Not found</h1>` +
		`<p><a href="/">Open the Taints &amp; Tolerations Playground</a></p></div></html>` + "\n"
	return os.WriteFile(filepath.Join(dir, "404.html"), []byte(notFound), 0o644)
}

// falseBooleans are the boolean attributes go-app's static rendering
// writes as name="false" for a false value (Option.Selected(false),
// Input.Checked(false), Button.Disabled(false)). In HTML a boolean
// attribute is true whatever its value, so the prerendered page would
// show every option selected (the last one wins), a checked box and
// disabled buttons until the app starts, and for good where it never does
// (a crawler, ?wasm=false). go-app replaces the prerendered DOM when it
// starts, so only the static page is concerned.
var falseBooleans = []string{` checked="false"`, ` disabled="false"`, ` selected="false"`, ` hidden="false"`, ` readonly="false"`, ` required="false"`, ` multiple="false"`}

// fixBooleanAttrs drops the false boolean attributes (falseBooleans) from
// the prerendered page at path.
func fixBooleanAttrs(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	for _, a := range falseBooleans {
		s = strings.ReplaceAll(s, a, "")
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

// webFiles lists the files under DIR/web as the site serves them
// (/web/...), for the service worker to cache: the scripts, the engine's
// worker, the stylesheets and icons. Precompressed copies (.br, .gz) are
// the same files, which the server picks by Accept-Encoding.
func webFiles(dir string) ([]string, error) {
	var out []string
	root := filepath.Join(dir, "web")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(path); ext == ".br" || ext == ".gz" {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		out = append(out, "/web/"+filepath.ToSlash(rel))
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return out, err
}

// Domain picks the public host name: the flag, else the host of $URL
// (Netlify sets it to the site's address at build time), else none.
func Domain(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	if u, err := url.Parse(os.Getenv("URL")); err == nil && u.Host != "" {
		return u.Host
	}
	return ""
}

// Version picks the app version: the flag, then Netlify's COMMIT_REF, then
// APP_VERSION, then the git commit, then "dev".
func Version(flagValue string) string {
	for _, v := range []string{flagValue, os.Getenv("COMMIT_REF"), os.Getenv("APP_VERSION")} {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	if out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output(); err == nil {
		if v := strings.TrimSpace(string(out)); v != "" {
			return v
		}
	}
	return "dev"
}
