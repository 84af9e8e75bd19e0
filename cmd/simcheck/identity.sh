#!/usr/bin/env bash
# identity.sh BASE [N]: prove that the work tree simulates exactly as BASE
# does. Records the corpus (presets and lessons, testdata scenarios, two
# bench clusters, N random scenarios; default 2000) with BASE's cmd/sim and
# cmd/simcheck and with the work tree's, then compares the recordings byte
# for byte (make identity BASE=REV).
set -euo pipefail
cd "$(dirname "$0")/../.."
BASE=${1:?usage: identity.sh BASE [N]}
N=${2:-2000}
TMP=$(mktemp -d)
trap 'git worktree remove --force "$TMP/base" >/dev/null 2>&1 || true; rm -rf "$TMP"' EXIT
git worktree add --detach "$TMP/base" "$BASE" >/dev/null
for side in base work; do
  src=.; [ $side = base ] && src="$TMP/base"
  (cd "$src" && go build -o "$TMP/$side-sim" ./cmd/sim && go build -o "$TMP/$side-simcheck" ./cmd/simcheck)
done
for side in base work; do
  src=.; [ $side = base ] && src="$TMP/base"
  # Two recorders at once (odd and even seeds), from the side's tree (its
  # testdata scenarios).
  (cd "$src" && "$TMP/$side-simcheck" record -sim "$TMP/$side-sim" -out "$TMP/rec-$side" -n "$N" -only '^(preset|file|bench)|^random-\d*[02468]$' >/dev/null) &
  (cd "$src" && "$TMP/$side-simcheck" record -sim "$TMP/$side-sim" -out "$TMP/rec-$side" -n "$N" -only '^random-\d*[13579]$' >/dev/null) &
  wait
done
"$TMP/work-simcheck" compare "$TMP/rec-base" "$TMP/rec-work"
