#!/usr/bin/env bash
# Plays the default config once per value of each contested rule switch (RULES.md) and prints the
# headline metrics side by side, so a designer sees which readings of the rulebook matter.
# Usage: scripts/rule-switches.sh [GAMES] [CONFIG]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100000}
config=${2:-configs/mice-heist/cheese.toml}
cargo build --release --quiet
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

metric() { awk -F, -v m="$2" '$1 == m { printf "%.3f", $2 }' "$1/summary.csv"; }

printf '%-42s %10s %10s %10s %10s\n' "switch" "turns" "seat gap" "seat 1" "pass rate"
for set in "" \
  rules.obstacle_cheese=at_setup rules.obstacle_cheese=none \
  rules.bet_from_covered=false rules.covered_cheese_scores=true \
  rules.track_end_cheese=false rules.discarded_skill_cheese=stash \
  rules.game_end=finish_round; do
  dir="$out/run"
  args=(simulate "$config" --games "$games" --quiet --out "$dir")
  [ -n "$set" ] && args+=(--set "$set")
  target/release/whisker "${args[@]}" >/dev/null
  printf '%-42s %10s %10s %10s %10s\n' "${set:-(defaults)}" "$(metric "$dir" mean_turns)" \
    "$(metric "$dir" seat_gap)" "$(metric "$dir" first_seat_win_rate)" "$(metric "$dir" test_success_rate)"
done
