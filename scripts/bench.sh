#!/usr/bin/env bash
# Prints games/s for the standard runs next to the figures recorded below, so a developer sees a
# slowdown before committing. Not for CI: the machine is shared and timings are noisy, so take
# the median of a few runs (this script runs each one 3 times) and look at large ratios only.
# Usage: scripts/bench.sh [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-500000}
cargo build --release --locked --quiet
# Recorded on the project's 2-core machine (release, 4 players, 2 threads), games/s.
declare -A recorded=(
  [cheese-greedy]=62000
  [cheese-random]=120000
  [ratings-greedy]=54000
  [ratings-random]=208000
)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-16s %12s %12s %8s\n' run games/s recorded ratio
for edition in cheese ratings; do
  for bot in greedy random; do
    rates=()
    for _ in 1 2 3; do
      target/release/whisker simulate "configs/mice-heist/$edition.toml" --games "$games" --bots "$bot" \
        --quiet --strength off --out "$out/r" >/dev/null
      rates+=("$(sed -n 's/^games_per_second = //p' "$out/r/host.toml")")
    done
    median=$(printf '%s\n' "${rates[@]}" | sort -n | sed -n 2p)
    key="$edition-$bot"
    awk -v k="$key" -v m="$median" -v r="${recorded[$key]}" 'BEGIN { printf "%-16s %12s %12s %8.2f\n", k, m, r, m / r }' 
  done
done
