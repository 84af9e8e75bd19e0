# Taints & Tolerations Playground
#
#   make run    build the wasm and the static site into dist/, serve it on
#               http://127.0.0.1:8080/ (ADDR=host:port to change)
#   make test   go vet, gofmt check, all Go tests, core tests under
#               GOOS=js GOARCH=wasm with Node, 1,000 fuzz inputs per decoder
#               and the headless-Chromium test
#   make dist   only build dist/ (PRECOMPRESS=0: without the .br/.gz files)
#   make fuzz   run every Fuzz* test for FUZZTIME each
#   make fuzz-long  the decoders of outside input, 10 minutes each

SHELL     := /bin/bash
GO        ?= go
ADDR      ?= 127.0.0.1:8080
DIST      ?= dist
FUZZTIME  ?= 10s
GOROOT    := $(shell $(GO) env GOROOT)
WASM_DIR  := $(GOROOT)/lib/wasm
VERSION   ?= $(or $(COMMIT_REF),$(shell git rev-parse --short=12 HEAD 2>/dev/null),dev)
CHROMIUM  ?= $(shell command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null || command -v google-chrome 2>/dev/null)
E2E_TIMEOUT ?= 20m
# PRECOMPRESS=1: make dist writes .br (brotli 11) and .gz (gzip -9) beside
# every compressible file for cmd/serve (cmd/precompress; about a minute and
# a half for the wasm on a loaded 2-core machine). Netlify compresses by
# itself and builds with PRECOMPRESS=0 (netlify.toml).
PRECOMPRESS ?= 1

.PHONY: all run dist serve wasm test vet fmt-check test-go test-upstream test-wasm e2e axe fuzz fuzz-long fuzz-short fuzz-decoders identity bench clean

all: dist

## dist: the static site: index.html, app.js, the versioned service worker, wasm_exec.js,
## web/app.wasm and static/ copied to web/; with PRECOMPRESS=1 (the
## default) each compressible file gets .br and .gz siblings.
dist:
	@echo ">> building $(DIST)/ (version $(VERSION))"
	rm -rf $(DIST)
	mkdir -p $(DIST)/web
	cp -R static/. $(DIST)/web/
	GOOS=js GOARCH=wasm $(GO) build -buildvcs=false -trimpath -ldflags="-s -w" -o $(DIST)/web/app.wasm ./wasm
	$(GO) run -buildvcs=false ./wasm -dist $(DIST) -version $(VERSION)
	cp $(WASM_DIR)/wasm_exec.js $(DIST)/wasm_exec.js
	@if [ "$(PRECOMPRESS)" = 1 ]; then $(GO) run -buildvcs=false ./cmd/precompress $(DIST); fi
	@ls -l $(DIST)/web/app.wasm | awk '{printf ">> app.wasm: %.2f MB\n", $$5/1000000}'

## run: build and serve; prints "Playground: http://127.0.0.1:8080/".
run: dist serve

serve:
	$(GO) build -buildvcs=false -o bin/serve ./cmd/serve
	./bin/serve -addr $(ADDR) -dir $(DIST)

test: vet fmt-check test-go test-upstream test-wasm fuzz-short e2e
	@echo ">> all tests passed"

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files -co --exclude-standard '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi
	@echo ">> gofmt clean"

test-go:
	$(GO) test ./...

# test-upstream: the differential tests against the real Kubernetes code, a
# module of its own (test/upstream/go.mod) so k8s.io/kubernetes never
# reaches the product's go.mod or the wasm binary.
test-upstream:
	cd test/upstream && $(GO) vet ./... && $(GO) test -timeout 30m ./...

## test-wasm: the core packages compiled to js/wasm and run under Node.
test-wasm:
	@command -v node >/dev/null || { echo "node is required for the js/wasm tests (apt-get install -y nodejs)"; exit 1; }
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASM_DIR)/go_js_wasm_exec" ./core/...

