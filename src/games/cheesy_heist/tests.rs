//! Cheesy Heist as a whole: card conservation over many seeds.

use super::config::Rules;
use super::engine::Engine;
use super::{CheesyHeist, KINDS};
use crate::bots::Bot;
use crate::config::Override;
use crate::games::Registered;
use crate::play::{Decisions, Table};

/// The built-in config with `--set` style overrides, at `players`.
pub fn rules_with(sets: &[&str], players: usize) -> Rules {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    CheesyHeist::load(&CheesyHeist::BUILTIN.source(), &overrides, Some(players))
        .expect("valid config")
        .rules
}

fn random(players: usize) -> Vec<Bot> {
    vec![Bot::of(KINDS, 0); players]
}

/// Every card is in exactly one place — a hand, a dropped pile, the draw pile or face up —
/// after every decision of many random games, at every table size and in both scramble
/// readings; and no game passes its cap.
#[test]
fn every_card_is_in_one_place() {
    for players in 3..=5 {
        for sets in [&[][..], &["rules.piles=\"mixed\"", "rules.vault_keeps=1"]] {
            let rules = rules_with(sets, players);
            let lineup = random(players);
            for seed in 0..60 {
                let mut table: Table<Engine, ()> = Table::new(Engine::new(&rules, seed), seed);
                loop {
                    let mut all = table.unplayed();
                    for (k, n) in table.public().discard.iter().enumerate() {
                        all[k] += n;
                    }
                    assert_eq!(&all[..rules.kinds()], &rules.counts[..], "seed {seed}");
                    let Some(action) = table.decide(&lineup) else {
                        break;
                    };
                    table.game.apply(action);
                }
                let o = table.game.outcome();
                assert!(o.turns <= rules.max_turns);
                assert_eq!(
                    o.capped,
                    table.ending() == Some(super::engine::Ending::Capped)
                );
            }
        }
    }
}

/// A game capped at a few turns ends with no winner, counted as capped.
#[test]
fn the_cap_ends_a_game_with_no_winner() {
    let rules = rules_with(&["rules.max_turns=3"], 4);
    let mut capped = 0;
    for seed in 0..50 {
        let mut table: Table<Engine, ()> = Table::new(Engine::new(&rules, seed), seed);
        let o = table.play_out(&random(4));
        if o.capped {
            capped += 1;
            assert_eq!((o.winners, o.turns), (0, 3));
        }
    }
    assert!(
        capped > 40,
        "{capped} of 50 random games reach turn 3 unfinished"
    );
}
