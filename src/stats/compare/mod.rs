//! Comparing two rule sets with common random numbers: game `i` of side A and game `i` of side B
//! share a seed, so their difference is measured game by game (paired), with far less noise than
//! two independent runs.
//!
//! Every per-game quantity both sides report (length, each seat's win and score, shared victory,
//! cap, tests passed) is summed with its cross products, exactly, in integers. A metric is a
//! smooth function of the per-game means (a mean, a ratio, a difference of two seats); its
//! B − A difference (the change minus the reference, the one sign whisker uses everywhere) gets a 95% interval and a p-value from the delta method over the paired
//! covariance, and the p-values are Holm-corrected across the rows.

pub(crate) mod findings;
pub(crate) mod items;

use serde::Serialize;

use crate::core::game::{MAX_ENDINGS, MAX_SEATS, MAX_VALUES, Outcome, seat_number};
use crate::io::report::headline::is_seat_rate;
use crate::stats::metrics::{Quantity, SummaryMetric};
use crate::stats::num;
use crate::stats::{Histogram, Z95};

/// Per-game values of one side: turns, wins by seat, scores by seat, shared, capped, the game's
/// own values, wins by bot (a bot wins when any seat it plays wins; with rotated seats), and
/// which ending the game had.
const SIDE: usize = 1 + 2 * MAX_SEATS + 2 + MAX_VALUES + MAX_SEATS + MAX_ENDINGS;
const PAIR: usize = 2 * SIDE;
const TURNS: usize = 0;
const WIN: usize = 1;
const SCORE: usize = 1 + MAX_SEATS;
const SHARED: usize = 1 + 2 * MAX_SEATS;
const CAPPED: usize = SHARED + 1;
const VALUES: usize = SHARED + 2;
const BOT_WIN: usize = VALUES + MAX_VALUES;
const ENDING: usize = BOT_WIN + MAX_SEATS;

/// Which of the run's distinct bots plays each seat (indices into its bot list).
pub(crate) type BotIndex = [usize; MAX_SEATS];

/// The end of a row's name for a win rate less its side's fair share of wins
/// (`seat_2_win_rate_over_fair_share`): where the sides seat different numbers of players, the
/// fair share moves with the count, and a win rate with it, with the balance unchanged.
pub(crate) const OVER_FAIR: &str = "_over_fair_share";

/// The row that reads `rate` over its side's fair share: the one a finding reads where both
/// stand.
pub(crate) fn over_fair(rate: &str) -> String {
    format!("{rate}{OVER_FAIR}")
}

/// Whether `metric` is a win rate whose row over its side's fair share is among `metrics`:
/// where the sides seat different numbers, that row stands in for it, as in the findings.
pub(crate) fn read_over_fair<'m>(metric: &str, mut metrics: impl Iterator<Item = &'m str>) -> bool {
    let over = over_fair(metric);
    metrics.any(|m| m == over)
}

/// Each side's fair share of wins (one seat's in as many as it seats), where the sides seat
/// different numbers of players; none where they seat as many.
pub(crate) fn fair_shares(players_a: usize, players_b: usize) -> Option<(f64, f64)> {
    let fair = |n: usize| 1.0 / n as f64;
    (players_a != players_b && players_a > 0 && players_b > 0)
        .then(|| (fair(players_a), fair(players_b)))
}

/// Whether a row's value is itself a difference of two shares (the seat gap, a win rate over
/// its fair share), read in points.
pub(crate) fn is_difference_of_shares(metric: &str) -> bool {
    metric == "seat_gap" || metric.ends_with(OVER_FAIR)
}

/// Whether a row's change is one of shares, said in points: a rate, or a difference of two.
pub(crate) fn in_points(metric: &str) -> bool {
    crate::stats::is_rate(metric) || is_difference_of_shares(metric)
}

fn features(o: &Outcome, bots: &BotIndex) -> [i64; SIDE] {
    let mut x = [0i64; SIDE];
    x[TURNS] = i64::from(o.turns);
    for s in 0..MAX_SEATS {
        x[WIN + s] = i64::from(o.won(s));
        x[SCORE + s] = i64::from(o.scores[s]);
        if o.won(s) {
            x[BOT_WIN + bots[s]] = 1;
        }
    }
    x[SHARED] = i64::from(o.shared());
    x[CAPPED] = i64::from(o.capped);
    for (k, &v) in o.values.iter().enumerate() {
        x[VALUES + k] = i64::from(v);
    }
    if let Some(e) = o.ending.map(usize::from).filter(|&e| e < MAX_ENDINGS) {
        x[ENDING + e] = 1;
    }
    x
}

/// The name of the share of games that had the ending `label`, its `column` in `games.csv`
/// naming the kind (`ending_deck_empty`, `ending_job_A`): a check's row and a tune target.
pub(crate) fn ending_metric(column: &str, label: &str) -> String {
    format!("{column}_{label}")
}

/// Each ending's row name, by [`Outcome::ending`], for [`Side::endings`]: the game's, then
/// `others` a baseline had. None for the ending at the turn cap, which `capped_rate` measures,
/// or past the endings a comparison tells apart.
pub(crate) fn ending_metrics(
    declared: &crate::stats::metrics::Declared,
    others: &[String],
) -> Vec<Option<String>> {
    declared
        .endings
        .iter()
        .chain(others)
        .enumerate()
        .map(|(e, label)| {
            (e < MAX_ENDINGS && declared.capped_ending != Some(e))
                .then(|| ending_metric(declared.ending, label))
        })
        .collect()
}

