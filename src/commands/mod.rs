//! The subcommands, and what they share: finding the config, naming the bots, reporting.

use std::io::Write;
use std::path::PathBuf;

use crate::bots::{self, Bot};
use crate::cli::Command;
use crate::config::Source;
use crate::games::{self, Registered};
use crate::naming;
use crate::output::UsageError;
use crate::result_dir::ResultDir;

pub mod check;
pub mod compare;
pub mod merge;
pub mod replay;
pub mod report;
pub mod simulate;
pub mod sweep;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Simulate(args) => simulate::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Sweep(args) => sweep::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Games => {
            say(&games::list()?);
            Ok(())
        }
        Command::Bots(args) => {
            let source = source(args.config.as_ref())?;
            let loaded = games::load(&source, &[], None)?;
            let game = loaded.any();
            say(&format!(
                "bots of {} (`--bots 'NAME(PARAM=VALUE,…),…'`, one per seat; a shorter list repeats):\n\n{}",
                source.name,
                bots::listing(game.bot_kinds(), &game.presets())
            ));
            Ok(())
        }
        Command::Check(args) => {
            if check::run(&args)? != 0 {
                return Err(crate::output::Regressed.into());
            }
            Ok(())
        }
    }
}

/// The config a command plays: a file, a built-in config's name, or the default.
pub fn source(path: Option<&PathBuf>) -> anyhow::Result<Source> {
    Ok(match path {
        // A file of that name comes first: a designer's `cheese` file is theirs.
        Some(path) if path.exists() => Source::from_file(path)?,
        Some(path) => match games::builtin(&path.to_string_lossy()) {
            Some(source) => source,
            None => {
                let mut e = Source::from_file(path)
                    .err()
                    .unwrap_or_else(|| unreachable!());
                e.message += &format!(
                    "; nor is it a built-in config ({})",
                    games::REGISTRY
                        .iter()
                        .map(|e| e.builtin.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                return Err(e.into());
            }
        },
        None => games::default_source(),
    })
}

/// Writes `text` to stdout. A closed pipe (`| head`) is not an error: the results are already
/// written.
pub fn say(text: &str) {
    let _ = std::io::stdout().write_all(text.as_bytes());
}

/// The result folder: `--out` as given, or else the default folder `results/BASE+PARTS`, kept
/// for this command line (`command` on `config` with `parts`) alone.
pub fn result_dir(
    out: Option<&PathBuf>,
    command: &str,
    config: &str,
    base: &str,
    parts: &[String],
) -> anyhow::Result<ResultDir> {
    match out {
        Some(path) => ResultDir::create(path),
        None => {
            let made_by = format!("{command} {config} {}", parts.join(" "));
            ResultDir::create_default(&naming::folder(base, parts), made_by.trim_end())
        }
    }
}

/// A run stopped by `signal` before `what` was finished: it says so, writes nothing, and exits
/// 128 + the signal.
pub fn stopped_empty(signal: i32, what: &str) -> anyhow::Error {
    say(&format!(
        "INTERRUPTED by {} before {what} was finished: nothing written\n",
        crate::signals::name(signal)
    ));
    crate::output::Interrupted(signal).into()
}

/// The last lines of a command's output: where its result went, and its report if it has one.
pub fn written(path: &std::path::Path, report: bool) -> String {
    let mut text = format!("\nresults in {}/\n", path.display());
    let page = path.join(crate::report::FILE);
    if report && page.is_file() {
        text += &format!("report in {}\n", page.display());
    }
    text
}

/// Parses `--bots` (a list as `bots::split` cuts it) into one bot per seat: `game`'s bots and
/// its config's presets.
pub fn lineup<G: Registered>(
    game: &G,
    names: &[String],
    players: usize,
) -> Result<Vec<Bot>, UsageError> {
    let presets = games::presets(game.resolved());
    let bots = names
        .iter()
        .map(|n| bots::parse(n, game.bots(), &presets))
        .collect::<Result<Vec<Bot>, _>>()?;
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
