//! What a player at the table can see: fixed-size, so a game never allocates. The upgrade deck's
//! order is the only hidden information and lives in the engine, not here.

use arrayvec::ArrayVec;

use super::config::{MAX_HELD, MAX_JOBS, MAX_MARKET, Rules};
use crate::games::mice_heist::chips::{ChipSet, Drawn, chips};
use crate::games::{MAX_SEATS, Seat};

/// A skill in front of a player; a covered one holds the cheese paid to activate it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub skill: u8,
    pub covered: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    pub colour: u8,
    pub stash: u8,
    pub skills: ArrayVec<Held, MAX_HELD>,
}

impl Player {
    pub fn covered(&self) -> u8 {
        self.skills.iter().filter(|h| h.covered).count() as u8
    }

    /// Slots of the skills that can be activated now (uncovered, and a cheese to pay with).
    pub fn activatable(&self) -> impl Iterator<Item = u8> + '_ {
        let can_pay = self.stash > 0;
        self.skills
            .iter()
            .enumerate()
            .filter(move |(_, h)| can_pay && !h.covered)
            .map(|(i, _)| i as u8)
    }

    pub fn holds(&self, skill: u8) -> bool {
        self.skills.iter().any(|h| h.skill == skill)
    }
}

pub use crate::games::mice_heist::jobs::JobState;

/// The test being resolved this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Test {
    pub job: u8,
    pub drawn: Drawn,
    /// Sum of activated skills' modifiers.
    pub modifier: i32,
    /// Cheese each seat bet on this test.
    pub bets: [u8; MAX_SEATS],
}

impl Test {
    pub fn chip_total(&self, rules: &Rules) -> i32 {
        self.drawn.total(&rules.chips)
    }

    pub fn rating(&self, rules: &Rules) -> i32 {
        self.chip_total(rules) + self.modifier
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub players: ArrayVec<Player, MAX_SEATS>,
    pub supply: u8,
    pub jobs: ArrayVec<JobState, MAX_JOBS>,
    pub market: ArrayVec<u8, MAX_MARKET>,
    /// Cards left in the upgrade deck (their order is hidden).
    pub deck_left: u8,
    /// Skill cards returned to the game box during play.
    pub boxed: u8,
    pub bag: ChipSet,
    /// The play area: chips drawn for earlier tests.
    pub played: ChipSet,
    pub test: Test,
    pub tester: Seat,
    /// Tests resolved so far.
    pub turns: u32,
    /// Tests passed so far.
    pub successes: u32,
}

impl State {
    /// Every cheese on the table; the rules neither make nor destroy cheese.
    pub fn cheese_total(&self, rules: &Rules) -> u32 {
        let stashes: u32 = self
            .players
            .iter()
            .map(|p| u32::from(p.stash) + u32::from(p.covered()))
            .sum();
        let obstacles: u32 = self
            .jobs
            .iter()
            .zip(&rules.jobs)
            .map(|(j, spec)| j.cheese_lying(spec.obstacles.len()))
            .sum();
        let bets: u32 = self.test.bets.iter().map(|&b| u32::from(b)).sum();
        u32::from(self.supply) + stashes + obstacles + bets
    }

    /// Every chip: in the bag, the play area, or this test.
    pub fn chip_count(&self) -> u32 {
        (self.bag | self.played | self.test.drawn.all()).count_ones()
    }

    /// True when no chip is in two places at once.
    pub fn chips_disjoint(&self) -> bool {
        let drawn = self.test.drawn.all();
        self.bag & self.played == 0 && self.bag & drawn == 0 && self.played & drawn == 0
    }

    /// Skill cards in play or boxed: held, in the market, in the deck.
    pub fn card_count(&self) -> u32 {
        let held: u32 = self.players.iter().map(|p| p.skills.len() as u32).sum();
        held + self.market.len() as u32 + u32::from(self.deck_left) + u32::from(self.boxed)
    }

    /// Jobs whose top obstacle can be tested.
    pub fn open_jobs<'a>(&'a self, rules: &'a Rules) -> impl Iterator<Item = u8> + 'a {
        self.jobs
            .iter()
            .zip(&rules.jobs)
            .enumerate()
            .filter(|(_, (j, spec))| (j.next as usize) < spec.obstacles.len())
            .map(|(i, _)| i as u8)
    }

    /// Chips a player can count as still in the bag (the play area is public).
    pub fn bag_chips(&self) -> impl Iterator<Item = u8> {
        chips(self.bag)
    }
}
