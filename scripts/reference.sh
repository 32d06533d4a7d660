#!/usr/bin/env bash
# Makes the strength references under results/reference/<config>/: each built-in config played
# by its `reference` lineup (the `reference` preset of the config's [bots] table) at every seat,
# on 1,600 seeds, so each seat's 95% interval is at most ±2.5 points.
#
# Whether the reference has converged: the same seeds are played again at twice its budget
# (twice its iterations, its trust times √2, so the search still acts on the same size of edge),
# as the run's strength sample. A figure has converged when doubling the budget moves it by no
# more than the width of the reference's 95% interval: two runs of the same play differ by
# that much about one time in 200. The script prints every figure's move, writes it to
# convergence.csv beside the result, and exits 1 if any figure has not converged.
#
# Usage: scripts/reference.sh [CONFIG...]   (default: the five built-in configs)
# GAMES=N sets the seeds (default 1600); WHISKER=PATH runs that binary instead of building one.
# Takes about 25 minutes on 2 cores, most of it Mouse Chaos. Needs Python 3.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${WHISKER:-}" ]; then
  cargo build --release --locked --quiet
fi
whisker=${WHISKER:-target/release/whisker}
games=${GAMES:-1600}
configs=("$@")
[ ${#configs[@]} -gt 0 ] ||
  configs=(mice-heist-cheese mice-heist-ratings cat-and-the-mouse cheesy-heist mouse-chaos)
status=0
for c in "${configs[@]}"; do
  # The reference as the config names it, and the same search at twice its budget.
  reference=$("$whisker" bots "$c" | sed -n 's/^ *reference *= *//p')
  if [ -z "$reference" ]; then
    echo "$c: its config has no \`reference\` preset in [bots]" >&2
    exit 2
  fi
  # A parameter the preset leaves out has the search's default, as `whisker bots` lists it.
  doubled=$(python3 - "$reference" "$("$whisker" bots "$c")" <<'EOF'
import math, re, sys
ref, listing = sys.argv[1], sys.argv[2]
def param(name):
    found = re.search(rf"\b{name}=(\d+)", ref) or re.search(rf"^\s*{name}=(\d+)", listing, re.M)
    return int(found.group(1))
print(f"reference(iterations={2 * param('iterations')},trust={round(param('trust') * math.sqrt(2))})")
EOF
  )
  out=results/reference/$c
  echo "$c: $reference on $games seeds, then $doubled on the same seeds"
  "$whisker" simulate "$c" --bots reference --games "$games" --strength "$games" \
    --strength-bots "$doubled" --quiet --out "$out" >/dev/null
  # Timings differ from machine to machine; the reference is the figures.
  rm -f "$out/host.toml"
  python3 - "$out" <<'EOF' || status=1
import csv, sys
out = sys.argv[1]
rows = list(csv.DictReader(open(f"{out}/strength.csv")))
fields = ["from", "figure", "value", "ci_low", "ci_high", "doubled", "moved", "allowed", "converged"]
late = []
with open(f"{out}/convergence.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(fields)
    print(f"  {'figure':28} {'reference (95% CI)':>30} {'doubled':>9} {'moved':>8} {'allowed':>8}")
    for r in rows:
        value, low, high, doubled = (float(r[k]) for k in ("value", "ci_low", "ci_high", "strong_value"))
        moved, allowed = abs(doubled - value), high - low
        ok = moved <= allowed + 1e-12
        if not ok:
            late.append(r["figure"])
        w.writerow([r["from"], r["figure"], r["value"], r["ci_low"], r["ci_high"], r["strong_value"],
                    f"{moved:.6f}", f"{allowed:.6f}", "yes" if ok else "no"])
        print(f"  {r['figure'][:28]:28} {value:10.4f} ({low:.4f} – {high:.4f}) {doubled:9.4f} "
              f"{moved:8.4f} {allowed:8.4f}{'' if ok else '  ! not converged'}")
if late:
    print(f"  ! not converged: {', '.join(late)}")
    sys.exit(1)
print("  converged: doubling the budget moves no figure by more than its interval")
EOF
done
exit "$status"
