//! The ratings edition's counters: the shared ones, plus assist cards and the skill ratings
//! players reach.

use serde::Serialize;

use super::config::{MAX_SKILL_DEFS, Rules, SKILLS};
use crate::games::mice_heist::Observer;
use crate::games::mice_heist::tally::{Catalogue, Tally};
use crate::ints::{require, shown};
use crate::output::num;
use crate::result_dir::ResultDir;
use crate::stats::wilson;

/// Highest rating counted separately; validation keeps `max_rating` within it.
const RATINGS: usize = 21;

#[derive(Clone, Debug, PartialEq)]
pub struct RatingsTally {
    pub base: Tally,
    assist_reveals: [u64; MAX_SKILL_DEFS],
    assist_passes: [u64; MAX_SKILL_DEFS],
    /// Players ending the game at each rating, per skill.
    ratings: [[u64; RATINGS]; 3],
}

impl Default for RatingsTally {
    fn default() -> Self {
        Self {
            base: Tally::default(),
            assist_reveals: [0; MAX_SKILL_DEFS],
            assist_passes: [0; MAX_SKILL_DEFS],
            ratings: [[0; RATINGS]; 3],
        }
    }
}

crate::ints_struct!(RatingsTally {
    base,
    assist_reveals,
    assist_passes,
    ratings
});

impl Observer for RatingsTally {
    fn chip_drawn(&mut self, kind: u8, high: bool) {
        self.base.chip_drawn(kind, high);
    }
    fn skill_activated(&mut self, card: u8) {
        self.base.skill_activated(card);
    }
    fn skill_learned(&mut self, card: u8) {
        self.base.skill_learned(card);
    }
    fn test_resolved(&mut self, job: u8, obstacle: u8, chip_total: i32, success: bool) {
        self.base.test_resolved(job, obstacle, chip_total, success);
    }
    fn assist_resolved(&mut self, card: u8, success: bool) {
        self.assist_reveals[card as usize] += 1;
        self.assist_passes[card as usize] += u64::from(success);
    }
}

impl RatingsTally {
    /// What must hold of the counters of `games` games of `players` that lasted `turns` in all.
    pub fn check(&self, games: u64, turns: u64, players: usize) -> Result<(), String> {
        self.base.check(games, turns)?;
        require(
            self.assist_reveals
                .iter()
                .zip(&self.assist_passes)
                .all(|(r, p)| p <= r),
            "assist_passes",
            || "more passes than reveals of an assist card".into(),
        )?;
        let rated = games.checked_mul(players as u64);
        for skill in &self.ratings {
            let n = crate::ints::sum(skill);
            require(n.is_some() && n == rated, "ratings", || {
                format!(
                    "{} final ratings counted for {games} games of {players} players",
                    shown(n)
                )
            })?;
        }
        Ok(())
    }

    /// Counts one player's ratings at the end of a game.
    pub fn rated(&mut self, ratings: &[u8; 3]) {
        for (s, &r) in ratings.iter().enumerate() {
            self.ratings[s][usize::from(r).min(RATINGS - 1)] += 1;
        }
    }

    pub fn export(
        &self,
        rules: &Rules,
        names: &Catalogue,
        games: u64,
        dir: &ResultDir,
    ) -> anyhow::Result<()> {
        self.base.export(names, games, dir)?;

        #[derive(Serialize)]
        struct AssistRow<'a> {
            assist: &'a str,
            name: &'a str,
            modifier: i8,
            revealed: u64,
            tests_passed: u64,
            pass_rate: String,
            ci_low: String,
            ci_high: String,
        }
        dir.csv(
            "assists.csv",
            rules.assist_cards.iter().enumerate().map(|(i, a)| {
                let r = wilson(self.assist_passes[i], self.assist_reveals[i]);
                AssistRow {
                    assist: &a.id,
                    name: &a.name,
                    modifier: a.modifier,
                    revealed: self.assist_reveals[i],
                    tests_passed: self.assist_passes[i],
                    pass_rate: num(r.value),
                    ci_low: num(r.low),
                    ci_high: num(r.high),
                }
            }),
        )?;

        #[derive(Serialize)]
        struct RatingRow {
            skill: &'static str,
            rating: usize,
            players: u64,
            share: String,
        }
        let names = ["agility", "charm", "dexterity"];
        debug_assert_eq!(SKILLS.len(), names.len());
        dir.csv(
            "ratings.csv",
            (0..3).flat_map(|s| {
                let all: u64 = self.ratings[s].iter().sum();
                (0..=usize::from(rules.max_rating)).map(move |r| RatingRow {
                    skill: names[s],
                    rating: r,
                    players: self.ratings[s][r],
                    share: num(if all == 0 {
                        f64::NAN
                    } else {
                        self.ratings[s][r] as f64 / all as f64
                    }),
                })
            }),
        )
    }
}