/// The feature of a per-game quantity.
fn feature(q: Quantity) -> usize {
    match q {
        Quantity::Turns => TURNS,
        Quantity::Value(k) => VALUES + k,
    }
}

/// Exact paired sums: Σx and Σxxᵀ over the joined (A, B) per-game vectors, plus both sides'
/// game-length histograms.
#[derive(Clone, Debug)]
pub(crate) struct Paired {
    n: u64,
    /// Games in which A's and B's value of each per-game quantity differ: how much evidence
    /// a difference rests on.
    differ: [u64; SIDE],
    /// Games in which any quantity differs.
    unequal: u64,
    sum: [i128; PAIR],
    /// Upper triangle of Σxxᵀ, row-major.
    cross: Box<[[i128; PAIR]; PAIR]>,
    pub turns_a: Histogram,
    pub turns_b: Histogram,
}

impl Default for Paired {
    fn default() -> Self {
        Self {
            n: 0,
            differ: [0; SIDE],
            unequal: 0,
            sum: [0; PAIR],
            cross: Box::new([[0; PAIR]; PAIR]),
            turns_a: Histogram::default(),
            turns_b: Histogram::default(),
        }
    }
}

impl Paired {
    /// Adds one pair of games, with the bot in each seat (the same on both sides).
    pub(crate) fn add(&mut self, a: &Outcome, b: &Outcome, bots: &BotIndex) {
        let mut x = [0i64; PAIR];
        x[..SIDE].copy_from_slice(&features(a, bots));
        x[SIDE..].copy_from_slice(&features(b, bots));
        self.n += 1;
        let mut unequal = false;
        for f in 0..SIDE {
            if x[f] != x[SIDE + f] {
                self.differ[f] += 1;
                unequal = true;
            }
        }
        self.unequal += u64::from(unequal);
        for i in 0..PAIR {
            if x[i] == 0 {
                continue;
            }
            self.sum[i] += i128::from(x[i]);
            for j in i..PAIR {
                self.cross[i][j] += i128::from(x[i]) * i128::from(x[j]);
            }
        }
        self.turns_a.add(a.turns as usize);
        self.turns_b.add(b.turns as usize);
    }

    pub(crate) fn merge(&mut self, o: &Self) {
        self.n += o.n;
        for f in 0..SIDE {
            self.differ[f] += o.differ[f];
        }
        self.unequal += o.unequal;
        for i in 0..PAIR {
            self.sum[i] += o.sum[i];
            for j in i..PAIR {
                self.cross[i][j] += o.cross[i][j];
            }
        }
        self.turns_a.merge(&o.turns_a);
        self.turns_b.merge(&o.turns_b);
    }

    pub(crate) fn games(&self) -> u64 {
        self.n
    }

    /// Whether every pair of games so far is the same game, quantity for quantity: an unchanged
    /// game replays its baseline exactly.
    pub(crate) fn identical(&self) -> bool {
        self.unequal == 0
    }

    fn means(&self) -> [f64; PAIR] {
        let n = self.n.max(1) as f64;
        self.sum.map(|s| s as f64 / n)
    }

    /// Sample covariance of the per-game vectors, computed from exact integer sums.
    // A symmetric matrix is filled by its index pairs, each computed once.
    #[allow(clippy::needless_range_loop)]
    fn covariance(&self) -> Vec<[f64; PAIR]> {
        let n = self.n as f64;
        let mut c = vec![[0.0; PAIR]; PAIR];
        if self.n < 2 {
            return c;
        }
        for i in 0..PAIR {
            for j in i..PAIR {
                // n·Σxy − Σx·Σy, exact in integers, then scaled.
                let num = i128::from(self.n) * self.cross[i][j] - self.sum[i] * self.sum[j];
                let v = num as f64 / (n * (n - 1.0));
                c[i][j] = v;
                c[j][i] = v;
            }
        }
        c
    }
}

/// A metric's value as a function of one side's per-game means.
type SideValue = Box<dyn Fn(&[f64]) -> f64>;

/// One compared metric: its value on each side.
struct Metric {
    name: String,
    a: SideValue,
    b: SideValue,
}

impl Metric {
    /// The standard error of its B − A over `n` paired games with covariance `cov`, by the
    /// delta method at the means `ma` and `mb`.
    fn sd(&self, ma: &[f64], mb: &[f64], cov: &[[f64; PAIR]], n: f64) -> f64 {
        let mut grad = gradient(&*self.a, ma);
        grad.extend(gradient(&*self.b, mb).into_iter().map(|g| -g));
        paired_sd(&grad, cov, n)
    }

    fn same(name: impl Into<String>, f: impl Fn(&[f64]) -> f64 + Clone + 'static) -> Self {
        Self {
            name: name.into(),
            a: Box::new(f.clone()),
            b: Box::new(f),
        }
    }
}

/// A row of `compare.csv`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub(crate) struct Row {
    pub metric: String,
    pub a: String,
    pub b: String,
    pub diff: String,
    pub ci_low: String,
    pub ci_high: String,
    pub p_value: String,
    /// The p-value after Holm's correction across every row that has one.
    pub p_holm: String,
    /// `yes` when `p_holm` < 0.05.
    pub significant: &'static str,
    /// B − A and its interval in the strength sample's games, empty with no sample.
    pub strong_diff: String,
    pub strong_ci_low: String,
    pub strong_ci_high: String,
    /// Whether B − A keeps its sign there ([`crate::stats::strength::Sign`]), for a row with an interval.
    pub strong_play: &'static str,
}

