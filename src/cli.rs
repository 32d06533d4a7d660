//! The `whisker` command line.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::compare::{self, Paired};
use crate::config::{Override, Source};
use crate::export::{self, GamesCsv};
use crate::games::{self, BotNames, Game};
use crate::output::{MARKER, ResultDir, UsageError};
use crate::progress::games_bar;
use crate::runner::{self, Plan};
use crate::with_game;

#[derive(Parser, Debug)]
#[command(
    name = "whisker",
    version,
    about = "Monte Carlo balance lab for tabletop games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play many seeded games with bots and write balance statistics.
    Simulate(SimulateArgs),
    /// Play two rule sets on the same seeds and measure how they differ.
    Compare(CompareArgs),
}

/// What every run shares: how many games, which seed, who plays.
#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    /// Games to play (with --rotate-seats, each is played once per distinct rotation).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Master seed: the same seed and config give the same files, byte for byte.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Players (default: the config's rules.players).
    #[arg(long)]
    pub players: Option<usize>,
    /// Bot per seat in turn order, comma-separated; a shorter list repeats.
    #[arg(long, default_value = "greedy", value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {
    /// Game config (TOML). Default: the built-in configs/mice-heist/cheese.toml.
    pub config: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Play each game once per distinct rotation of the bots around the table, same seed.
    #[arg(long)]
    pub rotate_seats: bool,
    /// Override a config value: --set rules.track_length=12 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<Override>,
    /// Result folder (default: results/<config name>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write games.csv, one row per game.
    #[arg(long)]
    pub games_csv: bool,
}

#[derive(clap::Args, Debug, Clone)]
pub struct CompareArgs {
    /// Config A (TOML). Default: the built-in configs/mice-heist/cheese.toml.
    pub a: Option<PathBuf>,
    /// Config B (TOML). Default: the same as A (then vary it with --set-b).
    pub b: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Override a value of A only (repeatable).
    #[arg(long = "set-a", value_name = "KEY=VALUE")]
    pub set_a: Vec<Override>,
    /// Override a value of B only (repeatable).
    #[arg(long = "set-b", value_name = "KEY=VALUE")]
    pub set_b: Vec<Override>,
    /// Result folder (default: results/compare-<A>-vs-<B>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Simulate(args) => simulate(&args),
        Command::Compare(args) => compare(&args),
    }
}

fn source(path: Option<&PathBuf>) -> anyhow::Result<Source> {
    Ok(match path {
        Some(path) => Source::from_file(path)?,
        None => games::default_source(),
    })
}

fn simulate(args: &SimulateArgs) -> anyhow::Result<()> {
    let source = source(args.config.as_ref())?;
    with_game!(games::load(&source, &args.set, args.run.players)?, game => {
        simulate_game(&*game, &game.resolved, args, &source)
    })
}

fn compare(args: &CompareArgs) -> anyhow::Result<()> {
    let a = source(args.a.as_ref())?;
    let b = match &args.b {
        Some(path) => Source::from_file(path)?,
        None => a.clone(),
    };
    let game_a = games::load(&a, &args.set_a, args.run.players)?;
    let game_b = games::load(&b, &args.set_b, args.run.players)?;
    with_game!(game_a, ga => with_game!(game_b, gb => {
        compare_games(&*ga, &ga.resolved, &*gb, &gb.resolved, args, [&a, &b])
    }))
}

/// Writes `text` to stdout. A closed pipe (`| head`) is not an error: the results are already
/// written.
fn say(text: &str) {
    let _ = std::io::stdout().write_all(text.as_bytes());
}

/// `host.toml`: how a run went on this machine; everything else in a result is reproducible.
fn host_record(threads: Option<usize>, elapsed: f64, games: u64) -> String {
    format!(
        "# How this run went on this machine; everything else in the folder is reproducible.\ncommand = {:?}\nthreads = {}\nelapsed_seconds = {elapsed:.3}\ngames_per_second = {:.0}\n",
        std::env::args().collect::<Vec<_>>().join(" "),
        threads.unwrap_or_else(rayon::current_num_threads),
        games as f64 / elapsed.max(1e-9),
    )
}

