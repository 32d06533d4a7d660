#!/usr/bin/env python3
"""Games each tuner needs to reach a confirmed target: `whisker tune` against Optuna's TPE and
NTBEA (the PyPI `ntbea` package) driving `whisker simulate` as a black box, on the same problems.

A black-box trial plays one point on fresh seeds and scores it by how far its figure is from the
band's middle. It plays as many games as put a 95% interval at the band's middle within half the
band (4,100 games for 40% ± 3): fewer, and no trial could ever show a point inside the band. As `tune` does, a trial whose 95% interval lies inside the band
is confirmed on as many fresh games again; the run stops at the first confirmed point, or when it
has spent the budget. Every game a tuner asks for counts, NTBEA's own re-evaluations included.
Each tuner runs with several seeds; the table gives the median games, how many runs confirmed a
point, and how many of those points a 100,000-game `simulate` puts inside the band.

    pip install optuna ntbea
    scripts/compare-tuners.py            # both problems, 10 seeds each, a few minutes
    scripts/compare-tuners.py --seeds 3  # quicker

WHISKER_BIN names the binary (default: target/release/whisker, built if absent).
"""

import argparse
import csv
import itertools
import logging
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = os.environ.get("WHISKER_BIN", str(ROOT / "target/release/whisker"))

# Each problem: a config, its keys and their values, and a target on one role's win rate.
PROBLEMS = [
    {
        "name": "Cat & The Mouse: rooms × Smoke Bombs, the Mouse 40% ± 3",
        "config": "cat-and-the-mouse",
        "keys": {"rules.rooms": range(10, 17), "tricks.smoke_bomb": range(0, 4)},
        "row": "mouse",
        "low": 0.37,
        "high": 0.43,
    },
    {
        "name": "Cat & The Mouse: rooms × Loot copies, the Mouse 42% ± 2",
        "config": "cat-and-the-mouse",
        "keys": {"rules.rooms": range(8, 17), "loot.copies": range(1, 4)},
        "row": "mouse",
        "low": 0.40,
        "high": 0.44,
    },
]

BUDGET = 1_000_000


