//! The statistics: interval estimates (Wilson), histograms, means and medians, and the number
//! text every file shares; in its files, the integer counters a game declares and the runner
//! merges, a run's headline figures, the strength sample's verdicts and paired comparisons.

pub(crate) mod compare;
pub(crate) mod figures;
pub(crate) mod ints;
pub(crate) mod metrics;
pub(crate) mod sequential;
pub(crate) mod strength;

/// z for a two-sided 95% interval.
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval: unlike the normal approximation it stays inside [0, 1] and keeps its
/// coverage for rates near 0 or 1 (a target nobody reaches).
pub(crate) fn wilson(successes: u64, trials: u64) -> Estimate {
    if trials == 0 {
        return Estimate::UNKNOWN;
    }
    wilson_at(successes as f64 / trials as f64, trials as f64)
}

/// Wilson's interval for the rate `p` measured as surely as `n` independent trials would.
fn wilson_at(p: f64, n: f64) -> Estimate {
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// A rate of one per-game count over another, each summed over `games` games (tests passed of
/// tests): `hits` of `trials`, then the sums over games of hits², hits × trials and trials².
/// The trials of one game are not independent, the games are, so the rate's variance is the
/// ratio estimator's, from how far each game's hits stray from the rate times its trials; the
/// interval is Wilson's at the number of independent trials that variance is worth, never more
/// than the trials themselves (a rate is not claimed surer than if each were independent). One
/// game tells nothing of how games vary: it is worth one trial.
pub(crate) fn rate_over_games(
    games: u64,
    (hits, trials): (u64, u64),
    (hh, ht, tt): (u64, u64, u64),
) -> Estimate {
    if trials == 0 {
        return Estimate::UNKNOWN;
    }
    let (n, t) = (games as f64, trials as f64);
    let p = hits as f64 / t;
    // Σ (hits − p · trials)² over the games.
    let strays = (hh as f64 - 2.0 * p * ht as f64 + p * p * tt as f64).max(0.0);
    let variance = if games > 1 {
        strays / (n - 1.0) * n / (t * t)
    } else {
        0.0
    };
    let worth = if games < 2 {
        1.0
    } else if variance > 0.0 {
        (p * (1.0 - p) / variance).min(t)
    } else {
        t
    };
    wilson_at(p, worth)
}

/// Counts of small non-negative integers (turns, scores), growing as needed.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    pub(crate) fn add(&mut self, value: usize) {
        if value >= self.counts.len() {
            self.counts.resize(value + 1, 0);
        }
        self.counts[value] += 1;
    }

    pub(crate) fn merge(&mut self, other: &Self) {
        if other.counts.len() > self.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    /// Counts by value, from 0.
    pub(crate) fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// A histogram with these counts by value (trailing zeros dropped, so equal histograms
    /// compare equal however they were built).
    pub(crate) fn from_counts(mut counts: Vec<u64>) -> Self {
        while counts.last() == Some(&0) {
            counts.pop();
        }
        Self { counts }
    }

    /// (value, count) for every value seen at least once, ascending.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(v, c)| (v, *c))
    }

    pub(crate) fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Mean with a 95% normal interval; sums are exact integers, so the result does not depend
    /// on how games were split across threads.
    pub(crate) fn mean(&self) -> Estimate {
        let (mut n, mut s, mut ss) = (0u128, 0u128, 0u128);
        for (v, c) in self.iter() {
            let (v, c) = (v as u128, c as u128);
            n += c;
            s += v * c;
            ss += v * v * c;
        }
        if n == 0 {
            return Estimate::UNKNOWN;
        }
        let nf = n as f64;
        let mean = s as f64 / nf;
        let var = if n > 1 {
            (ss as f64 - s as f64 * mean) / (nf - 1.0)
        } else {
            0.0
        };
        let half = Z95 * (var.max(0.0) / nf).sqrt();
        Estimate {
            value: mean,
            low: mean - half,
            high: mean + half,
        }
    }

    /// The median (the mean of the two middle values when the count is even) with a 95%
    /// distribution-free interval from binomial order statistics.
    pub(crate) fn median(&self) -> Estimate {
        let n = self.total();
        if n == 0 {
            return Estimate::UNKNOWN;
        }
        let nf = n as f64;
        let half = Z95 * nf.sqrt() / 2.0;
        let rank = |r: f64| self.quantile_rank((r.round() as u64).clamp(1, n)) as f64;
        let middle =
            (self.quantile_rank(n.div_ceil(2)) + self.quantile_rank(n / 2 + 1)) as f64 / 2.0;
        let value = if n % 2 == 1 {
            self.quantile_rank(n / 2 + 1) as f64
        } else {
            middle
        };
        Estimate {
            value,
            low: rank(nf / 2.0 - half),
            high: rank(nf / 2.0 + 1.0 + half),
        }
    }

    /// The value at 1-based rank `r` of the sorted sample.
    fn quantile_rank(&self, r: u64) -> usize {
        let mut seen = 0;
        for (v, c) in self.iter() {
            seen += c;
            if seen >= r {
                return v;
            }
        }
        self.counts.len().saturating_sub(1)
    }
}

