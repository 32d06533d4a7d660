//! whisker: a Monte Carlo balance lab for tabletop games.
//!
//! The crate by concern, each folder using mostly those listed after it (`docs/architecture.md`
//! names the few names that reach up):
//! - `commands`: the command line and one module per subcommand;
//! - `games`: the registry and one folder per game (rules, config, bots, counters, report part);
//! - `io`: configs read, result folders, CSV files, the HTML report;
//! - `bots`: a lineup's bots as a game plays them (`Agent`, with the game's `Own` bots), the
//!   shared search `ismcts`, and the ladder that rates bots;
//! - `stats`: counters, intervals, comparisons, the strength sample's verdicts;
//! - `core`: the game trait, decisions, lineups, seeded parallel runs.

// An item is the crate's own unless it is part of the API chosen below.
#![warn(unreachable_pub)]

mod bots;
mod commands;
mod core;
pub mod games;
mod io;
mod stats;

// What the binary, the tests and the benchmarks use; the rest is the crate's own.
pub use crate::commands::cli::Cli;
pub use crate::commands::run;
pub use crate::core::failure::{Failure, exit_code};
pub use crate::core::{lineup, play, rng};
pub use crate::io::config::Source;
