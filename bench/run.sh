#!/usr/bin/env bash
# bench/run.sh — run every budget and write bench/RESULTS.md (make bench).
#
# Environment: GO (default go), CHROMIUM (default: chromium on PATH),
# DIST (default dist; rebuilt with make dist unless SKIP_DIST=1),
# RUNS (page loads, default 2), PAGE_STEPS (steps timed per large page,
# default 6), PAGE_PROFILE (a directory for Chrome CPU profiles of the page),
# PASTE_TIMEOUT (how long to wait for the pasted 5,000-node board, default
# 180s), OUT (default bench/RESULTS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
OUT=${OUT:-bench/RESULTS.md}
DIST=${DIST:-dist}
RUNS=${RUNS:-2}
EXEC="$($GO env GOROOT)/lib/wasm/go_js_wasm_exec"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

log() { echo ">> $*" >&2; }

# bench PKG REGEX BENCHTIME GOOS → the benchmark lines
bench() {
  local pkg=$1 re=$2 bt=$3 os=$4
  if [ "$os" = js ]; then
    GOOS=js GOARCH=wasm $GO test -exec="$EXEC" -run '^$' -bench "$re" -benchtime "$bt" -benchmem -count 1 -timeout 60m "$pkg"
  else
    $GO test -run '^$' -bench "$re" -benchtime "$bt" -benchmem -count 1 -timeout 60m "$pkg"
  fi | tee -a "$TMP/raw.txt" | grep '^Benchmark' || true
}

# field LINE UNIT → the number before UNIT
field() { awk -v u="$2" '{for (i = 2; i <= NF; i++) if ($i == u) {print $(i-1); exit}}' <<<"$1"; }

fmt_s() { awk -v n="$1" 'BEGIN { if (n == "") print "—"; else printf "%.3f s", n / 1e9 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "—"; else printf "%.2f×", a / b }'; }

declare -A NS BYTES ALLOCS EXTRA
for os in native js; do
  log "engine benchmarks ($os)"
  while IFS= read -r line; do
    name=$(awk '{print $1}' <<<"$line" | sed 's/-[0-9]*$//')
    NS[$name/$os]=$(field "$line" ns/op)
    BYTES[$name/$os]=$(field "$line" B/op)
    ALLOCS[$name/$os]=$(field "$line" allocs/op)
    EXTRA[$name/$os]=$(field "$line" ns/filter)
  done < <(
    bench ./core/sim 'BenchmarkRunLarge$' 1x $os
    bench ./core/sim 'BenchmarkRunLargeAffinity$' 1x $os
    bench ./core/sched 'BenchmarkScheduleLargeCluster$' 2000x $os
    bench ./bench 'BenchmarkStorm500$' 1x $os
    bench ./bench 'BenchmarkCluster500Page$' 2x $os
  )
done

log "site: make dist, hello world, page"
if [ "${SKIP_DIST:-}" != 1 ]; then
  make --no-print-directory dist DIST="$DIST" >&2
fi
GOOS=js GOARCH=wasm $GO build -buildvcs=false -trimpath -ldflags="-s -w" -o "$TMP/hello.wasm" ./bench/helloapp
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
# PAGE_STEPS steps are timed per large-page load (default 6); PAGE_PROFILE=DIR
# also writes Chrome CPU profiles of the first loads and the steps there
# (build DIST's wasm without -s -w to see Go function names).
# The issue 14 budgets' table goes to budgets.md (-budgets), its own section.
$GO run ./cmd/benchpage -dist "$DIST" -hello "$TMP/hello.wasm" -runs "$RUNS" -steps "${PAGE_STEPS:-6}" \
  -budgets "$TMP/budgets.md" ${PASTE_TIMEOUT:+-paste-timeout "$PASTE_TIMEOUT"} \
  ${PAGE_PROFILE:+-profile "$PAGE_PROFILE"} ${CHROMIUM:+-chromium "$CHROMIUM"} > "$TMP/page.md"

# The biggest contributors to the wasm: an unstripped build (it keeps the
# name section), code bytes per package group, ours and the hello world's.
GOOS=js GOARCH=wasm $GO build -buildvcs=false -trimpath -o "$TMP/app-syms.wasm" ./wasm
GOOS=js GOARCH=wasm $GO build -buildvcs=false -trimpath -o "$TMP/hello-syms.wasm" ./bench/helloapp
$GO run ./cmd/benchpage -wasm-packages "$TMP/app-syms.wasm" > "$TMP/pkgs.md"
$GO run ./cmd/benchpage -wasm-packages "$TMP/hello-syms.wasm" > "$TMP/hello-pkgs.md"