def trial_games(problem):
    """Games for a 95% interval at the band's middle half the band wide, in hundreds."""
    mid = (problem["low"] + problem["high"]) / 2
    half = (problem["high"] - problem["low"]) / 4
    n = (1.96 * (mid * (1 - mid)) ** 0.5 / half) ** 2
    return int(-(-n // 100) * 100)


def simulate(problem, point, games, seed, skip_dir):
    """The figure and its 95% interval at `point` over `games` games from master seed `seed`."""
    out = Path(skip_dir) / f"s{seed}-{games}-{'-'.join(map(str, point))}"
    args = [BIN, "simulate", problem["config"], "--games", str(games), "--seed", str(seed),
            "--strength", "off", "--quiet", "--threads", "1", "--out", str(out)]
    for key, value in zip(problem["keys"], point):
        args += ["--set", f"{key}={value}"]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    with open(out / "roles.csv") as f:
        for row in csv.reader(f):
            if row[0] == problem["row"] and row[1] == "all":
                return float(row[4]), float(row[5]), float(row[6])
    raise RuntimeError(f"no role {problem['row']} in roles.csv")


class Stop(Exception):
    pass


class BlackBox:
    """A tuner's view of whisker: a trial on fresh seeds, a confirmation of a
    trial inside the band, and the games they cost."""

    def __init__(self, problem, run_seed, tmp):
        self.problem = problem
        self.games = trial_games(problem)
        self.seed = run_seed * 1_000_003
        self.spent = 0
        self.confirmed = None
        self.tmp = tmp

    def fresh_seed(self):
        self.seed += 1
        return self.seed

    def trial(self, point):
        n = self.games
        if self.spent + 2 * n > BUDGET:
            raise Stop()
        p = self.problem
        value, low, high = simulate(p, point, n, self.fresh_seed(), self.tmp)
        self.spent += n
        if low >= p["low"] and high <= p["high"]:
            _, low2, high2 = simulate(p, point, n, self.fresh_seed(), self.tmp)
            self.spent += n
            if low2 >= p["low"] and high2 <= p["high"]:
                self.confirmed = tuple(point)
                raise Stop()
        return abs(value - (p["low"] + p["high"]) / 2)


def run_optuna(problem, run_seed, tmp):
    import optuna

    # The stop at a confirmed point ends the study by an exception, which Optuna logs as a
    # failed trial.
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    box = BlackBox(problem, run_seed, tmp)
    keys = list(problem["keys"].items())

    def objective(trial):
        point = [trial.suggest_int(k, min(v), max(v)) for k, v in keys]
        return box.trial(point)

    study = optuna.create_study(sampler=optuna.samplers.TPESampler(seed=run_seed))
    try:
        study.optimize(objective, n_trials=BUDGET // box.games)
    except Stop:
        pass
    return box


def run_ntbea(problem, run_seed, tmp):
    import numpy as np
    import random
    from ntbea import Evaluator, NTupleEvolutionaryAlgorithm, NTupleLandscape, SearchSpace
    from ntbea.common import DefaultMutator

    np.random.seed(run_seed)
    random.seed(run_seed)
    box = BlackBox(problem, run_seed, tmp)
    values = [list(v) for v in problem["keys"].values()]

    class Space(SearchSpace):
        def __init__(self):
            super().__init__("grid", len(values))

        def get_random_point(self):
            return np.array([np.random.choice(len(v)) for v in values])

        def get_size(self):
            n = 1
            for v in values:
                n *= len(v)
            return n

        def get_dim_size(self, j):
            return len(values[j])

        def get_valid_values_in_dim(self, dim):
            return list(range(len(values[dim])))

    class Fitness(Evaluator):
        def __init__(self):
            super().__init__("distance")

        def evaluate(self, x):
            # NTBEA maximises a positive fitness.
            return 1.0 - box.trial([values[d][int(i)] for d, i in enumerate(x)])

    space = Space()
    landscape = NTupleLandscape(space, ucb_epsilon=0.5)
    algo = NTupleEvolutionaryAlgorithm(landscape, Fitness(), space, DefaultMutator(space),
                                       k_explore=2, eval_neighbours=50)
    try:
        algo.run(BUDGET // box.games)
    except Stop:
        pass
    return box


def run_tune(problem, run_seed, tmp):
    out = Path(tmp) / f"tune-{run_seed}"
    mid = (problem["low"] + problem["high"]) / 2
    tol = (problem["high"] - problem["low"]) / 2
    args = [BIN, "tune", problem["config"], "--seed", str(run_seed), "--max-games", str(BUDGET),
            "--quiet", "--threads", "1", "--out", str(out),
            "--target", f"{problem['row']}_win_rate={mid}±{tol}"]
    for key, v in problem["keys"].items():
        args += ["--vary", f"{key}={min(v)}..{max(v)}"]
    said = subprocess.run(args, stdout=subprocess.PIPE, text=True).stdout

    class Result:
        pass

    r = Result()
    with open(out / "tune.toml") as f:
        r.spent = next(int(l.split("=")[1]) for l in f if l.startswith("games_played"))
    r.confirmed = None
    if said.startswith("CONFIRMED: ") or "\nCONFIRMED: " in said:
        line = said[said.index("CONFIRMED: ") + len("CONFIRMED: "):].split(" puts ")[0]
        r.confirmed = tuple(int(part.split(" = ")[1]) for part in line.split(", "))
    return r


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    logging.disable(logging.INFO)
    if "WHISKER_BIN" not in os.environ and not Path(BIN).exists():
        subprocess.run(["cargo", "build", "--release", "--locked", "--quiet"], cwd=ROOT, check=True)
    tuners = [("whisker tune", run_tune), ("Optuna TPE", run_optuna), ("NTBEA", run_ntbea)]
    print(f"budget {BUDGET:,} games a run, {args.seeds} runs a tuner")
    for problem in PROBLEMS:
        print(f"\n{problem['name']}: black-box trials of {trial_games(problem):,} games")
        print("| tuner | median games | confirmed | inside at 100,000 games |")
        print("| --- | ---: | ---: | ---: |")
        truth = {}
        for name, tuner in tuners:
            spent, confirmed, inside = [], 0, 0
            for seed in range(1, args.seeds + 1):
                with tempfile.TemporaryDirectory() as tmp:
                    r = tuner(problem, seed, tmp)
                    spent.append(r.spent)
                    if r.confirmed is not None:
                        confirmed += 1
                        if r.confirmed not in truth:
                            truth[r.confirmed] = simulate(problem, r.confirmed, 100_000, 1, tmp)
                        _, low, high = truth[r.confirmed]
                        inside += low >= problem["low"] and high <= problem["high"]
            print(f"| {name} | {statistics.median(spent):,.0f} | {confirmed} of {args.seeds} "
                  f"| {inside} of {confirmed} |")
        for point, (value, low, high) in sorted(truth.items()):
            print(f"  {point}: {value:.4f} ({low:.4f}–{high:.4f}) over 100,000 games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
