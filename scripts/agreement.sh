#!/usr/bin/env bash
# Whether the default bots' headline figures agree with strong play beyond the defaults they
# were written and tuned on: each built-in config is played at its defaults, with each of its
# rule switches turned, and with a few changed values, every time by the default bots and then
# (the strength sample, on the same first seeds) by the strong lineup at every seat. A figure
# agrees in a setting when the default bots' value lies inside the strong lineup's 95% interval
# there (`strong_play` = confirmed in strength.csv).
#
# Writes OUT/agreement.csv (one row per config, setting and figure, the strength.csv columns
# after `config,setting`) and prints, per config, each figure with the settings where it does
# not agree; a figure that agrees everywhere is said to.
#
# Usage: scripts/agreement.sh [CONFIG...]   (default: the five built-in configs)
# GAMES=N the default bots' games a setting (default 20000); STRONG=BOTS the strong lineup
# (default reference: each config's strength reference, the `reference` preset of its [bots]);
# STRENGTH=N|auto its games a setting (default auto: the strength sample's size, chosen for
# about 10 s of the default search, so about 40 s of the reference); OUT=DIR (default
# results/agreement); WHISKER=PATH runs that binary instead of building one (relative paths
# are from the repository's root). At its defaults it
# took 52 minutes on 2 cores shared with a build; STRONG=ismcts (the default search) took 19.
# Needs Python 3.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${WHISKER:-}" ]; then
  cargo build --release --locked --quiet
fi
whisker=${WHISKER:-target/release/whisker}
games=${GAMES:-20000} strength=${STRENGTH:-auto} strong=${STRONG:-reference}
out=${OUT:-results/agreement}
configs=("$@")
[ ${#configs[@]} -gt 0 ] ||
  configs=(mice-heist-cheese mice-heist-ratings cat-and-the-mouse cheesy-heist mouse-chaos)

# Each config's settings beyond its defaults: every rule switch's other values (RULES.md), then a
# changed value or two and another table size. An entry is the flags it adds to `simulate`.
settings() {
  case $1 in
    mice-heist-cheese)
      printf '%s\n' "--set rules.obstacle_cheese=at_setup" "--set rules.obstacle_cheese=none" \
        "--set rules.bet_from_covered=false" "--set rules.covered_cheese_scores=true" \
        "--set rules.track_end_cheese=false" "--set rules.discarded_skill_cheese=stash" \
        "--set rules.game_end=finish_round" "--set chips.blue.high=3" "--players 3" ;;
    mice-heist-ratings)
      printf '%s\n' "--set rules.obstacle_cheese=at_setup" "--set rules.obstacle_cheese=none" \
        "--set rules.track_end_cheese=false" "--set chips.blue.high=3" "--players 3" ;;
    cat-and-the-mouse)
      printf '%s\n' "--set rules.own_room=forbidden" "--set rules.clue_room_again=clue" \
        "--set rules.clue_room_again=forbidden" "--set rules.shuffle_after_search=false" \
        "--set variants.subtle_movement=true" "--set variants.deep_pockets=true" \
        "--set rules.room_loot=3" ;;
    cheesy-heist)
      printf '%s\n' "--set rules.piles=mixed" "--set cards.cat=10" "--players 3" "--players 5" ;;
    mouse-chaos)
      printf '%s\n' "--set rules.mothers=own_colour" "--set rules.chair_beams=back" \
        "--set rules.chair_beams=sides" "--set rules.cheese_look=everyone" \
        "--set rules.catch_look=mover" "--players 3" "--players 2" ;;
    *) echo "agreement.sh: no settings listed for $1" >&2; exit 2 ;;
  esac
}

# A config with no settings listed is refused before anything plays, not an hour in.
for c in "${configs[@]}"; do settings "$c" >/dev/null; done
mkdir -p "$out"
runs=$(mktemp -d)
trap 'rm -rf "$runs"' EXIT
table="$runs/agreement.csv"
echo "config,setting,from,figure,value,ci_low,ci_high,strong_value,strong_ci_low,strong_ci_high,strong_play" >"$table"
for c in "${configs[@]}"; do
  { echo ""; settings "$c"; } >"$runs/settings"
  n=0
  while IFS= read -r setting; do
    n=$((n + 1))
    dir="$runs/$c-$n"
    # shellcheck disable=SC2086 # a setting is flags, split on purpose
    "$whisker" simulate "$c" $setting --games "$games" --strength "$strength" \
      --strength-bots "$strong" --quiet --out "$dir" </dev/null >/dev/null
    sed 1d "$dir/strength.csv" | sed "s|^|$c,${setting:-defaults},|" >>"$table"
    echo "$c ${setting:-(defaults)}: $(grep -c ',not confirmed$' "$dir/strength.csv" || true) not confirmed" >&2
  done <"$runs/settings"
done
cp "$table" "$out/agreement.csv"
python3 - "$out/agreement.csv" "$strong" <<'EOF'
import csv, sys
from collections import OrderedDict
rows = list(csv.DictReader(open(sys.argv[1])))
strong = sys.argv[2]
def show(figure, v):
    # Shares and gaps read as percentages (a rare ending's to two places, or its interval would
    # read 0.0%–0.1% around 0.0% and seem to hold it); lengths as they are.
    if figure.endswith("turns"):
        return f"{v:.2f}"
    return f"{100 * v:.2f}%" if abs(v) < 0.01 else f"{100 * v:.1f}%"
by_config = OrderedDict()
for r in rows:
    by_config.setdefault(r["config"], OrderedDict()).setdefault(r["figure"], []).append(r)
for config, figures in by_config.items():
    settings = len(next(iter(figures.values())))
    print(f"\n{config}: the default bots against {strong}, in {settings} settings (defaults first)")
    for figure, rs in figures.items():
        off = [r for r in rs if r["strong_play"] == "not confirmed"]
        # A seat beyond a smaller table's is in fewer settings than the config has.
        of = f"{len(rs)}" if len(rs) == settings else f"{len(rs)} that have it"
        if not off:
            print(f"  {figure:26} agrees in all {of}")
            continue
        where = "; ".join(
            f"{r['setting']} {show(figure, float(r['value']))} vs {show(figure, float(r['strong_value']))}"
            f" ({show(figure, float(r['strong_ci_low']))}–{show(figure, float(r['strong_ci_high']))})"
            for r in off)
        print(f"  {figure:26} differs in {len(off)} of {of}: {where}")
EOF
