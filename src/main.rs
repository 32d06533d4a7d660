use std::io::Write as _;
use std::process::ExitCode;

use whisker::{Cli, Failure, exit_code};

fn main() -> ExitCode {
    let cli = match Cli::parse_or_answer() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = whisker::run(cli.command);
    if let Err(e) = &result {
        // A regression's table and an interrupted run's note are already printed.
        if !e.downcast_ref::<Failure>().is_some_and(Failure::told) {
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
        }
    }
    ExitCode::from(exit_code(&result))
}
