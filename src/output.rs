//! What every command reports: its errors, each with its exit code, and the summary rows.

use serde::Serialize;

use crate::config::ConfigError;
use crate::stats::Estimate;

/// A usage problem (bad arguments or paths): reported plainly, exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// `whisker check` found a regression: exit code 1, the table already printed.
#[derive(Debug, thiserror::Error)]
#[error("balance regressed against the baseline")]
pub struct Regressed;

/// A run stopped by a signal (SIGINT, SIGTERM, SIGHUP): what it played is written, marked
/// partial; the exit code is 128 + the signal's number, as a shell reports a process it stopped
/// (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
#[derive(Debug, thiserror::Error)]
#[error("interrupted by {}", crate::signals::name(*.0))]
pub struct Interrupted(pub i32);

/// The exit code for a command's result: 0 success; 1 a regression found by `check`, or a
/// failure of the run itself (a disk filling up); 2 a mistake in the config, the arguments or
/// the files given, the user's to fix (as clap's own); 128 + N stopped by signal N.
pub fn exit_code(result: &anyhow::Result<()>) -> u8 {
    let Err(e) = result else {
        return 0;
    };
    if e.downcast_ref::<Regressed>().is_some() {
        1
    } else if let Some(Interrupted(signal)) = e.downcast_ref::<Interrupted>() {
        (128 + signal) as u8
    } else if e.downcast_ref::<ConfigError>().is_some() || e.downcast_ref::<UsageError>().is_some()
    {
        2
    } else {
        1
    }
}

/// Tells the user something went differently than asked, without failing. A closed stderr is
/// no reason to stop (or lose a result).
pub fn warn(message: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "warning: {message}");
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
