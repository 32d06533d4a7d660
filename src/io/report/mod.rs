//! `whisker report`: one self-contained HTML page with charts for a result folder made by
//! `simulate`, `compare` or `sweep`, read back from the folder's own files so a report can be
//! made again at any time from what was committed.

mod compare;
mod compare_items;
mod folder;
pub(crate) mod headline;
mod ladder;
pub(crate) mod page;
pub(crate) mod parts;
mod simulate;
pub(crate) mod svg;
mod sweep;
pub(crate) mod table;
// The sweep's answer, which the terminal says as its page does.
pub(crate) use sweep::{Gap, SweepPoints, evenness};
pub(crate) mod tune;

use std::fs;
use std::path::Path;

use anyhow::Context;

use crate::core::failure::Failure;
use crate::io::record::RUN;
use crate::io::result_dir;

/// The report's file name inside a result folder.
pub(crate) const FILE: &str = result_dir::REPORT;
/// The page's generator tag: how whisker knows a page it may replace.
const GENERATOR: &str = "whisker report";

/// What `run.toml` records, as the report reads it.
struct Run(toml::Table);

impl Run {
    fn read(dir: &Path) -> anyhow::Result<Self> {
        let path = dir.join(RUN);
        let text = fs::read_to_string(&path).map_err(|_| {
            Failure::Usage(format!(
                "{} is not a whisker result folder (no {RUN})",
                dir.display()
            ))
        })?;

        let table = text
            .parse()
            .map_err(|e| Failure::Usage(format!("{}: {e}", path.display())))?;
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

    /// A list of strings (none where the key is absent or holds something else).
    fn list(&self, key: &str) -> Vec<String> {
        self.0
            .get(key)
            .and_then(toml::Value::as_array)
            .map_or_else(Vec::new, |items| {
                items
                    .iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
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

/// The command that made `dir` where it keeps no `run.toml` of its own: `ladder` or `tune`.
pub(crate) fn recordless_command(dir: &Path) -> Option<&'static str> {
    if ladder::is_ladder(dir) {
        Some("ladder")
    } else if tune::is_tune(dir) {
        Some("tune")
    } else {
        None
    }
}

/// The page for the result folder `dir`. A file that changed since whisker wrote it (cut short,
/// edited) is refused, never drawn as if it were whole; a malformed one is named with its line
/// and field as it is read.
/// `parts` is the game's own part of a `simulate` report.
pub(crate) fn render(dir: &Path, parts: parts::Parts) -> anyhow::Result<String> {
    let page = draft(dir, parts)?;
    let again = if ladder::is_ladder(dir) {
        "make the ladder again (`whisker ladder` with the config, bots, games, seed and --set its ladder.toml records)".to_string()
    } else if tune::is_tune(dir) {
        format!(
            "make the tune again (the `reproduce` line in its {} is the command)",
            tune::RECORD
        )
    } else {
        format!("make the result again (the `reproduce` line in its {RUN} is the command)")
    };
    result_dir::unchanged(dir, &again)?;
    Ok(page)
}

/// The page for the files of `dir` as they are, unverified: for a result being written, whose
/// marker comes last.
fn draft(dir: &Path, parts: parts::Parts) -> anyhow::Result<String> {
    if ladder::is_ladder(dir) {
        return ladder::render(dir);
    }
    if tune::is_tune(dir) {
        return tune::render(dir);
    }
    let run = Run::read(dir)?;
    match run.get("command").as_str() {
        "compare" => compare::render(dir, &run),
        "sweep" => sweep::render(dir, &run),
        _ => simulate::render(dir, &run, parts),
    }
}

/// Writes the report of the result folder `dir` to `out` (`whisker report`), given as `--out`
/// when `named`, or else the folder's own page. A page inside the folder joins its result
/// (recorded in the folder's marker); an existing file elsewhere is replaced only if it is a
/// whisker report as whisker wrote it.
pub(crate) fn write(
    dir: &Path,
    out: &Path,
    named: bool,
    parts: parts::Parts,
) -> anyhow::Result<()> {
    if !dir.is_dir() {
        return Err(Failure::Usage(format!(
            "{}: no such result folder (give the folder a whisker command wrote)",
            dir.display()
        ))
        .into());
    }
    // The page as the user named it: by the flag, or as the folder's page.
    let page = if named {
        format!("--out {}", out.display())
    } else {
        out.display().to_string()
    };
    let another = if named {
        "choose another --out"
    } else {
        "name a page with --out"
    };
    if out.is_dir() {
        return Err(Failure::Usage(format!(
            "{page}: that is a folder; name the page's file, such as {}",
            out.join(FILE).display()
        ))
        .into());
    }
    let folder = out.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(folder) = folder.filter(|f| !f.is_dir()) {
        return Err(Failure::Usage(format!(
            "{page}: cannot write there: {} is not a folder",
            folder.display()
        ))
        .into());
    }
    let parent = folder.unwrap_or(Path::new("."));
    let inside =
        fs::canonicalize(dir).is_ok_and(|d| fs::canonicalize(parent).is_ok_and(|p| p == d));
    // Another result folder's files are whisker's record of that run: a page written there
    // would change a file its marker holds, and the folder would read as damaged.
    if let Some(other) = Some(parent).filter(|f| !inside && result_dir::is_result(f)) {
        return Err(Failure::Usage(format!(
            "{page}: {} is the result folder of another run, whose files whisker keeps as they were written; write the page outside it (its own page: whisker report {})",
            other.display(),
            other.display()
        ))
        .into());
    }
    // A page inside its own result folder is the marker's to vouch for: one it records as
    // whisker wrote it (written before pages were sealed) is replaced, one edited since is not.
    let own = inside && result_dir::is_result(dir);
    let file = out.file_name().unwrap_or_default().to_string_lossy();
    match existing(out) {
        Existing::None | Existing::Unchanged => {}
        Existing::Changed if own && result_dir::wrote(dir, &file) => {}
        Existing::Changed => {
            return Err(Failure::Usage(format!(
                "{page}: the page has changed since whisker wrote it (or was written before pages carried their fingerprint): whisker replaces only a page of its own as it wrote it; {another}, or move the file away first"
            ))
            .into());
        }
        Existing::Other => {
            return Err(Failure::Usage(format!(
                "{page}: the file exists and is not a whisker report; {another}"
            ))
            .into());
        }
    }
    if own {
        // Written under the folder's lock, so a run replacing the folder never meets a page it
        // does not know.
        return result_dir::add_file(dir, &file, |page| put(page, &render(dir, parts)?));
    }
    put(out, &render(dir, parts)?)
}

/// What stands where a page is to be written.
enum Existing {
    None,
    /// A page as whisker wrote it: replaced.
    Unchanged,
    /// A whisker page edited since, or one written before pages were sealed: outside a result
    /// folder (whose marker vouches for its own page) it may be a person's work, and is kept.
    Changed,
    Other,
}

/// What is at `path`. Read only if it is a plain file of a page's size: a pipe or a device
/// (`--out /dev/stdout`) never ends, and reading one to the end hung or ran out of memory.
fn existing(path: &Path) -> Existing {
    const LARGEST: u64 = 256 << 20;
    if !path.exists() {
        return Existing::None;
    }
    if !fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() <= LARGEST) {
        return Existing::Other;
    }
    match fs::read_to_string(path) {
        Ok(text) if is_report(&text) => {
            if unsealed(&text).is_some() {
                Existing::Unchanged
            } else {
                Existing::Changed
            }
        }
        _ => Existing::Other,
    }
}

/// The last line of every page: the fingerprint of everything above, so a page edited since
/// whisker wrote it is told from one to replace, wherever it was copied to.
const SEAL: &str = "<!-- whisker page fingerprint ";

/// `html` with its seal.
fn sealed(mut html: String) -> String {
    if !html.ends_with('\n') {
        html.push('\n');
    }
    let print = crate::io::hash::fnv1a(html.as_bytes());
    html + &format!("{SEAL}{print:016x} -->\n")
}

/// The page without its seal, if it carries one that holds.
fn unsealed(text: &str) -> Option<&str> {
    let body = text.strip_suffix('\n')?;
    let at = body.rfind('\n')? + 1;
    let print = body[at..].strip_prefix(SEAL)?.strip_suffix(" -->")?;
    let page = &text[..at];
    (u64::from_str_radix(print, 16).ok()? == crate::io::hash::fnv1a(page.as_bytes()))
        .then_some(page)
}

/// Whether `html` is a page whisker made (older pages carry no generator tag, only the footer).
fn is_report(html: &str) -> bool {
    html.contains(&format!(
        "<meta name=\"generator\" content=\"{GENERATOR}\"/>"
    )) || html.contains("<p class=\"sub\">Made by whisker ")
}

/// Writes the HTML report of a result being written, from its files so far (call it last). A
/// report that cannot be made never costs the results it would show: the caller puts the
/// result in place first, then fails with this error ([`crate::commands`]' `finished`).
pub(crate) fn add_to(dir: &result_dir::ResultDir, parts: parts::Parts) -> anyhow::Result<()> {
    put(&dir.file(FILE), &draft(dir.staging(), parts)?).map_err(|e| e.context(format!("no {FILE}")))
}

/// Writes `html` to `out`, sealed, whole or not at all: the page is staged beside `out` and
/// renamed into place.
pub(crate) fn put(out: &Path, html: &str) -> anyhow::Result<()> {
    let html = sealed(html.to_string());
    let name = out
        .file_name()
        .map_or_else(|| FILE.into(), |n| n.to_string_lossy().into_owned());
    let staging = out.with_file_name(format!(".{name}.partial-{}", std::process::id()));
    let written = result_dir::write_file(&staging, html.as_bytes()).and_then(|()| {
        fs::rename(&staging, out).with_context(|| format!("writing {}", out.display()))
    });
    if written.is_err() {
        let _ = fs::remove_file(&staging);
    }
    written
}

/// A config as a title names it: the built-in ones by their file.
fn config_name(source: &str) -> String {
    source
        .trim_start_matches("<built-in ")
        .trim_end_matches('>')
        .to_string()
}

/// How a metric's values read: shares (and the seat gap between two) as percentages, the rest
/// as plain numbers.
fn unit_of(metric: &str) -> svg::Scale {
    // The seat gap is a difference of two shares, drawn on their scale.
    if crate::stats::compare::in_points(metric) {
        svg::Scale::Percent
    } else {
        svg::Scale::Number
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seal_holds_for_the_page_as_written_and_for_no_other() {
        let page = sealed("<html>\n<p>seat 1</p>\n</html>".to_string());
        assert_eq!(unsealed(&page), Some("<html>\n<p>seat 1</p>\n</html>\n"));
        assert!(page.ends_with(" -->\n"));
        // One character changed above the seal, or the seal cut off, and it no longer holds.
        assert_eq!(unsealed(&page.replace("seat 1", "seat 2")), None);
        assert_eq!(unsealed(&page[..page.len() - 1]), None);
        assert_eq!(unsealed("<html>\n</html>\n"), None);
    }
}
