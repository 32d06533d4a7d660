//! whisker: a Monte Carlo balance lab for tabletop games.
//!
//! The crate by concern, each folder using mostly those listed after it (`docs/architecture.md`
//! names the few names that reach up):
//! - `commands`: the command line and one module per subcommand;
//! - `games`: the registry and one folder per game (rules, config, bots, counters, report part);
//! - `io`: configs read, result folders, CSV files, the HTML report;
//! - `bots`: the shared bots (the search `ismcts`) and the ladder that rates bots;
//! - `stats`: counters, intervals, comparisons, the strength sample's verdicts;
//! - `core`: the game trait, decisions, lineups, seeded parallel runs.

pub mod bots;
pub mod commands;
pub mod core;
pub mod games;
pub mod io;
pub mod stats;
