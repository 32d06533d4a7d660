use std::process::ExitCode;

use clap::Parser;
use whisker::cli::{Cli, run};
use whisker::config::ConfigError;
use whisker::output::{Interrupted, Regressed, UsageError};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The check's table already says what regressed.
        Err(e) if e.downcast_ref::<Regressed>().is_some() => ExitCode::FAILURE,
        // The partial results are written and the run said so.
        Err(e) if e.downcast_ref::<Interrupted>().is_some() => ExitCode::from(130),
        Err(e) => {
            eprintln!("error: {e:#}");
            // Config and usage mistakes are the user's to fix (2, like clap's own); anything
            // else is a failure of the run (1).
            if e.downcast_ref::<ConfigError>().is_some() || e.downcast_ref::<UsageError>().is_some()
            {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