## e2e: build dist/ and drive the page in headless Chromium. Skipped (with a
## hint) when Chromium is missing, except with CI=true, where it fails.
e2e:
	@if [ -z "$(CHROMIUM)" ]; then \
	  if [ "$(CI)" = "true" ]; then \
	    echo "Chromium is required for the browser test (CI=true): apt-get install -y chromium"; exit 1; \
	  fi; \
	  echo ">> SKIPPING the browser test: Chromium is not installed."; \
	  echo "   Install it with:  sudo apt-get install -y chromium   (then run make test again)"; \
	  exit 0; \
	fi; \
	$(MAKE) --no-print-directory dist && \
	$(MAKE) --no-print-directory axe && \
	DIST="$(abspath $(DIST))" CHROMIUM="$(CHROMIUM)" $(GO) test -tags e2e -count=1 -timeout $(E2E_TIMEOUT) -v ./web/e2e/

## axe: axe-core for the browser test's accessibility check, from npm
## (web/e2e/axe/package-lock.json). Without npm the check is skipped,
## except with CI=true.
axe:
	@if command -v npm >/dev/null; then \
	  npm ci --prefix web/e2e/axe --no-audit --no-fund --loglevel=error; \
	elif [ "$(CI)" = "true" ]; then \
	  echo "npm is required for the accessibility check (CI=true): apt-get install -y npm"; exit 1; \
	else \
	  echo ">> npm is missing: the accessibility check will be skipped (apt-get install -y npm)"; \
	fi

## fuzz: every Fuzz* target of the module, FUZZTIME each.
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo ">> $$pkg $$f ($(FUZZTIME))"; \
	    $(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

## fuzz-long: the fuzz tests of every decoder of outside input (scenario
## YAML, step manifests, share links, the URL fragment, kubectl command
## lines, quantities), FUZZLONGTIME (10m) each. make test runs their seeds.
FUZZLONGTIME ?= 10m
FUZZ_LONG := ./core/scenario:FuzzParse ./core/scenario:FuzzParseManifest \
	./core/scenario:FuzzParseCaps ./core/scenario/link:FuzzDecode \
	./web:FuzzDecodeFragment ./core/kubectl:FuzzCommands \
	./core/kubectl:FuzzCommandLines ./core:FuzzParseQuantity
fuzz-long:
	@$(MAKE) --no-print-directory fuzz-decoders FUZZDECODERTIME=$(FUZZLONGTIME)

## fuzz-short: the same decoders, FUZZSHORTTIME (1000 inputs) each; part
## of make test, so CI fuzzes every decoder for a short time. A count, not a
## duration: a duration can end while a worker is inside a slow input, which
## Go's fuzzer reports as a failure ("context deadline exceeded").
FUZZSHORTTIME ?= 1000x
fuzz-short:
	@$(MAKE) --no-print-directory fuzz-decoders FUZZDECODERTIME=$(FUZZSHORTTIME)

fuzz-decoders:
	@set -e; for t in $(FUZZ_LONG); do \
	  pkg=$${t%%:*}; f=$${t#*:}; \
	  echo ">> $$pkg $$f ($(FUZZDECODERTIME))"; \
	  $(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZDECODERTIME) $$pkg; \
	done

## identity: prove that the work tree simulates exactly as BASE does:
## cmd/sim --json --detail, every frame and the on-demand answers for the
## presets, testdata scenarios, bench clusters and IDENTITY_N random
## scenarios, compared byte for byte (cmd/simcheck). Never part of make test.
IDENTITY_N ?= 2000
identity:
	@test -n "$(BASE)" || { echo "usage: make identity BASE=<commit> [IDENTITY_N=2000]"; exit 2; }
	bash cmd/simcheck/identity.sh $(BASE) $(IDENTITY_N)

## bench: the engine benchmarks (natively and js/wasm in Node), the site's
## transfer sizes and the page timings in headless Chromium; writes
## bench/RESULTS.md. Never part of make test.
bench:
	GO=$(GO) DIST=$(DIST) bash bench/run.sh

clean:
	rm -rf $(DIST) bin
