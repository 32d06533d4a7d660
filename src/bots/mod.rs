//! The bots every game shares (`random` and the search `ismcts`), a lineup's bots as the typed
//! values a game plays, and the ladder that rates bots against each other.

pub(crate) mod ismcts;
pub(crate) mod ladder;

use arrayvec::ArrayVec;

use crate::core::game::{MAX_SEATS, Seat};
use crate::core::lineup::Bot;
use crate::core::play::{Decider, Decisions, RANDOM, Seen, random};
use crate::core::rng::GameRng;

/// A game's own bots as typed values, each with its typed parameters.
pub trait Own: Copy {
    /// The game's own bot `bot` names (a bot of the game's list other than `random` and
    /// `ismcts`).
    fn of(bot: &Bot) -> Self;
    /// The bot of `seat`'s role with its defaults: what the search plays games out with.
    fn heuristic(seat: Seat) -> Self;
}

/// A lineup's bot as a game plays it: the shared `random`, the search with its settings, or
/// one of the game's own bots.
#[derive(Clone, Copy, Debug)]
pub enum Agent<O> {
    Random,
    Search(ismcts::Settings),
    Own(O),
}

impl<O: Own> Agent<O> {
    pub fn of(bot: &Bot) -> Self {
        if bot.is(&RANDOM) {
            Self::Random
        } else if bot.is(&ismcts::ISMCTS) {
            Self::Search(ismcts::Settings::from(bot))
        } else {
            Self::Own(O::of(bot))
        }
    }

    /// The game's own bot for `seat`, with its defaults: what the search plays out with.
    pub fn heuristic(seat: Seat) -> Self {
        Self::Own(O::heuristic(seat))
    }
}

/// Each seat's player in `lineup`: made once a game, so no decision reads a parameter by name.
pub(crate) fn agents<O: Own>(lineup: &[Bot]) -> ArrayVec<Agent<O>, MAX_SEATS> {
    lineup.iter().map(Agent::of).collect()
}

impl<G: Decisions, O: Own + Decider<G>> Decider<G> for Agent<O> {
    type Memory = O::Memory;

    #[inline]
    fn decide(&self, seen: &Seen<G>, memory: &mut O::Memory, rng: &mut GameRng) -> G::Action {
        match self {
            Self::Random => random(seen, rng),
            Self::Search(settings) => search(*settings, seen, memory, rng, O::heuristic),
            Self::Own(own) => own.decide(seen, memory, rng),
        }
    }
}

/// The search's decision, kept out of line: inlined into every decision's dispatch, its setup
/// would cost a heuristic bot's decisions a few percent.
#[cold]
#[inline(never)]
fn search<G: Decisions, M: Default + Clone, H: Decider<G, Memory = M>>(
    settings: ismcts::Settings,
    seen: &Seen<G>,
    memory: &mut M,
    rng: &mut GameRng,
    heuristic: fn(Seat) -> H,
) -> G::Action {
    ismcts::decide(settings, seen, memory, rng, heuristic)
}
