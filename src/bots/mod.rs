//! The bots every game shares (the search `ismcts`), and the ladder that rates bots against
//! each other.

pub mod ismcts;
pub mod ladder;
