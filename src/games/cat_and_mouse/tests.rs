//! Cat & The Mouse as a whole: invariants over many seeds and a golden game.

use super::config::Rules;
use super::engine::{Engine, bit};
use super::{CatAndMouse, KINDS};
use crate::bots::Bot;
use crate::config::Override;
use crate::games::{Game, Registered};
use crate::play::{Decisions, Table};

/// The built-in config with `--set` style overrides.
pub fn rules_with(sets: &[&str]) -> Rules {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    CatAndMouse::load(&CatAndMouse::BUILTIN.source(), &overrides, None)
        .expect("valid config")
        .rules
}

fn random() -> [Bot; 2] {
    [Bot::of(KINDS, 0), Bot::of(KINDS, 0)]
}

/// Every Loot card is in exactly one place, every room too, and every face-up clue is a
/// monitored room: checked after every decision of many random games, in every variant.
#[test]
fn every_card_and_room_is_in_one_place_in_every_variant() {
    for sets in [
        &[][..],
        &[
            "variants.subtle_movement=true",
            "variants.deep_pockets=true",
        ],
        &[
            "rules.own_room=\"forbidden\"",
            "rules.clue_room_again=\"clue\"",
            "loot.copies=2",
        ],
        &[
            "rules.clue_room_again=\"forbidden\"",
            "rules.shuffle_after_search=false",
        ],
    ] {
        let rules = rules_with(sets);
        let mut deck = rules.deck.clone();
        deck.sort_unstable();
        let rooms: Vec<u8> = (1..=rules.rooms).collect();
        for seed in 0..300 {
            let mut table: Table<Engine, ()> = Table::new(Engine::new(&rules, seed), seed);
            loop {
                let mut cards: Vec<u8> = table.every_card().collect();
                cards.sort_unstable();
                assert_eq!(cards, deck, "seed {seed}, {sets:?}");
                let mut seen: Vec<u8> = table.every_room().collect();
                seen.sort_unstable();
                assert_eq!(seen, rooms, "seed {seed}, {sets:?}");
                let p = table.public();
                assert!(p.monitored.iter().flatten().count() <= usize::from(p.clues));
                let Some(action) = table.decide(&random()) else {
                    break;
                };
                table.game.apply(action);
            }
            let outcome = table.game.outcome();
            assert!(outcome.turns <= rules.max_turns, "no game passes its cap");
            assert_eq!(outcome.capped, outcome.winners == 0);
        }
    }
}

/// A game capped at one round ends with no winner, counted as capped.
#[test]
fn the_cap_ends_a_game_with_no_winner() {
    let rules = rules_with(&["rules.max_turns=1"]);
    let game = CatAndMouse::load(
        &CatAndMouse::BUILTIN.source(),
        &["rules.max_turns=1".parse().unwrap()],
        None,
    )
    .unwrap();
    let mut counts = game.declared().counts();
    let (mut capped, mut played) = (0, 0);
    // Random play mostly ends in round one by a trap; the games where the Inspector checks
    // and the Mouse loots or moves reach the cap.
    for seed in 0..200 {
        let o = game.play(seed, &random(), &mut (), &mut counts);
        played += 1;
        if o.capped {
            capped += 1;
            assert_eq!((o.winners, o.turns), (0, rules.max_turns));
            assert_eq!(game.ending_label(o.ending.unwrap()), "capped");
        }
    }
    assert!(capped > 0 && capped < played, "{capped} of {played}");
}

/// A sample for the Inspector keeps its pocket and monitored rooms and never puts the Mouse in
/// a room it has seen in the Map deck; one for the Mouse keeps its room, hand and old rooms.
#[test]
fn samples_keep_what_the_seat_knows() {
    let rules = rules_with(&[]);
    let mut rng = crate::rng::game_rng(9);
    for seed in 0..100 {
        let mut table: Table<Engine, ()> = Table::new(Engine::new(&rules, seed), seed);
        while let Some(action) = table.decide(&random()) {
            let seat = table.to_move().unwrap();
            let s = table.sample(seat, &mut rng);
            if seat == 0 {
                assert_eq!(s.pocket(), table.pocket());
                assert_eq!(s.view(0).public.monitored, table.public().monitored);
                if let super::engine::Secret::Inspector { monitored, .. } = s.view(0).secret {
                    let monitored = monitored.iter().fold(0, |m, &r| m | bit(r));
                    assert!(s.room() == 0 || monitored & bit(s.room()) == 0);
                }
                if let Some(r) = table.public().revealed {
                    assert_eq!(s.room(), r, "a revealed room stays known");
                }
            } else {
                assert_eq!((s.room(), s.hand()), (table.room(), table.hand()));
                assert_eq!(s.room_loot(), table.room_loot());
            }
            table.game.apply(action);
        }
    }
}

/// A golden game: random bots, except that the Inspector always checks for clues, so the game
/// runs long enough to use every step. The same seed gives exactly this game.
#[test]
fn golden_game() {
    use super::engine::{Action, Decision};
    let rules = rules_with(&["variants.subtle_movement=true"]);
    let mut table: Table<Engine, ()> = Table::new(Engine::new(&rules, 7), 7);
    let mut actions = Vec::new();
    while let Some(mut a) = table.decide(&random()) {
        if table.decision() == Some(Decision::Act) {
            a = Action::Check;
        }
        actions.push(format!("{a:?}"));
        table.game.apply(a);
    }
    let o = table.game.outcome();
    // Room 7 goes to the monitored when the Mouse leaves it, so naming it gives the first
    // clue; face-down card 2 of 4, 12, 9 is room 12, shuffled back and entered at once; room 4,
    // monitored first, gives the second; one loot card is no set.
    assert_eq!(
        actions.join(" "),
        "Pocket(8) Start(7) Monitor(4) Check Name(3) Change Subtle(None) Room(9) Monitor(12) \
         Check Name(7) Change Subtle(Some(1)) Room(12) Monitor(6) Check Name(10) Loot(0) \
         Monitor(10) Check Name(4) End"
    );
    assert_eq!((o.turns, o.winners, o.ending), (4, 0b01, Some(4)));
    assert_eq!((table.public().clues, table.public().subtle_moves), (2, 1));
}
