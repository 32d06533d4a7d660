//! The files and terminal table every game shares: summary, seats, bots, scores, game length.

use serde::Serialize;

use crate::game::{Game, MAX_SEATS, Roles};
use crate::metrics::{Counts, Declared, Quantity, SummaryMetric};
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
    /// None in a game without scores: no column.
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_score: Option<String>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_score: Option<String>,
}

#[derive(Serialize)]
struct RoleRow {
    role: &'static str,
    /// A bot's label, or `all` for every bot that played the role.
    bot: String,
    player_games: u64,
    wins: u64,
    win_rate: String,
    ci_low: String,
    ci_high: String,
}

/// `roles.csv`: how often each role wins, and with several bots, each bot in each role it plays.
fn role_rows(roles: Roles, plan: &Plan, totals: &Totals, players: usize) -> Vec<RoleRow> {
    let bots = plan.bots();
    let n = bots.len();
    let count = |role: usize, bot: Option<usize>| {
        let (mut games, mut wins) = (0, 0);
        for s in (0..players).filter(|&s| usize::from(roles.of_seat[s]) == role) {
            for b in (0..n).filter(|&b| bot.is_none_or(|x| x == b)) {
                games += totals.seat_bot_games[s * n + b];
                wins += totals.seat_bot_wins[s * n + b];
            }
        }
        (games, wins)
    };
    let row = |role: usize, bot: Option<usize>| {
        let (games, wins) = count(role, bot);
        let r = wilson(wins, games);
        RoleRow {
            role: roles.names[role],
            bot: bot.map_or_else(|| "all".to_string(), |b| bots[b].label()),
            player_games: games,
            wins,
            win_rate: num(r.value),
            ci_low: num(r.low),
            ci_high: num(r.high),
        }
    };
    let mut rows = Vec::new();
    for role in 0..roles.names.len() {
        rows.push(row(role, None));
        if n > 1 {
            // A bot that cannot play the role has no row in it.
            let plays = |b: &usize| bots[*b].kind.plays(roles.names[role]);
            rows.extend((0..n).filter(plays).map(|b| row(role, Some(b))));
        }
    }
    rows
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
    plan: &Plan,
    totals: &Totals,
    counts: &Counts,
    dir: &ResultDir,
) -> anyhow::Result<(Vec<SummaryRow>, Vec<[String; 5]>)> {
    let (players, scored) = (game.players(), game.scored());
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
                mean_score: scored.then(|| num(totals.seat_scores[s].mean().value)),
            }
        })
        .collect();
    dir.csv("seats.csv", seats.iter())?;
    let roles = game.roles();
    let mut table: Vec<[String; 5]> = seats
        .iter()
        .map(|s| {
            [
                s.seat.to_string(),
                // In a game with roles the terminal says whose seat it is.
                match roles {
                    Some(r) => format!("{} ({})", s.bot, r.of(s.seat)),
                    None => s.bot.clone(),
                },
                s.win_rate.clone(),
                format!("{} – {}", s.ci_low, s.ci_high),
                s.mean_score.clone().unwrap_or_default(),
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
                if scored {
                    num(scores.mean().value)
                } else {
                    String::new()
                },
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
                    mean_score: scored.then(|| num(totals.bot_scores[b].mean().value)),
                }
            }),
        )?;
    }

    if let Some(roles) = roles {
        dir.csv("roles.csv", role_rows(roles, plan, totals, players))?;
    }
    if scored {
        dir.csv(
            "scores.csv",
            (0..players.min(MAX_SEATS)).flat_map(|seat| {
                totals.seat_scores[seat]
                    .iter()
                    .map(move |(score, games)| ScoreRow { seat, score, games })
            }),
        )?;
    }
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

/// How games ended, for the terminal: each row of a game's `endings.csv` with its share and
/// interval. Empty for a game that declares no endings table.
pub fn endings(declared: &Declared, counts: &Counts, games: u64) -> String {
    use std::fmt::Write as _;
    let Some(t) = declared.tables.iter().find(|t| t.file == "endings.csv") else {
        return String::new();
    };
    let header = t.header();
    let at = |name: &str| header.iter().position(|h| h == name);
    let (Some(ending), Some(share), Some(low), Some(high)) =
        (at("ending"), at("share"), at("ci_low"), at("ci_high"))
    else {
        return String::new();
    };
    let rows = t.records(counts, games);
    let width = rows.iter().map(|r| r[ending].len()).max().unwrap_or(0);
    let mut out = String::from("\n  how games end (endings.csv)\n");
    for r in &rows {
        let _ = writeln!(
            out,
            "  {:width$}  {}  (95% CI {} – {})",
            r[ending], r[share], r[low], r[high]
        );
    }
    out
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
    // A game without scores leaves the last column empty: it is not shown.
    let scored = seats.iter().any(|s| !s[4].is_empty());
    let line = |cells: [&str; 5]| {
        let mut text = format!(
            "  {:>4}  {:bot$}  {:>8}  {:21}",
            cells[0], cells[1], cells[2], cells[3]
        );
        if scored {
            text += &format!("  {:>10}", cells[4]);
        } else {
            text.truncate(text.trim_end().len());
        }
        text + "\n"
    };
    out.push('\n');
    out += &line([
        "seat",
        "bot",
        "win rate",
        &format!("{:^21}", "95% CI"),
        "mean score",
    ]);
    for s in seats {
        out += &line([&s[0], &s[1], &s[2], &s[3], &s[4]]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Bot;
    use crate::game::example::{Coins, ROLE_KINDS, ROLES};

    #[test]
    fn each_role_and_each_bot_in_it_is_counted() {
        let mut game = Coins::new(2);
        game.roles = Some(ROLES);
        let plan = Plan {
            games: 500,
            seed: 3,
            lineup: vec![Bot::of(ROLE_KINDS, 0), Bot::of(ROLE_KINDS, 1)],
            rotate: true,
            roles: game.roles,
            threads: Some(1),
            shard: None,
            stop_after: None,
        };
        let bar = crate::progress::Progress::hidden();
        let report = crate::runner::run(&game, &plan, &bar, None).unwrap();
        let t = &report.totals;
        t.check(&plan).unwrap();
        // A shard whose seat-by-bot counts disagree with its plan or its seats is refused.
        for (games, wins) in [(1, 0), (0, 1)] {
            let mut bad = t.clone();
            bad.seat_bot_games[0] += games;
            bad.seat_bot_wins[0] += wins;
            let e = bad.check(&plan).unwrap_err();
            assert!(e.contains("seat_bot"), "{e}");
        }
        let rows = role_rows(ROLES, &plan, t, 2);
        let got: Vec<(&str, &str, u64, u64)> = rows
            .iter()
            .map(|r| (r.role, r.bot.as_str(), r.player_games, r.wins))
            .collect();
        // The mouser never plays the cat, so the only rotation is the lineup as given, and it
        // has no row as the cat; `any` could play the mouse, and has its row of none.
        let (cat, mouse) = (t.seat_wins[0], t.seat_wins[1]);
        assert_eq!(
            got,
            [
                ("cat", "all", 500, cat),
                ("cat", "any", 500, cat),
                ("mouse", "all", 500, mouse),
                ("mouse", "any", 0, 0),
                ("mouse", "mouser", 500, mouse),
            ]
        );
        assert!(cat > 0 && mouse > 0);
    }
}
