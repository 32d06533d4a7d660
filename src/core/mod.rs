//! What every game is played through: the game trait and its outcome, decisions as data, the
//! bots of a lineup as the command line names them, the portable generators, and the seeded
//! parallel runner with its progress, cost note and stop signals.

pub(crate) mod cost;
pub(crate) mod failure;
pub(crate) mod game;
pub mod lineup;
pub mod play;
pub(crate) mod progress;
pub mod rng;
pub(crate) mod runner;
pub(crate) mod signals;
