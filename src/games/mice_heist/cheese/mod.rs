//! Mice Heist, cheese edition (`mice-heist-cheese-edition.txt`): cheese is score and currency,
//! skills are bought from a market, jobs end in finale obstacles.

pub mod bots;
pub mod config;
pub mod engine;
pub mod state;
pub mod tally;
#[cfg(test)]
pub mod tests;

use bots::Bot;
use config::{RawConfig, Rules};
use engine::Engine;
use tally::Tally;

use crate::config::{ConfigError, Override, Source, invalid, load};
use crate::games::{Game, Outcome};
use crate::output::{ResultDir, SummaryRow};

/// The default cheese edition config, built into the binary.
pub const CHEESE_DEFAULT: &str = include_str!("../../../../configs/mice-heist/cheese.toml");

/// The cheese edition with one validated config.
pub struct CheeseGame {
    pub rules: Rules,
    /// The config as played (overrides and `--players` applied), for the result folder.
    pub resolved: toml::Table,
}

impl CheeseGame {
    pub fn load(
        source: &Source,
        overrides: &[Override],
        players: Option<usize>,
    ) -> Result<Self, ConfigError> {
        let loaded = load::<RawConfig>(source, overrides)?;
        let rules = config::compile(&loaded.value, players).map_err(|problems| {
            let mut errors = problems.into_iter().map(|p| invalid(source, overrides, p));
            let first = errors.next().expect("compile fails only with a problem");
            let rest: Vec<String> = errors.map(|e| e.to_string()).collect();
            if rest.is_empty() {
                first
            } else {
                ConfigError {
                    message: format!("{}\n{}", first.message, rest.join("\n")),
                    ..first
                }
            }
        })?;
        let mut resolved = loaded.table;
        if let Some(toml::Value::Table(r)) = resolved.get_mut("rules") {
            r.insert("players".into(), toml::Value::Integer(rules.players as i64));
        }
        Ok(Self { rules, resolved })
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
        tally.game_over(engine.state(), &outcome);
        outcome
    }

    fn ending_label(&self, ending: u8) -> &str {
        &self.rules.jobs[ending as usize].id
    }

    fn summary(&self, tally: &Tally) -> Vec<SummaryRow> {
        tally.summary()
    }

    fn export(&self, tally: &Tally, games: u64, dir: &ResultDir) -> anyhow::Result<()> {
        tally.export(&self.rules, games, dir)
    }
}
