//! `whisker report DIR`: the charts of a result folder as one HTML page.

use super::say;
use crate::cli::ReportArgs;
use crate::report;

pub fn run(args: &ReportArgs) -> anyhow::Result<()> {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.dir.join(report::FILE));
    report::write(&args.dir, &out)?;
    say(&format!("report in {}\n", out.display()));
    Ok(())
}
