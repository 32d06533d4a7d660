//! How a command fails: its errors, each with its exit code, and warnings.

use crate::io::config::ConfigError;

/// Every way a command fails on purpose, each with its exit code. Anything else (a disk that
/// fills up, a folder that cannot be written) is a failure of the run itself: exit code 1.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// A mistake in the arguments or the files given, the user's to fix (as clap's own): 2.
    #[error("{0}")]
    Usage(String),
    /// A mistake in a config, by file, line and field: 2.
    #[error("{0}")]
    Config(ConfigError),
    /// `whisker check` found a regression, its table already printed: 1.
    #[error("a metric moved beyond its tolerance against the baseline")]
    Regressed,
    /// `whisker tune` found no value that meets the targets, and has said why: 1.
    #[error("no value meets the targets")]
    Unmet,
    /// Stopped by a signal (SIGINT, SIGTERM, SIGHUP): what it played is written, marked partial.
    /// 128 + the signal's number, as a shell reports a process it stopped (130 for Ctrl-C, 143
    /// for SIGTERM, 129 for SIGHUP).
    #[error("interrupted by {}", crate::core::signals::name(*.0))]
    Interrupted(i32),
}

impl Failure {
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Usage(_) | Self::Config(_) => 2,
            Self::Regressed | Self::Unmet => 1,
            Self::Interrupted(signal) => (128 + signal) as u8,
        }
    }

    /// Already told on stdout (a regression's table, an interrupted run's note): not repeated
    /// as an error.
    pub fn told(&self) -> bool {
        matches!(self, Self::Regressed | Self::Unmet | Self::Interrupted(_))
    }
}

impl From<ConfigError> for Failure {
    fn from(e: ConfigError) -> Self {
        Self::Config(e)
    }
}

/// The exit code for a command's result: 0 success, a [`Failure`]'s own code, 1 for anything
/// else.
pub fn exit_code(result: &anyhow::Result<()>) -> u8 {
    match result {
        Ok(()) => 0,
        Err(e) => e.downcast_ref::<Failure>().map_or(1, Failure::exit_code),
    }
}

/// Tells the user something went differently than asked, without failing. A closed stderr is
/// no reason to stop (or lose a result).
pub(crate) fn warn(message: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "warning: {message}");
}