/// A row of the comparison's `game_length.csv`: games of each length on each side.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub(crate) struct LengthRow {
    pub turns: usize,
    pub games_a: u64,
    pub games_b: u64,
}

/// Both sides' game lengths, every length from the shortest to the longest game of either.
pub(crate) fn lengths(p: &Paired) -> Vec<LengthRow> {
    let (a, b) = (p.turns_a.counts(), p.turns_b.counts());
    let count = |h: &[u64], t: usize| h.get(t).copied().unwrap_or(0);
    let first = (0..a.len().max(b.len()))
        .find(|&t| count(a, t) + count(b, t) > 0)
        .unwrap_or(0);
    (first..a.len().max(b.len()))
        .map(|turns| LengthRow {
            turns,
            games_a: count(a, turns),
            games_b: count(b, turns),
        })
        .collect()
}

/// Upper-tail probability of the standard normal, two-sided: P(|Z| ≥ z).
fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2)
}

/// Complementary error function (Numerical Recipes' Chebyshev fit, relative error < 1.2e-7):
/// ample for p-values reported to six places.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// Kolmogorov's limiting distribution, P(K > λ), for the two-sample KS test.
fn kolmogorov_q(lambda: f64) -> f64 {
    if lambda < 0.2 {
        return 1.0;
    }
    let mut sum = 0.0;
    for j in 1..=100 {
        let j = f64::from(j);
        let term = 2.0 * (-1f64).powf(j - 1.0) * (-2.0 * j * j * lambda * lambda).exp();
        sum += term;
        if term.abs() < 1e-12 {
            break;
        }
    }
    sum.clamp(0.0, 1.0)
}

/// Two-sample Kolmogorov–Smirnov statistic and p-value for two game-length histograms. The
/// samples are paired (common seeds), which makes the test conservative, never anti-conservative,
/// when the pairing correlates the two lengths positively.
pub(crate) fn ks_test(a: &Histogram, b: &Histogram) -> (f64, f64) {
    let (na, nb) = (a.total() as f64, b.total() as f64);
    if na == 0.0 || nb == 0.0 {
        return (f64::NAN, f64::NAN);
    }
    let mut ca: Vec<(usize, u64)> = a.iter().collect();
    ca.extend(b.iter().map(|(v, _)| (v, 0)));
    let mut values: Vec<usize> = ca.iter().map(|(v, _)| *v).collect();
    values.sort_unstable();
    values.dedup();
    let count = |h: &Histogram, upto: usize| {
        h.iter()
            .filter(|(v, _)| *v <= upto)
            .map(|(_, c)| c)
            .sum::<u64>() as f64
    };
    let d = values
        .iter()
        .map(|&v| (count(a, v) / na - count(b, v) / nb).abs())
        .fold(0.0, f64::max);
    let ne = na * nb / (na + nb);
    let lambda = (ne.sqrt() + 0.12 + 0.11 / ne.sqrt()) * d;
    (d, kolmogorov_q(lambda))
}

/// Holm's step-down correction: p-values adjusted so that rejecting every adjusted p < α keeps
/// the family-wise error rate at α. `None` rows are not tested.
pub(crate) fn holm(p: &[Option<f64>]) -> Vec<Option<f64>> {
    let mut order: Vec<usize> = (0..p.len())
        .filter(|&i| p[i].is_some_and(|v| !v.is_nan()))
        .collect();
    order.sort_by(|&i, &j| p[i].unwrap().total_cmp(&p[j].unwrap()).then(i.cmp(&j)));
    let m = order.len();
    let mut out = vec![None; p.len()];
    let mut running: f64 = 0.0;
    for (k, &i) in order.iter().enumerate() {
        running = running.max(((m - k) as f64 * p[i].unwrap()).min(1.0));
        out[i] = Some(running);
    }
    out
}

/// The numeric gradient of `f` at `x` (metrics are linear or ratios, so central differences are
/// accurate to far below the reported precision).
fn gradient(f: &dyn Fn(&[f64]) -> f64, x: &[f64]) -> Vec<f64> {
    let mut y = x.to_vec();
    (0..x.len())
        .map(|i| {
            let h = 1e-6 * x[i].abs().max(1.0);
            y[i] = x[i] + h;
            let up = f(&y);
            y[i] = x[i] - h;
            let down = f(&y);
            y[i] = x[i];
            (up - down) / (2.0 * h)
        })
        .collect()
}

/// Seats with the highest and lowest mean win indicator.
fn extreme_seats(means: &[f64], players: usize) -> (usize, usize) {
    let wins = &means[WIN..WIN + players];
    let hi = (0..players).fold(0, |b, s| if wins[s] > wins[b] { s } else { b });
    let lo = (0..players).fold(0, |b, s| if wins[s] < wins[b] { s } else { b });
    (hi, lo)
}

/// What one side of a comparison plays: its seats and the summary metrics its game declares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side<'a> {
    pub players: usize,
    pub summary: &'a [SummaryMetric],
    /// Whether the game keeps a score (no score rows when either side keeps none).
    pub scored: bool,
    /// Each ending's row, by [`Outcome::ending`] ([`ending_metrics`]): compared where both
    /// sides name it. `compare` leaves these empty, since its `compare_items.csv` has each
    /// game's `endings.csv` row.
    pub endings: &'a [Option<String>],
}

/// The standard deviation of a smooth function of both sides' means, with this gradient, by the
/// delta method over the paired covariance of `n` games.
fn paired_sd<R: AsRef<[f64]>>(grad: &[f64], cov: &[R], n: f64) -> f64 {
    let var: f64 = grad
        .iter()
        .zip(cov)
        .map(|(gi, row)| {
            gi * row
                .as_ref()
                .iter()
                .zip(grad)
                .map(|(c, gj)| c * gj)
                .sum::<f64>()
        })
        .sum();
    (var.max(0.0) / n).sqrt()
}

