//! The subcommands, and what they share: finding the config, naming the bots, reporting.

use std::io::Write;
use std::path::PathBuf;

use crate::config::Source;
use crate::games::{self, BotNames};
use crate::output::UsageError;

pub mod check;
pub mod compare;
pub mod merge;
pub mod replay;
pub mod report;
pub mod simulate;
pub mod sweep;

pub fn source(path: Option<&PathBuf>) -> anyhow::Result<Source> {
    Ok(match path {
        Some(path) => Source::from_file(path)?,
        None => games::default_source(),
    })
}

/// Writes `text` to stdout. A closed pipe (`| head`) is not an error: the results are already
/// written.
pub fn say(text: &str) {
    let _ = std::io::stdout().write_all(text.as_bytes());
}

/// `host.toml`: how a run went on this machine; everything else in a result is reproducible.
pub fn host_record(threads: Option<usize>, elapsed: f64, games: u64) -> String {
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
