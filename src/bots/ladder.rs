//! `whisker ladder`: bots of several strengths play each other, and each gets a rating.
//!
//! A *cell* of the ladder is one bot (an [`Entry`]) seated once among copies of another, in
//! every seat in turn, on the same seeds for every cell: its win rate there, against the fair
//! share `1/players`, says how much better it plays than that field. The ratings come from every
//! cell at once through a Luce choice model (Bradley–Terry for a table of any size): seat `s`
//! wins with probability `r(bot of s) / Σ r(bot of each seat)`, fitted by maximum likelihood,
//! with intervals from the curvature of the likelihood. Ratings are written as Elo points, the
//! first entry at 0.

use serde::{Deserialize, Serialize};

use crate::core::failure::Failure;
use crate::core::game::{MAX_SEATS, Outcome, Roles, Seat};
use crate::core::lineup::Bot;
use crate::io::report::headline::Cap;
use crate::stats::{Estimate, Z95, wilson};

/// One contestant: a bot for each seat it may take, by the seat's role.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    /// As the command line names it: `ismcts(iterations=40)`, `sleuth+thief`.
    pub label: String,
    pub seats: [Bot; MAX_SEATS],
    /// Its search budget, for the strength curve, when it is `ismcts`.
    pub iterations: Option<u32>,
}

impl Entry {
    /// Reads `text`: a bot, or in a game with roles several joined by `+`, each seat taking the
    /// first that plays its role.
    pub(crate) fn parse(
        text: &str,
        parse: impl Fn(&str) -> Result<Bot, Failure>,
        roles: Option<Roles>,
        players: usize,
    ) -> Result<Self, Failure> {
        let bots = text
            .split('+')
            .map(|t| parse(t.trim()))
            .collect::<Result<Vec<Bot>, Failure>>()?;
        if bots.len() > 1 && roles.is_none() {
            return Err(Failure::Usage(format!(
                "--bots: `{text}`: `+` joins bots of different roles into one entry (as `sleuth+thief` in Cat & The Mouse); this game's seats have no roles, so give one bot an entry"
            )));
        }
        let mut seats = [bots[0]; MAX_SEATS];
        for (s, seat) in seats.iter_mut().enumerate().take(players) {
            let role = roles.map(|r| r.of(s));
            *seat = *bots
                .iter()
                .find(|b| role.is_none_or(|r| b.kind.plays(r)))
                .ok_or_else(|| {
                    Failure::Usage(format!(
                        "--bots: `{text}` has no bot for the {} ({}); join one with `+`, as `sleuth+thief`",
                        role.unwrap_or_default(),
                        crate::core::game::seat_name(s)
                    ))
                })?;
        }
        if let Some((_, twice)) = bots
            .iter()
            .enumerate()
            .find(|&(i, b)| bots[..i].contains(b))
        {
            return Err(Failure::Usage(format!(
                "--bots: `{text}`: {} is joined twice",
                twice.label()
            )));
        }
        if let Some(idle) = bots.iter().find(|b| !seats[..players].contains(b)) {
            return Err(Failure::Usage(format!(
                "--bots: `{text}`: {} takes no seat (each seat takes the first bot joined by `+` that plays its role)",
                idle.label()
            )));
        }
        // On the strength curve only a search that differs from the default in its budget
        // alone: the config's `reference` also doubles `trust`, and its point would mix the two.
        let budget_only = |b: &Bot| {
            b.kind
                .params
                .iter()
                .filter(|p| p.name != "iterations")
                .all(|p| b.value(p) == p.default)
        };
        let iterations = (bots.len() == 1
            && bots[0].kind.name == crate::bots::ismcts::ISMCTS.name
            && budget_only(&bots[0]))
        .then(|| crate::bots::ismcts::Settings::from(&bots[0]).iterations);
        Ok(Self {
            label: text.trim().to_string(),
            seats,
            iterations,
        })
    }
}

/// How one cell's games ended for the entry seated once (`one`) and the field round it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pairing {
    pub games: u64,
    /// Won by the one alone.
    pub one: u64,
    /// Won by the field alone (one or more of its seats).
    pub field: u64,
    /// Shared between the one and the field.
    pub split: u64,
}

impl Pairing {
    pub(crate) fn count(&mut self, outcome: &Outcome, seat: Seat) {
        self.games += 1;
        let one = outcome.won(seat);
        let field = outcome.winners & !(1 << seat) != 0;
        match (one, field) {
            (true, false) => self.one += 1,
            (false, true) => self.field += 1,
            (true, true) => self.split += 1,
            (false, false) => {}
        }
    }

    pub(crate) fn add(&mut self, other: &Self) {
        self.games += other.games;
        self.one += other.one;
        self.field += other.field;
        self.split += other.split;
    }

