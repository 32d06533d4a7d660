//! What the config a result folder holds says of its game, for the pages that read the
//! folder: how the turn cap decides a game, what a turn is called, which endings are stalls.
//! Kept apart from the headlines, which the games' own report parts use, so that no game
//! imports what imports the games.

use std::path::Path;

use super::headline::{Cap, Naming, Stall};

/// How the game of the config in `file` of the result folder `dir` decides a game the turn cap
/// stops; [`Cap::Unknown`] when the folder does not say which game it is.
pub(crate) fn cap_in(dir: &Path, file: &str) -> Cap {
    game_in(dir, file).map_or(Cap::Unknown, |e| e.report.cap)
}

/// What the games of the configs in `files` of the result folder `dir` call a turn, when they
/// all call it the same; else a turn.
pub(crate) fn turn_in(dir: &Path, files: &[&str]) -> &'static str {
    let mut turns = files
        .iter()
        .map(|f| game_in(dir, f).map_or(Naming::PLAIN.turn, |e| e.report.turn));
    let first = turns.next().unwrap_or(Naming::PLAIN.turn);
    if turns.all(|t| t == first) {
        first
    } else {
        Naming::PLAIN.turn
    }
}

/// The registered game of the config in `file` of the result folder `dir`, if it says.
fn game_in(dir: &Path, file: &str) -> Option<&'static crate::games::Registration> {
    let config = std::fs::read_to_string(dir.join(file)).ok()?;
    crate::games::entry_of(&config)
}

/// The stalls the game of the config in `file` of the result folder `dir` declares; none when
/// the folder does not say which game it is.
pub(crate) fn stalls_in(dir: &Path, file: &str) -> &'static [Stall] {
    game_in(dir, file).map_or(&[], |e| e.report.stalls)
}