/// A difference's two-sided p-value from `n` paired games.
fn p_value(diff: f64, sd: f64, n: u64) -> f64 {
    if n < 2 {
        f64::NAN
    } else if sd > 0.0 {
        two_sided_p(diff / sd)
    } else if diff == 0.0 {
        1.0
    } else {
        0.0
    }
}

/// A whole-number row: a count, its interval's ends rounded outwards; no p-value of its own (it
/// is a rate or mean times the games, tested in that row).
fn count_row(name: &str, va: f64, vb: f64, sd: f64, n: f64) -> Row {
    // `+ 0.0` turns −0 into 0.
    let diff = vb - va;
    Row {
        metric: name.into(),
        a: format!("{:.0}", (va * n).round() + 0.0),
        b: format!("{:.0}", (vb * n).round() + 0.0),
        diff: format!("{:.0}", (diff * n).round() + 0.0),
        ci_low: format!("{:.0}", ((diff - Z95 * sd) * n).floor() + 0.0),
        ci_high: format!("{:.0}", ((diff + Z95 * sd) * n).ceil() + 0.0),
        ..blank()
    }
}

/// A declared summary metric as a function of one side's per-game means.
fn declared_value(m: &SummaryMetric) -> (&'static str, SideValue) {
    match *m {
        SummaryMetric::Count(name, q) => (name, Box::new(move |x: &[f64]| x[feature(q)])),
        SummaryMetric::Rate { name, hits, of, .. } => (
            name,
            Box::new(move |x: &[f64]| x[feature(hits)] / x[feature(of)]),
        ),
    }
}

/// The compared metrics with a p-value of their own, as functions of each side's means (`ma`,
/// `mb`), and the game's declared counts, shown as counts beside them.
fn metrics(sides: [Side; 2], bots: &[&str], ma: &[f64], mb: &[f64]) -> (Vec<Metric>, Vec<Metric>) {
    let [side_a, side_b] = sides;
    let (players_a, players_b) = (side_a.players, side_b.players);
    let seats = players_a.min(players_b);

    let (hi_a, lo_a) = extreme_seats(ma, players_a);
    let (hi_b, lo_b) = extreme_seats(mb, players_b);
    let mut metrics = vec![
        Metric::same("mean_turns", |m: &[f64]| m[TURNS]),
        Metric {
            name: "seat_gap".into(),
            a: Box::new(move |m: &[f64]| m[WIN + hi_a] - m[WIN + lo_a]),
            b: Box::new(move |m: &[f64]| m[WIN + hi_b] - m[WIN + lo_b]),
        },
        Metric::same("first_seat_win_rate", |m: &[f64]| m[WIN]),
        Metric::same("shared_victory_rate", |m: &[f64]| m[SHARED]),
        Metric::same("capped_rate", |m: &[f64]| m[CAPPED]),
    ];
    // Declared counts are shown as counts, beside the mean they are `games` times.
    let mut declared_counts = Vec::new();
    for m in side_a.summary {
        let Some(other) = side_b.summary.iter().find(|o| o.name() == m.name()) else {
            continue;
        };
        let ((name, a), (_, b)) = (declared_value(m), declared_value(other));
        match m {
            SummaryMetric::Count(..) => declared_counts.push(Metric {
                name: name.into(),
                a,
                b,
            }),
            SummaryMetric::Rate { .. } => metrics.push(Metric {
                name: name.into(),
                a,
                b,
            }),
        }
    }
    for s in 0..seats {
        metrics.push(Metric::same(
            format!("seat_{}_win_rate", seat_number(s)),
            move |m: &[f64]| m[WIN + s],
        ));
    }
    let scored = side_a.scored && side_b.scored;
    for s in (0..seats).filter(|_| scored) {
        metrics.push(Metric::same(
            format!("seat_{}_mean_score", seat_number(s)),
            move |m: &[f64]| m[SCORE + s],
        ));
    }
    for (b, bot) in bots.iter().enumerate().take(MAX_SEATS) {
        metrics.push(Metric::same(
            format!("bot_{bot}_win_rate"),
            move |m: &[f64]| m[BOT_WIN + b],
        ));
    }
    for (ea, name) in side_a.endings.iter().enumerate() {
        let Some(name) = name else { continue };
        let Some(eb) = side_b.endings.iter().position(|n| n.as_ref() == Some(name)) else {
            continue;
        };
        metrics.push(Metric {
            name: name.clone(),
            a: Box::new(move |m: &[f64]| m[ENDING + ea]),
            b: Box::new(move |m: &[f64]| m[ENDING + eb]),
        });
    }
    (metrics, declared_counts)
}

/// One metric's change B − A and its standard error: what a sequential test weighs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Change {
    pub metric: String,
    pub diff: f64,
    pub se: f64,
    /// Games the change rests on: those in which a quantity it is made of differs.
    pub differing: u64,
    /// Whether it is the mean of one yes-or-no quantity (a win, a cap), whose change is at
    /// most the share of games in which it differs.
    pub indicator: bool,
    pub games: u64,
}

