//! Mice Heist, ratings edition (`mice-heist-ratings-edition.md`): identity cards and skill
//! ratings, skill and assist decks, player chips as bets.

pub mod bots;
pub mod config;
pub mod engine;
pub mod state;
pub mod tally;
#[cfg(test)]
mod tests;

use bots::Bot;
use config::{RawConfig, Rules};
use engine::Engine;
use tally::RatingsTally;

use super::tally::{Catalogue, CatalogueCard, CatalogueJob};
use crate::config::{ConfigError, Override, Source, load_compiled, with_players};
use crate::games::{Game, Outcome};
use crate::output::{ResultDir, SummaryRow};

/// The default ratings edition config, built into the binary.
pub const RATINGS_DEFAULT: &str = include_str!("../../../../configs/mice-heist/ratings.toml");

/// The ratings edition with one validated config.
pub struct RatingsGame {
    pub rules: Rules,
    /// The config as played (overrides and `--players` applied), for the result folder.
    pub resolved: toml::Table,
    catalogue: Catalogue,
}

impl RatingsGame {
    pub fn load(
        source: &Source,
        overrides: &[Override],
        players: Option<usize>,
    ) -> Result<Self, ConfigError> {
        let (rules, resolved) = load_compiled(source, overrides, |raw: &RawConfig| {
            config::compile(raw, players)
        })?;
        let resolved = with_players(resolved, rules.players);
        let catalogue = Catalogue {
            chips: rules.chips.clone(),
            jobs: rules
                .jobs
                .iter()
                .map(|j| CatalogueJob {
                    id: j.id.clone(),
                    obstacles: j
                        .obstacles
                        .iter()
                        .map(|o| (o.name.clone(), o.target))
                        .collect(),
                })
                .collect(),
            cards: rules
                .skill_cards
                .iter()
                .map(|c| CatalogueCard {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    deck: "skill",
                })
                .collect(),
        };
        Ok(Self {
            rules,
            resolved,
            catalogue,
        })
    }
}

impl Game for RatingsGame {
    type Bot = Bot;
    type Counters = RatingsTally;
    type Scratch = ();

    fn players(&self) -> usize {
        self.rules.players
    }

    fn play(
        &self,
        seed: u64,
        lineup: &[Bot],
        _scratch: &mut (),
        tally: &mut RatingsTally,
    ) -> Outcome {
        let mut engine = Engine::new(&self.rules, seed);
        while !engine.step(lineup, tally) {}
        let outcome = engine.finish(lineup);
        tally.base.ended(outcome.ending, &outcome);
        for (seat, p) in engine.state().players.iter().enumerate() {
            tally.base.held(&p.hand, outcome.won(seat));
            tally.rated(&p.ratings);
        }
        outcome
    }

    fn ending_label(&self, ending: u8) -> &str {
        &self.rules.jobs[ending as usize].id
    }

    fn summary(&self, tally: &RatingsTally) -> Vec<SummaryRow> {
        tally.base.summary()
    }

    fn export(&self, tally: &RatingsTally, games: u64, dir: &ResultDir) -> anyhow::Result<()> {
        tally.export(&self.rules, &self.catalogue, games, dir)
    }
}
