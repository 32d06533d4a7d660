//! What both editions' tests share: the default bag's chips, a lineup of both bots, the pinned
//! golden game.

use super::chips::ChipSet;
use super::{Edition, Tests};
use crate::core::game::Outcome;
use crate::core::lineup::{Bot, Kind};
use crate::core::play::{Decider, RANDOM, Table};

/// Chip indices in both default bags: blue 0, green 1–2, yellow 3–6, orange 7–8, red 9,
/// purple 10.
pub(crate) const YELLOWS: ChipSet = 0b000_0111_1000;
pub(crate) const ALL_CHIPS: ChipSet = 0x7FF;
/// Yellow chips showing +1 on both faces make every draw from a yellow-only bag sum to 2.
pub(crate) const FLAT_YELLOW: &str = "chips.yellow.low=1";

/// A bag of only `chips`, the rest in the play area: the `(bag, played)` to set.
pub(crate) fn bag_only(chips: ChipSet) -> (ChipSet, ChipSet) {
    (chips, ALL_CHIPS & !chips)
}

/// `random` at every third place, `greedy` at the rest, shifted by the seed: either edition's.
pub(crate) fn mixed<O: crate::bots::Own>(players: usize, seed: u64) -> Vec<crate::bots::Agent<O>> {
    (0..players)
        .map(|s| {
            if (s as u64 + seed).is_multiple_of(3) {
                crate::bots::Agent::Random
            } else {
                crate::bots::Agent::heuristic(s)
            }
        })
        .collect()
}

/// The golden game both editions pin: seed 12345, `greedy` (this edition's, `kind`) and `random`
/// taking turns from seat 1, with the game's own counters.
pub(crate) fn golden<G: crate::games::Game>(game: &G, greedy: &'static Kind) -> Outcome {
    let mut counts = game.declared().counts();
    let lineup = [greedy, &RANDOM, greedy, &RANDOM].map(Bot::new);
    game.play(12345, &lineup, &mut Default::default(), &mut counts)
}

/// A four-seat lineup with `tester` at seat 1 and the default (scripted) bot at the others.
pub(crate) fn tester_first<S: Default + Copy>(tester: S) -> [S; 4] {
    let mut lineup = [S::default(); 4];
    lineup[0] = tester;
    lineup
}

/// Plays the game of `seed` in `table` to its end with `lineup`, a test at a time, calling
/// `check` after every test and once the game is scored; asserts that no test was played past
/// the `cap` and that someone won.
pub(crate) fn play_checked<E, M, D>(
    table: &mut Table<E, M>,
    lineup: &[D],
    seed: u64,
    cap: u32,
    mut check: impl FnMut(&Table<E, M>),
) where
    E: Edition,
    M: Default,
    D: Decider<E, Memory = M>,
{
    loop {
        let over = table.step(lineup, &mut ());
        check(table);
        assert!(table.game.turns() <= cap, "seed {seed}: past the cap");
        if over {
            break;
        }
    }
    assert!(table.finish(lineup).winners != 0, "seed {seed}");
    check(table);
}
