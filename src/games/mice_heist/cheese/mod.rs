//! Mice Heist, cheese edition (`mice-heist-cheese-edition.txt`): cheese is score and currency,
//! skills are bought from a market, jobs end in finale obstacles.

pub mod bots;
pub mod config;
pub mod engine;
pub mod state;
#[cfg(test)]
pub mod tests;

use bots::Agent;
use config::MAX_HELD;
use config::{RawConfig, Rules};
use engine::Engine;

use super::Tests;
use super::replay::{Recorder, Story, icons};
use super::tally::{Catalogue, CatalogueCard, CatalogueJob, Tally};
use crate::games::prelude::*;
use state::State;

/// The default cheese edition config, built into the binary.
pub const CHEESE_DEFAULT: &str = include_str!("../../../../configs/mice-heist/cheese.toml");

/// The cheese edition with one validated config.
pub type CheeseGame = Configured<Rules>;

/// The names of this edition's chips, obstacles, skills and colours for the shared files.
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
        dealt: ("colour", rules.colours.clone()),
    }
}

impl Ruleset for Rules {
    const GAME: &'static str = "mice-heist";
    const EDITION: &'static str = "cheese";
    const BUILTIN: Builtin = Builtin {
        text: CHEESE_DEFAULT,
        about: "Mice Heist, cheese edition: cheese is score and currency, skills from a market",
    };
    const REPORT: Parts = super::report::PARTS;
    const PLAYERS: (usize, usize) = crate::games::mice_heist::parts::PLAYERS;

    const BOTS: &'static [Kind] = bots::KINDS;
    const DEFAULT_BOTS: &'static str = crate::games::mice_heist::parts::DEFAULT_BOTS;
    /// The default search plays about 110 games/s (docs/performance.md).
    const STRENGTH_GAMES: u64 = 1200;
    const VALUES: &'static [Value] = super::VALUES;
    const ENDING: &'static str = "ending_job";

    plumbing!(raw: RawConfig, compile: config::compile, engine: Engine, own: bots::Greedy, tally: Tally);

    fn default_games(&self) -> u64 {
        crate::games::mice_heist::parts::DEFAULT_GAMES
    }

    fn declare(&self, declared: &mut Declared) -> Tally {
        declared.summary = super::summary();
        Tally::declare(declared, &catalogue(self), "colours.csv")
    }

    #[inline]
    fn count(
        &self,
        tally: &Tally,
        table: &mut Table<Engine, bots::Memory>,
        lineup: &[Agent],
        counts: &mut Counts,
    ) -> Outcome {
        let mut counting = tally.counting(counts);
        let outcome = table.play_all(lineup, &mut counting);
        tally.ended(counting.counts, &outcome);
        for (seat, p) in table.state().players.iter().enumerate() {
            let held: arrayvec::ArrayVec<u8, MAX_HELD> = p.skills.iter().map(|h| h.skill).collect();
            tally.seat(counting.counts, &held, p.colour, outcome.won(seat));
        }
        outcome
    }

    fn tell(
        &self,
        seed: u64,
        table: &mut Table<Engine, bots::Memory>,
        lineup: &[Agent],
    ) -> Vec<Event> {
        let rules = self;
        let ids: Vec<&str> = rules.jobs.iter().map(|j| j.id.as_str()).collect();
        let sizes: Vec<usize> = rules.jobs.iter().map(|j| j.obstacles.len()).collect();
        let mut story = Story::default();
        let colours: Vec<&str> = table
            .state()
            .players
            .iter()
            .map(|p| rules.colours[p.colour as usize].as_str())
            .collect();
        let seats: Vec<String> = colours
            .iter()
            .enumerate()
            .map(|(s, c)| format!("{} {c}", seat_name(s)))
            .collect();
        story.say(
            0,
            "setup",
            format!("seed {seed}: {}", seats.join(", ")),
            json!({ "colours": colours }),
        );
        loop {
            let before = table.state().clone();
            let mut rec = Recorder::default();
            let over = table.step(lineup, &mut rec);
            let after = table.state();
            let (turn, t) = (after.turns, before.tester);
            let job = after.test.job as usize;
            let top = before.jobs[job].next;
            let o = &rules.jobs[job].obstacles[top as usize];
            let text = format!(
                "{} ({}) tests {}{} {} (target {}, {}{})",
                seat_name(t),
                colours[t],
                ids[job],
                top + 1,
                o.name,
                o.target,
                icons(o.icons),
                if o.finale { ", finale" } else { "" }
            );
            story.say(
                turn,
                "test",
                text,
                json!({"seat": t, "job": ids[job], "obstacle": top + 1, "target": o.target}),
            );
            story.turn(turn, &rec, &rules.chips, "cheese");
            let skill = |c| {
                let s = rules.skill(c);
                ((s.name.as_str(), &s.effects[..]), json!({"skill": s.id}))
            };
            for (c, moved) in &rec.cards {
                let (card, data) = skill(*c);
                story.card(turn, "skill", t, "activates", card, data);
                story.chips_moved(moved, &rules.chips);
            }
            story.result(turn, &rec);
            for &c in &rec.learned {
                let (card, data) = skill(c);
                story.card(turn, "learn", t, "learns", card, data);
            }
            story.jobs(turn, &before.jobs, &after.jobs, &ids, &sizes);
            let stash = |s: &State| s.players.iter().map(|p| p.stash).collect::<Vec<_>>();
            story.cheese(
                turn,
                &stash(&before),
                &stash(after),
                (before.supply, after.supply),
            );
            if over {
                break;
            }
        }
        let outcome = table.finish(lineup);
        story.end(
            &outcome,
            (rules.players, table.game.food()),
            outcome.ending.map(|j| ids[j as usize]),
        );
        story.events
    }

    fn endings(&self) -> Vec<String> {
        self.jobs.iter().map(|j| j.id.clone()).collect()
    }

    #[cfg(test)]
    fn assert_in_place(&self, game: &Engine) {
        let s = game.state();
        assert_eq!(s.cheese_total(self), u32::from(self.total_cheese), "cheese");
        assert_eq!(s.chip_count() as usize, self.chips.count(), "chips");
        assert!(s.chips_disjoint(), "a chip in two places");
        let dealt: usize = s
            .players
            .iter()
            .map(|p| self.starting[usize::from(p.colour)].len())
            .sum();
        let cards = self.upgrade_deck.len() + dealt;
        assert_eq!(s.card_count() as usize, cards, "skill cards");
    }
}
