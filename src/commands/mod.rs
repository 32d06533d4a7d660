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

/// The last lines of a command's output: where its result went, and its report if it has one.
pub fn written(path: &std::path::Path, report: bool) -> String {
    let mut text = format!("\nresults in {}/\n", path.display());
    let page = path.join(crate::report::FILE);
    if report && page.is_file() {
        text += &format!("report in {}\n", page.display());
    }
    text
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
