//! Mice Heist, ratings edition (`mice-heist-ratings-edition.md`): identity cards and skill
//! ratings, skill and assist decks, player chips as bets.

pub mod bots;
pub mod config;
pub mod engine;
pub mod state;
pub mod tally;
#[cfg(test)]
pub mod tests;

use bots::Agent;
use config::{RawConfig, Rules};
use engine::Engine;

use tally::RatingsTally;

use super::Tests;
use super::replay::{Recorder, Story, describe, icons};
use super::tally::{Catalogue, CatalogueCard, CatalogueJob};
use crate::games::prelude::*;
use state::State;

/// The default ratings edition config, built into the binary.
pub const RATINGS_DEFAULT: &str = include_str!("../../../../configs/mice-heist/ratings.toml");

/// The ratings edition with one validated config.
pub type RatingsGame = Configured<Rules>;

impl Ruleset for Rules {
    const GAME: &'static str = "mice-heist";
    const EDITION: &'static str = "ratings";
    const BUILTIN: Builtin = Builtin {
        text: RATINGS_DEFAULT,
        about: "Mice Heist, ratings edition: identity cards with skill ratings, skill and assist decks",
    };
    const REPORT: Parts = super::report::PARTS;
    const PLAYERS: (usize, usize) = crate::games::mice_heist::parts::PLAYERS;

    const BOTS: &'static [Kind] = bots::KINDS;
    const DEFAULT_BOTS: &'static str = crate::games::mice_heist::parts::DEFAULT_BOTS;
    /// The default search plays about 160 games/s (docs/performance.md).
    const STRENGTH_GAMES: u64 = 1600;
    const VALUES: &'static [Value] = super::VALUES;
    const ENDING: &'static str = "ending_job";

    plumbing!(raw: RawConfig, compile: config::compile, engine: Engine, own: bots::Greedy, tally: RatingsTally);

    fn default_games(&self) -> u64 {
        crate::games::mice_heist::parts::DEFAULT_GAMES
    }

    fn declare(&self, declared: &mut Declared) -> RatingsTally {
        let catalogue = Catalogue {
            chips: self.chips.clone(),
            jobs: self
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
            cards: self
                .skill_cards
                .iter()
                .map(|c| CatalogueCard {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    deck: "skill",
                })
                .collect(),
            dealt: (
                "identity",
                self.identities.iter().map(|(n, _)| n.clone()).collect(),
            ),
        };
        declared.summary = super::summary();
        RatingsTally::declare(declared, self, &catalogue)
    }

    #[inline]
    fn count(
        &self,
        tally: &RatingsTally,
        table: &mut Table<Engine, ()>,
        lineup: &[Agent],
        counts: &mut Counts,
    ) -> Outcome {
        let outcome = table.play_all(lineup, &mut tally.counting(counts));
        tally.base.ended(counts, &outcome);
        for (seat, p) in table.state().players.iter().enumerate() {
            tally
                .base
                .seat(counts, table.hand(seat), p.identity, outcome.won(seat));
            tally.rated(counts, &p.ratings);
        }
        outcome
    }

    fn tell(&self, seed: u64, table: &mut Table<Engine, ()>, lineup: &[Agent]) -> Vec<Event> {
        let rules = self;
        let mut story = Story::default();
        let start = table.state();
        let ids: Vec<&str> = start
            .jobs
            .iter()
            .map(|j| rules.jobs[j.spec as usize].id.as_str())
            .collect();
        let sizes: Vec<usize> = start
            .jobs
            .iter()
            .map(|j| rules.jobs[j.spec as usize].obstacles.len())
            .collect();
        let names: Vec<&str> = start
            .players
            .iter()
            .map(|p| rules.identities[p.identity as usize].0.as_str())
            .collect();
        let seats: Vec<String> = start
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| format!("{} {} {:?}", seat_name(s), names[s], p.ratings))
            .collect();
        let text = format!("seed {seed}: {}; jobs {}", seats.join(", "), ids.join(", "));
        story.say(0, "setup", text, json!({"identities": names, "jobs": ids}));
        loop {
            let before = table.state().clone();
            let mut rec = Recorder::default();
            let over = table.step(lineup, &mut rec);
            let after = table.state();
            let (turn, t) = (after.turns, before.tester);
            let job = after.test.job as usize;
            let top = before.jobs[job].next;
            let o = before.obstacle(rules, job as u8);
            let skills = after.test.skills;
            let text = format!(
                "{} ({}) tests {}{} {} with {} (rating {}) against {}{}",
                seat_name(t),
                names[t],
                ids[job],
                top + 1,
                o.name,
                icons(skills),
                before.players[t].rating(skills),
                o.target,
                if o.mandatory { ", mandatory" } else { "" }
            );
            story.say(
                turn,
                "test",
                text,
                json!({"seat": t, "job": ids[job], "obstacle": top + 1, "target": o.target}),
            );
            if let Some(card) = rec.assist {
                let a = &rules.assist_cards[card as usize];
                let text = format!(
                    "assist card {} ({:+}{}{})",
                    a.name,
                    a.modifier,
                    if a.effects.is_empty() { "" } else { ", " },
                    describe(&a.effects)
                );
                story.say(
                    turn,
                    "assist",
                    text,
                    json!({"assist": a.id, "modifier": a.modifier}),
                );
            }
            story.turn(turn, &rec, &rules.chips, "chips");
            for (c, moved) in &rec.cards {
                let s = &rules.skill_cards[*c as usize];
                let data = json!({"card": s.id});
                story.card(turn, "card", t, "plays", (&s.name, &s.effects), data);
                story.chips_moved(moved, &rules.chips);
            }
            story.result(turn, &rec);
            for (seat, (b, a)) in before.players.iter().zip(&after.players).enumerate() {
                for k in 0..3 {
                    if b.ratings[k] != a.ratings[k] {
                        let skill = icons(1 << k);
                        let text = format!(
                            "{} learns: {skill} {} → {}",
                            seat_name(seat),
                            b.ratings[k],
                            a.ratings[k]
                        );
                        story.say(
                            turn,
                            "learn",
                            text,
                            json!({"seat": seat, "skill": skill, "rating": a.ratings[k]}),
                        );
                    }
                }
            }
            story.jobs(turn, &before.jobs, &after.jobs, &ids, &sizes);
            let cheese = |s: &State| s.players.iter().map(|p| p.cheese).collect::<Vec<_>>();
            story.cheese(
                turn,
                &cheese(&before),
                &cheese(after),
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
            outcome.ending.map(|j| rules.jobs[j as usize].id.as_str()),
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
        let cards = (game.skill_cards(), game.assist_cards());
        let decks = (self.skill_deck.len(), self.assist_deck.len());
        assert_eq!((cards.0 as usize, cards.1 as usize), decks, "cards");
    }
}
