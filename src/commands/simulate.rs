//! `whisker simulate`: one rule set, many games, every statistic.

use std::time::Instant;

use super::{
    finished, page, result_dir, run_plan, say, source, stopped_empty, strong_lineup, written,
};
use crate::commands::cli::SimulateArgs;
use crate::core::cost::Cost;
use crate::core::lineup::Bot;
use crate::core::runner::{self, Plan, Played};
use crate::core::signals;
use crate::games::with_game;
use crate::games::{self, Registered};
use crate::io::config::Source;
use crate::io::export;
use crate::io::games_csv;
use crate::io::record::{self, HostRecord, RunRecord, quote};
use crate::stats::strength::{self, Strong};

pub(crate) fn run(args: &SimulateArgs) -> anyhow::Result<()> {
    let source = source(args.config.as_ref())?;
    super::players_once(args.run.seats.players, &args.set)?;
    with_game!(games::load(&source, &args.set, args.run.seats.players)?, game => {
        simulate_game(&*game, args, &source)
    })
}

/// What this command line changes, for the default folder `results/<config>+…`.
fn folder_parts(args: &SimulateArgs, default_games: u64) -> Vec<String> {
    let mut parts = args.run.folder_parts(default_games);
    if args.games_csv {
        parts.push("games-csv".into());
    }
    if let Some(s) = args.shard {
        parts.push(format!("shard-{}of{}", s.index, s.count));
    }
    if let Some(k) = args.stop_after {
        parts.push(format!("stop-after-{k}"));
    }
    parts.extend(args.set.iter().map(|o| o.arg.clone()));
    parts
}

fn simulate_game<G: Registered>(
    game: &G,
    args: &SimulateArgs,
    source: &Source,
) -> anyhow::Result<()> {
    let players = game.players();
    // Without shards, the first K games of a run are simply a run of K games.
    let asked = args.run.games.unwrap_or(game.default_games());
    let (games, stop_after) = match (args.shard, args.stop_after) {
        (None, Some(k)) => (asked.min(k), None),
        _ => (asked, args.stop_after),
    };
    let plan = Plan {
        shard: args.shard.map(|s| (s.index, s.count)),
        stop_after,
        ..run_plan(game, &args.run, games, players)?
    };
    plan.check()?;
    let dir = result_dir(
        args.out.as_ref(),
        "simulate",
        &source.name,
        &source.stem,
        &folder_parts(args, game.default_games()),
        &args.sample.unnamed_parts(),
    )?;

    let started = Instant::now();
    signals::catch();
    let bar = plan.bar(args.run.workers.quiet, Cost::simulate);
    let mut games_csv = if args.games_csv {
        Some(games_csv::Writer::create(&dir, game)?)
    } else {
        None
    };
    let mut write_row = |r: &runner::Record| games_csv.as_mut().map_or(Ok(()), |w| w.row(game, r));
    let report = runner::run(
        game,
        &plan,
        &bar,
        args.games_csv.then_some(&mut write_row as _),
    )?;
    bar.finish_and_clear();
    if let (0, Some(signal)) = (report.played.units, report.played.stopped) {
        return Err(stopped_empty(signal, "any game"));
    }
    if let Some(w) = games_csv {
        w.finish()?;
    }
    let elapsed = started.elapsed().as_secs_f64();

    let sample = strength_sample(game, &plan, args, report.played)?;
    let strong = match &sample {
        SampleRun::Played { report, bots, .. } if report.played.units > 0 => Strong::Played {
            bots: bots.clone(),
            totals: &report.totals,
            counts: &report.counts,
        },
        SampleRun::Played { .. } => Strong::Not(strength::STOPPED_FIRST.into()),
        SampleRun::Itself(bots) => Strong::Itself(bots.clone()),
        SampleRun::Not(why) => Strong::Not(why.clone()),
    };
    let shown = export::write(game, &plan, &report.totals, &report.counts, &strong, &dir)?;
    dir.text("config.toml", &toml::to_string(game.resolved())?)?;
    let sets: Vec<String> = args.set.iter().map(|o| o.arg.clone()).collect();
    dir.text(
        record::RUN,
        &run_record(
            &sets,
            source,
            &plan,
            report.played,
            args.games_csv,
            &strong.sample(),
        )
        .to_toml()?,
    )?;
    dir.text(
        record::HOST,
        &HostRecord::new(plan.threads, elapsed, report.played.units).to_toml()?,
    )?;
    if plan.shard.is_some() {
        dir.text(runner::COUNTERS, &report.counters_text())?;
    }
    let page = page(&dir, args.run.report, G::REPORT);
    let path = dir.commit(!report.played.complete())?;
    let stopped = report.played.stopped.or(sample.stopped());
    let per_second = report.played.units as f64 / elapsed.max(1e-9);

    let mut text = format!(
        "whisker {} — {} ({players} players)\n",
        env!("CARGO_PKG_VERSION"),
        source.name
    );
    text += &format!(
        "{} in {elapsed:.2} s ({per_second:.0} games/s), seed {}\n\n",
        crate::io::report::headline::games(report.played.units),
        plan.seed
    );
    if let Some((i, n)) = plan.shard {
        let games = crate::io::report::svg::grouped(report.played.units);
        text += &format!(
            "  {}\n\n",
            crate::io::report::headline::one_shard(&format!("{i}/{n}"), &games)
        );
    }
    if let Some(signal) = report.played.stopped {
        text += &format!(
            "INTERRUPTED by {}: {} of {} games played; the results below are for those (marked partial)\n\n",
            signals::name(signal),
            report.played.units,
            plan.total()
        );
    }
    if let SampleRun::Played {
        report: r,
        elapsed,
        bots,
    } = &sample
    {
        // The sample replays the run's own seeds, so it is never more games than the run.
        let capped = match args.sample.strength {
            strength::Asked::Games(n) if n > r.played.units && r.played.stopped.is_none() => {
                format!(" (every game of the run: --strength {n} asks for more than it played)")
            }
            _ => String::new(),
        };
        text += &format!(
            "strength sample: {} games in {elapsed:.2} s ({:.0} games/s), {}{capped}\n\n",
            r.played.units,
            r.played.units as f64 / elapsed.max(1e-9),
            strength::played_by(bots)
        );
        if let Some(signal) = r.played.stopped {
            text += &format!(
                "INTERRUPTED by {} during the strength sample: its first {} games are kept; every game of the run was played\n\n",
                signals::name(signal),
                r.played.units
            );
        }
    }
    text += &shown.text(&G::REPORT);
    text += &written(&path, args.run.report);
    // A run stopped by a signal keeps its exit code though its answer could not be written.
    let said = say(&text);
    finished(&path, page, stopped).and(said)
}

