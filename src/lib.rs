//! whisker: a Monte Carlo balance lab for tabletop games.

pub mod cli;
pub mod commands;
pub mod compare;
pub mod config;
pub mod export;
pub mod games;
pub mod ints;
pub mod output;
pub mod progress;
pub mod report;
pub mod rng;
pub mod runner;
pub mod stats;
