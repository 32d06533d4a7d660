#!/usr/bin/env bash
# Renders one report of each kind in headless Chromium and saves the pages as PNG under docs/,
# the screenshots docs/replay-and-report.md shows. Needs Debian's chromium and imagemagick packages
# (apt-get install chromium imagemagick); ImageMagick trims the empty space under each page.
# Usage: scripts/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
whisker=target/release/whisker
convert=/usr/bin/convert # Debian's ImageMagick, not a stand-in earlier on the PATH
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p docs

$whisker simulate --report --quiet --out "$work/simulate" >/dev/null
$whisker compare configs/mice-heist/cheese.toml configs/mice-heist/ratings.toml \
  --report --quiet --out "$work/compare" >/dev/null
$whisker sweep --vary chips.blue.high=2..6 --games 4000 --report --quiet --out "$work/sweep" >/dev/null
# Two players who never push a mouse on: a game that stalls, to show how a page tells it.
$whisker simulate mouse-chaos --players 2 --bots 'shepherd(drive=0)' --games 4000 --report --quiet \
  --out "$work/chaos" >/dev/null
$whisker ladder cat-and-the-mouse --report --quiet --out "$work/ladder" >/dev/null
$whisker tune cat-and-the-mouse --vary rules.rooms=10..16 --vary tricks.smoke_bomb=0..3 \
  --target 'mouse_win_rate=40%±3%' --keep mean_turns --report --quiet --out "$work/tune" >/dev/null

# shot REPORT PNG [CHROMIUM FLAGS]: the whole page, 900 px wide, in 64 colours to stay small.
shot() {
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=900,12000 \
    "${@:3}" --screenshot="$2" "file://$1" 2>/dev/null
  "$convert" "$2" -trim +repage -bordercolor "$("$convert" "$2" -format '%[pixel:p{0,0}]' info:)" \
    -border 24 -colors 64 "PNG8:$2"
}
shot "$work/simulate/report.html" docs/report-simulate.png
shot "$work/simulate/report.html" docs/report-simulate-dark.png --force-dark-mode
shot "$work/compare/report.html" docs/report-compare.png
shot "$work/sweep/report.html" docs/report-sweep.png
shot "$work/chaos/report.html" docs/report-mouse-chaos-2.png
shot "$work/ladder/report.html" docs/report-ladder.png
shot "$work/tune/report.html" docs/report-tune.png
ls -l docs/*.png