/// A run's strength sample: played, or why not.
enum SampleRun {
    Played {
        report: Box<runner::Report>,
        elapsed: f64,
        /// The lineup, as [`strong_lineup`] names it.
        bots: String,
    },
    /// The run's own lineup is the strong one, so named.
    Itself(String),
    Not(String),
}

impl SampleRun {
    fn stopped(&self) -> Option<i32> {
        match self {
            Self::Played { report, .. } => report.played.stopped,
            _ => None,
        }
    }
}

/// Plays the first games of `plan` again with the strong lineup, as `--strength` asks, once the
/// run (`played`) is finished; a shard or a stopped run plays none.
fn strength_sample<G: Registered>(
    game: &G,
    plan: &Plan,
    args: &SimulateArgs,
    played: Played,
) -> anyhow::Result<SampleRun> {
    let (strong, bots) = strong_lineup(game, &args.sample.strength_bots)?;
    if plan.is_strong(&strong) {
        return Ok(SampleRun::Itself(bots));
    }
    let games = args
        .sample
        .strength
        .games(game.strength_games(), plan.games);
    let why = if games == 0 {
        args.sample.strength.none()
    } else if plan.shard.is_some() {
        strength::NONE_IN_SHARDS
    } else if !played.complete() {
        "(the run was stopped first)"
    } else {
        ""
    };
    if !why.is_empty() {
        return Ok(SampleRun::Not(why.into()));
    }
    let sample = plan.strength_sample(games, strong);
    let started = Instant::now();
    let bar = sample.bar(args.run.workers.quiet, Cost::simulate);
    let report = runner::run(game, &sample, &bar, None)?;
    bar.finish_and_clear();
    Ok(SampleRun::Played {
        report: Box::new(report),
        elapsed: started.elapsed().as_secs_f64(),
        bots,
    })
}

/// `run.toml`: what was run, enough to reproduce it exactly (`games.csv` too, if it was written).
pub(crate) fn run_record(
    sets: &[String],
    source: &Source,
    plan: &Plan,
    played: Played,
    games_csv: bool,
    strength: &strength::Sample,
) -> RunRecord {
    let bots: Vec<String> = plan.lineup.iter().map(Bot::label).collect();
    let config_arg = format!(" {}", quote(&crate::games::arg_of(source)));
    // A partial result is reproduced by the run of the whole games it holds: the first games
    // of the run, or of its shard.
    let games_held = played.units / plan.rotations();
    let (games, stop_after) = match (plan.shard, played.complete()) {
        (None, false) => (games_held, None),
        (Some(_), false) => (plan.games, Some(games_held)),
        (_, true) => (plan.games, plan.stop_after),
    };
    let mut reproduce = format!(
        "whisker simulate{config_arg} --games {games} --seed {} --players {} --bots {}",
        plan.seed,
        plan.lineup.len(),
        quote(&bots.join(","))
    );
    if plan.rotate {
        reproduce.push_str(" --rotate-seats");
    }
    if games_csv {
        reproduce.push_str(" --games-csv");
    }
    if let Some((i, n)) = plan.shard {
        reproduce.push_str(&format!(" --shard {i}/{n}"));
    }
    if let Some(k) = stop_after {
        reproduce.push_str(&format!(" --stop-after {k}"));
    }
    // Why a run has no sample is told in the terminal: a merged result is the same bytes as
    // the single run of `--strength off` it reproduces.
    let (strength_bots, strength_games) = match strength {
        strength::Sample::Played(bots, games) => (Some(bots.clone()), Some(*games)),
        _ => (None, None),
    };
    reproduce.push_str(&strength.reproduce());
    for s in sets {
        reproduce.push_str(&format!(" --set {}", quote(s)));
    }
    let units = plan.units();
    RunRecord {
        config: Some(source.name.clone()),
        seed: plan.seed,
        games: plan.games,
        rotate_seats: plan.rotate,
        played: Some(played.units),
        bots,
        set: sets.to_vec(),
        partial: !played.complete(),
        shard: plan.shard.map(|(i, n)| format!("{i}/{n}")),
        first_unit: plan.shard.map(|_| units.start),
        end_unit: plan.shard.map(|_| units.start + played.units),
        strength_bots,
        strength_games,
        reproduce,
        ..RunRecord::new("simulate")
    }
}
