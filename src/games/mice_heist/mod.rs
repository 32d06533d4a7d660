//! Mice Heist, in two rule editions that share the chip bag, the contribution tracks, the jobs'
//! food payout and the effect vocabulary.

pub mod cheese;
pub mod chips;
pub mod heuristics;
pub mod jobs;
pub mod parts;
pub mod ratings;
pub mod reckoning;
pub mod replay;
pub mod report;
pub mod tally;
#[cfg(test)]
pub(crate) mod testing;
pub mod track;

pub use cheese::{CHEESE_DEFAULT, CheeseGame};
pub use ratings::{RATINGS_DEFAULT, RatingsGame};

use crate::bots::ismcts::ISMCTS;
use crate::core::game::Outcome;
use crate::core::lineup::{Bot, Kind, Param};
use crate::core::play::{Decider, Decisions, RANDOM, Table};

/// Both editions' `greedy`, taking `max_bet` (its edition's) and [`ENDING_SWING`].
const fn greedy(params: &'static [Param; 2]) -> Kind {
    Kind {
        name: "greedy",
        about: "one-step heuristic: exact chip odds, contribution valued by the food it would win now",
        params,
        roles: &[],
        searches: false,
    }
}

const ENDING_SWING: Param = Param {
    name: "ending_swing",
    default: 10,
    min: 0,
    max: 100,
    about: "cheese it counts for ending the game by overcoming a finale: gained when ahead on projected score, lost when behind",
    names: &[],
};

/// The cheese edition's `max_bet`.
const CHEESE_MAX_BET: Param = Param {
    name: "max_bet",
    default: 3,
    min: 0,
    max: 40,
    about: "most cheese it bets on another player's test",
    names: &[],
};

/// The ratings edition's `max_bet`.
const RATINGS_MAX_BET: Param = Param {
    name: "max_bet",
    default: 9,
    min: 0,
    max: 9,
    about: "most player chips it reveals on another player's test (it never has more than rules.player_chips)",
    names: &[],
};

/// The cheese edition's `greedy`.
pub const CHEESE_GREEDY: Kind = greedy(&[CHEESE_MAX_BET, ENDING_SWING]);

/// The ratings edition's `greedy`.
pub const RATINGS_GREEDY: Kind = greedy(&[RATINGS_MAX_BET, ENDING_SWING]);

/// The cheese edition's bots.
pub const CHEESE_BOTS: &[Kind] = &[
    RANDOM,
    CHEESE_GREEDY,
    // Play-outs of 30 decisions, about three tests: 40 Elo stronger than 20 in a ladder of
    // 100 seeds, and still above 100 games a second with every seat searching.
    crate::bots::ismcts::kind(&crate::bots::ismcts::params(50, 30)),
];

/// The ratings edition's bots.
pub const RATINGS_BOTS: &[Kind] = &[RANDOM, RATINGS_GREEDY, ISMCTS];

/// `greedy`'s parameter values, as both editions' greedy bots play them.
#[derive(Clone, Copy, Debug)]
pub struct GreedyParams {
    /// The most it bets on another player's test.
    pub max_bet: u8,
    /// What ending the game by a finale is worth, in cheese: gained when ahead, lost behind.
    pub ending_swing: f64,
}

impl GreedyParams {
    /// `bot`'s values, its edition's `max_bet` being `max_bet`.
    fn of(bot: &Bot, max_bet: &Param) -> Self {
        Self {
            max_bet: bot.value(max_bet) as u8,
            ending_swing: f64::from(bot.value(&ENDING_SWING)),
        }
    }
}

/// One edition's `greedy` as a typed bot: its values, from the edition's kind and `max_bet`;
/// and how its view values a track, which both editions read from the same fields.
macro_rules! edition_greedy {
    ($kind:path, $max_bet:path) => {
        /// `greedy`, with its parameters' values.
        #[derive(Clone, Copy, Debug)]
        pub struct Greedy(pub crate::games::mice_heist::GreedyParams);

        impl std::ops::Deref for Greedy {
            type Target = crate::games::mice_heist::GreedyParams;
            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }

        impl crate::bots::Own for Greedy {
            fn of(bot: &crate::core::lineup::Bot) -> Self {
                Self(crate::games::mice_heist::GreedyParams::of(bot, &$max_bet))
            }
            fn heuristic(_: crate::core::game::Seat) -> Self {
                Self::of(&crate::core::lineup::Bot::new(&$kind))
            }
        }

        /// How this edition's tracks pay.
        fn payout<'a>(v: &View<'a>) -> crate::games::mice_heist::heuristics::Payout<'a> {
            crate::games::mice_heist::heuristics::Payout {
                food: &v.rules.food,
                track_length: v.rules.track_length,
            }
        }

        /// The viewer's place on `job`'s track, to value climbs from.
        fn place<'a>(v: &View<'a>, job: u8) -> crate::games::mice_heist::heuristics::Place<'a> {
            payout(v).place(&v.state.jobs[job as usize].track, v.me)
        }
    };
}
pub(crate) use edition_greedy;

