package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func init() {
	// Handled while the flags are parsed, so main needs no hook: the
	// listing is printed and the program exits.
	flag.Func("wasm-symbols", "only print the code bytes of every function of this unstripped wasm, largest first (name-section names: github.com/x/y.(*T).M is github.com_x_y.__T_.M)", func(path string) error {
		if err := printWasmSymbols(os.Stdout, path); err != nil {
			return err
		}
		os.Exit(0)
		return nil
	})
}

// wasmSymbol is one function of a wasm binary's code section: its name
// from the name section and its body's size in bytes (with the size
// prefix).
type wasmSymbol struct {
	name string
	size int
}

// printWasmSymbols writes every function of the wasm binary at path,
// largest first, as "bytes<TAB>name" lines.
func printWasmSymbols(w io.Writer, path string) error {
	syms, _, _, err := wasmSymbols(path)
	if err != nil {
		return err
	}
	sort.SliceStable(syms, func(i, j int) bool { return syms[i].size > syms[j].size })
	for _, s := range syms {
		if _, err := fmt.Fprintf(w, "%d\t%s\n", s.size, s.name); err != nil {
			return err
		}
	}
	return nil
}

// wasmPackages attributes the code section of a wasm binary (built
// without -s, so it keeps its name section) to Go packages by function
// name, and returns the total code bytes and the data bytes too.
func wasmPackages(path string) (byPkg map[string]int, code, data int, err error) {
	syms, code, data, err := wasmSymbols(path)
	if err != nil {
		return nil, 0, 0, err
	}
	byPkg = map[string]int{}
	for _, s := range syms {
		byPkg[goPackage(s.name)] += s.size
	}
	return byPkg, code, data, nil
}

// wasmSymbols lists the functions of the code section of a wasm binary
// (named when it was built without -s and keeps its name section), and
// returns the code and data section sizes too.
func wasmSymbols(path string) (syms []wasmSymbol, code, data int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, 0, err
	}
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, 0, 0, errors.New("not a wasm binary")
	}
	uvar := func(p []byte) (uint64, int) { return binary.Uvarint(p) }
	var imports int
	var bodies []int
	names := map[int]string{}
	for off := 8; off < len(b); {
		id := b[off]
		size, n := uvar(b[off+1:])
		if n <= 0 || off+1+n+int(size) > len(b) {
			return nil, 0, 0, io.ErrUnexpectedEOF
		}
		sec := b[off+1+n : off+1+n+int(size)]
		off += 1 + n + int(size)
		switch id {
		case 2: // imports: count the functions
			cnt, k := uvar(sec)
			p := sec[k:]
			for i := 0; i < int(cnt); i++ {
				for j := 0; j < 2; j++ { // module, name
					l, k := uvar(p)
					p = p[k+int(l):]
				}
				kind := p[0]
				p = p[1:]
				switch kind {
				case 0:
					imports++
					_, k := uvar(p)
					p = p[k:]
				case 1: // table: reftype + limits
					p = p[1:]
					fallthrough
				case 2: // memory: limits
					flag := p[0]
					_, k := uvar(p[1:])
					p = p[1+k:]
					if flag&1 != 0 {
						_, k := uvar(p)
						p = p[k:]
					}
				case 3: // global
					p = p[2:]
				}
			}
		case 10:
			cnt, k := uvar(sec)
			p := sec[k:]
			for i := 0; i < int(cnt); i++ {
				l, k := uvar(p)
				bodies = append(bodies, int(l)+k)
				p = p[k+int(l):]
			}
			code = len(sec)
		case 11:
			data = len(sec)
		case 0:
			nl, k := uvar(sec)
			if string(sec[k:k+int(nl)]) != "name" {
				continue
			}
			p := sec[k+int(nl):]
			for len(p) > 0 {
				sid := p[0]
				sl, k := uvar(p[1:])
				sub := p[1+k : 1+k+int(sl)]
				p = p[1+k+int(sl):]
				if sid != 1 {
					continue
				}
				cnt, k := uvar(sub)
				q := sub[k:]
				for i := 0; i < int(cnt); i++ {
					idx, k := uvar(q)
					q = q[k:]
					l, k := uvar(q)
					names[int(idx)] = string(q[k : k+int(l)])
					q = q[k+int(l):]
				}
			}
		}
	}
	syms = make([]wasmSymbol, len(bodies))
	for i, sz := range bodies {
		syms[i] = wasmSymbol{names[imports+i], sz}
	}
	return syms, code, data, nil
}

// goPackage is the package of a function in the wasm name section, where
// Go writes "github.com/x-y/z.(*T).M" as "github.com_x_y_z.__T_.M".
func goPackage(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	rest, domain := sym, ""
	for _, d := range []string{"github.com_", "golang.org_", "go.yaml.in_", "sigs.k8s.io_", "k8s.io_", "gopkg.in_"} {
		if strings.HasPrefix(sym, d) {
			domain, rest = d, sym[len(d):]
			break
		}
	}
	if dot := strings.Index(rest, "."); dot >= 0 {
		rest = rest[:dot]
	}
	return domain + rest
}

// groups name the package groups the report adds up.
var groups = []struct{ prefix, name string }{
	{"github.com_maxence_charriere_go_app", "go-app (github.com/maxence-charriere/go-app)"},
	{"github.com_taints_playground_playground_web", "playground web/ (UI)"},
	{"github.com_taints_playground_playground_core", "playground core/... (engine)"},
	{"github.com_taints_playground_playground", "playground, other packages"},
	{"github.com_", "other github.com modules"},
	{"go.yaml.in_", "YAML (go.yaml.in, sigs.k8s.io/yaml)"},
	{"sigs.k8s.io_yaml", "YAML (go.yaml.in, sigs.k8s.io/yaml)"},
	{"k8s.io_", "k8s.io (should be none)"},
	{"golang.org_", "golang.org/x"},
	{"crypto", "crypto/* (std)"},
	{"runtime", "runtime (std)"},
	{"internal", "internal/* (std)"},
	{"regexp", "regexp (std)"},
	{"encoding", "encoding/* (std)"},
	{"reflect", "reflect (std)"},
	{"math", "math/* (std)"},
	{"net", "net/* (std)"},
	{"compress", "compress/* (std)"},
	{"fmt", "fmt (std)"},
	{"time", "time (std)"},
	{"type_", "type equality/hash helpers"},
}

// printWasmPackages writes the top n package groups by code size as
// Markdown.
func printWasmPackages(w io.Writer, path string, n int) error {
	byPkg, code, data, err := wasmPackages(path)
	if err != nil {
		return err
	}
	type kv struct {
		k string
		v int
	}
	group := map[string]int{}
	for p, v := range byPkg {
		g := "other std and generic code"
		for _, gr := range groups {
			if strings.HasPrefix(p, gr.prefix) {
				g = gr.name
				break
			}
		}
		group[g] += v
	}
	var list []kv
	for k, v := range group {
		list = append(list, kv{k, v})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].v > list[j].v || list[i].v == list[j].v && list[i].k < list[j].k })
	fmt.Fprintf(w, "Code section %d bytes, data section %d bytes (unstripped build).\n\n", code, data)
	fmt.Fprintln(w, "| Package (group) | Code bytes | Share of code |")
	fmt.Fprintln(w, "|---|---:|---:|")
	for i, e := range list {
		if i == n {
			break
		}
		fmt.Fprintf(w, "| %s | %d | %.1f%% |\n", e.k, e.v, 100*float64(e.v)/float64(code))
	}
	return nil
}