    /// The one's win rate, a shared win counting as a win (as `simulate` counts a seat's).
    pub(crate) fn win_rate(&self) -> Estimate {
        wilson(self.one + self.split, self.games)
    }
}

/// A bot's rating in Elo points, against the first entry's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rating {
    pub elo: Estimate,
}

/// Elo points per unit of log-strength: 400 points is ten times the odds.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// The ratings of `entries` bots from `cells[a][b]` (bot `a` once among `players - 1` of `b`).
/// Each bot also counts one drawn game against a bot of rating 0, so a bot that never won (or
/// never lost) has a finite rating, not an infinite one. A win the one shares with the field
/// counts half to each side.
pub(crate) fn ratings(cells: &[Vec<Pairing>], players: usize) -> Vec<Rating> {
    ratings_against(cells, players, 0)
}

/// [`ratings`] against bot `base`'s, at 0: each interval is of the difference from it.
pub(crate) fn ratings_against(cells: &[Vec<Pairing>], players: usize, base: usize) -> Vec<Rating> {
    assert!(players >= 2, "a ladder seats two players or more");
    let n = cells.len();
    let field = ((players - 1) as f64).ln();
    let mut theta = vec![0.0f64; n];
    let mut cov = vec![vec![0.0; n]; n];
    // Newton's method on a concave log-likelihood: a handful of steps.
    for _ in 0..100 {
        let mut grad = vec![0.0; n];
        let mut info = vec![vec![0.0; n]; n];
        for (i, t) in theta.iter().enumerate() {
            let p = sigmoid(*t);
            grad[i] += 0.5 - p;
            info[i][i] += p * (1.0 - p);
        }
        for (a, row) in cells.iter().enumerate() {
            for (b, c) in row.iter().enumerate() {
                let decided = (c.one + c.field + c.split) as f64;
                if a == b || decided == 0.0 {
                    continue;
                }
                let won = c.one as f64 + c.split as f64 / 2.0;
                let p = sigmoid(theta[a] - theta[b] - field);
                let g = won - decided * p;
                grad[a] += g;
                grad[b] -= g;
                let w = decided * p * (1.0 - p);
                info[a][a] += w;
                info[b][b] += w;
                info[a][b] -= w;
                info[b][a] -= w;
            }
        }
        cov = invert(info);
        let step: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|j| cov[i][j] * grad[j]).sum())
            .collect();
        for (t, s) in theta.iter_mut().zip(&step) {
            *t += s;
        }
        if step.iter().all(|s| s.abs() < 1e-10) {
            break;
        }
    }
    (0..n)
        .map(|i| {
            let value = ELO * (theta[i] - theta[base]);
            let var = cov[i][i] + cov[base][base] - 2.0 * cov[i][base];
            let half = Z95 * ELO * var.max(0.0).sqrt();
            Rating {
                elo: Estimate {
                    value,
                    low: value - half,
                    high: value + half,
                },
            }
        })
        .collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The inverse of a symmetric positive-definite matrix, by Gauss–Jordan elimination.
fn invert(mut m: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))
            .unwrap_or(col);
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let d = m[col][col];
        for j in 0..n {
            m[col][j] /= d;
            inv[col][j] /= d;
        }
        for r in 0..n {
            if r != col {
                let f = m[r][col];
                for j in 0..n {
                    m[r][j] -= f * m[col][j];
                    inv[r][j] -= f * inv[col][j];
                }
            }
        }
    }
    inv
}

/// A row of `matrix.csv`: one bot seated once among copies of another. Written with `&str`
/// names, read back (by the report) with `String`s.
#[derive(Serialize, Deserialize)]
pub(crate) struct MatrixRow<S> {
    pub bot: S,
    pub against: S,
    pub games: u64,
    pub wins: u64,
    pub shared: u64,
    #[serde(serialize_with = "crate::stats::six")]
    pub win_rate: f64,
    #[serde(serialize_with = "crate::stats::six")]
    pub ci_low: f64,
    #[serde(serialize_with = "crate::stats::six")]
    pub ci_high: f64,
    /// What a bot no better than the field wins: 1 / players.
    #[serde(serialize_with = "crate::stats::six")]
    pub fair_share: f64,
}

/// The preset that names a config's strength reference (`results/reference/`).
pub(crate) const REFERENCE: &str = "reference";

/// Elo points as a difference (a rating is one from the first bot's), signed as every
/// difference whisker prints: `+` for a rise, `−` for a fall, nothing for none.
pub(crate) fn elo(x: f64) -> String {
    crate::io::report::svg::signed(format!("{x:.0}"))
}

