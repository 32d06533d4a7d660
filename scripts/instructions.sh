#!/usr/bin/env bash
# Instructions a game (callgrind), start-up left out: the run of HI games minus the run of LO
# games, divided by HI - LO. Counts, not seconds, so the figure is the same on a busy machine.
# Usage: scripts/instructions.sh CONFIG BOTS HI LO [simulate options...]
#   scripts/instructions.sh mice-heist-cheese greedy 3000 1000
#   scripts/instructions.sh mice-heist-cheese ismcts 6 2
set -euo pipefail
cd "$(dirname "$0")/.."
config=$1 bots=$2 hi=$3 lo=$4
shift 4
extra=("$@")
bin=${WHISKER_BIN:-target/release/whisker}
[ -n "${WHISKER_BIN:-}" ] || cargo build --release --locked --quiet
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" simulate "$config" \
    --bots "$bots" --games "$1" --threads 1 --quiet --strength off --out "$out/r$1" "${extra[@]}" 2>&1 >/dev/null |
    sed -n 's/.*Collected : //p'
}
a=$(count "$hi")
b=$(count "$lo")
awk -v a="$a" -v b="$b" -v n=$((hi - lo)) -v c="$config" -v bots="$bots" \
  'BEGIN { printf "%s, %s: %.0f instructions a game\n", c, bots, (a - b) / n }'
