//! The headline figures of a run, worked out from its totals: what `summary.csv` and
//! `endings.csv` hold, the seat gap, and the same figures for the strength sample.

use serde::Serialize;

use crate::core::game::Game;
use crate::core::runner::Totals;
use crate::stats::metrics::{Counts, Declared, Quantity, SummaryMetric};
use crate::stats::{Estimate, num, rate_over_games, wilson};

/// A row of `summary.csv`. Values are preformatted so the file's bytes never depend on float
/// printing defaults.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub(crate) struct SummaryRow {
    pub metric: String,
    pub value: String,
    pub ci_low: String,
    pub ci_high: String,
}

impl SummaryRow {
    pub(crate) fn count(metric: &str, n: u64) -> Self {
        Self {
            metric: metric.into(),
            value: n.to_string(),
            ci_low: String::new(),
            ci_high: String::new(),
        }
    }

    pub(crate) fn estimate(metric: &str, e: Estimate) -> Self {
        Self {
            metric: metric.into(),
            value: num(e.value),
            ci_low: num(e.low),
            ci_high: num(e.high),
        }
    }

    /// The row's figure with its interval, as written; None for a count.
    pub(crate) fn parsed(&self) -> Option<crate::stats::Estimate> {
        let n = |s: &str| s.parse::<f64>().ok().filter(|v| v.is_finite());
        Some(crate::stats::Estimate {
            value: n(&self.value)?,
            low: n(&self.ci_low)?,
            high: n(&self.ci_high)?,
        })
    }
}

/// Each seat's win rate.
pub(crate) fn seat_rates(totals: &Totals, players: usize) -> Vec<Estimate> {
    (0..players)
        .map(|s| wilson(totals.seat_wins[s], totals.games))
        .collect()
}

/// A per-game quantity added up over every game.
fn total(totals: &Totals, q: Quantity) -> u64 {
    match q {
        Quantity::Turns => totals.turns_played(),
        Quantity::Value(k) => totals.values[k],
    }
}

/// The rows of `summary.csv`: shared metrics first, then the game's own.
pub(crate) fn summary<G: Game>(game: &G, totals: &Totals) -> Vec<SummaryRow> {
    let players = game.players();
    let mut rows = vec![
        SummaryRow::count("games", totals.games),
        SummaryRow::estimate("mean_turns", totals.turns.mean()),
        SummaryRow::estimate("median_turns", totals.turns.median()),
        SummaryRow::estimate("seat_gap", seat_gap(&seat_rates(totals, players)).0),
        SummaryRow::estimate(
            "first_seat_win_rate",
            wilson(totals.seat_wins[0], totals.games),
        ),
        SummaryRow::estimate("shared_victory_rate", wilson(totals.shared, totals.games)),
        SummaryRow::count("capped_games", totals.capped),
        SummaryRow::estimate("capped_rate", wilson(totals.capped, totals.games)),
    ];
    rows.extend(game.declared().summary.iter().map(|m| match *m {
        SummaryMetric::Count(name, q) => SummaryRow::count(name, total(totals, q)),
        SummaryMetric::Rate { name, hits, of, .. } => {
            let product = |a: Quantity, b: Quantity| totals.products[a.index()][b.index()];
            SummaryRow::estimate(
                name,
                rate_over_games(
                    totals.games,
                    (total(totals, hits), total(totals, of)),
                    (product(hits, hits), product(hits, of), product(of, of)),
                ),
            )
        }
    }));
    rows
}

/// The seat gap: the best seat's win rate minus the worst's, and its interval. The interval is
/// conservative: its ends come from the two seats' own 95% intervals.
pub(crate) fn seat_gap(rates: &[Estimate]) -> (Estimate, usize, usize) {
    let (mut best, mut worst) = (0, 0);
    for (s, r) in rates.iter().enumerate() {
        if r.value > rates[best].value {
            best = s;
        }
        if r.value < rates[worst].value {
            worst = s;
        }
    }
    let (b, w) = (rates[best], rates[worst]);
    let gap = Estimate {
        value: b.value - w.value,
        low: (b.low - w.high).max(0.0),
        high: (b.high - w.low).min(1.0),
    };
    (gap, best, worst)
}

/// How games ended: each row of a game's `endings.csv`, its name and share. Empty for a game
/// that declares no endings table.
pub(crate) fn endings(declared: &Declared, counts: &Counts, games: u64) -> Vec<(String, Estimate)> {
    let Some(t) = declared.tables.iter().find(|t| t.file == "endings.csv") else {
        return Vec::new();
    };
    let header = t.header();
    let at = |name: &str| header.iter().position(|h| h == name);
    let (Some(ending), Some(share), Some(low), Some(high)) =
        (at("ending"), at("share"), at("ci_low"), at("ci_high"))
    else {
        return Vec::new();
    };
    let number = |s: &str| s.parse().unwrap_or(f64::NAN);
    t.records(counts, games)
        .into_iter()
        .map(|r| {
            let e = Estimate {
                value: number(&r[share]),
                low: number(&r[low]),
                high: number(&r[high]),
            };
            (r[ending].clone(), e)
        })
        .collect()
}
