//! `whisker tune`: the value of one config key that puts the figures a designer names inside
//! their target bands, found by racing the key's values on common seeds: every value still in
//! the race plays the same games, twice as many each round, until one is confirmed (each target
//! figure's 95% interval inside its band), or every value is out (some figure's interval wholly
//! outside its band), or the budget is spent.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{lineup, result_dir, say, source, written};
use crate::commands::cli::TuneArgs;
use crate::commands::target::Target;
use crate::core::failure::Failure;
use crate::core::progress::Progress;
use crate::core::runner::{self, Plan};
use crate::core::signals;
use crate::games::{self, Game, Registered, with_game};
use crate::io::config::{Override, Source};
use crate::io::record::quote;
use crate::stats::{Estimate, num};

/// Games each value plays in the first round; each round doubles it.
const FIRST_ROUND: u64 = 1_000;

/// Where a value stands against the targets after a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// Every target's interval inside its band.
    Confirmed,
    /// Some target's interval wholly outside its band: no more games can bring it in.
    Out,
    /// Not clear yet.
    Racing,
}

impl Standing {
    fn word(self) -> &'static str {
        match self {
            Self::Confirmed => "confirmed",
            Self::Out => "out",
            Self::Racing => "racing",
        }
    }
}

/// A row of `candidates.csv`: one target figure of one value in one round.
#[derive(Serialize)]
struct CandidateRow {
    round: u32,
    /// `race`, or `fresh`: the seeds after the race's, where a value inside every band is
    /// confirmed.
    seeds: &'static str,
    value: String,
    games: u64,
    metric: String,
    estimate: String,
    ci_low: String,
    ci_high: String,
    target_low: String,
    target_high: String,
    /// The value's standing on all its targets in this row's games.
    value_standing: &'static str,
}

/// Every figure `tune` can aim at, by the name it takes: `summary.csv`'s metrics, each seat's
/// and role's win rate (`seat_1_win_rate`, `mouse_win_rate`) and each ending's share
/// (`ending_<name>`), with their intervals.
fn figures<G: Game>(game: &G, report: &runner::Report) -> BTreeMap<String, Estimate> {
    let mut out = BTreeMap::new();
    for (from, name, e) in crate::stats::strength::headline(game, &report.totals, &report.counts) {
        let key = match from {
            "seats" => format!("seat_{}_win_rate", name.trim_start_matches("seat ").trim()),
            "roles" => format!("{name}_win_rate"),
            "endings" => format!("ending_{name}"),
            _ => name,
        };
        out.insert(key, e);
    }
    // summary.csv's other name for seat 1's.
    if let Some(&e) = out.get("seat_1_win_rate") {
        out.insert("first_seat_win_rate".into(), e);
    }
    out
}

/// The figures of `games` games of the config with `overrides`: the run's seeds from game
/// `skip` on (a confirmation plays seeds the race never played); or the signal that stopped
/// them.
fn play_at(
    source: &Source,
    overrides: &[Override],
    args: &TuneArgs,
    (games, skip): (u64, u64),
) -> anyhow::Result<Result<BTreeMap<String, Estimate>, i32>> {
    let loaded = games::load(source, overrides, args.seats.players)?;
    with_game!(loaded, game => {
        let plan = Plan {
            skip,
            ..plan_of(&*game, args, skip + games)?
        };
        let report = runner::run(&*game, &plan, &Progress::hidden(), None)?;
        Ok(match report.played.stopped {
            Some(signal) => Err(signal),
            None => Ok(figures(&*game, &report)),
        })
    })
}

fn plan_of<G: Registered>(game: &G, args: &TuneArgs, games: u64) -> Result<Plan, Failure> {
    let players = game.players();
    Ok(Plan {
        games,
        seed: args.seed,
        lineup: lineup(game, args.seats.bots.as_deref(), players, false)?,
        rotate: false,
        roles: game.roles(),
        threads: args.workers.threads,
        shard: None,
        stop_after: None,
        skip: 0,
    })
}

/// A value's standing on its figures.
fn standing(targets: &[Target], figures: &BTreeMap<String, Estimate>) -> Standing {
    let mut all_in = true;
    for t in targets {
        let e = figures[&t.metric];
        if e.high < t.low || e.low > t.high {
            return Standing::Out;
        }
        all_in &= e.low >= t.low && e.high <= t.high;
    }
    if all_in {
        Standing::Confirmed
    } else {
        Standing::Racing
    }
}