/// Parses `--bots` into one bot per seat.
pub fn lineup<B: BotNames + Copy>(names: &[String], players: usize) -> Result<Vec<B>, UsageError> {
    let bots = names
        .iter()
        .map(|n| {
            B::from_name(n.trim()).ok_or_else(|| {
                UsageError(format!(
                    "--bots: unknown bot `{n}`; known: {}",
                    B::NAMES.join(", ")
                ))
            })
        })
        .collect::<Result<Vec<B>, _>>()?;
    if bots.is_empty() {
        return Err(UsageError("--bots: name at least one bot".into()));
    }
    if bots.len() > players {
        return Err(UsageError(format!(
            "--bots names {} bots for {players} players",
            bots.len()
        )));
    }
    Ok((0..players).map(|s| bots[s % bots.len()]).collect())
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
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| games::default_out(source));
    let dir = ResultDir::create(&out)?;

    let started = Instant::now();
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
    dir.text(MARKER, &run_record(args, source, &plan))?;
    dir.text(
        "host.toml",
        &host_record(plan.threads, elapsed, plan.total()),
    )?;
    let path = dir.commit()?;
    let per_second = plan.total() as f64 / elapsed.max(1e-9);

    let mut text = format!(
        "whisker {} — {} ({players} players)\n",
        env!("CARGO_PKG_VERSION"),
        source.name
    );
    text += &format!(
        "{} games in {elapsed:.2} s ({per_second:.0} games/s), seed {}\n\n",
        plan.total(),
        plan.seed
    );
    text += &export::table(&summary, &seats);
    text += &format!("\nresults in {}/\n", path.display());
    say(&text);
    Ok(())
}

/// `run.toml`: what was run, enough to reproduce it exactly.
fn run_record<B: BotNames + Copy + PartialEq>(
    args: &SimulateArgs,
    source: &Source,
    plan: &Plan<B>,
) -> String {
    let bots: Vec<&str> = plan.lineup.iter().map(|b| b.name()).collect();
    let sets: Vec<String> = args.set.iter().map(|o| o.arg.clone()).collect();
    let config_arg = args
        .config
        .as_ref()
        .map_or(String::new(), |p| format!(" {}", p.display()));
    let mut reproduce = format!(
        "whisker simulate{config_arg} --games {} --seed {} --players {} --bots {}",
        plan.games,
        plan.seed,
        plan.lineup.len(),
        bots.join(",")
    );
    if plan.rotate {
        reproduce.push_str(" --rotate-seats");
    }
    for s in &sets {
        reproduce.push_str(&format!(" --set '{s}'"));
    }
    format!(
        "whisker_version = {:?}\nconfig = {:?}\nseed = {}\ngames = {}\nrotate_seats = {}\nplayed = {}\nbots = {:?}\nset = {:?}\nreproduce = {:?}\n",
        env!("CARGO_PKG_VERSION"),
        source.name,
        plan.seed,
        plan.games,
        plan.rotate,
        plan.total(),
        bots,
        sets,
        reproduce,
    )
}