/// The change of every metric [`rows`] gives a p-value of its own, as numbers, in its order.
pub(crate) fn changes(p: &Paired, sides: [Side; 2], bots: &[&str]) -> Vec<Change> {
    let means = p.means();
    let (ma, mb) = (&means[..SIDE], &means[SIDE..]);
    let cov = p.covariance();
    metrics(sides, bots, ma, mb)
        .0
        .iter()
        .map(|m| {
            // The quantities it is made of: those its value moves with, on either side.
            let (ga, gb) = (gradient(&*m.a, ma), gradient(&*m.b, mb));
            let made_of: Vec<usize> = (0..SIDE)
                .filter(|&f| ga[f] != 0.0 || gb[f] != 0.0)
                .collect();
            let yes_no = |f: usize| {
                (WIN..WIN + MAX_SEATS).contains(&f)
                    || f == SHARED
                    || f == CAPPED
                    || (BOT_WIN..BOT_WIN + MAX_SEATS).contains(&f)
                    || (ENDING..ENDING + MAX_ENDINGS).contains(&f)
            };
            Change {
                metric: m.name.clone(),
                diff: (m.b)(mb) - (m.a)(ma),
                se: m.sd(ma, mb, &cov, p.n as f64),
                differing: made_of.iter().map(|&f| p.differ[f]).sum(),
                indicator: made_of.len() == 1 && yes_no(made_of[0]),
                games: p.n,
            }
        })
        .collect()
}

/// Every compared row. `bots` names the distinct bots of a run with rotated seats, for a
/// win-rate row each (none otherwise). A game's declared metrics are compared when both sides
/// declare them.
pub(crate) fn rows(p: &Paired, sides: [Side; 2], bots: &[&str]) -> Vec<Row> {
    let means = p.means();
    let (ma, mb) = (&means[..SIDE], &means[SIDE..]);
    let cov = p.covariance();
    let n = p.n as f64;
    let (metrics, declared_counts) = metrics(sides, bots, ma, mb);

    let mut rows = vec![Row {
        metric: "games".into(),
        a: p.n.to_string(),
        b: p.n.to_string(),
        diff: "0".into(),
        ..blank()
    }];
    let mut p_values = vec![None];
    let sd_of = |metric: &Metric| metric.sd(ma, mb, &cov, n);
    let tested = |metric: String, va: f64, vb: f64, sd: f64| {
        let diff = vb - va;
        Row {
            metric,
            a: num(va),
            b: num(vb),
            diff: num(diff),
            ci_low: num(diff - Z95 * sd),
            ci_high: num(diff + Z95 * sd),
            p_value: num(p_value(diff, sd, p.n)),
            ..blank()
        }
    };
    let [side_a, side_b] = sides;
    let fair = fair_shares(side_a.players, side_b.players);
    let mut over_fair_rows = Vec::new();
    for metric in &metrics {
        let (va, vb) = ((metric.a)(ma), (metric.b)(mb));
        let sd = sd_of(metric);
        rows.push(tested(metric.name.clone(), va, vb, sd));
        p_values.push(Some(p_value(vb - va, sd, p.n)));
        // A fair share is a fixed number, so the rate less it has the rate's spread.
        if let Some((fa, fb)) = fair.filter(|_| is_seat_rate(&metric.name)) {
            over_fair_rows.push(tested(over_fair(&metric.name), va - fa, vb - fb, sd));
        }
    }
    for row in over_fair_rows {
        p_values.push(row.p_value.parse().ok());
        rows.push(row);
    }
    // Seats only one side has (sides of different sizes) keep their rows, that side's value
    // alone: nothing to pair them with, and so no difference, but not dropped.
    let scored = side_a.scored && side_b.scored;
    for s in side_a.players.min(side_b.players)..side_a.players.max(side_b.players) {
        let (side, means) = if side_a.players > s { (0, ma) } else { (1, mb) };
        let mut one_sided = |metric: String, value: f64| {
            let mut row = Row { metric, ..blank() };
            *[&mut row.a, &mut row.b][side] = num(value);
            rows.push(row);
            p_values.push(None);
        };
        one_sided(format!("seat_{}_win_rate", seat_number(s)), means[WIN + s]);
        if scored {
            one_sided(
                format!("seat_{}_mean_score", seat_number(s)),
                means[SCORE + s],
            );
        }
    }
    let capped = Metric::same("capped_games", |m: &[f64]| m[CAPPED]);
    for metric in declared_counts.iter().chain([&capped]) {
        let (va, vb) = ((metric.a)(ma), (metric.b)(mb));
        rows.push(count_row(&metric.name, va, vb, sd_of(metric), n));
        p_values.push(None);
    }

    let (med_a, med_b) = (p.turns_a.median().value, p.turns_b.median().value);
    rows.push(Row {
        metric: "median_turns".into(),
        a: num(med_a),
        b: num(med_b),
        diff: num(med_b - med_a),
        ..blank()
    });
    p_values.push(None);
    let (d, pks) = ks_test(&p.turns_a, &p.turns_b);
    rows.push(Row {
        metric: "game_length_distribution_ks".into(),
        diff: num(d),
        p_value: num(pks),
        ..blank()
    });
    p_values.push(Some(pks));

    // The first seat's win rate is seat 1's: one hypothesis, tested once, reported twice.
    let first = rows.iter().position(|r| r.metric == "first_seat_win_rate");
    if let Some(i) = first {
        p_values[i] = None;
    }
    for (row, adjusted) in rows.iter_mut().zip(holm(&p_values)) {
        if let Some(h) = adjusted {
            row.p_holm = num(h);
            row.significant = if h < 0.05 { "yes" } else { "no" };
        }
    }
    if let (Some(i), Some(seat1)) = (
        first,
        rows.iter().find(|r| r.metric == "seat_1_win_rate").cloned(),
    ) {
        rows[i].p_holm = seat1.p_holm;
        rows[i].significant = seat1.significant;
    }
    rows
}

