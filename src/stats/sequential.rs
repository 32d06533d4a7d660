//! Sequential tests: a check that plays its games a look at a time and stops as soon as every
//! metric's answer is clear, with stated error rates, instead of always playing them all (the
//! way fishtest stops a chess engine test with an SPRT).
//!
//! For each metric with a tolerance τ, two one-sided sequential probability ratio tests (Wald's)
//! on its change Δ (now − baseline), with the normal approximation of the paired comparison's
//! intervals: "within its tolerance" (Δ = τ/2) against "beyond it" (Δ = 3τ/2), upwards, and the
//! same downwards. Between τ/2 and 3τ/2 either answer may come: that is the indifference zone,
//! centred on the tolerance, so a change the tolerance allows is mostly called within and one it
//! does not mostly beyond. Of metrics that moved τ/2 or less, at most α (shared among all the
//! metrics of a check) are called beyond; of those that moved 3τ/2 or more, at most β are called
//! within.

use std::collections::BTreeMap;

use crate::core::game::CAPPED_ENDING;
use crate::stats::compare::{Change, Paired, Side, changes, ks_test};
use crate::stats::metrics::SummaryMetric;

/// The chance of calling any metric of a check beyond its tolerance when none moved more than
/// half of it.
pub(crate) const ALPHA: f64 = 0.05;
/// The chance of calling a metric within its tolerance when it moved one and a half times it.
pub(crate) const BETA: f64 = 0.05;
/// Games at the first look: fewer, and the normal approximation of a rate's change is rough.
pub(crate) const FIRST_LOOK: u64 = 1_000;
/// Games a change must rest on (games in which a quantity it is made of differs) before its
/// standard error is trusted: with a handful, a rare quantity's spread is underestimated and a
/// few differing games look like certainty.
pub(crate) const EVIDENCE: u64 = 30;

/// How far each metric may move before a significant change counts as a regression: the
/// shared metrics' defaults, and the game's declared rates' own.
pub(crate) fn tolerance(metric: &str, declared: &[SummaryMetric]) -> Option<f64> {
    let own = declared.iter().find_map(|m| match *m {
        SummaryMetric::Rate {
            name, tolerance, ..
        } if name == metric => Some(tolerance),
        _ => None,
    });
    if own.is_some() {
        return own;
    }
    Some(match metric {
        "mean_turns" => 0.5,
        "seat_gap" => 0.03,
        "shared_victory_rate" => 0.01,
        "capped_rate" => 0.005,
        "game_length_distribution_ks" => 0.05,
        m if m.ends_with("_win_rate") => 0.02,
        // The share of games that ended at the cap, as a game that names that ending calls
        // it: `capped_rate`'s.
        m if m == crate::stats::compare::ending_metric("ending", CAPPED_ENDING) => 0.005,
        // A share of games that ended one way ([`crate::stats::compare::ending_metric`]).
        m if m.starts_with("ending_") => 0.02,
        m if m.ends_with("_mean_score") => 1.0,
        _ => return None,
    })
}

/// The sequential test's look at the games played so far (`paired`), one of `looks`: calls each
/// metric with a tolerance that is still open, and says whether the run can stop (one metric is
/// beyond its tolerance, or every one is within).
pub(crate) fn look(
    paired: &Paired,
    sides: [Side; 2],
    bots: &[&str],
    limit_of: &dyn Fn(&str) -> Option<f64>,
    (calls, looks): (&mut BTreeMap<String, Call>, usize),
) -> bool {
    let tested: Vec<(Change, f64)> = changes(paired, sides, bots)
        .into_iter()
        .filter_map(|c| limit_of(&c.metric).map(|limit| (c, limit)))
        .collect();
    let ks = limit_of(KS).filter(|&t| t > 0.0);
    let test = Sprt::new(ALPHA, BETA, tested.len() + usize::from(ks.is_some()));
    // Every game so far is the same game on both sides: nothing the change does has reached
    // them, and every change is exactly 0.
    let same = paired.identical();
    for (c, limit) in tested {
        let call = calls.entry(c.metric.clone()).or_insert(Call::Open);
        if *call == Call::Open {
            *call = if same && limit > 0.0 {
                Call::Within
            } else {
                test.call(&c, limit)
            };
        }
    }
    if let Some(limit) = ks {
        let call = calls.entry(KS.into()).or_insert(Call::Open);
        if *call == Call::Open {
            *call = if same {
                Call::Within
            } else {
                let (d, _) = ks_test(&paired.turns_a, &paired.turns_b);
                test.distance(d, paired.games(), limit, looks)
            };
        }
    }
    calls.values().any(|c| *c == Call::Beyond) || calls.values().all(|c| *c == Call::Within)
}

