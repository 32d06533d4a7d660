//! The ratings edition's counters: the shared ones, plus assist cards and the skill ratings
//! players reach.

use super::config::{Rules, SKILLS};
use crate::games::mice_heist::Observer;
use crate::games::mice_heist::tally::{Catalogue, Counting, Tally};
use crate::stats::metrics::{Block, Cell, Counts, Declared, Per, Total, count_table};

/// Highest rating counted separately; validation keeps `max_rating` within it.
const RATINGS: usize = 21;

#[derive(Clone, Debug)]
pub struct RatingsTally {
    pub base: Tally,
    assist_reveals: Block,
    assist_passes: Block,
    /// Players ending the game at each rating, per skill.
    ratings: [Block; 3],
}

impl RatingsTally {
    /// Declares the shared Mice Heist tables, `assists.csv` and `ratings.csv`.
    pub fn declare(d: &mut Declared, rules: &Rules, names: &Catalogue) -> Self {
        let base = Tally::declare(d, names, "identities.csv");
        let cards = rules.assist_cards.len();
        let t = Self {
            base,
            assist_reveals: d.block("assist_reveals", cards),
            assist_passes: d.block("assist_passes", cards),
            ratings: ["ratings_agility", "ratings_charm", "ratings_dexterity"]
                .map(|name| d.block(name, RATINGS)),
        };
        d.at_most(t.assist_passes, t.assist_reveals);
        for b in t.ratings {
            d.sums_to(b, Total::PerGame(rules.players as u64));
        }

        let mut assists = count_table!("assists.csv", "assist";
            assist: Text, name: Text, modifier: Int, revealed: ComparedCount, tests_passed: Count,
            pass_rate: Rate
        );
        for (i, a) in rules.assist_cards.iter().enumerate() {
            let (shown, passed) = (t.assist_reveals.at(i), t.assist_passes.at(i));
            assists.row(
                &a.id,
                vec![
                    Cell::Text(a.id.clone()),
                    Cell::Text(a.name.clone()),
                    Cell::Int(a.modifier.into()),
                    Cell::Count(shown),
                    Cell::Count(passed),
                    Cell::Of(passed, Per::Slot(shown)),
                ],
            );
        }
        d.tables.push(assists);

        let mut ratings = count_table!("ratings.csv", "final rating";
            skill: Text, rating: Int, players: Count, share: Share
        );
        let names = ["agility", "charm", "dexterity"];
        debug_assert_eq!(SKILLS.len(), names.len());
        for (s, name) in names.iter().enumerate() {
            for r in 0..=usize::from(rules.max_rating) {
                let slot = t.ratings[s].at(r);
                ratings.row(
                    format!("{name} {r}"),
                    vec![
                        Cell::Text((*name).into()),
                        Cell::Int(r as i64),
                        Cell::Count(slot),
                        Cell::Of(slot, Per::Block(t.ratings[s])),
                    ],
                );
            }
        }
        d.tables.push(ratings);
        t
    }

    pub fn counting<'a>(&'a self, counts: &'a mut Counts) -> RatingsCounting<'a> {
        RatingsCounting {
            at: self,
            base: self.base.counting(counts),
        }
    }

    /// Counts one player's ratings at the end of a game.
    pub fn rated(&self, counts: &mut Counts, ratings: &[u8; 3]) {
        for (s, &r) in ratings.iter().enumerate() {
            counts.bump(self.ratings[s].at(usize::from(r).min(RATINGS - 1)));
        }
    }
}

/// The engine's hooks, counting.
pub struct RatingsCounting<'a> {
    at: &'a RatingsTally,
    base: Counting<'a>,
}

impl Observer for RatingsCounting<'_> {
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
        let c = &mut self.base.counts;
        c.bump(self.at.assist_reveals.at(card as usize));
        c.add_n(self.at.assist_passes.at(card as usize), u64::from(success));
    }
}
