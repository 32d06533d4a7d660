//! The bots every game shares (the search `ismcts`), and the ladder that rates bots against
//! each other.

pub mod ismcts;
pub mod ladder;

use crate::core::game::Seat;
use crate::core::lineup::Bot;
use crate::core::play::{Decider, Decisions, Seen, random};
use crate::core::rng::GameRng;

/// A chosen bot deciding in `G`: the shared bots by their name, the game's own through `own`.
/// `heuristic(seat)` is the game's own bot for that seat's role, which `ismcts` plays out with.
pub fn by_kind<G: Decisions, M: Default + Clone>(
    bot: &Bot,
    seen: &Seen<G>,
    memory: &mut M,
    rng: &mut GameRng,
    heuristic: fn(Seat) -> Bot,
    own: impl FnOnce(&Bot, &Seen<G>, &mut M, &mut GameRng) -> G::Action,
) -> G::Action
where
    Bot: Decider<G, Memory = M>,
{
    if bot.index == 0 {
        random(seen, rng)
    } else if bot.kind.name == ismcts::ISMCTS.name {
        ismcts::decide(bot, seen, memory, rng, heuristic)
    } else {
        own(bot, seen, memory, rng)
    }
}
