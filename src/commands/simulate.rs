//! `whisker simulate`: one rule set, many games, every statistic.

use std::time::Instant;

use super::{host_record, lineup, say, source};
use crate::cli::SimulateArgs;
use crate::config::Source;
use crate::export::{self, GamesCsv};
use crate::games::{self, BotNames, Game};
use crate::output::{Interrupted, MARKER, ResultDir};
use crate::progress::games_bar;
use crate::runner::{self, Plan, Played};
use crate::with_game;

pub fn run(args: &SimulateArgs) -> anyhow::Result<()> {
    let source = source(args.config.as_ref())?;
    with_game!(games::load(&source, &args.set, args.run.players)?, game => {
        simulate_game(&*game, &game.resolved, args, &source)
    })
}

fn simulate_game<G: Game>(
    game: &G,
    resolved: &toml::Table,
    args: &SimulateArgs,
    source: &Source,
) -> anyhow::Result<()>
where
    G::Bot: BotNames,
{
    let players = game.players();
    let plan = Plan {
        games: args.run.games,
        seed: args.run.seed,
        lineup: lineup::<G::Bot>(&args.run.bots, players)?,
        rotate: args.rotate_seats,
        threads: args.run.threads.map(|t| t as usize),
        shard: args.shard.map(|s| (s.index, s.count)),
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| games::default_out(source));
    let dir = ResultDir::create(&out)?;

    let started = Instant::now();
    // Ctrl-C stops the run; the games played so far are written as a partial result.
    let _ = ctrlc::set_handler(|| runner::STOP.store(true, std::sync::atomic::Ordering::Relaxed));
    let bar = games_bar(plan.total(), args.run.quiet);
    let mut games_csv = if args.games_csv {
        Some(GamesCsv::create(&dir, players)?)
    } else {
        None
    };
    let mut write_row = |r: &runner::Record| {
        games_csv
            .as_mut()
            .map_or(Ok(()), |w| w.row(game, players, r))
    };
    let report = runner::run(
        game,
        &plan,
        &bar,
        args.games_csv.then_some(&mut write_row as _),
    )?;
    bar.finish_and_clear();
    if let Some(w) = games_csv {
        w.finish()?;
    }
    let elapsed = started.elapsed().as_secs_f64();

    let (summary, seats) = export::write(game, &plan, &report.totals, &report.counters, &dir)?;
    dir.text("config.toml", &toml::to_string(resolved)?)?;
    let sets: Vec<String> = args.set.iter().map(|o| o.arg.clone()).collect();
    dir.text(MARKER, &run_record(&sets, source, &plan, report.played))?;
    dir.text(
        "host.toml",
        &host_record(plan.threads, elapsed, report.played.units),
    )?;
    if plan.shard.is_some() {
        dir.text(runner::COUNTERS, &report.counters_text())?;
    }
    if args.run.report {
        dir.report();
    }
    let path = dir.commit()?;
    let per_second = report.played.units as f64 / elapsed.max(1e-9);

    let mut text = format!(
        "whisker {} — {} ({players} players)\n",
        env!("CARGO_PKG_VERSION"),
        source.name
    );
    text += &format!(
        "{} games in {elapsed:.2} s ({per_second:.0} games/s), seed {}\n\n",
        report.played.units, plan.seed
    );
    if !report.played.complete {
        text += &format!(
            "INTERRUPTED: {} of {} games played; the results below are for those (marked partial)\n\n",
            report.played.units,
            plan.total()
        );
    }
    text += &export::table(&summary, &seats);
    text += &format!("\nresults in {}/\n", path.display());
    say(&text);
    if !report.played.complete {
        return Err(Interrupted.into());
    }
    Ok(())
}

/// `run.toml`: what was run, enough to reproduce it exactly.
pub fn run_record<B: BotNames + Copy + PartialEq>(
    sets: &[String],
    source: &Source,
    plan: &Plan<B>,
    played: Played,
) -> String {
    let bots: Vec<&str> = plan.lineup.iter().map(|b| b.name()).collect();
    let config_arg = if source.is_builtin() {
        String::new()
    } else {
        format!(" {}", source.name)
    };
    // A partial result is reproduced by the run of the games it holds.
    let games = if played.complete {
        plan.games
    } else {
        played.units / plan.rotations()
    };
    let mut reproduce = format!(
        "whisker simulate{config_arg} --games {} --seed {} --players {} --bots {}",
        games,
        plan.seed,
        plan.lineup.len(),
        bots.join(",")
    );
    if plan.rotate {
        reproduce.push_str(" --rotate-seats");
    }
    if let Some((i, n)) = plan.shard {
        reproduce.push_str(&format!(" --shard {i}/{n}"));
    }
    for s in sets {
        reproduce.push_str(&format!(" --set '{s}'"));
    }
    let mut record = format!(
        "whisker_version = {:?}\nconfig = {:?}\nseed = {}\ngames = {}\nrotate_seats = {}\nplayed = {}\nbots = {:?}\nset = {:?}\nreproduce = {:?}\n",
        env!("CARGO_PKG_VERSION"),
        source.name,
        plan.seed,
        plan.games,
        plan.rotate,
        played.units,
        bots,
        sets,
        reproduce,
    );
    if !played.complete {
        // Interrupted: the folder holds the first `played` games of the run, a prefix.
        record.push_str("partial = true\n");
    }
    if let Some((i, n)) = plan.shard {
        let units = plan.units();
        record.push_str(&format!(
            "shard = \"{i}/{n}\"\nfirst_unit = {}\nend_unit = {}\n",
            units.start, units.end
        ));
    }
    record
}