/// How a bot stands against the strength reference, from the interval of the difference.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Standing {
    Stronger,
    Level,
    Weaker,
}

impl Standing {
    pub(crate) const ALL: [Self; 3] = [Self::Stronger, Self::Level, Self::Weaker];

    pub(crate) fn of(v: Estimate) -> Self {
        if v.high < 0.0 {
            Self::Weaker
        } else if v.low > 0.0 {
            Self::Stronger
        } else {
            Self::Level
        }
    }

    /// As a table says it beside the figure.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Self::Stronger => "stronger",
            Self::Level => "level: the ladder cannot tell them apart",
            Self::Weaker => "weaker",
        }
    }

    /// As a sentence lists the bots that stand so.
    pub(crate) fn short(self) -> &'static str {
        match self {
            Self::Stronger => "stronger",
            Self::Level => "level with it",
            Self::Weaker => "weaker",
        }
    }
}

/// A row of `ratings.csv`. A bot that played no finished pairing (an interrupted ladder) has
/// no rating: its Elo and interval are empty.
#[derive(Serialize, Deserialize)]
pub(crate) struct RatingRow<S> {
    pub bot: S,
    /// Its budget, for `ismcts`; empty for other bots.
    pub iterations: Option<u32>,
    #[serde(serialize_with = "crate::stats::six_or_empty")]
    pub elo: Option<f64>,
    #[serde(serialize_with = "crate::stats::six_or_empty")]
    pub ci_low: Option<f64>,
    #[serde(serialize_with = "crate::stats::six_or_empty")]
    pub ci_high: Option<f64>,
    /// Its rating against the config's strength reference (its `reference` preset), when the
    /// ladder rates that, with the 95% interval of the difference (absent from older ladders).
    #[serde(default, serialize_with = "crate::stats::six_or_empty")]
    pub vs_reference: Option<f64>,
    #[serde(default, serialize_with = "crate::stats::six_or_empty")]
    pub vs_reference_low: Option<f64>,
    #[serde(default, serialize_with = "crate::stats::six_or_empty")]
    pub vs_reference_high: Option<f64>,
    /// Its games in the ladder, seated once among another bot's copies, and its wins there.
    pub games: u64,
    pub wins: u64,
}

impl<S> RatingRow<S> {
    /// Its rating over the first bot's, when it has one.
    pub(crate) fn rating(&self) -> Option<Estimate> {
        Some(Estimate {
            value: self.elo?,
            low: self.ci_low?,
            high: self.ci_high?,
        })
    }

    /// Its rating against the strength reference, when the ladder rated that.
    pub(crate) fn against_reference(&self) -> Option<Estimate> {
        Some(Estimate {
            value: self.vs_reference?,
            low: self.vs_reference_low?,
            high: self.vs_reference_high?,
        })
    }
}

/// The highest-rated of `rows`, the first of any tied, leaving out `except` (to find the next).
pub(crate) fn highest<S>(rows: &[RatingRow<S>], except: Option<usize>) -> Option<usize> {
    (0..rows.len())
        .filter(|&i| Some(i) != except)
        .filter_map(|i| Some((i, rows[i].elo?)))
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(i, _)| i)
}

/// A row of `seats.csv`: one bot at every seat, the highest rated or the strength reference.
#[derive(Serialize, Deserialize)]
pub(crate) struct SeatRow<S> {
    /// Counted from 1: the first player is seat 1.
    pub seat: usize,
    pub role: S,
    pub bot: S,
    pub games: u64,
    pub wins: u64,
    #[serde(serialize_with = "crate::stats::six")]
    pub win_rate: f64,
    #[serde(serialize_with = "crate::stats::six")]
    pub ci_low: f64,
    #[serde(serialize_with = "crate::stats::six")]
    pub ci_high: f64,
}

/// The seat gap when one bot plays every seat, in the words `simulate` uses.
/// `capped`: the share of its games that hit the turn cap, said when it is large, as the game
/// decides them (`cap`).
pub(crate) fn seat_gap<S: AsRef<str>>(rows: &[SeatRow<S>], capped: f64, cap: Cap) -> String {
    let rates: Vec<Estimate> = rows
        .iter()
        .map(|r| Estimate {
            value: r.win_rate,
            low: r.ci_low,
            high: r.ci_high,
        })
        .collect();
    let names: Vec<String> = rows
        .iter()
        .map(|r| match r.role.as_ref() {
            "" => format!("seat {}", r.seat),
            role => format!("seat {} ({role})", r.seat),
        })
        .collect();
    crate::io::report::headline::seat_gap_sentence(&rates, &names, capped, cap)
}

