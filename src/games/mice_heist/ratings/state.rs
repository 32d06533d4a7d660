//! What a player at the table can see in the ratings edition; the decks' order is hidden in the
//! engine. Fixed-size, so a game never allocates.

use arrayvec::ArrayVec;

use super::config::{MAX_DECK, MAX_HAND, MAX_JOBS, Rules};
use crate::games::mice_heist::chips::{ChipSet, Drawn};
use crate::games::mice_heist::jobs::JobState;
use crate::games::{MAX_SEATS, Seat};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    pub identity: u8,
    /// Agility, charm, dexterity.
    pub ratings: [u8; 3],
    pub cheese: u8,
}

/// A player's skill cards in hand (card definitions): secret, so kept by the engine, never in
/// the [`State`] every seat sees.
pub type Hand = ArrayVec<u8, MAX_HAND>;

impl Player {
    /// The rating a test of these skills (icon bits) uses: their ratings added up.
    pub fn rating(&self, skills: u8) -> i32 {
        (0..3)
            .filter(|s| skills & (1 << s) != 0)
            .map(|s| i32::from(self.ratings[s]))
            .sum()
    }
}

/// The test being resolved this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Test {
    /// Index into `State::jobs`.
    pub job: u8,
    /// The skills tested (for a choice, the one chosen), as icon bits.
    pub skills: u8,
    pub drawn: Drawn,
    /// The assist card's number and every modifier effect so far.
    pub modifier: i32,
    /// The assist card revealed, if anyone assisted.
    pub assist: Option<u8>,
    /// Skill cards played from the tester's hand.
    pub played: ArrayVec<u8, MAX_HAND>,
    /// Player chips each seat revealed.
    pub bets: [u8; MAX_SEATS],
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub players: ArrayVec<Player, MAX_SEATS>,
    pub supply: u8,
    /// The jobs in play (their `spec` names the config's job).
    pub jobs: ArrayVec<JobState, MAX_JOBS>,
    pub skill_deck_left: u8,
    /// Face up, so public.
    pub skill_discard: ArrayVec<u8, MAX_DECK>,
    pub assist_deck_left: u8,
    pub assist_discard: ArrayVec<u8, MAX_DECK>,
    pub bag: ChipSet,
    pub played: ChipSet,
    pub test: Test,
    pub tester: Seat,
    pub turns: u32,
    pub successes: u32,
}

impl State {
    /// Jobs in play whose stack still has an obstacle.
    pub fn open_jobs<'a>(&'a self, rules: &'a Rules) -> impl Iterator<Item = u8> + 'a {
        self.jobs
            .iter()
            .enumerate()
            .filter(|(_, j)| (j.next as usize) < rules.jobs[j.spec as usize].obstacles.len())
            .map(|(i, _)| i as u8)
    }

    /// The top obstacle of job `job` (an index into `jobs`).
    pub fn obstacle<'a>(&self, rules: &'a Rules, job: u8) -> &'a super::config::Obstacle {
        let j = &self.jobs[job as usize];
        &rules.jobs[j.spec as usize].obstacles[j.next as usize]
    }

    /// Every cheese on the table.
    pub fn cheese_total(&self, rules: &Rules) -> u32 {
        let players: u32 = self.players.iter().map(|p| u32::from(p.cheese)).sum();
        let obstacles: u32 = self
            .jobs
            .iter()
            .map(|j| j.cheese_lying(rules.jobs[j.spec as usize].obstacles.len()))
            .sum();
        u32::from(self.supply) + players + obstacles
    }

    /// Every chip: in the bag, the play area, or this test.
    pub fn chip_count(&self) -> u32 {
        (self.bag | self.played | self.test.drawn.all()).count_ones()
    }

    /// Skill cards played or discarded (the rest are in the deck or in hands).
    pub fn skill_cards_shown(&self) -> u32 {
        self.test.played.len() as u32 + self.skill_discard.len() as u32
    }
}
