#!/usr/bin/env bash
# Balance regression check: replays every committed baseline's games with the current code and
# configs, and fails (exit 1) when a metric moved significantly by more than its tolerance.
# Copy this into a designer's own repository's CI; `whisker` must be on PATH there (install it
# with `cargo install --locked --path .` from a whisker clone), or run from
# this repository (it then uses `cargo run`).
# Usage: scripts/check-baselines.sh [BASELINE_DIR...]   (default: every results/baselines/*)
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v whisker >/dev/null 2>&1 && [ ! -f Cargo.toml ]; then
  whisker=(whisker)
else
  whisker=(cargo run --locked --quiet --)
fi
baselines=("$@")
[ ${#baselines[@]} -gt 0 ] || baselines=(results/baselines/*/)
status=0
for b in "${baselines[@]}"; do
  "${whisker[@]}" check --baseline "$b" --quiet || status=$?
done
exit "$status"
