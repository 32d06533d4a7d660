//! What every game is played through: the game trait and its outcome, decisions as data, the
//! bots of a lineup as the command line names them, the portable generators, and the seeded
//! parallel runner with its progress, cost note and stop signals.

pub mod cost;
pub mod failure;
pub mod game;
pub mod lineup;
pub mod play;
pub mod progress;
pub mod rng;
pub mod runner;
pub mod signals;