fn blank() -> Row {
    Row {
        metric: String::new(),
        a: String::new(),
        b: String::new(),
        diff: String::new(),
        ci_low: String::new(),
        ci_high: String::new(),
        p_value: String::new(),
        p_holm: String::new(),
        significant: "",
        strong_diff: String::new(),
        strong_ci_low: String::new(),
        strong_ci_high: String::new(),
        strong_play: "",
    }
}

/// A significant difference of a comparison, as `compare.csv` writes it, beside the strength
/// sample's.
pub(crate) struct Checked<'a> {
    pub metric: &'a str,
    pub diff: &'a str,
    /// B − A in the sample, and its interval.
    pub strong: [&'a str; 3],
    /// Its [`crate::stats::strength::Sign`]'s word; empty for a row without an interval.
    pub play: &'a str,
}

/// The sentence that says whether a comparison's significant differences (`found`) keep their
/// sign under strong play; true if it warns.
pub(crate) fn strength_sentence(
    found: &[Checked],
    sample: &crate::stats::strength::Sample,
    naming: crate::io::report::headline::Naming,
) -> (bool, String) {
    use crate::stats::strength::{Sample, Sign};
    let (bots, games) = match sample {
        Sample::Played(bots, games) => (bots, games),
        Sample::Itself(bots) => {
            let said = crate::stats::strength::itself_sentence(bots, "differences");
            return (false, said.replace("the run's bots", "both sides' bots"));
        }
        Sample::Not(why) => {
            let said = format!(
                "No strength sample was played {why}: these differences are the run's bots' opinion and may not hold for good players."
            );
            return (false, said);
        }
    };
    let of = format!(
        "{}, on the first {games} seeds of both sides",
        crate::stats::strength::played_by(bots)
    );
    // The length distribution's test has no interval to compare, a bot's row (seats rotated)
    // none in the sample, and the first seat's rate is seat 1's row again.
    let found: Vec<&Checked> = found
        .iter()
        .filter(|c| !c.play.is_empty() && c.play != Sign::NotPlayed.word())
        .filter(|c| c.metric != "first_seat_win_rate")
        .collect();
    if found.is_empty() {
        let said = format!(
            "{}: no difference of this run is significant, so none to check (compare.csv has every row's).",
            crate::stats::strength::under(bots, &of)
        );
        return (false, said);
    }
    let named = |sign: Sign| -> Vec<String> {
        found
            .iter()
            .filter(|c| c.play == sign.word())
            .map(|c| {
                // In words and units, as the findings below say each difference.
                let what = crate::io::report::headline::metric_words(c.metric, naming);
                let share = in_points(c.metric);
                let change = |x: &str| {
                    x.parse::<f64>().map_or_else(
                        |_| x.to_string(),
                        |v| findings::signed(share, c.metric, v, naming.turn),
                    )
                };
                match sign {
                    Sign::Flips => format!(
                        "{what} ({} here, {} under strong play, 95% CI {} to {})",
                        change(c.diff),
                        change(c.strong[0]),
                        change(c.strong[1]),
                        change(c.strong[2])
                    ),
                    _ => what,
                }
            })
            .collect()
    };
    let mut parts = Vec::new();
    for (sign, verb) in [
        (Sign::Flips, "B − A flips"),
        (Sign::Keeps, "keeps its sign"),
        (
            Sign::Unsettled,
            "unsettled (the sample cannot tell its sign)",
        ),
    ] {
        let names = named(sign);
        if !names.is_empty() {
            parts.push(format!("{verb}: {}", names.join(", ")));
        }
    }
    // Counted as measured: the page's count of significant metrics also holds those the
    // sample has no interval for, and the first seat's rate beside seat 1's.
    let said = format!(
        "{}, of the {} significant {} the sample measures: {}.",
        crate::stats::strength::under(bots, &of),
        found.len(),
        if found.len() == 1 {
            "difference"
        } else {
            "differences"
        },
        parts.join("; ")
    );
    (!named(Sign::Flips).is_empty(), said)
}

/// Sets beside each row with an interval its difference in the strength sample's rows
/// (`strong`, played by the strong lineup on both sides) and whether it keeps its sign there;
/// with no sample rows, each gets `none`.
pub(crate) fn with_strength(rows: &mut [Row], strong: &[Row], none: crate::stats::strength::Sign) {
    use crate::stats::strength::Sign;
    let number = |s: &str| s.parse::<f64>().unwrap_or(f64::NAN);
    for row in rows.iter_mut().filter(|r| !r.ci_low.is_empty()) {
        let found = strong
            .iter()
            .find(|s| s.metric == row.metric && !s.ci_low.is_empty());
        let sign = match found {
            Some(s) => {
                row.strong_diff = s.diff.clone();
                row.strong_ci_low = s.ci_low.clone();
                row.strong_ci_high = s.ci_high.clone();
                Sign::of(number(&row.diff), number(&s.ci_low), number(&s.ci_high))
            }
            None if strong.is_empty() => none,
            None => Sign::NotPlayed,
        };
        row.strong_play = sign.word();
    }
}

