#!/usr/bin/env bash
# Remakes the committed baselines after a deliberate rules or card change; commit the result in
# the same commit as the change. Each baseline replays its own recorded command (run.toml).
# Usage: scripts/update-baselines.sh [BASELINE_DIR...]   (default: every results/baselines/*)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
baselines=("$@")
[ ${#baselines[@]} -gt 0 ] || baselines=(results/baselines/*/)
for b in "${baselines[@]}"; do
  b=${b%/}
  reproduce=$(sed -n 's/^reproduce = "\(.*\)"$/\1/p' "$b/run.toml")
  # shellcheck disable=SC2086 # the recorded command is split into words on purpose
  eval "target/release/${reproduce} --games-csv --quiet --out $b" >/dev/null
  rm -f "$b/host.toml"
  echo "updated $b"
done
