//! `whisker ladder`: every bot once among copies of every other, on common seeds; the win-rate
//! matrix, the ratings, and the seats' balance when the highest-rated bot plays every seat (the
//! strength reference, where the ratings cannot tell the highest from it).

use std::fmt::Write as _;
use std::time::Instant;

use super::{finished, page, result_dir, say, source, stopped_empty, written};
use crate::bots::ladder::{
    Entry, LadderRecord, MatrixRow, Pairing, RECORD, REFERENCE, RatingRow, SeatRow, Standing, elo,
    highest, ratings, ratings_against,
};
use crate::commands::cli::LadderArgs;
use crate::core::cost::{self, Cost};
use crate::core::failure::Failure;
use crate::core::game::Game;
use crate::core::lineup::{self, Bot};
use crate::core::progress::weighed_bar;
use crate::games::{self, Registered, with_game};
use crate::io::config::Source;
use crate::io::export;

use crate::core::runner::{self, Plan};
use crate::core::signals;
use crate::io::report::headline;
use crate::stats::{Estimate, wilson};

pub(crate) fn run(args: &LadderArgs) -> anyhow::Result<()> {
    let source = source(args.config.as_ref())?;
    super::players_once(args.players, &args.set)?;
    with_game!(games::load(&source, &args.set, args.players)?, game => {
        ladder(&*game, args, &source)
    })
}

/// The entries when `--bots` is not given: `random`, the game's own bots (one entry, each
/// seat taking the one of its role), `ismcts` at the game's smaller budgets and at its default,
/// and the config's strength reference when it names one.
fn default_entries<G: Game>(game: &G, presets: &[(String, String)]) -> String {
    let kinds = game.bots();
    let own: Vec<&str> = kinds[1..kinds.len() - 1].iter().map(|k| k.name).collect();
    let mut entries = vec!["random".to_string(), own.join("+")];
    entries.extend(
        game.search_budgets()
            .iter()
            .map(|b| format!("ismcts(iterations={b})")),
    );
    entries.push(crate::bots::ismcts::ISMCTS.name.to_string());
    if presets.iter().any(|(name, _)| name == REFERENCE) {
        entries.push(REFERENCE.to_string());
    }
    entries.join(",")
}

/// What a game of each entry at every seat costs, in seconds on one thread, so the ladder's
/// cost note weighs a search's pairings above a random bot's. Measured on the ladder's first
/// seeds, played and let go: one game, or as many as fill [`PROBE`] when they are quick (one
/// quick game says little: the first pays for cold caches). Alike when no entry searches (the
/// hand-written bots' games cost within a few times of each other), when nobody reads the
/// note, or when the test hook sets the rate.
fn game_costs<G: Registered>(
    game: &G,
    entries: &[Entry],
    players: usize,
    seed: u64,
    quiet: bool,
) -> Vec<f64> {
    let searches = entries
        .iter()
        .any(|e| e.seats[..players].iter().any(|b| b.kind.searches));
    if quiet || !searches || cost::clockless() {
        return vec![1.0; entries.len()];
    }
    let (mut scratch, mut counts) = (G::Scratch::default(), game.declared().counts());
    // A costly search's one game can take seconds: the wait is not left silent.
    let spinner =
        crate::core::progress::spinner("timing a game of each bot, for the cost note", quiet);
    let costs = entries
        .iter()
        .map(|e| {
            spinner.say(e.label.clone());
            let started = Instant::now();
            let mut games = 0;
            while games == 0 || started.elapsed() < PROBE {
                let seed = crate::core::rng::game_seed(seed, games);
                game.play(seed, &e.seats[..players], &mut scratch, &mut counts);
                games += 1;
            }
            started.elapsed().as_secs_f64() / games as f64
        })
        .collect();
    spinner.finish_and_clear();
    costs
}

/// How long a quick entry's games are timed for its cost.
const PROBE: std::time::Duration = std::time::Duration::from_millis(20);

