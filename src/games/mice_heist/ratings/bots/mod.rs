//! Player policies for the ratings edition: every decision its rules give a player, seen through
//! a [`View`] of the public table (never the decks' order or another player's closed fist).

mod greedy;
mod random;

use super::config::{EffectKind, Rules};
use super::state::{Hand, Player, State};
use crate::games::{MAX_SEATS, Seat};
use crate::rng::GameRng;

pub use greedy::Greedy;
pub use random::Random;

/// The table as one seat sees it: the public state, its own hand, and how many cards each
/// seat holds. Other hands and the decks' order are not in it, so no bot can read them.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub state: &'a State,
    pub me: Seat,
    pub hand: &'a Hand,
    pub hand_sizes: [u8; MAX_SEATS],
}

impl View<'_> {
    pub fn player(&self) -> &Player {
        &self.state.players[self.me]
    }
}

/// Step 1: which job's top obstacle to test, and the skills it is tested with (the whole test,
/// or for an "or" test the one chosen), as icon bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub job: u8,
    pub skills: u8,
}

/// What the tester learns after failing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Learn {
    /// A card played this test (an index into the test's played cards).
    Played(u8),
    /// A card in hand.
    Hand(u8),
    /// The top card of the skill deck.
    DeckTop,
}

/// What a non-assisting player does when the tester fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Spare {
    /// Learn a card in hand.
    Learn(u8),
    /// Draw a card from the skill deck.
    Draw,
}

pub trait Policy {
    fn choose_test(&self, v: &View, rng: &mut GameRng) -> Choice;
    /// Player chips to reveal (0 abstains), decided before anyone reveals.
    fn bet(&self, v: &View, rng: &mut GameRng) -> u8;
    /// The next hand card to play (an index), or `None` to stop.
    fn play_card(&self, v: &View, rng: &mut GameRng) -> Option<u8>;
    /// Which of this test's chips a flip or replace acts on.
    fn pick_chip(&self, v: &View, kind: EffectKind, rng: &mut GameRng) -> u8;
    fn learn(&self, v: &View, rng: &mut GameRng) -> Option<Learn>;
    fn spare(&self, v: &View, rng: &mut GameRng) -> Option<Spare>;
    /// Hand cards to discard before refilling (bit `i` for card `i`).
    fn discard(&self, v: &View, rng: &mut GameRng) -> u16;
    fn choose_food(&self, v: &View, job: u8, rng: &mut GameRng) -> u8;
}

pub use crate::bots::Bot;
use crate::bots::Kind;

/// The bots of this edition: `random` and `greedy`, in this order.
pub const KINDS: &[Kind] = crate::games::mice_heist::RATINGS_BOTS;

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
    fn choose_test(&self, v: &View, rng: &mut GameRng) -> Choice {
        dispatch!(self, choose_test(v, rng))
    }
    fn bet(&self, v: &View, rng: &mut GameRng) -> u8 {
        dispatch!(self, bet(v, rng))
    }
    fn play_card(&self, v: &View, rng: &mut GameRng) -> Option<u8> {
        dispatch!(self, play_card(v, rng))
    }
    fn pick_chip(&self, v: &View, kind: EffectKind, rng: &mut GameRng) -> u8 {
        dispatch!(self, pick_chip(v, kind, rng))
    }
    fn learn(&self, v: &View, rng: &mut GameRng) -> Option<Learn> {
        dispatch!(self, learn(v, rng))
    }
    fn spare(&self, v: &View, rng: &mut GameRng) -> Option<Spare> {
        dispatch!(self, spare(v, rng))
    }
    fn discard(&self, v: &View, rng: &mut GameRng) -> u16 {
        dispatch!(self, discard(v, rng))
    }
    fn choose_food(&self, v: &View, job: u8, rng: &mut GameRng) -> u8 {
        dispatch!(self, choose_food(v, job, rng))
    }
}
