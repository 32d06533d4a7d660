//! Mice Heist, in two rule editions that share the chip bag, the contribution tracks, the jobs'
//! food payout and the effect vocabulary.

pub mod cheese;
pub mod chips;
pub mod parts;
pub mod track;

pub use cheese::{CHEESE_DEFAULT, CheeseGame};