/// What sets this ladder apart from the default one, for its default folder's name.
fn folder_parts(args: &LadderArgs) -> Vec<String> {
    let mut parts = vec!["ladder".to_string()];
    if let Some(p) = args.players {
        parts.push(format!("players-{p}"));
    }
    if let Some(bots) = &args.bots {
        parts.push(format!("bots-{bots}"));
    }
    if args.seed != crate::commands::cli::DEFAULT_SEED {
        parts.push(format!("seed-{}", args.seed));
    }
    if args.games != crate::commands::cli::LADDER_GAMES {
        parts.push(format!("games-{}", args.games));
    }
    parts.extend(args.set.iter().map(|o| o.arg.clone()));
    parts
}

fn ladder<G: Registered>(game: &G, args: &LadderArgs, source: &Source) -> anyhow::Result<()> {
    let players = game.players();
    let presets = games::presets(game.resolved());
    let parse = |t: &str| lineup::parse(t, game.bots(), &presets);
    let text = args
        .bots
        .clone()
        .unwrap_or_else(|| default_entries(game, &presets));
    let entries = lineup::split(&text)
        .iter()
        .map(|t| Entry::parse(t, parse, game.roles(), players))
        .collect::<Result<Vec<Entry>, Failure>>()?;
    if entries.len() < 2 {
        return Err(Failure::Usage("--bots: a ladder needs at least two bots".into()).into());
    }
    for (i, e) in entries.iter().enumerate() {
        // Seats past the table's are filler (the entry's first bot): `sleuth+thief` and
        // `thief+sleuth` seat the same two bots.
        if entries[..i]
            .iter()
            .any(|o| o.seats[..players] == e.seats[..players])
        {
            return Err(Failure::Usage(format!(
                "--bots: `{}` is listed twice (as the same bots)",
                e.label
            ))
            .into());
        }
    }
    // Every count of games must fit a u64, as a run's plan checks its own.
    let n = entries.len();
    let too_many = || {
        Failure::Usage(format!(
            "--games {}: {n} bots at {players} seats play more games than whisker counts",
            args.games
        ))
    };
    let seated = (players as u64)
        .checked_mul(args.games)
        .ok_or_else(too_many)?;
    let total = ((n * (n - 1)) as u64)
        .checked_mul(seated)
        .and_then(|g| g.checked_add(seated))
        .ok_or_else(too_many)?;
    let dir = result_dir(
        args.out.as_ref(),
        "ladder",
        &source.name,
        &source.stem,
        &folder_parts(args),
        &[],
    )?;
    signals::catch();
    let costs = game_costs(game, &entries, players, args.seed, args.workers.quiet);
    let weight = |a: usize, b: usize| (costs[a] + (players - 1) as f64 * costs[b]) / players as f64;
    // Which bot plays every seat at the end is known only once the pairings are played: the
    // entries' mean cost is at most about 1.5 times off either way (two entries, one costly).
    let seats_weight = costs.iter().sum::<f64>() / n as f64;
    let work = (0..n)
        .flat_map(|a| (0..n).filter(move |&b| b != a).map(move |b| (a, b)))
        .map(|(a, b)| seated as f64 * weight(a, b))
        .sum::<f64>()
        + seated as f64 * seats_weight;
    let started = Instant::now();
    let bar = weighed_bar(
        total,
        work,
        args.workers.quiet,
        Cost::ladder(args.games, players),
    );
    let plan = |lineup: Vec<Bot>| Plan {
        games: args.games,
        seed: args.seed,
        lineup,
        rotate: false,
        roles: None,
        threads: args.workers.threads,
        shard: None,
        stop_after: None,
        skip: 0,
    };

    // Every bot once among copies of every other, at every seat, on the same seeds. A pairing
    // counts only once every seat is played: a part of one would weigh some seats over others.
    let mut cells = vec![vec![Pairing::default(); n]; n];
    let mut stopped = None;
    let mut played = 0;
    'pairs: for a in 0..n {
        for b in (0..n).filter(|&b| b != a) {
            bar.weigh(weight(a, b));
            bar.say(format!(
                "{} once among {}",
                entries[a].label, entries[b].label
            ));
            let mut pairing = Pairing::default();
            for seat in 0..players {
                let lineup = (0..players)
                    .map(|t| entries[if t == seat { a } else { b }].seats[t])
                    .collect();
                let mut cell = Pairing::default();
                let done = runner::play_all(
                    &plan(lineup),
                    &bar,
                    || {
                        let counts = game.declared().counts();
                        (Pairing::default(), G::Scratch::default(), counts)
                    },
                    |(c, scratch, counts), unit, lineup| {
                        let o = game.play(unit.seed, &lineup[..players], scratch, counts);
                        c.count(&o, seat);
                    },
                    |(c, _, _)| {
                        cell.add(&c);
                        Ok(())
                    },
                )?;
                pairing.add(&cell);
                played += cell.games;
                if done.stopped.is_some() {
                    stopped = done.stopped;
                    break 'pairs;
                }
            }
            cells[a][b] = pairing;
        }
    }
    // Only whole pairings count: a ladder stopped before its first is finished has no result.
    let rated_bots: Vec<bool> = (0..n)
        .map(|i| (0..n).any(|j| cells[i][j].games > 0 || cells[j][i].games > 0))
        .collect();
    if let (false, Some(signal)) = (rated_bots.contains(&true), stopped) {
        bar.finish_and_clear();
        return Err(stopped_empty(
            signal,
            &format!("its first pairing ({seated} games)"),
        ));
    }
    let rated = ratings(&cells, players);
    // The entry that plays as the config's reference, however it was named, once rated.
    let reference = presets
        .iter()
        .any(|(name, _)| name == REFERENCE)
        .then(|| parse(REFERENCE).ok())
        .flatten()
        .and_then(|r| {
            entries
                .iter()
                .position(|e| e.seats[..players].iter().all(|s| *s == r))
        })
        .filter(|&r| rated_bots[r]);
    let vs_reference = reference.map(|r| ratings_against(&cells, players, r));
    let rating_rows: Vec<RatingRow<&str>> = entries
        .iter()
        .zip(&rated)
        .enumerate()
        .map(|(i, (e, r))| {
            let (games, wins) = cells[i]
                .iter()
                .fold((0, 0), |(g, w), c| (g + c.games, w + c.one + c.split));
            let elo = rated_bots[i].then_some(r.elo);
            let vs = vs_reference
                .as_ref()
                .filter(|_| rated_bots[i])
                .map(|v| v[i].elo);
            RatingRow {
                bot: e.label.as_str(),
                iterations: e.iterations,
                elo: elo.map(|e| e.value),
                ci_low: elo.map(|e| e.low),
                ci_high: elo.map(|e| e.high),
                vs_reference: vs.map(|e| e.value),
                vs_reference_low: vs.map(|e| e.low),
                vs_reference_high: vs.map(|e| e.high),
                games,
                wins,
            }
        })
        .collect();
    let best = highest(&rating_rows, None).unwrap_or(0);
    // Who plays every seat: the highest rated, unless the ladder cannot tell it from the
    // strength reference, the strong lineup by design, whose seats are then the safer answer
    // (a cheap bot's lead over it is often noise).
    let every = match reference {
        Some(r)
            if rating_rows[best].against_reference().map(Standing::of) == Some(Standing::Level) =>
        {
            r
        }
        _ => best,
    };

    let seats = match stopped {
        Some(_) => None,
        None => {
            bar.weigh(costs[every]);
            bar.say(format!("{} at every seat", entries[every].label));
            let mut p = plan(entries[every].seats[..players].to_vec());
            p.games = seated;
            p.roles = game.roles();
            let report = runner::run(game, &p, &bar, None)?;
            played += report.played.units;
            stopped = report.played.stopped;
            stopped.is_none().then_some(report)
        }
    };
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();

    let fair = 1.0 / players as f64;
    let mut matrix = Vec::new();
    for (a, row) in cells.iter().enumerate() {
        // An interrupted ladder leaves out the pairings it did not finish.
        for (b, c) in row
            .iter()
            .enumerate()
            .filter(|&(b, c)| b != a && c.games > 0)
        {
            let rate = c.win_rate();
            matrix.push(MatrixRow {
                bot: &entries[a].label,
                against: &entries[b].label,
                games: c.games,
                wins: c.one + c.split,
                shared: c.split,
                win_rate: rate.value,
                ci_low: rate.low,
                ci_high: rate.high,
                fair_share: fair,
            });
        }
    }
    dir.csv("matrix.csv", &matrix)?;
    dir.csv("ratings.csv", &rating_rows)?;
    // The bot as the ladder names it, parameters and all.
    let labels: Vec<String> = (0..players)
        .map(|s| entries[every].seats[s].label())
        .collect();
    let seat_rows: Vec<SeatRow<&str>> = seats
        .as_ref()
        .map(|report| {
            (0..players)
                .map(|s| {
                    let rate = wilson(report.totals.seat_wins[s], report.totals.games);
                    SeatRow {
                        seat: crate::core::game::seat_number(s),
                        role: game.roles().map_or("", |r| r.of(s)),
                        bot: &labels[s],
                        games: report.totals.games,
                        wins: report.totals.seat_wins[s],
                        win_rate: rate.value,
                        ci_low: rate.low,
                        ci_high: rate.high,
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    if let Some(report) = &seats {
        dir.csv("seats.csv", &seat_rows)?;
        // How the seats run's games end, as simulate writes it: the terminal cites the file.
        if let Some(t) = game
            .declared()
            .tables
            .iter()
            .find(|t| t.file == "endings.csv")
        {
            let rows = t.records(&report.counts, report.totals.games);
            dir.records(&t.file, &t.header(), rows)?;
        }
    }
    dir.text("config.toml", &toml::to_string(game.resolved())?)?;
    let record = LadderRecord {
        config: games::arg_of(source),
        bots: text.clone(),
        games: args.games,
        seed: args.seed,
        players,
        set: args.set.iter().map(|o| o.arg.clone()).collect(),
        partial: stopped.is_some(),
        seats_capped: seats.as_ref().map_or(0, |r| r.totals.capped),
        reference: reference.map(|r| entries[r].label.clone()),
        reference_bot: reference.map(|r| entries[r].seats[0].label()),
        every_seat: seats.as_ref().map(|_| entries[every].label.clone()),
    };
    dir.text(RECORD, &toml::to_string(&record)?)?;
    let mut out = format!(
        "whisker {} — ladder of {} ({players} players), {} seeds a pairing, seed {}\n",
        env!("CARGO_PKG_VERSION"),
        source.name,
        args.games,
        args.seed
    );
    let _ = writeln!(
        out,
        "{played} games in {elapsed:.2} s ({:.0} games/s)\n",
        played as f64 / elapsed.max(1e-9)
    );
    // What the tables hold: whole pairings, and the seats run if it finished.
    let kept = cells.iter().flatten().map(|c| c.games).sum::<u64>()
        + seats.as_ref().map_or(0, |r| r.totals.games);
    if let Some(signal) = stopped {
        let _ = writeln!(
            out,
            "INTERRUPTED by {}: the tables below hold the {kept} games of the pairings finished (marked partial); the games of a pairing cut short are not kept\n",
            signals::name(signal)
        );
    }
    out += &matrix_text(&entries, &cells, fair);
    out += &ratings_text(&rating_rows, best);
    if let Some(r) = reference {
        out += &reference_text(&rating_rows, r, &entries[r].seats[0].label());
    }
    if let Some(report) = &seats {
        let _ = writeln!(
            out,
            "\nseats when {} plays every seat ({} games){}:",
            entries[every].label,
            report.totals.games,
            if every == best {
                String::new()
            } else {
                format!(
                    ", since the ladder cannot tell {} from it",
                    entries[best].label
                )
            }
        );
        for r in &seat_rows {
            // Rounded as the seat gap sentence below rounds them.
            let _ = writeln!(
                out,
                "  seat {} {:10} {:>7}  (95% CI {})",
                r.seat,
                r.role,
                headline::pct(r.win_rate),
                headline::span(r.ci_low, r.ci_high)
            );
        }
        let endings =
            crate::stats::figures::endings(game.declared(), &report.counts, report.totals.games);
        let endings: Vec<(&str, Estimate)> =
            endings.iter().map(|(n, e)| (n.as_str(), *e)).collect();
        let capped = wilson(report.totals.capped, report.totals.games);
        for stall in headline::stalls(Some(capped), &endings, G::REPORT.stalls, G::REPORT.cap) {
            let _ = writeln!(out, "  ! {stall}");
        }
        let _ = writeln!(
            out,
            "  {}",
            crate::bots::ladder::seat_gap(&seat_rows, capped.value, G::REPORT.cap)
        );
        out += &export::endings_text(game.declared(), &report.counts, report.totals.games);
    }
    let page = page(&dir, args.report, crate::io::report::parts::NONE);
    let path = dir.commit(stopped.is_some())?;
    out += &written(&path, args.report);
    // A run stopped by a signal keeps its exit code though its answer could not be written.
    let said = say(&out);
    finished(&path, page, stopped).and(said)
}

/// The win-rate matrix for the terminal: rows the bot seated once, columns the field.
fn matrix_text(entries: &[Entry], cells: &[Vec<Pairing>], fair: f64) -> String {
    let width = entries.iter().map(|e| e.label.len()).max().unwrap_or(0);
    let mut out = format!(
        "win rate of each bot (row) seated once among copies of another (column), every seat in turn; fair share {} (95% intervals in matrix.csv):\n  {:width$}",
        headline::pct(fair),
        ""
    );
    for k in 1..=entries.len() {
        let _ = write!(out, "  {:>6}", format!("[{k}]"));
    }
    out.push('\n');
    for (a, row) in cells.iter().enumerate() {
        let _ = write!(out, "  {:width$}", entries[a].label);
        for (b, c) in row.iter().enumerate() {
            if a == b || c.games == 0 {
                let _ = write!(out, "  {:>6}", "—");
            } else {
                let _ = write!(out, "  {:>6}", headline::pct(c.win_rate().value));
            }
        }
        let _ = writeln!(out, "   [{}]", a + 1);
    }
    out
}

/// Where each bot stands against the config's strength reference (`rows[reference]`, which
/// plays as `bot`).
fn reference_text(rows: &[RatingRow<&str>], reference: usize, bot: &str) -> String {
    let width = rows.iter().map(|r| r.bot.len()).max().unwrap_or(0);
    let mut out = format!(
        "\nagainst the strength reference ({}, the config's `{REFERENCE}`: {bot}), Elo with the 95% interval of the difference:\n",
        rows[reference].bot
    );
    for (i, r) in rows.iter().enumerate() {
        if let Some(v) = r.against_reference().filter(|_| i != reference) {
            let _ = writeln!(
                out,
                "  {:width$}  {:>7}  (95% CI {} to {})  {}",
                r.bot,
                elo(v.value),
                elo(v.low),
                elo(v.high),
                Standing::of(v).words()
            );
        }
    }
    out
}

fn ratings_text(rows: &[RatingRow<&str>], best: usize) -> String {
    let width = rows.iter().map(|r| r.bot.len()).max().unwrap_or(0);
    let mut out = format!(
        "\nratings (Elo points, {} = 0; 400 points is ten times the odds):\n",
        rows[0].bot
    );
    let tied = rows.iter().filter(|r| r.elo == rows[best].elo).count() > 1;
    for r in rows {
        let _ = match (r.elo, r.ci_low, r.ci_high) {
            (Some(rating), Some(low), Some(high)) => writeln!(
                out,
                "  {:width$}  {:>7}  (95% CI {} to {}){}",
                r.bot,
                elo(rating),
                elo(low),
                elo(high),
                match (r.elo == rows[best].elo, tied) {
                    // A tie is said as one: no order between them.
                    (true, true) => "  highest rated (tied)",
                    (true, false) => "  highest rated",
                    _ => "",
                }
            ),
            _ => writeln!(out, "  {:width$}  {:>7}  (no pairing finished)", r.bot, "—"),
        };
    }
    out
}
