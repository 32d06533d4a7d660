//! Player policies for the ratings edition: every decision its rules give a player, seen through
//! a [`View`] of the public table (never the decks' order or another player's closed fist).
//! `random` is the shared one ([`crate::core::play::random`]); the options it draws from are listed
//! with [`Decision`].

mod greedy;

use super::engine::{Action, Decision, Engine};
use crate::core::play::{Decider, Seen};
use crate::core::rng::GameRng;

pub use super::config::EffectKind;
pub use super::engine::{Choice, Learn, Spare, View};
pub use greedy::Greedy;

/// A bot that answers each of the edition's decisions by one method.
pub trait Policy {
    fn choose_test(&self, v: &View) -> Choice;
    /// Player chips to reveal (0 abstains), decided before anyone reveals.
    fn bet(&self, v: &View) -> u8;
    /// The next hand card to play (an index), or `None` to stop.
    fn play_card(&self, v: &View) -> Option<u8>;
    /// Which of this test's chips a flip or replace acts on.
    fn pick_chip(&self, v: &View, kind: EffectKind) -> u8;
    fn learn(&self, v: &View) -> Option<Learn>;
    fn spare(&self, v: &View) -> Option<Spare>;
    /// Hand cards to discard before refilling (bit `i` for card `i`).
    fn discard(&self, v: &View) -> u16;
    fn choose_food(&self, v: &View, job: u8) -> u8;
}

impl<P: Policy> Decider<Engine<'_>> for P {
    type Memory = ();

    fn decide(&self, seen: &Seen<Engine>, _: &mut (), _: &mut GameRng) -> Action {
        let v = seen.view();
        match v.asked.expect("the seat to move is asked") {
            Decision::Test => Action::Test(self.choose_test(&v)),
            Decision::Chips => Action::Chips(self.bet(&v)),
            Decision::Pick(kind) => Action::Chip(self.pick_chip(&v, kind)),
            Decision::Play => Action::Play(self.play_card(&v)),
            Decision::Learn => Action::Learn(self.learn(&v)),
            Decision::Spare => Action::Spare(self.spare(&v)),
            Decision::Discard => Action::Discard(self.discard(&v)),
            Decision::Food(job) => Action::Food(self.choose_food(&v, job)),
        }
    }
}

pub use crate::core::lineup::Bot;
use crate::core::lineup::Kind;

/// The bots of this edition: `random`, `greedy` and `ismcts`, in this order.
pub const KINDS: &[Kind] = crate::games::mice_heist::RATINGS_BOTS;

/// This edition's bots as a game plays them.
pub type Agent = crate::bots::Agent<Greedy>;
