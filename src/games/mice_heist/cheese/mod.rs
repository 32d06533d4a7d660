//! Mice Heist, cheese edition (`mice-heist-cheese-edition.txt`): cheese is score and currency,
//! skills are bought from a market, jobs end in finale obstacles.

pub mod bots;
pub mod config;
pub mod engine;
pub mod state;
#[cfg(test)]
pub mod tests;

use bots::Bot;
use config::MAX_HELD;
use config::{RawConfig, Rules};
use engine::Engine;

use super::tally::{Catalogue, CatalogueCard, CatalogueJob, Tally};
use crate::config::{ConfigError, Override, Source, load_compiled, with_players};
use crate::games::{Game, Outcome};
use crate::output::{ResultDir, SummaryRow};

/// The default cheese edition config, built into the binary.
pub const CHEESE_DEFAULT: &str = include_str!("../../../../configs/mice-heist/cheese.toml");

/// The cheese edition with one validated config.
pub struct CheeseGame {
    pub rules: Rules,
    /// The config as played (overrides and `--players` applied), for the result folder.
    pub resolved: toml::Table,
    catalogue: Catalogue,
}

/// The names of this edition's chips, obstacles and skills for the shared files.
fn catalogue(rules: &Rules) -> Catalogue {
    Catalogue {
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
            .skills
            .iter()
            .map(|s| CatalogueCard {
                id: s.id.clone(),
                name: s.name.clone(),
                deck: if s.upgrade { "upgrade" } else { "starting" },
            })
            .collect(),
    }
}

impl CheeseGame {
    pub fn load(
        source: &Source,
        overrides: &[Override],
        players: Option<usize>,
    ) -> Result<Self, ConfigError> {
        let (rules, resolved) = load_compiled(source, overrides, |raw: &RawConfig| {
            config::compile(raw, players)
        })?;
        let resolved = with_players(resolved, rules.players);
        let catalogue = catalogue(&rules);
        Ok(Self {
            rules,
            resolved,
            catalogue,
        })
    }
}

impl Game for CheeseGame {
    type Bot = Bot;
    type Counters = Tally;
    type Scratch = ();

    fn players(&self) -> usize {
        self.rules.players
    }

    fn play(&self, seed: u64, lineup: &[Bot], _scratch: &mut (), tally: &mut Tally) -> Outcome {
        let mut engine = Engine::new(&self.rules, seed);
        while !engine.step(lineup, tally) {}
        let outcome = engine.finish(lineup);
        tally.ended(outcome.ending, &outcome);
        for (seat, p) in engine.state().players.iter().enumerate() {
            let held: arrayvec::ArrayVec<u8, MAX_HELD> = p.skills.iter().map(|h| h.skill).collect();
            tally.held(&held, outcome.won(seat));
        }
        outcome
    }

    fn ending_label(&self, ending: u8) -> &str {
        &self.rules.jobs[ending as usize].id
    }

    fn summary(&self, tally: &Tally) -> Vec<SummaryRow> {
        tally.summary()
    }

    fn export(&self, tally: &Tally, games: u64, dir: &ResultDir) -> anyhow::Result<()> {
        tally.export(&self.catalogue, games, dir)
    }
}
