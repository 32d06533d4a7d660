//! The `whisker` command line.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::config::{Override, Source};
use crate::export::{self, GamesCsv};
use crate::games::{self, BotNames, Game, Loaded};
use crate::output::{MARKER, ResultDir, UsageError};
use crate::progress::games_bar;
use crate::runner::{self, Plan};

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
}

#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {
    /// Game config (TOML). Default: the built-in configs/mice-heist/cheese.toml.
    pub config: Option<PathBuf>,
    /// Games to play (with --rotate-seats, each is played once per rotation).
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
    /// Play each game once per rotation of the bots around the table, on the same seed.
    #[arg(long)]
    pub rotate_seats: bool,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Override a config value: --set rules.track_length=12 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<Override>,
    /// Result folder (default: results/<config name>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write games.csv, one row per game.
    #[arg(long)]
    pub games_csv: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Simulate(args) => simulate(&args),
    }
}

fn simulate(args: &SimulateArgs) -> anyhow::Result<()> {
    let source = match &args.config {
        Some(path) => Source::from_file(path)?,
        None => games::default_source(),
    };
    match games::load(&source, &args.set, args.players)? {
        Loaded::MiceHeistCheese(game) => simulate_game(&*game, &game.resolved, args, &source),
    }
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
        games: args.games,
        seed: args.seed,
        lineup: lineup::<G::Bot>(&args.bots, players)?,
        rotate: args.rotate_seats,
        threads: args.threads.map(|t| t as usize),
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| games::default_out(source));
    let dir = ResultDir::create(&out)?;

    let started = Instant::now();
    let bar = games_bar(plan.total(), args.quiet);
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
    let per_second = plan.total() as f64 / elapsed.max(1e-9);
    dir.text(
        "host.toml",
        &format!(
            "# How this run went on this machine; everything else in the folder is reproducible.\ncommand = {:?}\nthreads = {}\nelapsed_seconds = {elapsed:.3}\ngames_per_second = {per_second:.0}\n",
            std::env::args().collect::<Vec<_>>().join(" "),
            plan.threads.unwrap_or_else(rayon::current_num_threads),
        ),
    )?;
    let path = dir.commit()?;

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
    // A closed pipe (`| head`) is not an error: the results are already written.
    let _ = std::io::stdout().write_all(text.as_bytes());
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
