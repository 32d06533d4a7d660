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

use crate::stats::compare::{Change, Paired, Side, changes};
use crate::stats::metrics::SummaryMetric;

/// The chance of calling any metric of a check beyond its tolerance when none moved more than
/// half of it.
pub(crate) const ALPHA: f64 = 0.05;
/// The chance of calling a metric within its tolerance when it moved one and a half times it.
pub(crate) const BETA: f64 = 0.05;
/// Games at the first look: fewer, and the normal approximation of a rate's change is rough.
pub(crate) const FIRST_LOOK: u64 = 1_000;

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
        m if m.ends_with("_mean_score") => 1.0,
        _ => return None,
    })
}

/// The sequential test's look at the games played so far (`paired`): calls each metric with a
/// tolerance that is still open, and says whether the check can stop (one metric is beyond its
/// tolerance, or every one is within).
pub(crate) fn look(
    paired: &Paired,
    sides: [Side; 2],
    bots: &[&str],
    limit_of: &dyn Fn(&str) -> Option<f64>,
    calls: &mut BTreeMap<String, Call>,
) -> bool {
    let tested: Vec<(Change, f64)> = changes(paired, sides, bots)
        .into_iter()
        .filter_map(|c| limit_of(&c.metric).map(|limit| (c, limit)))
        .collect();
    let test = Sprt::new(ALPHA, BETA, tested.len());
    for (c, limit) in tested {
        let call = calls.entry(c.metric).or_insert(Call::Open);
        if *call == Call::Open {
            *call = test.call(c.diff, c.se, limit);
        }
    }
    calls.values().any(|c| *c == Call::Beyond) || calls.values().all(|c| *c == Call::Within)
}

/// What a sequential run did, for the terminal: the games it `took` ("1000 of the baseline's
/// 4000 games"), and why it stopped, from each tested metric's call (`called`, in the table's
/// order); `untested` metrics are no mean of the games and were judged on the games played.
pub(crate) fn sentence(called: &[(&str, Call)], untested: &[&str], took: &str) -> String {
    let named = |wanted: Call| -> Vec<&str> {
        called
            .iter()
            .filter(|(_, call)| *call == wanted)
            .map(|(metric, _)| *metric)
            .collect()
    };
    let (beyond, open) = (named(Call::Beyond), named(Call::Open));
    let also = if untested.is_empty() {
        String::new()
    } else {
        format!(" ({} judged on the games played)", untested.join(", "))
    };
    let why = if !beyond.is_empty() {
        format!(
            "stopped after {took}: beyond its tolerance: {}{also}",
            beyond.join(", ")
        )
    } else if open.is_empty() {
        format!("stopped after {took}: every metric is within its tolerance{also}")
    } else {
        format!(
            "played all {took}; not clear by then, so judged on every game as without --sequential: {}",
            open.join(", ")
        )
    };
    format!(
        "Sequential test ({}% false alarms across the run at most, {}% misses a metric; \
         indifference zone from half to one and a half times each tolerance): {why}.",
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
}

impl Sprt {
    /// The test of one of `metrics` tested together: α is shared among them and their two
    /// directions (Bonferroni), β holds for each.
    pub(crate) fn new(alpha: f64, beta: f64, metrics: usize) -> Self {
        let a = alpha / (2.0 * metrics.max(1) as f64);
        Self {
            lower: (beta / (1.0 - a)).ln(),
            upper: ((1.0 - beta) / a).ln(),
        }
    }

    /// The call on a change `diff` with standard error `se`, against `tolerance`. The two
    /// log-likelihood ratios are τ(Δ̂ − τ)/se² upwards and τ(−Δ̂ − τ)/se² downwards. With no
    /// noise at all (an unchanged game replays the same games: se = 0) they are infinite and
    /// the call is at once whether |Δ̂| is below τ; a tolerance of 0 is never within.
    pub(crate) fn call(&self, diff: f64, se: f64, tolerance: f64) -> Call {
        if tolerance.is_nan() || tolerance <= 0.0 {
            return Call::Open;
        }
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
        assert_eq!(t.call(0.0, 0.002, 0.02), Call::Within); // −100 both ways
        assert_eq!(t.call(0.03, 0.002, 0.02), Call::Beyond); // +50 upwards
        assert_eq!(t.call(-0.03, 0.002, 0.02), Call::Beyond); // +50 downwards
        assert_eq!(t.call(0.0199, 0.002, 0.02), Call::Open); // −0.5 upwards
        // Without noise: at once, by which side of the tolerance the change is on.
        assert_eq!(t.call(0.0, 0.0, 0.02), Call::Within);
        assert_eq!(t.call(0.019, 0.0, 0.02), Call::Within);
        assert_eq!(t.call(-0.021, 0.0, 0.02), Call::Beyond);
        assert_eq!(t.call(0.02, 0.0, 0.02), Call::Open);
        // No tolerance, no call; nor from a change not yet known.
        assert_eq!(t.call(0.0, 0.0, 0.0), Call::Open);
        assert_eq!(t.call(f64::NAN, 0.01, 0.02), Call::Open);
    }

    #[test]
    fn looks_grow_by_half_and_end_at_the_games() {
        assert_eq!(looks(10_000), [1000, 1500, 2250, 3375, 5062, 7593, 10_000]);
        assert_eq!(looks(600), [600]);
        assert_eq!(looks(1_000), [1000]);
        assert_eq!(looks(1_001), [1000, 1001]);
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
            let call = t.call(mean, (var / nf).sqrt(), tolerance);
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