/// The game-length distribution's KS statistic: no mean of the games, so called by
/// [`Sprt::distance`].
const KS: &str = "game_length_distribution_ks";

/// The upper end of a one-sided `1 − err` interval for the mean of a Poisson count seen to be
/// `k` (Wilson and Hilferty's approximation: 3.0 for none seen at 95%, the rule of three).
fn poisson_upper(k: u64, err: f64) -> f64 {
    // The normal quantile for the usual error rates; 1.645 for 5%.
    let z = (-2.0 * err.ln()).sqrt();
    let z = z
        - (2.515_517 + 0.802_853 * z + 0.010_328 * z * z)
            / (1.0 + 1.432_788 * z + 0.189_269 * z * z + 0.001_308 * z * z * z);
    let m = k as f64 + 1.0;
    m * (1.0 - 1.0 / (9.0 * m) + z / (3.0 * m.sqrt())).powi(3)
}

/// What a sequential run did, for the terminal: the games it `took` ("1000 of the baseline's
/// 4000 games"), whether it stopped `early` (before the last game), and why, from each tested
/// metric's call (`called`, in the table's order); `run` names what it is ("check").
pub(crate) fn sentence(called: &[(&str, Call)], early: bool, took: &str, run: &str) -> String {
    let named = |wanted: Call| -> Vec<&str> {
        called
            .iter()
            .filter(|(_, call)| *call == wanted)
            .map(|(metric, _)| *metric)
            .collect()
    };
    let (beyond, open) = (named(Call::Beyond), named(Call::Open));
    if !early {
        return format!(
            "Sequential test: played all {took} without a clear answer, so this is the full {run}, as without --sequential."
        );
    }
    let why = if beyond.is_empty() {
        "every metric is within its tolerance".to_string()
    } else {
        let mut why = format!(
            "called beyond its tolerance (nearer one and a half times it than half): {}",
            beyond.join(", ")
        );
        if !open.is_empty() {
            why += &format!(
                "; not called yet, shown on the games played: {}",
                open.join(", ")
            );
        }
        why
    };
    format!(
        "Sequential test (at most {}% false alarms across the run and {}% misses a metric, with the indifference zone from half to one and a half times each tolerance): stopped after {took}: {why}.",
        ALPHA * 100.0,
        BETA * 100.0
    )
}

/// What a sequential test says of one metric so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Call {
    /// Not clear yet: play on.
    Open,
    /// It moved no more than its tolerance allows.
    Within,
    /// It moved by more than its tolerance.
    Beyond,
}

impl Call {
    /// As the check's table and JSON write it.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Within => "within",
            Self::Beyond => "beyond",
        }
    }
}

/// One metric's test: the log-likelihood-ratio thresholds of its two directions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sprt {
    /// At or below it in both directions, the metric is within its tolerance.
    lower: f64,
    /// At or above it in either direction, it is beyond.
    upper: f64,
    /// The false-alarm rate of one direction of one metric.
    alpha: f64,
}

impl Sprt {
    /// The test of one of `metrics` tested together: α is shared among them and their two
    /// directions (Bonferroni), β holds for each.
    pub(crate) fn new(alpha: f64, beta: f64, metrics: usize) -> Self {
        let a = alpha / (2.0 * metrics.max(1) as f64);
        Self {
            lower: (beta / (1.0 - a)).ln(),
            upper: ((1.0 - beta) / a).ln(),
            alpha: a,
        }
    }