/// Hooks for what happens during play, in both editions: counters (and replays) watch through
/// this. Jobs are the config's job indices; cards are the edition's card definitions.
pub trait Observer {
    fn chip_drawn(&mut self, _kind: u8, _high: bool) {}
    /// A skill turned a drawn chip over; `high` is the face now up.
    fn chip_flipped(&mut self, _kind: u8, _high: bool) {}
    /// A skill set a drawn chip aside (to draw another in its place).
    fn chip_set_aside(&mut self, _kind: u8, _high: bool) {}
    /// A skill activated (cheese edition) or a skill card played (ratings edition).
    fn skill_activated(&mut self, _card: u8) {}
    fn skill_learned(&mut self, _card: u8) {}
    fn test_resolved(&mut self, _job: u8, _obstacle: u8, _chip_total: i32, _success: bool) {}
    /// An assist card was revealed for a test that then passed or failed (ratings edition).
    fn assist_resolved(&mut self, _card: u8, _success: bool) {}
    /// A non-testing seat's bet (cheese, or chips in the ratings edition), once all are revealed.
    fn bet(&mut self, _seat: usize, _amount: u8) {}
    /// The test's final total (chips, modifiers and, in the ratings edition, the rating) against
    /// its target, just before it resolves.
    fn total(&mut self, _total: i32, _target: i32) {}
}

/// Watches nothing.
impl Observer for () {}

/// An edition's engine, as its tables play it.
pub trait Edition: Decisions {
    /// [`Decisions::apply`], telling `obs` what happens.
    fn play<O: Observer>(&mut self, action: Self::Action, obs: &mut O);
    /// True once no test is left to play (the food claims may still be to decide).
    fn tests_over(&self) -> bool;
    /// Tests resolved so far.
    fn turns(&self) -> u32;
}

/// A Mice Heist game played a test at a time: replays tell it so, and tests build positions
/// between tests.
pub trait Tests<E: Edition, M> {
    /// Plays one test, `obs` watching; true once no test is left.
    fn step<D: Decider<E, Memory = M>, O: Observer>(&mut self, lineup: &[D], obs: &mut O) -> bool;
    /// Plays what is left (the food claims, once the tests are over) and scores.
    fn finish<D: Decider<E, Memory = M>>(&mut self, lineup: &[D]) -> Outcome;
    /// Plays the whole game, `obs` watching, and scores.
    fn play_all<D: Decider<E, Memory = M>, O: Observer>(
        &mut self,
        lineup: &[D],
        obs: &mut O,
    ) -> Outcome;
}

impl<E: Edition, M: Default> Tests<E, M> for Table<E, M> {
    fn step<D: Decider<E, Memory = M>, O: Observer>(&mut self, lineup: &[D], obs: &mut O) -> bool {
        let turn = self.game.turns();
        while !self.game.tests_over() && self.game.turns() == turn {
            let action = self.decide(lineup).expect("a test in play has a decision");
            self.game.play(action, obs);
        }
        self.game.tests_over()
    }

    fn finish<D: Decider<E, Memory = M>>(&mut self, lineup: &[D]) -> Outcome {
        self.play_out(lineup)
    }

    fn play_all<D: Decider<E, Memory = M>, O: Observer>(
        &mut self,
        lineup: &[D],
        obs: &mut O,
    ) -> Outcome {
        while let Some(action) = self.decide(lineup) {
            self.game.play(action, obs);
        }
        self.game.outcome()
    }
}

/// The per-game value both editions report: tests passed (the job that ended the game is
/// their `ending_job`).
const VALUES: &[crate::stats::metrics::Value] =
    &[crate::stats::metrics::Value::per_turn("successes")];

/// The summary rows both editions add: tests a game, and the share passed.
fn summary() -> Vec<crate::stats::metrics::SummaryMetric> {
    use crate::stats::metrics::{Quantity, SummaryMetric};
    // A turn is one test.
    vec![
        SummaryMetric::Count("tests", Quantity::Turns),
        SummaryMetric::Rate {
            name: "test_success_rate",
            hits: Quantity::Value(tally::SUCCESSES),
            of: Quantity::Turns,
            tolerance: 0.01,
        },
    ]
}
