//! The files and terminal table every game shares: summary, seats, bots, scores, game length.

use serde::Serialize;

use crate::core::game::{Game, MAX_SEATS, Roles, seat_name, seat_number};
use crate::core::runner::{Plan, ROTATED, Totals};
use crate::io::report::headline;
use crate::io::report::parts::Parts;
use crate::io::result_dir::ResultDir;
use crate::stats::figures::{SummaryRow, endings, seat_rates, summary};
use crate::stats::metrics::{Counts, Declared};
use crate::stats::num;
use crate::stats::strength::{self, Figure, Sample, Strong, figure_words};
use crate::stats::{Estimate, wilson};

#[derive(Serialize)]
struct SeatRow {
    /// Counted from 1: the first player is seat 1.
    seat: usize,
    /// The seat's role, in a game with roles.
    #[serde(skip_serializing_if = "Option::is_none")]
    role: Option<&'static str>,
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
            // A bot with no game in the role (it cannot play it, or the lineup never seats it
            // there) has no row in it.
            let plays = |b: &usize| count(role, Some(*b)).0 > 0;
            rows.extend((0..n).filter(plays).map(|b| row(role, Some(b))));
        }
    }
    rows
}

#[derive(Serialize)]
struct ScoreRow {
    /// Counted from 1, as in `seats.csv`.
    seat: usize,
    score: usize,
    games: u64,
}

#[derive(Serialize)]
struct LengthRow {
    turns: usize,
    games: u64,
}

/// A row of `summary.csv`: the run's figure, and the strength sample's beside it.
#[derive(Serialize)]
struct SummaryFileRow<'a> {
    metric: &'a str,
    value: &'a str,
    ci_low: &'a str,
    ci_high: &'a str,
    /// The figure in the strength sample's games (a count there too), empty with no sample.
    strong_value: String,
    strong_ci_low: String,
    strong_ci_high: String,
    /// The figure's [`Verdict`], empty for a count.
    strong_play: &'static str,
}

/// `summary.csv`'s rows, each beside its value under strong play.
fn summary_file<'a>(
    rows: &'a [SummaryRow],
    strong_rows: Option<&[SummaryRow]>,
    figures: &[Figure],
) -> Vec<SummaryFileRow<'a>> {
    rows.iter()
        .enumerate()
        .map(|(i, r)| {
            // The first seat's rate is seat 1's figure.
            let (from, name) = match r.metric.as_str() {
                "first_seat_win_rate" => ("seats", seat_name(0usize)),
                m => ("summary", m.to_string()),
            };
            let figure = figures.iter().find(|f| f.from == from && f.name == name);
            let strong = strong_rows.map(|s| &s[i]);
            let (value, low, high, play) = match (figure, strong) {
                (Some(f), _) => (
                    num(f.strong.value),
                    num(f.strong.low),
                    num(f.strong.high),
                    f.verdict.word(),
                ),
                (None, Some(s)) => (s.value.clone(), String::new(), String::new(), ""),
                (None, None) => Default::default(),
            };
            SummaryFileRow {
                metric: &r.metric,
                value: &r.value,
                ci_low: &r.ci_low,
                ci_high: &r.ci_high,
                strong_value: value,
                strong_ci_low: low,
                strong_ci_high: high,
                strong_play: play,
            }
        })
        .collect()
}

/// What the terminal shows of a run, gathered as its files are written.
pub(crate) struct Shown {
    pub summary: Vec<SummaryRow>,
    /// The headline figures beside their values under strong play.
    pub strength: Vec<Figure>,
    /// Which strong games they were, or why none were played.
    pub sample: Sample,
    /// Each seat as people name it (with its bot, and its role in a game with roles), its win
    /// rate and mean score (None in a game without scores).
    seats: Vec<(String, Estimate, Option<f64>)>,
    /// With rotated seats, each bot over every seat.
    bots: Vec<(String, Estimate, Option<f64>)>,
    /// `endings.csv`'s rows: each ending's name and share.
    endings: Vec<(String, Estimate)>,
}

