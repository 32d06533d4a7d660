//! whisker: a Monte Carlo balance lab for tabletop games.

pub mod bots;
pub mod cli;
pub mod commands;
pub mod compare;
pub mod config;
pub mod export;
pub mod game;
pub mod games;
pub mod games_csv;
pub mod hash;
pub mod ints;
pub mod ismcts;
pub mod ladder;
pub mod metrics;
pub mod naming;
pub mod output;
pub mod play;
pub mod progress;
pub mod record;
pub mod report;
pub mod result_dir;
pub mod rng;
pub mod runner;
pub mod signals;
pub mod stats;
pub mod vary;
