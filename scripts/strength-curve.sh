#!/usr/bin/env bash
# Whether a setting's figures under strong play are settled, or keep moving as play gets
# stronger: plays CONFIG (with any `simulate` flags, such as `--set` or `--players`) by the
# default search at every seat, at 1, 2, 4 and 8 times its iterations, each time with the
# trust times the square root of the multiple (at most 100: the same size of edge, measured
# more surely; the rule of every strength reference but Cheesy Heist's, which keeps trust 20),
# on the same seeds.
#
# Writes OUT/curve.csv (`multiple,bots,from,figure,value,ci_low,ci_high`: every figure of
# strength.csv at every budget) and prints each seat's, role's and ending's rate and the mean
# length along the curve, with `moves` where two neighbouring steps differ by more than the 95%
# interval of their difference. A figure that moves is one strong players of different strength see
# differently: read no single value of it as "the" strong-play figure.
#
# Usage: scripts/strength-curve.sh CONFIG [simulate flags...]
#   scripts/strength-curve.sh cat-and-the-mouse --set variants.subtle_movement=true
# GAMES=N games a budget (default 2000); MULTIPLES="1 2 4 8" the budgets, as whole multiples
# of the default search's iterations, each once; OUT=DIR (default
# results/strength-curve/CONFIG); WHISKER=PATH runs that binary instead of building one. A
# step costs its multiple times the default search's games: at the defaults, on 2 quiet cores,
# Cat & The Mouse takes about 15 seconds (5 minutes to 32x), Mice Heist about 5 minutes,
# Mouse Chaos about 7 at 4 players and 25 at 2; a busy machine takes up to three times as
# long. Each budget's rows reach OUT/curve.csv as it finishes, so a stopped run keeps them.
# Needs Python 3.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/strength-curve.sh CONFIG [simulate flags...]" >&2; exit 2; }
config=$1
shift
if [ -z "${WHISKER:-}" ]; then
  cargo build --release --locked --quiet
fi
whisker=${WHISKER:-target/release/whisker}
games=${GAMES:-2000} multiples=${MULTIPLES:-1 2 4 8}
out=${OUT:-results/strength-curve/$config}
seen=" "
for m in $multiples; do
  [[ $m =~ ^[1-9][0-9]*$ && $seen != *" $m "* ]] ||
    { echo "strength-curve.sh: MULTIPLES: \`$m\` is not a new whole multiple (1, 2, 4, ...)" >&2; exit 2; }
  seen+="$m "
done

# The default search's iterations, as `whisker bots` lists them (an unknown config fails here).
base=$("$whisker" bots "$config" | sed -n 's/^ *iterations=\([0-9]*\) .*/\1/p' | head -1)
[ -n "$base" ] || { echo "strength-curve.sh: no ismcts iterations listed for $config" >&2; exit 2; }

mkdir -p "$out"
runs=$(mktemp -d)
trap 'rm -rf "$runs"' EXIT
echo "multiple,bots,from,figure,value,ci_low,ci_high" >"$out/curve.csv"
for m in $multiples; do
  trust=$(python3 -c "print(min(100, round(20 * $m ** 0.5)))")
  bots="ismcts(iterations=$((base * m)),trust=$trust)"
  "$whisker" simulate "$config" "$@" --bots "$bots" --games "$games" --strength off --quiet \
    --out "$runs/$m" </dev/null >/dev/null
  sed 1d "$runs/$m/strength.csv" | cut -d, -f1-5 | sed "s|^|$m,\"$bots\",|" >>"$out/curve.csv"
  echo "$config $*: ${m}x ($bots) played" >&2
done

python3 - "$out/curve.csv" <<'EOF'
import csv, sys
from collections import defaultdict
rows = list(csv.DictReader(open(sys.argv[1])))
curves = defaultdict(list)
for r in rows:
    if r["from"] in ("seats", "roles", "endings") or r["figure"] == "mean_turns":
        curves[(r["from"], r["figure"])].append(r)
def se(p):
    return (float(p["ci_high"]) - float(p["ci_low"])) / (2 * 1.96)

def moved(a, b):
    # Two runs of their own, so the difference's interval is wider than either one's.
    return abs(float(b["value"]) - float(a["value"])) > 1.96 * (se(a) ** 2 + se(b) ** 2) ** 0.5

steps = list(dict.fromkeys(r["multiple"] + "x" for r in rows))
print("figure".ljust(24) + "".join(s.rjust(9) for s in steps))
for (src, fig), pts in curves.items():
    values = [float(p["value"]) for p in pts]
    if src != "summary" and max(values) == 0:
        continue  # an ending no game reached at any budget
    moves = any(moved(a, b) for a, b in zip(pts, pts[1:]))
    shown = [f"{v:.2f}" if src == "summary" else f"{100 * v:.1f}%" for v in values]
    print(fig.ljust(24) + "".join(s.rjust(9) for s in shown) + ("   moves" if moves else ""))
EOF
echo "curve in $out/curve.csv"