fn compare_games<GA: Game, GB: Game>(
    ga: &GA,
    resolved_a: &toml::Table,
    gb: &GB,
    resolved_b: &toml::Table,
    args: &CompareArgs,
    sources: [&Source; 2],
) -> anyhow::Result<()>
where
    GA::Bot: BotNames,
    GB::Bot: BotNames,
{
    let (pa, pb) = (ga.players(), gb.players());
    let plan = Plan {
        games: args.run.games,
        seed: args.run.seed,
        lineup: lineup::<GA::Bot>(&args.run.bots, pa)?,
        rotate: false,
        threads: args.run.threads.map(|t| t as usize),
    };
    let lineup_b = lineup::<GB::Bot>(&args.run.bots, pb)?;
    let out = args.out.clone().unwrap_or_else(|| {
        PathBuf::from("results").join(format!(
            "compare-{}-vs-{}",
            sources[0].stem, sources[1].stem
        ))
    });
    let dir = ResultDir::create(&out)?;

    let started = Instant::now();
    let bar = games_bar(plan.total(), args.run.quiet);
    let mut paired = Paired::default();
    runner::play_all(
        &plan,
        &bar,
        || {
            let scratch = (GA::Scratch::default(), GB::Scratch::default());
            let counters = (GA::Counters::default(), GB::Counters::default());
            (Paired::default(), scratch, counters)
        },
        |(p, (sa, sb), (ca, cb)), unit, lineup| {
            // Common random numbers: both sides play game `i` from the same seed.
            let a = ga.play(unit.seed, &lineup[..pa], sa, ca);
            let b = gb.play(unit.seed, &lineup_b, sb, cb);
            p.add(&a, &b);
        },
        |(p, ..)| {
            paired.merge(&p);
            Ok(())
        },
    )?;
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();

    let rows = compare::rows(&paired, pa, pb);
    dir.csv("compare.csv", rows.iter())?;
    dir.text("config_a.toml", &toml::to_string(resolved_a)?)?;
    dir.text("config_b.toml", &toml::to_string(resolved_b)?)?;
    dir.text(MARKER, &compare_record(args, sources, &plan))?;
    dir.text(
        "host.toml",
        &host_record(plan.threads, elapsed, 2 * plan.total()),
    )?;
    let path = dir.commit()?;

    let side = |s: &Source, sets: &[Override]| {
        let sets: Vec<&str> = sets.iter().map(|o| o.arg.as_str()).collect();
        if sets.is_empty() {
            s.name.clone()
        } else {
            format!("{} with {}", s.name, sets.join(", "))
        }
    };
    let mut text = format!(
        "whisker {} — compare, {} games each, seed {}\n",
        env!("CARGO_PKG_VERSION"),
        plan.games,
        plan.seed
    );
    text += &format!(
        "  A: {}\n  B: {}\n\n",
        side(sources[0], &args.set_a),
        side(sources[1], &args.set_b)
    );
    text += &compare::table(&rows);
    text += &format!("\nresults in {}/\n", path.display());
    say(&text);
    Ok(())
}

/// `run.toml` of a comparison.
fn compare_record<B: BotNames + Copy + PartialEq>(
    args: &CompareArgs,
    sources: [&Source; 2],
    plan: &Plan<B>,
) -> String {
    let bots: Vec<&str> = plan.lineup.iter().map(|b| b.name()).collect();
    let sets = |v: &[Override]| v.iter().map(|o| o.arg.clone()).collect::<Vec<_>>();
    let mut reproduce = String::from("whisker compare");
    for p in [&args.a, &args.b].into_iter().flatten() {
        reproduce += &format!(" {}", p.display());
    }
    reproduce += &format!(
        " --games {} --seed {} --players {} --bots {}",
        plan.games,
        plan.seed,
        plan.lineup.len(),
        bots.join(",")
    );
    for (flag, v) in [("--set-a", &args.set_a), ("--set-b", &args.set_b)] {
        for o in v {
            reproduce += &format!(" {flag} '{}'", o.arg);
        }
    }
    format!(
        "whisker_version = {:?}\ncommand = \"compare\"\nconfig_a = {:?}\nconfig_b = {:?}\nset_a = {:?}\nset_b = {:?}\nseed = {}\ngames = {}\nbots = {:?}\nreproduce = {:?}\n",
        env!("CARGO_PKG_VERSION"),
        sources[0].name,
        sources[1].name,
        sets(&args.set_a),
        sets(&args.set_b),
        plan.seed,
        plan.games,
        bots,
        reproduce,
    )
}