    /// The call on a metric's change against its `tolerance`. Resting on [`EVIDENCE`] games
    /// or more, the SPRT's ([`Sprt::normal`]); on fewer, only a yes-or-no quantity is called,
    /// and only within: its change is at most the share of games in which it differs, so it is
    /// within when even that share's upper bound (at 1 − β) is below the tolerance. A tolerance
    /// of 0 is never within.
    pub(crate) fn call(&self, c: &Change, tolerance: f64) -> Call {
        if tolerance.is_nan() || tolerance <= 0.0 {
            Call::Open
        } else if c.differing >= EVIDENCE {
            self.normal(c.diff, c.se, tolerance)
        } else if c.indicator && poisson_upper(c.differing, BETA) < tolerance * c.games as f64 {
            Call::Within
        } else {
            Call::Open
        }
    }

    /// The call on a distance `d` between two distributions of `games` games each (the KS
    /// statistic), one of `looks`: with the Dvoretzky–Kiefer–Wolfowitz bound each side's
    /// empirical distribution is within ε of its own with chance 1 − 2e^(−2nε²), so the true
    /// distance is within 2ε of `d`. Beyond when it is above the tolerance and surely above
    /// τ/2, within when below it and surely below 3τ/2, the error rates shared among the looks.
    fn distance(&self, d: f64, games: u64, tolerance: f64, looks: usize) -> Call {
        let n = games.max(1) as f64;
        let looks = looks.max(1) as f64;
        // Each side's bound fails with chance 2e^(−2nε²): both, at most twice that.
        let margin = |err: f64| 2.0 * ((4.0 * looks / err).ln() / (2.0 * n)).sqrt();
        if d > tolerance && d - margin(self.alpha) > tolerance / 2.0 {
            Call::Beyond
        } else if d < tolerance && d + margin(BETA) < 1.5 * tolerance {
            Call::Within
        } else {
            Call::Open
        }
    }

    /// The SPRT's call on a change `diff` with standard error `se`, against `tolerance`: the
    /// two log-likelihood ratios are τ(Δ̂ − τ)/se² upwards and τ(−Δ̂ − τ)/se² downwards.
    fn normal(&self, diff: f64, se: f64, tolerance: f64) -> Call {
        let llr = |d: f64| tolerance * (d - tolerance) / (se * se);
        let (up, down) = (llr(diff), llr(-diff));
        // A NaN ratio (0/0: the change is exactly the tolerance, with no noise) decides nothing.
        if up >= self.upper || down >= self.upper {
            Call::Beyond
        } else if up <= self.lower && down <= self.lower {
            Call::Within
        } else {
            Call::Open
        }
    }
}

/// The game counts at which a run of `games` looks: [`looks`] with `--sequential`, and without
/// it one look, at the end.
pub(crate) fn looks_of(sequential: bool, games: u64) -> Vec<u64> {
    if sequential {
        looks(games)
    } else {
        vec![games]
    }
}

