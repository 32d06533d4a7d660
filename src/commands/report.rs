//! `whisker report DIR`: the charts of a result folder as one HTML page.

use super::say;
use crate::commands::cli::ReportArgs;
use crate::games;
use crate::io::report;

pub(crate) fn run(args: &ReportArgs) -> anyhow::Result<()> {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.dir.join(report::FILE));
    // A simulate folder's config says which game's part of the report to draw.
    let config = std::fs::read_to_string(args.dir.join("config.toml")).unwrap_or_default();
    let parts = games::entry_of(&config).map_or(report::parts::NONE, |e| e.report);
    report::write(&args.dir, &out, args.out.is_some(), parts)?;
    say(&format!("report in {}\n", out.display()))?;
    Ok(())
}
