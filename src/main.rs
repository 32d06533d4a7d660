use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser;
use whisker::{Cli, Failure, exit_code};

fn main() -> ExitCode {
    let result = whisker::run(Cli::parse().command);
    if let Err(e) = &result {
        // A regression's table and an interrupted run's note are already printed.
        if !e.downcast_ref::<Failure>().is_some_and(Failure::told) {
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
        }
    }
    ExitCode::from(exit_code(&result))
}
