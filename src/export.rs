//! The files and terminal table every game shares: summary, seats, bots, scores, game length.

use serde::Serialize;

use crate::game::{Bot, Game, MAX_SEATS};
use crate::metrics::{Counts, Quantity, SummaryMetric};
use crate::output::{SummaryRow, num};
use crate::result_dir::ResultDir;
use crate::runner::{Plan, Totals};
use crate::stats::{Estimate, wilson};

#[derive(Serialize)]
struct SeatRow {
    seat: usize,
    bot: String,
    games: u64,
    wins: u64,
    win_rate: String,
    ci_low: String,
    ci_high: String,
    mean_score: String,
}

#[derive(Serialize)]
struct BotRow {
    bot: String,
    /// Seats it plays in every game.
    seats: usize,
    games: u64,
    /// Games won by one of its seats.
    wins: u64,
    win_rate: String,
    ci_low: String,
    ci_high: String,
    /// The win rate it would have if every seat were equal: seats / players.
    fair_share: String,
    mean_score: String,
}

#[derive(Serialize)]
struct ScoreRow {
    seat: usize,
    score: usize,
    games: u64,
}

#[derive(Serialize)]
struct LengthRow {
    turns: usize,
    games: u64,
}

/// Balance: 1 − the largest gap between two seats' win rates. Its interval is conservative: the
/// gap's ends come from the two seats' own 95% intervals.
fn balance(totals: &Totals, players: usize) -> Estimate {
    let rates: Vec<_> = (0..players)
        .map(|s| wilson(totals.seat_wins[s], totals.games))
        .collect();
    let (mut hi, mut lo) = (0, 0);
    for s in 0..players {
        if rates[s].value > rates[hi].value {
            hi = s;
        }
        if rates[s].value < rates[lo].value {
            lo = s;
        }
    }
    Estimate {
        value: 1.0 - (rates[hi].value - rates[lo].value),
        low: (1.0 - (rates[hi].high - rates[lo].low)).max(0.0),
        high: (1.0 - (rates[hi].low - rates[lo].high).max(0.0)).min(1.0),
    }
}

/// A per-game quantity added up over every game.
fn total(totals: &Totals, q: Quantity) -> u64 {
    match q {
        Quantity::Turns => totals.turns_played(),
        Quantity::Value(k) => totals.values[k],
    }
}

/// The rows of `summary.csv`: shared metrics first, then the game's own.
pub fn summary<G: Game>(game: &G, totals: &Totals) -> Vec<SummaryRow> {
    let players = game.players();
    let mut rows = vec![
        SummaryRow::count("games", totals.games),
        SummaryRow::estimate("mean_turns", totals.turns.mean()),
        SummaryRow::estimate("median_turns", totals.turns.median()),
        SummaryRow::estimate("balance", balance(totals, players)),
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
            SummaryRow::estimate(name, wilson(total(totals, hits), total(totals, of)))
        }
    }));
    rows
}

/// Writes the shared files; returns the summary rows and seat rows for the terminal.
pub fn write<G: Game>(
    game: &G,
    plan: &Plan<Bot>,
    totals: &Totals,
    counts: &Counts,
    dir: &ResultDir,
) -> anyhow::Result<(Vec<SummaryRow>, Vec<[String; 5]>)> {
    let players = game.players();
    let rows = summary(game, totals);
    dir.csv("summary.csv", rows.iter())?;

    let seat_bot = |s: usize| {
        if plan.rotate {
            "rotated".to_string()
        } else {
            plan.lineup[s].label()
        }
    };
    let seats: Vec<SeatRow> = (0..players)
        .map(|s| {
            let r = wilson(totals.seat_wins[s], totals.games);
            SeatRow {
                seat: s,
                bot: seat_bot(s),
                games: totals.games,
                wins: totals.seat_wins[s],
                win_rate: num(r.value),
                ci_low: num(r.low),
                ci_high: num(r.high),
                mean_score: num(totals.seat_scores[s].mean().value),
            }
        })
        .collect();
    dir.csv("seats.csv", seats.iter())?;
    let mut table: Vec<[String; 5]> = seats
        .iter()
        .map(|s| {
            [
                s.seat.to_string(),
                s.bot.clone(),
                s.win_rate.clone(),
                format!("{} – {}", s.ci_low, s.ci_high),
                s.mean_score.clone(),
            ]
        })
        .collect();

    if plan.rotate {
        let bots = plan.bots();
        // Bot against bot: how often each wins a game, any of its seats counted once.
        for (b, bot) in bots.iter().enumerate() {
            let r = wilson(totals.bot_wins[b], totals.games);
            let scores = &totals.bot_scores[b];
            table.push([
                "all".into(),
                bot.label(),
                num(r.value),
                format!("{} – {}", num(r.low), num(r.high)),
                num(scores.mean().value),
            ]);
        }
        dir.csv(
            "bots.csv",
            bots.iter().enumerate().map(|(b, bot)| {
                let r = wilson(totals.bot_wins[b], totals.games);
                BotRow {
                    bot: bot.label(),
                    seats: plan.lineup.iter().filter(|x| *x == bot).count(),
                    games: totals.games,
                    wins: totals.bot_wins[b],
                    fair_share: num(
                        plan.lineup.iter().filter(|x| *x == bot).count() as f64 / players as f64
                    ),
                    win_rate: num(r.value),
                    ci_low: num(r.low),
                    ci_high: num(r.high),
                    mean_score: num(totals.bot_scores[b].mean().value),
                }
            }),
        )?;
    }

    dir.csv(
        "scores.csv",
        (0..players.min(MAX_SEATS)).flat_map(|seat| {
            totals.seat_scores[seat]
                .iter()
                .map(move |(score, games)| ScoreRow { seat, score, games })
        }),
    )?;
    dir.csv(
        "game_length.csv",
        totals
            .turns
            .iter()
            .map(|(turns, games)| LengthRow { turns, games }),
    )?;
    for t in &game.declared().tables {
        dir.records(&t.file, &t.header(), t.records(counts, totals.games))?;
    }
    Ok((rows, table))
}

/// The summary as an aligned table for the terminal.
pub fn table(summary: &[SummaryRow], seats: &[[String; 5]]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let width = summary.iter().map(|r| r.metric.len()).max().unwrap_or(0);
    for r in summary {
        if r.ci_low.is_empty() {
            let _ = writeln!(out, "  {:width$}  {}", r.metric, r.value);
        } else {
            let _ = writeln!(
                out,
                "  {:width$}  {}  (95% CI {} – {})",
                r.metric, r.value, r.ci_low, r.ci_high
            );
        }
    }
    let bot = seats.iter().map(|s| s[1].len()).max().unwrap_or(0).max(8);
    let _ = writeln!(
        out,
        "\n  {:>4}  {:bot$}  {:>8}  {:^21}  {:>10}",
        "seat", "bot", "win rate", "95% CI", "mean score"
    );
    for s in seats {
        let _ = writeln!(
            out,
            "  {:>4}  {:bot$}  {:>8}  {:21}  {:>10}",
            s[0], s[1], s[2], s[3], s[4]
        );
    }
    out
}