/// Writes the shared files, each headline figure beside its value under strong play
/// (`strong`); returns what the terminal shows of them.
pub(crate) fn write<G: Game>(
    game: &G,
    plan: &Plan,
    totals: &Totals,
    counts: &Counts,
    strong: &Strong,
    dir: &ResultDir,
) -> anyhow::Result<Shown> {
    let (players, scored) = (game.players(), game.scored());
    let rows = summary(game, totals);
    let figures = strength::figures(game, totals, counts, strong);
    let strong_rows = match strong {
        Strong::Played { totals, .. } => Some(summary(game, totals)),
        _ => None,
    };
    dir.csv(
        "summary.csv",
        summary_file(&rows, strong_rows.as_deref(), &figures),
    )?;
    strength::write(dir, &figures)?;
    let sample = strong.sample();

    // Whether a seat held different bots in turn, worked out once for every seat.
    let varies = plan.seats_vary();
    let seat_bot = |s: usize| {
        if varies {
            ROTATED.to_string()
        } else {
            plan.lineup[s].label()
        }
    };
    let rates = seat_rates(totals, players);
    let roles = game.roles();
    let seats: Vec<SeatRow> = (0..players)
        .map(|s| {
            let r = rates[s];
            SeatRow {
                seat: seat_number(s),
                role: roles.map(|r| r.of(s)),
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
    let shown_seats = (0..players)
        .map(|s| {
            // In a game with roles the terminal says whose seat it is; rotated seats have no
            // bot of their own.
            let name = match (roles, varies) {
                (Some(r), false) => format!("{} ({}, {})", seat_name(s), r.of(s), seat_bot(s)),
                (Some(r), true) => format!("{} ({})", seat_name(s), r.of(s)),
                (None, false) => format!("{} ({})", seat_name(s), seat_bot(s)),
                (None, true) => seat_name(s),
            };
            let score = scored.then(|| totals.seat_scores[s].mean().value);
            (name, rates[s], score)
        })
        .collect();

    let mut shown_bots = Vec::new();
    if plan.rotate {
        let bots = plan.bots();
        // Bot against bot: how often each wins a game, any of its seats counted once. One bot
        // alone wins every game anyone wins: no row says that.
        // Its fair share beside it: a bot holding two seats of four wins half of the games
        // if it is no better than the others.
        let seats_of =
            |bot: &crate::core::lineup::Bot| plan.lineup.iter().filter(|x| *x == bot).count();
        for (b, bot) in bots.iter().enumerate().filter(|_| bots.len() > 1) {
            let r = wilson(totals.bot_wins[b], totals.games);
            let score = scored.then(|| totals.bot_scores[b].mean().value);
            let seats = seats_of(bot);
            let fair = headline::pct(seats as f64 / players as f64);
            let name = format!("{} ({seats} of {players} seats, fair {fair})", bot.label());
            shown_bots.push((name, r, score));
        }
        dir.csv(
            "bots.csv",
            bots.iter().enumerate().map(|(b, bot)| {
                let r = wilson(totals.bot_wins[b], totals.games);
                BotRow {
                    bot: bot.label(),
                    seats: seats_of(bot),
                    games: totals.games,
                    wins: totals.bot_wins[b],
                    fair_share: num(seats_of(bot) as f64 / players as f64),
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
                    .map(move |(score, games)| ScoreRow {
                        seat: seat_number(seat),
                        score,
                        games,
                    })
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
    Ok(Shown {
        summary: rows,
        strength: figures,
        sample,
        seats: shown_seats,
        bots: shown_bots,
        endings: endings(game.declared(), counts, totals.games),
    })
}

/// How games ended, for the terminal: each ending's share and interval.
pub(crate) fn endings_text(declared: &Declared, counts: &Counts, games: u64) -> String {
    endings_lines(&endings(declared, counts, games))
}

fn endings_lines(rows: &[(String, Estimate)]) -> String {
    use std::fmt::Write as _;
    if rows.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n  how games end (endings.csv)\n");
    let width = rows.iter().map(|e| e.0.len()).max().unwrap_or(0);
    for (name, e) in rows {
        let _ = writeln!(out, "  {name:width$}  {}", share(*e));
    }
    out
}

/// A share and its interval as the terminal writes them: `38.9%  (95% CI 36.8 – 41.1%)`.
fn share(e: Estimate) -> String {
    format!(
        "{:>6}  (95% CI {})",
        headline::pct(e.value),
        headline::span(e.low, e.high)
    )
}

/// What the terminal shows of a run, the answer first: the endings that stalled games (the
/// game's `stalls`), the seat gap, each seat's win rate, how games ended, then every summary
/// figure as `summary.csv` has it.
impl Shown {
    pub(crate) fn text(&self, parts: &Parts) -> String {
        use std::fmt::Write as _;
        let figure = |m: &str| self.summary.iter().find(|r| r.metric == m)?.parsed();
        let mut out = String::new();
        let endings: Vec<(&str, Estimate)> =
            self.endings.iter().map(|(n, e)| (n.as_str(), *e)).collect();
        let capped = figure("capped_rate");
        for s in headline::stalls(capped, &endings, parts.stalls, parts.cap) {
            let _ = writeln!(out, "  ! {s}");
        }
        let rates: Vec<Estimate> = self.seats.iter().map(|s| s.1).collect();
        let names: Vec<String> = self.seats.iter().map(|s| s.0.clone()).collect();
        if !out.is_empty() {
            out.push('\n');
        }
        let gap =
            headline::seat_gap_sentence(&rates, &names, capped.map_or(0.0, |c| c.value), parts.cap);
        let _ = writeln!(out, "  {gap}");
        out += &self.strength_line(parts.turn);
        out.push('\n');

        let rows: Vec<&(String, Estimate, Option<f64>)> =
            self.seats.iter().chain(&self.bots).collect();
        let width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
        let scored = rows.iter().any(|r| r.2.is_some());
        let header = format!("  {:width$}  {:>6}  {:20}", "who", "wins", "");
        if scored {
            let _ = writeln!(out, "{header}  mean score");
        } else {
            let _ = writeln!(out, "{}", header.trim_end());
        }
        for (name, rate, score) in rows {
            let pad = width - name.chars().count();
            let mut line = format!("  {name}{:pad$}  {}", "", share(*rate));
            if let Some(score) = score {
                let _ = write!(line, "  {score:>10.2}");
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }

        out += &endings_lines(&self.endings);
        out += &self.strength_block(parts.turn);

        out += "\n  every figure (summary.csv; shares as fractions there)\n";
        let width = self
            .summary
            .iter()
            .map(|r| r.metric.len())
            .max()
            .unwrap_or(0);
        for r in &self.summary {
            let value = match figure(&r.metric) {
                Some(e) => shown("summary", &r.metric, e),
                None => format!("{:>6}", r.value),
            };
            let _ = writeln!(out, "  {:width$}  {value}", r.metric);
        }
        out
    }

    /// The line under the seat gap that says which strength the figures hold for.
    fn strength_line(&self, turn: &'static str) -> String {
        let words: Vec<String> = self
            .strength
            .iter()
            .map(|f| figure_words(f.from, &f.name, turn))
            .collect();
        let (warns, sentence) = self.sample.sentence(
            words
                .iter()
                .zip(&self.strength)
                .map(|(w, f)| (w.as_str(), f.verdict, f.by_enough())),
        );
        format!("  {}{sentence}\n", if warns { "! " } else { "" })
    }

    /// Each headline figure beside its value under strong play, the ones not confirmed by enough to act on marked.
    fn strength_block(&self, turn: &'static str) -> String {
        use std::fmt::Write as _;
        let Sample::Played(bots, _) = &self.sample else {
            return String::new();
        };
        let of = format!("strength.csv; {}", crate::stats::strength::played_by(bots));
        let mut out = format!(
            "\n  {}\n",
            crate::stats::strength::under(bots, &of).replacen("Under", "under", 1)
        );
        // Each figure as the sentence above names it.
        let words = |f: &Figure| figure_words(f.from, &f.name, turn);
        let width = self
            .strength
            .iter()
            .map(|f| words(f).chars().count())
            .max()
            .unwrap_or(0);
        // The run's value alone: its interval is in the tables above.
        let ours = |f: &Figure| {
            let text = shown(f.from, &f.name, f.ours);
            text.trim_start()
                .split("  ")
                .next()
                .unwrap_or("")
                .to_string()
        };
        let first = self
            .strength
            .iter()
            .map(|f| ours(f).chars().count())
            .max()
            .unwrap_or(0)
            .max("this run".len());
        let theirs: Vec<String> = self
            .strength
            .iter()
            .map(|f| shown(f.from, &f.name, f.strong))
            .collect();
        let second = theirs.iter().map(|t| t.chars().count()).max().unwrap_or(0);
        let _ = writeln!(out, "  {:width$}  {:>first$}  {bots}", "figure", "this run");
        for (f, strong) in self.strength.iter().zip(&theirs) {
            let mark = if f.marked() { "!" } else { " " };
            let pad = width - words(f).chars().count();
            let value = ours(f);
            let gap = second - strong.chars().count();
            let _ = writeln!(
                out,
                "  {}{:pad$}  {value:>first$}  {strong}{:gap$}  {mark} {}",
                words(f),
                "",
                "",
                f.verdict.word()
            );
        }
        out
    }
}

/// A figure as the terminal writes it, with its interval: a share, a gap in points, or a mean.
fn shown(from: &str, name: &str, e: Estimate) -> String {
    match (from, name) {
        ("summary", "seat_gap") => format!(
            "{:>6}  (95% CI {} – {})",
            headline::points(e.value).trim_end_matches(" points"),
            headline::points(e.low).trim_end_matches(" points"),
            headline::points(e.high)
        ),
        ("summary", m) if !m.ends_with("_rate") => format!(
            "{:>6}  (95% CI {} – {})",
            headline::plain(m, e.value),
            headline::plain(m, e.low),
            headline::plain(m, e.high)
        ),
        _ => share(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Bot;
    use crate::core::game::example::{Coins, ROLE_KINDS, ROLES};

    #[test]
    fn each_role_and_each_bot_in_it_is_counted() {
        let mut game = Coins::new(2);
        game.roles = Some(ROLES);
        let plan = Plan {
            games: 500,
            seed: 3,
            lineup: vec![Bot::new(&ROLE_KINDS[0]), Bot::new(&ROLE_KINDS[1])],
            rotate: true,
            roles: game.roles,
            threads: Some(1),
            shard: None,
            stop_after: None,
            skip: 0,
        };
        let bar = crate::core::progress::Progress::hidden();
        let report = crate::core::runner::run(&game, &plan, &bar, None).unwrap();
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
        // has no row as the cat; `any` could play the mouse but never does, and has none there
        // either.
        let (cat, mouse) = (t.seat_wins[0], t.seat_wins[1]);
        assert_eq!(
            got,
            [
                ("cat", "all", 500, cat),
                ("cat", "any", 500, cat),
                ("mouse", "all", 500, mouse),
                ("mouse", "mouser", 500, mouse),
            ]
        );
        assert!(cat > 0 && mouse > 0);
    }
}
