//! Player policies. A bot decides every choice the rules give a player, seeing only a [`View`]:
//! the public table from one seat, never the upgrade deck's order or another player's unrevealed
//! bet. `random` is the shared one ([`crate::core::play::random`]); the options it draws from are
//! listed with [`Decision`].

mod greedy;

use super::engine::{Action, Decision, Engine};
use crate::core::play::{Decider, Seen};
use crate::core::rng::GameRng;

pub use super::config::EffectKind;
pub use super::engine::{Bet, Learn, View};
pub use greedy::Greedy;

/// A bot that answers each of the edition's decisions by one method. The engine asks a bet in
/// two steps (the stash part, then the covered skills); such a bot decides the whole bet at
/// once and its memory keeps the second part for the step that follows.
pub trait Policy {
    /// Step 1: the job whose top obstacle to test (one of `State::open_jobs`).
    fn choose_obstacle(&self, v: &View) -> u8;
    /// Step 2, as a non-testing player: how much to bet, decided before anyone reveals.
    fn bet(&self, v: &View) -> Bet;
    /// Step 2, as an abstaining player: which covered skill to take a cheese back from, if any.
    fn uncover(&self, v: &View) -> Option<u8>;
    /// Step 4, as the tester: the next skill slot to activate, or `None` to stop.
    fn activate(&self, v: &View) -> Option<u8>;
    /// Which of this test's chips a flip or replace effect acts on (an index into its chips).
    fn pick_chip(&self, v: &View, kind: EffectKind) -> u8;
    /// Step 6 on failure: which market skill to learn, if any.
    fn learn(&self, v: &View) -> Option<Learn>;
    /// End scoring: which of `job`'s remaining food tokens to claim (an index).
    fn choose_food(&self, v: &View, job: u8) -> u8;
}

/// What a seat's bot keeps between decisions within one game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memory {
    /// The covered skills its bet, decided at the stash step, takes cheese from.
    pub bet_covered: u8,
}

impl<P: Policy> Decider<Engine<'_>> for P {
    type Memory = Memory;

    fn decide(&self, seen: &Seen<Engine>, memory: &mut Memory, _: &mut GameRng) -> Action {
        let v = seen.view();
        match v.asked.expect("the seat to move is asked") {
            Decision::Job => Action::Job(self.choose_obstacle(&v)),
            Decision::Stash => {
                let bet = self.bet(&v);
                // Checked here, where the whole bet is known: the engine asks for covered
                // skills only when the seat has any and the config allows it, so a bit set
                // otherwise would pass unseen.
                let skills = &v.player().skills;
                assert!(
                    (0..8).all(|i| bet.from_covered & 1 << i == 0
                        || (v.rules.bet_from_covered && skills.get(i).is_some_and(|h| h.covered))),
                    "a bot bet from a skill slot it may not bet from"
                );
                memory.bet_covered = bet.from_covered;
                Action::Stash(bet.from_stash)
            }
            Decision::Covered => {
                // The stash step may have been decided by a search, which asks this bot only for
                // its choice to start from: a plan from an older bet keeps only the skills
                // covered now.
                let plan = memory.bet_covered;
                let covered = v.player().skills.iter().enumerate();
                let covered = covered
                    .filter(|&(i, h)| plan & 1 << i != 0 && h.covered)
                    .fold(0u8, |m, (i, _)| m | 1 << i);
                Action::Give(covered)
            }
            Decision::Uncover => Action::Uncover(self.uncover(&v)),
            Decision::Activate => Action::Activate(self.activate(&v)),
            Decision::Pick(kind) => Action::Chip(self.pick_chip(&v, kind)),
            Decision::Learn => Action::Learn(self.learn(&v)),
            Decision::Food(job) => Action::Food(self.choose_food(&v, job)),
        }
    }
}

pub use crate::core::lineup::Bot;
use crate::core::lineup::Kind;

/// The bots of this edition: `random`, `greedy` and `ismcts`, in this order.
pub const KINDS: &[Kind] = crate::games::mice_heist::CHEESE_BOTS;

/// This edition's bots as a game plays them.
pub type Agent = crate::bots::Agent<Greedy>;
