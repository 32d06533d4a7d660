#!/usr/bin/env bash
# Remakes the committed baselines after a deliberate rules or card change; commit the result in
# the same commit as the change. Each baseline replays its own recorded command (run.toml).
# Usage: scripts/update-baselines.sh [BASELINE_DIR...]   (default: every results/baselines/*)
# Needs Python 3.11 or later (for tomllib) to read run.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
baselines=("$@")
[ ${#baselines[@]} -gt 0 ] || baselines=(results/baselines/*/)
for b in "${baselines[@]}"; do
  b=${b%/}
  # run.toml is TOML, read as TOML (Python 3.11's tomllib): its strings may be quoted any way.
  reproduce=$(python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["reproduce"])' "$b/run.toml")
  # shellcheck disable=SC2086 # the recorded command is split into words on purpose
  # A baseline is made with --games-csv; its reproduce line says so already.
  [[ $reproduce == *" --games-csv"* ]] || reproduce+=" --games-csv"
  eval "target/release/${reproduce} --quiet --out $b" >/dev/null
  rm -f "$b/host.toml"
  echo "updated $b"
done