/// The game counts at which a check of `games` looks: [`FIRST_LOOK`], then half as many again
/// each time, and `games` last.
pub(crate) fn looks(games: u64) -> Vec<u64> {
    let mut at = FIRST_LOOK.min(games);
    let mut out = vec![at];
    while at < games {
        at = at.saturating_add(at / 2).min(games);
        out.push(at);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::{Dice, GameRng};

    #[test]
    fn thresholds_are_walds() {
        // One metric: α/2 a direction.
        let t = Sprt::new(0.05, 0.05, 1);
        assert!((t.upper - (0.95f64 / 0.025).ln()).abs() < 1e-12);
        assert!((t.lower - (0.05f64 / 0.975).ln()).abs() < 1e-12);
        // Ten metrics share α.
        let t = Sprt::new(0.05, 0.05, 10);
        assert!((t.upper - (0.95f64 / 0.0025).ln()).abs() < 1e-12);
    }

    #[test]
    fn calls_by_hand() {
        let t = Sprt::new(0.05, 0.05, 1);
        // τ = 0.02, se = 0.002: upward ratio 0.02·(Δ − 0.02)/0.000004 = 5000·(Δ − 0.02).
        assert_eq!(t.normal(0.0, 0.002, 0.02), Call::Within); // −100 both ways
        assert_eq!(t.normal(0.03, 0.002, 0.02), Call::Beyond); // +50 upwards
        assert_eq!(t.normal(-0.03, 0.002, 0.02), Call::Beyond); // +50 downwards
        assert_eq!(t.normal(0.0199, 0.002, 0.02), Call::Open); // −0.5 upwards
        // Without noise: at once, by which side of the tolerance the change is on.
        assert_eq!(t.normal(0.0, 0.0, 0.02), Call::Within);
        assert_eq!(t.normal(0.019, 0.0, 0.02), Call::Within);
        assert_eq!(t.normal(-0.021, 0.0, 0.02), Call::Beyond);
        assert_eq!(t.normal(0.02, 0.0, 0.02), Call::Open);
        // No tolerance, no call; nor from a change not yet known.
        assert_eq!(t.normal(0.0, 0.0, 0.0), Call::Open);
        assert_eq!(t.normal(f64::NAN, 0.01, 0.02), Call::Open);
    }

    #[test]
    fn looks_grow_by_half_and_end_at_the_games() {
        assert_eq!(looks(10_000), [1000, 1500, 2250, 3375, 5062, 7593, 10_000]);
        assert_eq!(looks(600), [600]);
        assert_eq!(looks(1_000), [1000]);
        assert_eq!(looks(1_001), [1000, 1001]);
    }

    #[test]
    fn the_rule_of_three_and_beyond() {
        // Within 1% of the exact bounds (−ln 0.05 = 2.996 for none seen).
        for (k, exact) in [(0, 2.996), (5, 10.513), (20, 29.062)] {
            let upper = poisson_upper(k, 0.05);
            assert!((upper / exact - 1.0).abs() < 0.01, "{k}: {upper}");
        }
    }

    fn change(diff: f64, se: f64, differing: u64, indicator: bool) -> Change {
        Change {
            metric: "m".into(),
            diff,
            se,
            differing,
            indicator,
            games: 1000,
        }
    }

    #[test]
    fn few_differing_games_call_only_a_yes_or_no_quantity_within() {
        let t = Sprt::new(0.05, 0.05, 1);
        // No game of 1,000 differs: at most 3 in 1,000 do, below a tolerance of 0.005.
        assert_eq!(t.call(&change(0.0, 0.0, 0, true), 0.005), Call::Within);
        // But not below 0.002, nor for a mean of numbers, whose games may differ by much.
        assert_eq!(t.call(&change(0.0, 0.0, 0, true), 0.002), Call::Open);
        assert_eq!(t.call(&change(0.0, 0.0, 0, false), 0.5), Call::Open);
        // Five differing games look like a sure change of 0.005 ± 0.002; too few to say.
        assert_eq!(t.call(&change(0.005, 0.0022, 5, true), 0.002), Call::Open);
        // With enough of them, the SPRT calls.
        assert_eq!(t.call(&change(0.0, 0.002, 400, false), 0.02), Call::Within);
        assert_eq!(t.call(&change(0.03, 0.002, 400, false), 0.02), Call::Beyond);
    }

    #[test]
    fn distances_are_called_outside_their_margins() {
        let t = Sprt::new(0.05, 0.05, 10);
        // At 100,000 games a side the margin is about 0.02.
        assert_eq!(t.distance(0.0, 100_000, 0.05, 13), Call::Within);
        assert_eq!(t.distance(0.2, 100_000, 0.05, 13), Call::Beyond);
        assert_eq!(t.distance(0.05, 100_000, 0.05, 13), Call::Open);
        // At 1,000 it is about 0.14: nothing near a tolerance of 0.05 is called.
        assert_eq!(t.distance(0.0, 1_000, 0.05, 13), Call::Open);
        assert_eq!(t.distance(0.1, 1_000, 0.05, 13), Call::Open);
        assert_eq!(t.distance(0.2, 1_000, 0.05, 13), Call::Beyond);
    }

    /// A rare yes-or-no quantity (a cap) that the change makes happen in `per_million` of a
    /// million games and never before, called a look at a time up to `games`.
    fn rare(rng: &mut GameRng, per_million: u32, tolerance: f64, games: u64) -> Call {
        let t = Sprt::new(ALPHA, BETA, 14);
        let (mut n, mut seen) = (0u64, 0u64);
        for look in looks(games) {
            while n < look {
                seen += u64::from(rng.below(1_000_000) < per_million);
                n += 1;
            }
            let p = seen as f64 / n as f64;
            let c = Change {
                metric: "capped_rate".into(),
                diff: p,
                se: (p * (1.0 - p) / n as f64).sqrt(),
                differing: seen,
                indicator: true,
                games: n,
            };
            let call = t.call(&c, tolerance);
            if call != Call::Open {
                return call;
            }
        }
        Call::Open
    }

    /// A rare quantity that moved one and a half times its tolerance is missed at most β of the
    /// time (the standard error of a handful of games is not trusted), and one that did not
    /// move is passed at once.
    #[test]
    fn a_rare_quantity_is_not_missed() {
        let mut rng = crate::core::rng::game_rng(11);
        let runs = 1_000;
        for tolerance in [0.005, 0.002, 0.001] {
            let moved = (1.5 * tolerance * 1e6) as u32;
            let misses = (0..runs)
                .filter(|_| rare(&mut rng, moved, tolerance, 100_000) == Call::Within)
                .count() as f64
                / f64::from(runs);
            let margin = 3.0 * (BETA * (1.0 - BETA) / f64::from(runs)).sqrt();
            assert!(misses <= BETA + margin, "τ {tolerance}: {misses}");
        }
        assert_eq!(rare(&mut rng, 0, 0.005, 100_000), Call::Within);
    }

    /// Plays one sequential test on paired differences of win indicators (+1 with chance `up`
    /// thousandths, −1 with `down`: a change of `up − down` thousandths) as a check would, a
    /// look at a time, up to `games`; its call at the end.
    fn run(rng: &mut GameRng, up: u32, down: u32, tolerance: f64, games: u64) -> Call {
        let t = Sprt::new(ALPHA, BETA, 1);
        let (mut n, mut sum, mut squares) = (0u64, 0i64, 0i64);
        for look in looks(games) {
            while n < look {
                let u = rng.below(1000);
                let d = if u < up {
                    1
                } else if u < up + down {
                    -1
                } else {
                    0
                };
                (n, sum, squares) = (n + 1, sum + d, squares + d * d);
            }
            let nf = n as f64;
            let mean = sum as f64 / nf;
            let var = (squares as f64 - nf * mean * mean) / (nf - 1.0);
            let call = t.normal(mean, (var / nf).sqrt(), tolerance);
            if call != Call::Open {
                return call;
            }
        }
        Call::Open
    }

    /// The stated error rates hold: at the edges of the indifference zone, a change of half
    /// the tolerance is called beyond at most α of the time and one of one and a half times it
    /// within at most β, each within three standard errors of 2,000 runs; no change at all is
    /// called within; and a change of the tolerance itself goes either way.
    #[test]
    fn error_rates_hold_at_the_edges_of_the_indifference_zone() {
        let mut rng = crate::core::rng::game_rng(7);
        let (runs, tolerance, games) = (2_000, 0.04, 40_000);
        // Win indicators of a seat, paired: the winner changes in about one game of ten.
        let noise = 50;
        let mut count = |change: u32, wanted: Call| {
            (0..runs)
                .filter(|_| run(&mut rng, noise + change, noise, tolerance, games) == wanted)
                .count() as f64
                / f64::from(runs)
        };
        let margin = |p: f64| 3.0 * (p * (1.0 - p) / f64::from(runs)).sqrt();
        // Thousandths: half the tolerance, and one and a half times it.
        let false_alarms = count(20, Call::Beyond);
        assert!(false_alarms <= ALPHA + margin(ALPHA), "{false_alarms}");
        let misses = count(60, Call::Within);
        assert!(misses <= BETA + margin(BETA), "{misses}");
        let unchanged = count(0, Call::Within);
        assert!(unchanged >= 0.99, "{unchanged}");
        // And the calls come: the edges are decided the right way (few runs reach the end open).
        let (within, beyond) = (count(20, Call::Within), count(60, Call::Beyond));
        // The zone is centred on the tolerance: a change of exactly it is a toss-up.
        let middle = count(40, Call::Beyond);
        assert!((0.35..0.65).contains(&middle), "{middle}");
        assert!(within >= 1.0 - ALPHA - margin(ALPHA), "{within}");
        assert!(beyond >= 1.0 - BETA - margin(BETA), "{beyond}");
    }
}