/// How a ladder was played, as `ladder.toml` records it.
#[derive(Serialize, Deserialize)]
pub(crate) struct LadderRecord {
    pub config: String,
    pub bots: String,
    #[serde(with = "crate::io::record::wide")]
    pub games: u64,
    #[serde(with = "crate::io::record::wide")]
    pub seed: u64,
    pub players: usize,
    pub set: Vec<String>,
    pub partial: bool,
    /// Games of the seats run (one bot at every seat, `every_seat`) that hit the turn cap; older
    /// ladders did not record it.
    #[serde(default, with = "crate::io::record::wide")]
    pub seats_capped: u64,
    /// The entry that is the config's strength reference, as `ratings.csv` names it, and the
    /// bot it stands for, when the ladder rated every bot against it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_bot: Option<String>,
    /// The entry that played every seat, as `ratings.csv` names it: the highest rated, or the
    /// reference where the ladder could not tell the highest from it; older ladders did not
    /// record it (the highest rated played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every_seat: Option<String>,
}

impl LadderRecord {
    /// The command that plays this ladder again: the whole of it, for an interrupted one.
    pub(crate) fn reproduce(&self) -> String {
        use crate::io::record::quote;
        let mut out = format!(
            "whisker ladder {} --bots {} --games {} --seed {} --players {}",
            quote(&self.config),
            quote(&self.bots),
            self.games,
            self.seed,
            self.players
        );
        for s in &self.set {
            out += &format!(" --set {}", quote(s));
        }
        out
    }
}

/// The file a ladder's folder is known by.
pub(crate) const RECORD: &str = "ladder.toml";

#[cfg(test)]
mod tests {
    use super::*;

    /// The ratings of two bots at a table of `players`, each seated once among copies of the
    /// other on `games` seeds: bot 0 then wins `zero` = (alone, to the field) of them, bot 1 `one`.
    fn two(players: usize, games: u64, zero: (u64, u64), one: (u64, u64)) -> Vec<Rating> {
        let cell = |(one, field)| Pairing {
            games,
            one,
            field,
            split: 0,
        };
        let none = Pairing::default();
        ratings(&[vec![none, cell(zero)], vec![cell(one), none]], players)
    }

    #[test]
    fn even_bots_rate_even_and_a_stronger_one_higher() {
        // Two players, 1,000 games each way, every game decided.
        let r = two(2, 1000, (500, 500), (500, 500));
        assert_eq!(r[0].elo.value, 0.0);
        assert!(r[1].elo.value.abs() < 1e-6, "{r:?}");
        // Bot 1 wins 3 games in 4 heads-up: odds 3, log10(3) × 400 = 190.8 Elo (the virtual
        // draws pull it in a little).
        let elo = two(2, 1000, (250, 750), (750, 250))[1].elo;
        assert!((elo.value - 190.8).abs() < 1.0, "{elo:?}");
        // 2,000 games: the interval is about ±2 × 400/ln10 × sqrt(1/(2000 × 3/16)) ≈ ±18.
        assert!(elo.low < elo.value && elo.value < elo.high);
        assert!((elo.high - elo.low - 35.2).abs() < 2.0, "{elo:?}");
    }

    #[test]
    fn a_table_of_four_counts_the_field() {
        // Bot 1 seated once among three of bot 0 wins a quarter: exactly as strong. Bot 0 once
        // among three of bot 1 also wins a quarter.
        let r = two(4, 4000, (1000, 3000), (1000, 3000));
        assert!(r[1].elo.value.abs() < 1e-6, "{r:?}");
        // Winning half against three copies: r / (r + 3) = 1/2, r = 3, 190.8 Elo; and bot 0
        // once among three of it wins 1 / (1 + 9).
        let r = two(4, 4000, (400, 3600), (2000, 2000));
        assert!((r[1].elo.value - 190.8).abs() < 1.0, "{r:?}");
    }

    #[test]
    fn a_bot_that_never_wins_still_has_a_finite_rating() {
        let r = two(2, 100, (0, 100), (100, 0));
        assert!(
            r[1].elo.value.is_finite() && r[1].elo.value > 400.0,
            "{r:?}"
        );
    }

    #[test]
    fn cells_count_shared_and_lost_games() {
        let mut c = Pairing::default();
        let o = |winners: u8| Outcome {
            turns: 1,
            capped: false,
            scores: [0; MAX_SEATS],
            winners,
            ending: None,
            values: [0; crate::core::game::MAX_VALUES],
        };
        for w in [0b001, 0b010, 0b011, 0b000, 0b100] {
            c.count(&o(w), 0);
        }
        assert_eq!(
            c,
            Pairing {
                games: 5,
                one: 1,
                field: 2,
                split: 1
            }
        );
        assert_eq!(c.win_rate().value, 0.4);
    }
}