/// How far a value's figures are from their bands' middles, in band widths, the farthest:
/// 0.5 at a band's edge, above it outside.
fn off_centre(targets: &[Target], figures: &BTreeMap<String, Estimate>) -> f64 {
    targets
        .iter()
        .map(|t| (figures[&t.metric].value - (t.low + t.high) / 2.0).abs() / (t.high - t.low))
        .fold(0.0, f64::max)
}

/// `n value(s)`.
fn values(n: usize) -> String {
    format!("{n} value{}", if n == 1 { "" } else { "s" })
}

/// Refuses a `--vary` that names a value twice, or the player count against `--players`, or
/// the key `--set` sets.
fn check_vary(args: &TuneArgs) -> Result<(), Failure> {
    let vary = &args.vary;
    if let Some(o) = args.set.iter().find(|o| o.path == vary.key) {
        return Err(Failure::Usage(format!(
            "--set {} and --vary {} set the same key; give one",
            o.arg, vary.key
        )));
    }
    if vary.key == "rules.players" && args.seats.players.is_some() {
        return Err(Failure::Usage(
            "--vary rules.players and --players both set the players; give one".into(),
        ));
    }
    for (i, v) in vary.values.iter().enumerate() {
        if vary.values[..i].iter().any(|w| w.arg == v.arg) {
            return Err(Failure::Usage(format!(
                "--vary {}: {} is given twice",
                vary.arg,
                value_of(v)
            )));
        }
    }
    Ok(())
}

