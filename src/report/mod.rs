//! `whisker report`: one self-contained HTML page with charts for a result folder made by
//! `simulate`, `compare` or `sweep`, read back from the folder's own files so a report can be
//! made again at any time from what was committed.

mod compare;
mod page;
mod simulate;
mod svg;
mod sweep;
mod table;

use std::fs;
use std::path::Path;

use crate::output::{MARKER, UsageError};

/// The report's file name inside a result folder.
pub const FILE: &str = "report.html";

/// What `run.toml` records, as the report reads it.
struct Run(toml::Table);

impl Run {
    fn read(dir: &Path) -> anyhow::Result<Self> {
        let path = dir.join(MARKER);
        let text = fs::read_to_string(&path).map_err(|_| {
            UsageError(format!(
                "{} is not a whisker result folder (no {MARKER})",
                dir.display()
            ))
        })?;
        let table = text
            .parse()
            .map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
        Ok(Self(table))
    }

    /// A value as people read it: strings bare, lists joined.
    fn get(&self, key: &str) -> String {
        match self.0.get(key) {
            None => String::new(),
            Some(toml::Value::String(s)) => s.clone(),
            Some(toml::Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), String::from))
                .collect::<Vec<_>>()
                .join(", "),
            Some(v) => v.to_string(),
        }
    }

    /// A whole number, its thousands grouped (`games = 200000` reads 200,000).
    fn count(&self, key: &str) -> String {
        match self.0.get(key).and_then(toml::Value::as_integer) {
            Some(n) => svg::grouped(n.unsigned_abs()),
            None => self.get(key),
        }
    }

    fn partial(&self) -> bool {
        self.0.get("partial").and_then(toml::Value::as_bool) == Some(true)
    }
}

/// The page for the result folder `dir`.
pub fn render(dir: &Path) -> anyhow::Result<String> {
    let run = Run::read(dir)?;
    match run.get("command").as_str() {
        "compare" => compare::render(dir, &run),
        "sweep" => sweep::render(dir, &run),
        _ => simulate::render(dir, &run),
    }
}

/// Writes the report of `dir` to `out`, whole or not at all.
pub fn write(dir: &Path, out: &Path) -> anyhow::Result<()> {
    let html = render(dir)?;
    let staging = out.with_extension("html.partial");
    let unwritable = |e: std::io::Error| UsageError(format!("cannot write {}: {e}", out.display()));
    fs::write(&staging, html).map_err(unwritable)?;
    fs::rename(&staging, out).map_err(unwritable)?;
    Ok(())
}

/// A config as a title names it: the built-in ones by their file.
fn config_name(source: &str) -> String {
    source
        .trim_start_matches("<built-in ")
        .trim_end_matches('>')
        .to_string()
}

/// A metric's name as a heading reads it: `seat_0_win_rate` → `seat 0 win rate`.
fn words(metric: &str) -> String {
    metric.replace('_', " ")
}

/// Whether a metric is a share (drawn as a percentage).
fn is_rate(metric: &str) -> bool {
    metric.ends_with("_rate") || metric == "balance"
}