/// A point estimate (a rate, a mean, a median) with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    /// Nothing to estimate from (no trials): written as empty cells.
    pub const UNKNOWN: Self = Self {
        value: f64::NAN,
        low: f64::NAN,
        high: f64::NAN,
    };

    /// A value given without an interval (its interval cells are left empty).
    pub fn point(value: f64) -> Self {
        Self {
            value,
            ..Self::UNKNOWN
        }
    }
}

/// Whether a figure's name is a rate's (a share of games, between 0 and 1, or the seat gap, a
/// difference of two), at any table (`seat_1_win_rate@5`).
pub(crate) fn is_rate(metric: &str) -> bool {
    let plain = metric.split_once('@').map_or(metric, |(m, _)| m);
    plain.ends_with("_rate") || plain.starts_with("ending_") || plain == "seat_gap"
}

/// Six decimals: finer than any interval whisker reports, and stable text. A value that rounds
/// to zero reads `0.000000`, never `-0.000000`.
pub(crate) fn num(x: f64) -> String {
    if x.is_nan() {
        String::new()
    } else {
        let text = format!("{x:.6}");
        match text.strip_prefix('-') {
            Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
            _ => text,
        }
    }
}

/// [`num`] for a serde field: the files written from structs read as those written by hand.
pub(crate) fn six<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&num(*x))
}

/// [`six`] for a figure that may be absent: an empty field.
pub(crate) fn six_or_empty<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(x) => six(x, s),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rate over games is as sure as its games make it: one trial a game is Wilson's at one
    /// game fewer; games that pass all their trials or none are worth a trial each; games that
    /// each pass exactly half stray not at all, and are worth no more than their trials.
    #[test]
    fn a_rate_over_games_is_as_sure_as_its_games() {
        let one_each = rate_over_games(1000, (300, 1000), (300, 300, 1000));
        let (p, n) = (0.3f64, 999.0);
        let half = Z95 * (p * (1.0 - p) / n).sqrt();
        assert!(
            (one_each.high - one_each.low - 2.0 * half).abs() < 1e-3,
            "{one_each:?}"
        );
        assert_eq!(one_each.value, 0.3);

        // 100 games of 10 trials, 50 passing all 10.
        let clustered = rate_over_games(100, (500, 1000), (5000, 5000, 10000));
        let wide = clustered.high - clustered.low;
        let by_trials = wilson(500, 1000);
        assert!(
            (wide - 2.0 * Z95 * (0.25f64 / 99.0).sqrt()).abs() < 0.005,
            "{clustered:?}"
        );
        assert!(
            wide > 3.0 * (by_trials.high - by_trials.low),
            "{clustered:?}"
        );

        // 100 games of 10 trials, each passing 5.
        let even = rate_over_games(100, (500, 1000), (2500, 5000, 10000));
        assert_eq!(even, by_trials);
        assert!(rate_over_games(0, (0, 0), (0, 0, 0)).value.is_nan());
        // One game of 10 trials, 5 passed: as sure as one trial.
        let one = rate_over_games(1, (5, 10), (25, 50, 100));
        assert!(one.high - one.low > 0.7, "{one:?}");
    }

    #[test]
    fn six_decimals_never_read_minus_zero() {
        assert_eq!(num(-1e-9), "0.000000");
        assert_eq!(num(-0.0), "0.000000");
        assert_eq!(num(-0.000002), "-0.000002");
        assert_eq!(num(0.25), "0.250000");
        assert_eq!(num(f64::NAN), "");
    }

    #[test]
    fn wilson_matches_reference_values() {
        // Reference: Wilson (1927) as tabulated by Newcombe (1998), 81/263 → 0.2553–0.3662.
        let r = wilson(81, 263);
        assert!(
            (r.low - 0.2553).abs() < 5e-4 && (r.high - 0.3662).abs() < 5e-4,
            "{r:?}"
        );
        let zero = wilson(0, 10);
        assert_eq!(zero.low, 0.0);
        assert!((zero.high - 0.2775).abs() < 5e-4, "{zero:?}");
        assert!(wilson(0, 0).value.is_nan());
    }

    #[test]
    fn histogram_merges_exactly_and_summarises() {
        let mut a = Histogram::default();
        let mut b = Histogram::default();
        for v in [3, 5, 5] {
            a.add(v);
        }
        for v in [9, 1] {
            b.add(v);
        }
        a.merge(&b);
        assert_eq!(
            a.iter().collect::<Vec<_>>(),
            vec![(1, 1), (3, 1), (5, 2), (9, 1)]
        );
        let m = a.mean();
        assert!((m.value - 4.6).abs() < 1e-12);
        // Sample variance of [1,3,5,5,9] is 8.8.
        let half = Z95 * (8.8f64 / 5.0).sqrt();
        assert!((m.high - m.value - half).abs() < 1e-9);
        assert_eq!(a.median().value, 5.0);
        // Even count: the mean of the two middle values.
        a.add(9);
        assert_eq!(a.median().value, 5.0);
        let mut two = Histogram::default();
        two.add(2);
        two.add(5);
        assert_eq!(two.median().value, 3.5);
    }

    #[test]
    fn median_interval_brackets_the_median() {
        let mut h = Histogram::default();
        for v in 0..1001 {
            h.add(v);
        }
        let m = h.median();
        assert_eq!(m.value, 500.0);
        // ±1.96·√1001/2 ≈ ±31 ranks.
        assert!(
            (468.0..=470.0).contains(&m.low) && (531.0..=533.0).contains(&m.high),
            "{m:?}"
        );
    }
}