{
  echo "# Budgets: bench/RESULTS.md"
  echo
  echo "Written by \`make bench\` (bench/run.sh) on $(date -u '+%Y-%m-%d %H:%M UTC'). Re-run it to refresh."
  echo
  echo "## Machine"
  echo
  echo "| | |"
  echo "|---|---|"
  echo "| CPUs (nproc) | $(nproc) |"
  echo "| Memory | $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) |"
  echo "| Load average at the end | $(cut -d' ' -f1-3 /proc/loadavg) |"
  echo "| Go | $($GO env GOVERSION) |"
  echo "| Node | $(node --version 2>/dev/null || echo none) |"
  echo "| Chromium | $(${CHROMIUM:-false} --version 2>/dev/null || echo none) |"
  echo "| Commit | $(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(git diff --quiet -- . ':(exclude)bench/RESULTS.md' 2>/dev/null || echo ' (work tree had uncommitted changes by others)') |"
  echo
  echo "The machine is shared: absolute times are noisy upper bounds; the ratios compare numbers measured in the same run."
  echo
  echo "## Issue 14 budgets (headless Chromium, medians of $RUNS cold loads each)"
  echo
  echo "The \"Now (issue 14)\" column is the number the issue was filed with; \"Measured\" is this run's median, \"Samples\" every load's value. How each number is taken: bench/NOTES.md, \"How the issue 14 budgets are measured\"."
  echo
  if [ -s "$TMP/budgets.md" ]; then cat "$TMP/budgets.md"; else echo "Not measured (no Chromium)."; fi
  echo
  echo "## Engine (go test -bench; natively and GOOS=js GOARCH=wasm under Node)"
  echo
  echo "| Benchmark | Native | wasm (Node) | wasm ÷ native | Native B/op | Native allocs/op | Target |"
  echo "|---|---:|---:|---:|---:|---:|---|"
  for b in BenchmarkRunLarge BenchmarkRunLargeAffinity BenchmarkStorm500 BenchmarkCluster500Page; do
    case $b in
      BenchmarkRunLarge) what="sim.Run: 5,000 nodes × 10,000 pods, default profile"; target="< 2 s native, wasm ≤ 2.5×";;
      BenchmarkRunLargeAffinity) what="the same with every pod carrying pod anti-affinity (required or preferred, hostname) or a spread constraint (zone DoNotSchedule, hostname ScheduleAnyway)"; target="beside the plain run";;
      BenchmarkStorm500) what="NoExecute storm: 500 nodes, 2,000 pods, 1 h virtual (bench.Storm)"; target="< 2 s native, wasm ≤ 2.5×";;
      BenchmarkCluster500Page) what="the page benchmark's 500 nodes / 2,000 pods: parse the text and sim.Run (bench.Cluster)"; target="";;
    esac
    echo "| $what | $(fmt_s "${NS[$b/native]:-}") | $(fmt_s "${NS[$b/js]:-}") | $(ratio "${NS[$b/js]:-}" "${NS[$b/native]:-}") | ${BYTES[$b/native]:-—} | ${ALLOCS[$b/native]:-—} | $target |"
  done
  b=BenchmarkScheduleLargeCluster
  echo "| sched.Schedule, one pod into 5,000 nodes running 10,000 pods (per pod) | $(awk -v n="${NS[$b/native]:-}" 'BEGIN{printf "%.2f ms", n/1e6}') | $(awk -v n="${NS[$b/js]:-}" 'BEGIN{printf "%.2f ms", n/1e6}') | $(ratio "${NS[$b/js]:-}" "${NS[$b/native]:-}") | ${BYTES[$b/native]:-—} | ${ALLOCS[$b/native]:-—} | |"
  echo "| ns per (pod, node) filter evaluation (same benchmark) | ${EXTRA[$b/native]:-—} ns | ${EXTRA[$b/js]:-—} ns | $(ratio "${EXTRA[$b/js]:-}" "${EXTRA[$b/native]:-}") | | | |"
  echo
  echo "## Site and page"
  echo
  cat "$TMP/page.md"
  echo
  echo "### What makes the wasm big: code bytes per package group"
  echo
  echo "dist/web/app.wasm:"
  echo
  cat "$TMP/pkgs.md"
  echo
  echo "The go-app hello world, for comparison:"
  echo
  cat "$TMP/hello-pkgs.md"
  echo
  echo "## Raw benchmark output"
  echo
  echo '```'
  grep -E '^(Benchmark|goos|goarch|cpu|pkg)' "$TMP/raw.txt" || true
  echo '```'
  if [ -f bench/NOTES.md ]; then
    echo
    cat bench/NOTES.md
  fi
} > "$OUT"
log "wrote $OUT"