/// The comparison as an aligned table, significant rows marked.
pub(crate) fn table(rows: &[Row]) -> String {
    use std::fmt::Write as _;
    let w = rows.iter().map(|r| r.metric.len()).max().unwrap_or(0);
    let mut out = format!(
        "  {:w$}  {:>12}  {:>12}  {:>11}  {:^25}  {:>8}\n",
        "metric", "A", "B", "B − A", "95% CI of B − A", "p (Holm)"
    );
    for r in rows {
        let ci = if r.ci_low.is_empty() {
            String::new()
        } else {
            format!("{} – {}", r.ci_low, r.ci_high)
        };
        let mark = if r.significant == "yes" { " *" } else { "" };
        let _ = writeln!(
            out,
            "  {:w$}  {:>12}  {:>12}  {:>11}  {:^25}  {:>8}{mark}",
            r.metric, r.a, r.b, r.diff, ci, r.p_holm
        );
    }
    out.push_str("  * significant at 5% after Holm's correction across the rows\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's own ending at the cap is `capped_rate`'s, a Mice Heist job called `capped` is
    /// not; a baseline's renamed endings come after the game's, each with its row.
    #[test]
    fn every_ending_has_a_row_but_the_cap_s() {
        use crate::stats::metrics::Declared;
        let mut fixed = Declared::new(&[], "ending");
        fixed.endings = ["goal", "capped"].map(String::from).into();
        fixed.capped_ending = Some(1);
        assert_eq!(
            ending_metrics(&fixed, &[]),
            [Some("ending_goal".to_string()), None]
        );
        let mut jobs = Declared::new(&[], "ending_job");
        jobs.endings = ["A", "capped"].map(String::from).into();
        let others: Vec<String> = (0..6).map(|k| format!("old{k}")).collect();
        let rows = ending_metrics(&jobs, &others);
        assert_eq!(rows.len(), 8);
        assert_eq!(rows[1].as_deref(), Some("ending_job_capped"));
        assert_eq!(rows[7].as_deref(), Some("ending_job_old5"));
        assert_eq!(
            crate::stats::sequential::tolerance("ending_capped", &[]),
            Some(0.005)
        );
        assert_eq!(
            crate::stats::sequential::tolerance("ending_job_capped", &[]),
            Some(0.02)
        );
    }

    #[test]
    fn a_win_rate_is_read_over_its_fair_share_only_where_that_row_is_there() {
        let rows = [
            "seat_1_win_rate",
            "seat_1_win_rate_over_fair_share",
            "seat_2_win_rate",
        ];
        assert!(read_over_fair("seat_1_win_rate", rows.into_iter()));
        assert!(!read_over_fair("seat_2_win_rate", rows.into_iter()));
        assert!(!read_over_fair(
            "seat_1_win_rate_over_fair_share",
            rows.into_iter()
        ));
    }

    #[test]
    fn a_flipped_difference_leads_the_strength_sentence() {
        use crate::io::report::headline::Naming;
        use crate::stats::strength::{Sample, Sign};
        let row = |metric, diff, strong: [&'static str; 3], sign: Sign| Checked {
            metric,
            diff,
            strong,
            play: sign.word(),
        };
        let found = [
            row("mean_turns", "0.53", ["0.79", "0.21", "1.37"], Sign::Keeps),
            row(
                "seat_1_win_rate",
                "0.02",
                ["-0.04", "-0.07", "-0.01"],
                Sign::Flips,
            ),
            row(
                "seat_gap",
                "0.01",
                ["0.02", "-0.01", "0.05"],
                Sign::Unsettled,
            ),
            // No interval, so no verdict: left out of the count.
            Checked {
                metric: "game_length_distribution_ks",
                diff: "0.05",
                strong: ["", "", ""],
                play: "",
            },
        ];
        let (warns, said) =
            strength_sentence(&found, &Sample::Played("ismcts".into(), 400), Naming::PLAIN);
        assert!(warns);
        assert_eq!(
            said,
            "Under strong play (ismcts at every seat, on the first 400 seeds of both sides), of the 3 significant differences the sample measures: B − A flips: seat 1 win rate (+2.0 points here, −4.0 points under strong play, 95% CI −7.0 points to −1.0 points); keeps its sign: mean game length (turns); unsettled (the sample cannot tell its sign): seat gap."
        );
        let roles = ["hunter".to_string(), "prey".to_string()];
        let (_, said) = strength_sentence(
            &found,
            &Sample::Played("ismcts".into(), 400),
            Naming {
                roles: &roles,
                turn: "turn",
            },
        );
        assert!(said.contains("flips: seat 1 (hunter) win rate (+2.0 points here"));
        let (warns, said) = strength_sentence(
            &found[..1],
            &Sample::Not("(--strength off)".into()),
            Naming::PLAIN,
        );
        assert!(!warns);
        assert!(
            said.starts_with("No strength sample was played (--strength off): these differences")
        );
    }

    #[test]
    fn erfc_matches_known_values() {
        assert!((erfc(0.0) - 1.0).abs() < 1e-7);
        assert!((two_sided_p(1.959_963_985) - 0.05).abs() < 1e-6);
        assert!((two_sided_p(3.290_526_731) - 0.001).abs() < 1e-7);
        assert!((erfc(-1.0) - 1.842_700_79).abs() < 1e-6);
    }

    #[test]
    fn holm_steps_down() {
        // Worked example: p = 0.01, 0.04, 0.03, 0.005 over 4 tests.
        let adj = holm(&[Some(0.01), Some(0.04), Some(0.03), None, Some(0.005)]);
        let got: Vec<_> = adj
            .iter()
            .map(|p| p.map(|v| (v * 1e6).round() / 1e6))
            .collect();
        assert_eq!(
            got,
            vec![Some(0.03), Some(0.06), Some(0.06), None, Some(0.02)]
        );
    }

    #[test]
    fn kolmogorov_tail_matches_tables() {
        // P(K > 1.36) ≈ 0.05, P(K > 1.63) ≈ 0.01.
        assert!((kolmogorov_q(1.358) - 0.05).abs() < 1e-3);
        assert!((kolmogorov_q(1.628) - 0.01).abs() < 1e-3);
    }

    fn outcome(turns: u32, winner: usize, score: i32) -> Outcome {
        let mut scores = [0; MAX_SEATS];
        scores[winner] = score;
        Outcome {
            turns,
            capped: false,
            scores,
            winners: 1 << winner,
            ending: None,
            values: [turns / 2, 0, 0, 0],
        }
    }

    /// A game that declares a count of turns and a rate of its first value per turn.
    const DECLARED: &[SummaryMetric] = &[
        SummaryMetric::Count("actions", Quantity::Turns),
        SummaryMetric::Rate {
            name: "hit_rate",
            hits: Quantity::Value(0),
            of: Quantity::Turns,
            tolerance: 0.01,
        },
    ];

    fn sides(players: usize) -> [Side<'static>; 2] {
        let side = Side {
            players,
            summary: DECLARED,
            scored: true,
            endings: &[],
        };
        [side, side]
    }

    #[test]
    fn identical_sides_differ_by_exactly_nothing() {
        let mut p = Paired::default();
        for i in 0..500u32 {
            let o = outcome(10 + i % 7, (i % 3) as usize, (i % 11) as i32);
            p.add(&o, &o, &[0; MAX_SEATS]);
        }
        for r in rows(&p, sides(3), &[]) {
            if !r.diff.is_empty() {
                assert_eq!(r.diff.parse::<f64>().unwrap(), 0.0, "{}", r.metric);
            }
            if !r.ci_low.is_empty() {
                // Counts are whole numbers; rates and means have six decimals.
                let zero = if matches!(r.metric.as_str(), "actions" | "capped_games") {
                    "0"
                } else {
                    "0.000000"
                };
                assert_eq!(
                    (r.ci_low.as_str(), r.ci_high.as_str()),
                    (zero, zero),
                    "{}",
                    r.metric
                );
            }
            assert_ne!(r.significant, "yes", "{}", r.metric);
        }
    }

    /// A 4-player A against a 3-player B in which every game is won by the same seat on both
    /// sides: seat 1's win rate is the same, so it falls against B's larger fair share by
    /// exactly the share's move, and the seat that never wins falls as far below it.
    #[test]
    fn sides_of_different_sizes_read_each_seat_over_its_fair_share() {
        let mut p = Paired::default();
        for i in 0..300u32 {
            let o = outcome(10, if i % 2 == 0 { 0 } else { 1 }, 1);
            p.add(&o, &o, &[0; MAX_SEATS]);
        }
        let [a, _] = sides(4);
        let [_, b] = sides(3);
        let rows = rows(&p, [a, b], &[]);
        let row = |m: &str| rows.iter().find(|r| r.metric == m).unwrap();
        let cells = |m: &str| {
            let r = row(m);
            [&r.a, &r.b, &r.diff, &r.ci_low, &r.ci_high].map(|c| c.as_str())
        };
        // The raw rate does not move; over the fair share it falls by 1/3 − 1/4 with no spread.
        assert_eq!(cells("seat_1_win_rate")[2], "0.000000");
        assert_eq!(
            cells("seat_1_win_rate_over_fair_share"),
            [
                "0.250000",
                "0.166667",
                "-0.083333",
                "-0.083333",
                "-0.083333"
            ]
        );
        assert_eq!(
            cells("seat_3_win_rate_over_fair_share")[..3],
            ["-0.250000", "-0.333333", "-0.083333"]
        );
        assert_eq!(row("seat_1_win_rate_over_fair_share").significant, "yes");
        // Seat 4 only A has: no row over a fair share to pair.
        assert!(
            rows.iter()
                .all(|r| r.metric != "seat_4_win_rate_over_fair_share")
        );
        // Sides of one size have none.
        let same = super::rows(&p, sides(4), &[]);
        assert!(same.iter().all(|r| !r.metric.ends_with(OVER_FAIR)));
    }

    #[test]
    fn a_paired_shift_is_measured_exactly_with_a_tight_interval() {
        // B is A with every game two turns longer: the paired difference B − A is 2 with no spread,
        // though each side's lengths vary a lot.
        let mut p = Paired::default();
        for i in 0..400u32 {
            let turns = 5 + (i * 7919) % 40;
            p.add(
                &outcome(turns, 0, 1),
                &outcome(turns + 2, 0, 1),
                &[0; MAX_SEATS],
            );
        }
        let rows = rows(&p, sides(2), &[]);
        let r = rows.iter().find(|r| r.metric == "mean_turns").unwrap();
        assert_eq!(
            (r.diff.as_str(), r.ci_low.as_str(), r.ci_high.as_str()),
            ("2.000000", "2.000000", "2.000000")
        );
        assert_eq!(r.significant, "yes");
    }

    #[test]
    fn merging_halves_gives_the_same_sums() {
        let (mut whole, mut left, mut right) =
            (Paired::default(), Paired::default(), Paired::default());
        for i in 0..100u32 {
            let (a, b) = (outcome(i % 9 + 3, 0, 4), outcome(i % 5 + 3, 1, 2));
            whole.add(&a, &b, &[0; MAX_SEATS]);
            if i < 37 {
                left.add(&a, &b, &[0; MAX_SEATS])
            } else {
                right.add(&a, &b, &[0; MAX_SEATS])
            }
        }
        left.merge(&right);
        assert_eq!(rows(&left, sides(2), &[]), rows(&whole, sides(2), &[]));
    }
}
