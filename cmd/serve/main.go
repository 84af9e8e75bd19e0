// Command serve serves the playground's static site: by default the dist
// directory `make dist` writes, on 127.0.0.1:8080.
//
//	go run ./cmd/serve [-addr 127.0.0.1:8080] [-dir dist]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/taints-playground/playground/cmd/serve/server"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "dist", "directory to serve (built by `make dist`)")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *addr, *dir, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

// run serves dir on addr until ctx is done, then shuts down gracefully.
func run(ctx context.Context, addr, dir string, out interface{ Write([]byte) (int, error) }) error {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return fmt.Errorf("%s/index.html is missing: build the site first with `make dist` (%v)", dir, err)
	}
	h, err := server.New(dir)
	if err != nil {
		return err
	}
	defer h.Close()

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := server.NewServer(addr, h)
	go h.Warm("web/app.wasm", "wasm_exec.js", "app.js", "index.html", "web/app.css")

	fmt.Fprintf(out, "Playground: %s\n", displayURL(ln.Addr()))

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()

	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	fmt.Fprintln(out, "Playground: stopped")
	return nil
}

func displayURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
