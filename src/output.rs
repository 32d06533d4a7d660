//! Result folders, written all-or-nothing: files go to a staging folder beside the target, which
//! replaces the target only when every file is complete.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Serialize;

use crate::stats::Estimate;

/// The file that marks a folder as a whisker result (and so safe to replace).
pub const MARKER: &str = "run.toml";

/// A usage problem (bad arguments or paths): reported plainly, exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// `whisker check` found a regression: exit code 1, the table already printed.
#[derive(Debug, thiserror::Error)]
#[error("balance regressed against the baseline")]
pub struct Regressed;

/// A run stopped by Ctrl-C: its partial results are written; exit code 130, as for SIGINT.
#[derive(Debug, thiserror::Error)]
#[error("interrupted")]
pub struct Interrupted;

/// A result folder being written.
pub struct ResultDir {
    target: PathBuf,
    staging: PathBuf,
    committed: bool,
}

impl ResultDir {
    /// Prepares to write `target`, refusing to replace a folder that is not a whisker result.
    pub fn create(target: &Path) -> anyhow::Result<Self> {
        if target.exists() {
            let ours = target.join(MARKER).is_file();
            let empty = fs::read_dir(target)
                .map(|mut d| d.next().is_none())
                .unwrap_or(false);
            if !ours && !empty {
                return Err(UsageError(format!(
                    "{} exists and is not a whisker result folder (no {MARKER}); choose another --out",
                    target.display()
                ))
                .into());
            }
        }
        let name = target
            .file_name()
            .map_or_else(|| "results".into(), |n| n.to_string_lossy().into_owned());
        let parent = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        // A folder that cannot be made is a bad --out, the user's to fix: exit code 2.
        let unusable = |e: std::io::Error| {
            UsageError(format!("cannot write results to {}: {e}", target.display()))
        };
        fs::create_dir_all(parent).map_err(unusable)?;
        let staging = parent.join(format!(".{name}.partial-{}", std::process::id()));
        if staging.exists() {
            fs::remove_dir_all(&staging)?;
        }
        fs::create_dir(&staging).map_err(unusable)?;
        Ok(Self {
            target: target.to_path_buf(),
            staging,
            committed: false,
        })
    }

    /// Where a file of this result is written before the commit.
    pub fn file(&self, name: &str) -> PathBuf {
        self.staging.join(name)
    }

    pub fn csv<R: Serialize>(
        &self,
        name: &str,
        rows: impl IntoIterator<Item = R>,
    ) -> anyhow::Result<()> {
        let path = self.file(name);
        let mut w =
            csv::Writer::from_path(&path).with_context(|| format!("writing {}", path.display()))?;
        for row in rows {
            w.serialize(row)?;
        }
        w.flush()?;
        Ok(())
    }

    pub fn text(&self, name: &str, text: &str) -> anyhow::Result<()> {
        let path = self.file(name);
        fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
    }

    /// Writes the folder's HTML report from the files written so far (call it last). A report
    /// that cannot be made is a warning, never the loss of the results it would show.
    pub fn report(&self) {
        if let Err(e) = crate::report::write(&self.staging, &self.file(crate::report::FILE)) {
            eprintln!("warning: no report.html: {e:#}");
        }
    }

    /// Moves the finished folder into place. An earlier result there is first moved aside and
    /// only deleted once the new one is in place, so a failure at any point leaves one complete
    /// result.
    pub fn commit(mut self) -> anyhow::Result<PathBuf> {
        let old = self.staging.with_extension("old");
        let replacing = self.target.exists();
        if replacing {
            fs::rename(&self.target, &old)
                .with_context(|| format!("moving aside {}", self.target.display()))?;
        }
        if let Err(e) = fs::rename(&self.staging, &self.target) {
            if replacing {
                let _ = fs::rename(&old, &self.target);
            }
            return Err(e).with_context(|| format!("writing {}", self.target.display()));
        }
        self.committed = true;
        if replacing {
            fs::remove_dir_all(&old).with_context(|| format!("removing {}", old.display()))?;
        }
        Ok(self.target.clone())
    }
}

impl Drop for ResultDir {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_dir_all(&self.staging);
        }
    }
}

/// A row of `summary.csv`. Values are preformatted so the file's bytes never depend on float
/// printing defaults.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SummaryRow {
    pub metric: String,
    pub value: String,
    pub ci_low: String,
    pub ci_high: String,
}

impl SummaryRow {
    pub fn count(metric: &str, n: u64) -> Self {
        Self {
            metric: metric.into(),
            value: n.to_string(),
            ci_low: String::new(),
            ci_high: String::new(),
        }
    }

    pub fn estimate(metric: &str, e: Estimate) -> Self {
        Self {
            metric: metric.into(),
            value: num(e.value),
            ci_low: num(e.low),
            ci_high: num(e.high),
        }
    }
}

/// Six decimals: finer than any interval whisker reports, and stable text.
pub fn num(x: f64) -> String {
    if x.is_nan() {
        String::new()
    } else {
        format!("{x:.6}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("whisker-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn nothing_appears_until_commit() {
        let target = scratch("commit").join("res");
        let dir = ResultDir::create(&target).unwrap();
        dir.text(MARKER, "x").unwrap();
        assert!(!target.exists());
        dir.commit().unwrap();
        assert!(target.join(MARKER).is_file());
        // A second result replaces the first.
        let dir = ResultDir::create(&target).unwrap();
        dir.text(MARKER, "y").unwrap();
        dir.commit().unwrap();
        assert_eq!(fs::read_to_string(target.join(MARKER)).unwrap(), "y");
    }

    #[test]
    fn an_abandoned_result_leaves_no_trace() {
        let parent = scratch("drop");
        let dir = ResultDir::create(&parent.join("res")).unwrap();
        dir.text("a.csv", "half").unwrap();
        drop(dir);
        assert_eq!(fs::read_dir(&parent).unwrap().count(), 0);
    }

    #[test]
    fn refuses_to_replace_a_foreign_folder() {
        let target = scratch("foreign");
        fs::create_dir_all(&target).unwrap();
        fs::write(target.join("notes.txt"), "mine").unwrap();
        let err = ResultDir::create(&target).err().unwrap();
        assert!(err.downcast_ref::<UsageError>().is_some());
        assert!(target.join("notes.txt").is_file());
    }
}
