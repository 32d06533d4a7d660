//! Player policies. A bot decides every choice the rules give a player, seeing only a [`View`]:
//! the public table from one seat, never the upgrade deck's order or another player's unrevealed
//! bet.

mod greedy;
mod random;

use super::config::{EffectKind, Rules};
use super::state::{Player, State};
use crate::games::Seat;
use crate::rng::GameRng;

pub use greedy::Greedy;
pub use random::Random;

/// The table as one seat sees it.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub state: &'a State,
    pub me: Seat,
}

impl View<'_> {
    pub fn player(&self) -> &Player {
        &self.state.players[self.me]
    }
}

/// A bet: cheese from the stash, plus one cheese from each covered skill in the `from_covered`
/// bit set (bit `i` for skill slot `i`), which uncovers it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bet {
    pub from_stash: u8,
    pub from_covered: u8,
}

/// Learning after a failed test: a market slot, and the skill slot to return to the box first
/// when already holding the maximum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Learn {
    pub market: u8,
    pub discard: Option<u8>,
}

/// Every decision the cheese edition gives a player.
pub trait Policy {
    /// Step 1: the job whose top obstacle to test (one of `State::open_jobs`).
    fn choose_obstacle(&self, v: &View, rng: &mut GameRng) -> u8;
    /// Step 2, as a non-testing player: how much to bet, decided before anyone reveals.
    fn bet(&self, v: &View, rng: &mut GameRng) -> Bet;
    /// Step 2, as an abstaining player: which covered skill to take a cheese back from, if any.
    fn uncover(&self, v: &View, rng: &mut GameRng) -> Option<u8>;
    /// Step 4, as the tester: the next skill slot to activate, or `None` to stop.
    fn activate(&self, v: &View, rng: &mut GameRng) -> Option<u8>;
    /// Which of this test's chips a flip or replace effect acts on (an index into its chips).
    fn pick_chip(&self, v: &View, kind: EffectKind, rng: &mut GameRng) -> u8;
    /// Step 6 on failure: which market skill to learn, if any.
    fn learn(&self, v: &View, rng: &mut GameRng) -> Option<Learn>;
    /// End scoring: which of `job`'s remaining food tokens to claim (an index).
    fn choose_food(&self, v: &View, job: u8, rng: &mut GameRng) -> u8;
}

pub use crate::bots::Bot;
use crate::bots::Kind;

/// The bots of this edition: `random` and `greedy`, in this order.
pub const KINDS: &[Kind] = crate::games::mice_heist::CHEESE_BOTS;

/// `random`, for tests.
pub fn random() -> Bot {
    Bot::of(KINDS, 0)
}

/// `greedy` with its defaults, for tests.
pub fn greedy() -> Bot {
    Bot::of(KINDS, 1)
}

macro_rules! dispatch {
    ($self:ident, $method:ident($($arg:expr),*)) => {
        match $self.index {
            0 => Random.$method($($arg),*),
            _ => Greedy::from($self).$method($($arg),*),
        }
    };
}

impl Policy for Bot {
    fn choose_obstacle(&self, v: &View, rng: &mut GameRng) -> u8 {
        dispatch!(self, choose_obstacle(v, rng))
    }
    fn bet(&self, v: &View, rng: &mut GameRng) -> Bet {
        dispatch!(self, bet(v, rng))
    }
    fn uncover(&self, v: &View, rng: &mut GameRng) -> Option<u8> {
        dispatch!(self, uncover(v, rng))
    }
    fn activate(&self, v: &View, rng: &mut GameRng) -> Option<u8> {
        dispatch!(self, activate(v, rng))
    }
    fn pick_chip(&self, v: &View, kind: EffectKind, rng: &mut GameRng) -> u8 {
        dispatch!(self, pick_chip(v, kind, rng))
    }
    fn learn(&self, v: &View, rng: &mut GameRng) -> Option<Learn> {
        dispatch!(self, learn(v, rng))
    }
    fn choose_food(&self, v: &View, job: u8, rng: &mut GameRng) -> u8 {
        dispatch!(self, choose_food(v, job, rng))
    }
}