pub(crate) fn run(args: &TuneArgs) -> anyhow::Result<i32> {
    let source = source(args.config.as_ref())?;
    let vary = &args.vary;
    check_vary(args)?;
    let at = |value: &Override| {
        let mut overrides = args.set.clone();
        overrides.push(value.clone());
        overrides
    };
    // Every value is loaded, and so checked, before the race, and one game of each names the
    // figures it has (a seat's win rate exists only at tables that seat it).
    let mut default_games = 0;
    for value in &vary.values {
        let loaded = games::load(&source, &at(value), args.seats.players)
            .map_err(|e| Failure::Usage(format!("--vary {}: {e}", value.arg)))?;
        let names: Vec<String> = with_game!(loaded, game => {
            default_games = default_games.max(game.default_games());
            let report = runner::run(&*game, &plan_of(&*game, args, 1)?, &Progress::hidden(), None)?;
            figures(&*game, &report).into_keys().collect()
        });
        for t in &args.target {
            if !names.contains(&t.metric) {
                return Err(Failure::Usage(format!(
                    "--target {}: no figure `{}` at {}; its figures: {}",
                    t.arg,
                    t.metric,
                    value.arg,
                    names.join(", ")
                ))
                .into());
            }
        }
    }
    let budget = args.max_games.unwrap_or(10 * default_games);
    let dir = result_dir(
        args.out.as_ref(),
        "tune",
        &source.name,
        &format!("tune-{}", source.stem),
        std::slice::from_ref(&vary.key),
    )?;
    let tell = |line: String| {
        if !args.workers.quiet {
            eprintln!("{line}");
        }
    };
    tell(format!(
        "tune: {} of {}, at most {budget} games (--max-games)",
        values(vary.values.len()),
        vary.key
    ));

    let mut racing: Vec<usize> = (0..vary.values.len()).collect();
    let mut rows = Vec::new();
    let mut spent = 0u64;
    // Each value's figures on the most games it played in the race.
    let mut latest: BTreeMap<usize, (BTreeMap<String, Estimate>, u64)> = BTreeMap::new();
    // The value confirmed on fresh seeds, its figures there, and the games it took.
    let mut confirmed: Option<(usize, BTreeMap<String, Estimate>, u64)> = None;
    // Values inside every band in the race, but not (or not yet) on fresh seeds.
    let mut inside_too: Vec<usize> = Vec::new();
    // Whether every value has played the very same games in every round.
    let mut all_same = vary.values.len() > 1;
    let mut round = 0u32;
    let mut games = FIRST_ROUND;
    let mut stopped = None;
    let mut row = |round: u32,
                   seeds: &'static str,
                   v: usize,
                   games,
                   figures: &BTreeMap<String, Estimate>,
                   s: Standing| {
        for t in &args.target {
            let e = figures[&t.metric];
            rows.push(CandidateRow {
                round,
                seeds,
                value: value_of(&vary.values[v]),
                games,
                metric: t.metric.clone(),
                estimate: num(e.value),
                ci_low: num(e.low),
                ci_high: num(e.high),
                target_low: num(t.low),
                target_high: num(t.high),
                value_standing: s.word(),
            });
        }
    };
    // A value's figures on a window of seeds; none once a signal stops them, and then what the
    // rounds before found is kept, the round under way not.
    let mut play = |v: usize, window| -> anyhow::Result<Option<BTreeMap<String, Estimate>>> {
        Ok(play_at(&source, &at(&vary.values[v]), args, window)?
            .map_err(|signal| stopped = Some(signal))
            .ok())
    };
    signals::catch();
    'rounds: while !racing.is_empty() && confirmed.is_none() {
        let cost = games * racing.len() as u64;
        if spent + cost > budget {
            break;
        }
        round += 1;
        spent += cost;
        let mut next = Vec::new();
        let mut inside = Vec::new();
        let mut seen: Vec<BTreeMap<String, Estimate>> = Vec::new();
        for &v in &racing {
            let Some(figures) = play(v, (games, 0))? else {
                break 'rounds;
            };
            let s = standing(&args.target, &figures);
            row(round, "race", v, games, &figures, s);
            latest.insert(v, (figures.clone(), games));
            match s {
                Standing::Confirmed => inside.push(v),
                Standing::Racing => next.push(v),
                Standing::Out => {}
            }
            seen.push(figures);
        }
        all_same &= seen.iter().all(|f| *f == seen[0]);
        tell(format!(
            "round {round}: {} × {games} games; {} inside every band, {} still racing; {spent} games so far",
            values(racing.len()),
            inside.len(),
            next.len()
        ));
        // Inside every band after looking every round at every value is not yet sure: the
        // nearest the bands' middles plays as many games again on seeds the race never
        // played, and is confirmed only if it is inside there too.
        inside.sort_by(|&a, &b| {
            off_centre(&args.target, &latest[&a].0)
                .total_cmp(&off_centre(&args.target, &latest[&b].0))
        });
        for (k, &v) in inside.iter().enumerate() {
            if spent + games > budget {
                next.extend(&inside[k..]);
                break;
            }
            spent += games;
            let Some(figures) = play(v, (games, games))? else {
                break 'rounds;
            };
            let s = standing(&args.target, &figures);
            row(round, "fresh", v, games, &figures, s);
            if s == Standing::Confirmed {
                confirmed = Some((v, figures, games));
                inside_too.extend(inside.iter().filter(|&&w| w != v));
                break;
            }
            // Not inside on fresh seeds: it races on.
            next.push(v);
        }
        next.sort_unstable();
        racing = next;
        games *= 2;
    }

    // The rows of a round cut short are left out: each value's rows are of whole rounds.
    rows.retain(|r| stopped.is_none() || r.round < round);
    dir.csv("candidates.csv", rows.iter())?;
    dir.text(
        "tune.toml",
        &toml::to_string(&TuneRecord::new(args, &source, budget, spent))?,
    )?;
    if let Some(signal) = stopped {
        let path = dir.commit(true)?;
        say(&format!(
            "INTERRUPTED by {} in round {round}: the rounds before it are kept in candidates.csv\n{}",
            signals::name(signal),
            written(&path, false)
        ));
        return Err(Failure::Interrupted(signal).into());
    }
    let said = |figures: &BTreeMap<String, Estimate>| -> String {
        args.target
            .iter()
            .map(|t| {
                let e = figures[&t.metric];
                format!(
                    "{} {} ({}–{}; target {}–{})",
                    t.metric,
                    num(e.value),
                    num(e.low),
                    num(e.high),
                    num(t.low),
                    num(t.high)
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    let same = if all_same {
        format!(
            "Every value played the very same games in every round: in them {} changes nothing the targets measure.\n",
            vary.key
        )
    } else {
        String::new()
    };
    // The value whose figures, on the most games it played, are nearest their bands' middles.
    let closest = latest
        .iter()
        .map(|(&v, (figures, games))| (off_centre(&args.target, figures), v, figures, *games))
        .min_by(|a, b| a.0.total_cmp(&b.0).then(b.3.cmp(&a.3)));
    let (text, code) = match (&confirmed, &closest) {
        (Some((v, figures, games)), _) => {
            let value = &vary.values[*v];
            let loaded = games::load(&source, &at(value), args.seats.players)?;
            let resolved = with_game!(loaded, game => game.resolved().clone());
            dir.text("tuned.toml", &toml::to_string(&resolved)?)?;
            let also = if inside_too.is_empty() {
                String::new()
            } else {
                let listed: Vec<String> = inside_too
                    .iter()
                    .map(|&w| value_of(&vary.values[w]))
                    .collect();
                format!(
                    " Also inside every band in the race: {}.",
                    listed.join(", ")
                )
            };
            let bots = args
                .seats
                .bots
                .as_ref()
                .map_or(String::new(), |b| format!(" --bots {b}"));
            (
                format!(
                    "CONFIRMED: {} = {} puts every target inside its band, in the race and on {games} fresh games: {}.{also}\nThe tuned config is tuned.toml; {spent} games in all. Check it with more games: whisker simulate TUNED.toml --games 100000{bots}\n",
                    vary.key,
                    value_of(value),
                    said(figures)
                ),
                0,
            )
        }
        (None, Some((_, v, figures, games))) => {
            let why = if racing.is_empty() {
                "no value meets the targets: each has a figure whose 95% interval lies wholly outside its band"
            } else {
                "not confirmed within --max-games"
            };
            (
                format!(
                    "NOT FOUND: {why}. The closest: {} = {} on {games} games: {}. {spent} games in all; no tuned config is written.\n",
                    vary.key,
                    value_of(&vary.values[*v]),
                    said(figures)
                ),
                1,
            )
        }
        (None, None) => (
            format!(
                "NOT FOUND: --max-games {budget} does not pay for the first round ({} × {FIRST_ROUND} games).\n",
                values(vary.values.len())
            ),
            1,
        ),
    };
    let path = dir.commit(false)?;
    let text = text.replace("TUNED.toml", &path.join("tuned.toml").display().to_string());
    say(&format!("{same}{text}{}", written(&path, false)));
    Ok(code)
}

/// `tune.toml`: how the tune was run, and the command that runs it again.
#[derive(Serialize)]
struct TuneRecord<'a> {
    whisker_version: &'a str,
    config: &'a str,
    vary: &'a str,
    target: Vec<&'a str>,
    set: Vec<&'a str>,
    seed: u64,
    max_games: u64,
    games_played: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bots: Option<&'a str>,
    reproduce: String,
}

impl<'a> TuneRecord<'a> {
    fn new(args: &'a TuneArgs, source: &'a Source, max_games: u64, games_played: u64) -> Self {
        let mut reproduce = format!(
            "whisker tune {} --vary {}",
            quote(crate::games::arg_of(source)),
            quote(&args.vary.arg)
        );
        for t in &args.target {
            reproduce += &format!(" --target {}", quote(&t.arg));
        }
        for o in &args.set {
            reproduce += &format!(" --set {}", quote(&o.arg));
        }
        reproduce += &format!(" --seed {} --max-games {max_games}", args.seed);
        if let Some(p) = args.seats.players {
            reproduce += &format!(" --players {p}");
        }
        if let Some(b) = &args.seats.bots {
            reproduce += &format!(" --bots {}", quote(b));
        }
        Self {
            whisker_version: env!("CARGO_PKG_VERSION"),
            config: &source.name,
            vary: &args.vary.arg,
            target: args.target.iter().map(|t| t.arg.as_str()).collect(),
            set: args.set.iter().map(|o| o.arg.as_str()).collect(),
            seed: args.seed,
            max_games,
            games_played,
            players: args.seats.players,
            bots: args.seats.bots.as_deref(),
            reproduce,
        }
    }
}

/// The value an override sets, as the designer wrote it.
fn value_of(o: &Override) -> String {
    o.arg
        .split_once('=')
        .map_or_else(|| o.arg.clone(), |(_, v)| v.to_string())
}
