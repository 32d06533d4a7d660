//! The conformance suite every registered game gets by registering (OpenSpiel's random
//! simulation and resampling tests are the model): `register!` runs each check below on the
//! game's built-in config. Two integration tests also take every registered game from the
//! registry: `tests/alloc.rs` (no allocation while a game plays, every bot, every table size)
//! and `tests/every_game.rs` (every command). A game's own tests add what only it can say
//! (its rule steps, its variants, its golden games).

use super::Registered;
use crate::bots::{Agent, Own};
use crate::core::game::Outcome;
use crate::core::lineup::Bot;
use crate::core::play::{Decider, Decisions, Seen, Table};
use crate::core::rng::{bot_rng, game_rng};
use crate::io::config::Override;
use crate::io::report::headline::Cap;

/// Seeds each check plays: enough for every ending the default config reaches in most games.
const SEEDS: u64 = 40;

/// The game's own bots, in its list's order: a game with roles lists one a role, in the roles'
/// order.
fn own_bots<G: Registered>(game: &G) -> Vec<Bot> {
    game.bots()
        .iter()
        .filter(|k| !k.searches && k.name != crate::core::play::RANDOM.name)
        .map(Bot::new)
        .cycle()
        .take(game.players())
        .collect()
}

/// Random bots at every seat, and the game's own.
fn lineups<G: Registered>(game: &G) -> [Vec<Bot>; 2] {
    let random = vec![Bot::new(&crate::core::play::RANDOM); game.players()];
    [random, own_bots(game)]
}

/// Runs `check` on the game of its built-in config at each end of its range of players.
pub(super) fn at_each_size<G: Registered>(check: fn(&G)) {
    let (least, most) = G::PLAYERS;
    for n in [least, most] {
        check(&G::load(&G::builtin_source(), &[], Some(n)).expect("the built-in config loads"));
    }
}

/// A game the turn cap stopped was decided as the headlines say it was (`Parts::cap`): won by
/// no one, or scored where it stood and so won by someone.
fn decided_at_the_cap<G: Registered>(outcome: &Outcome, seed: u64) {
    if !outcome.capped {
        return;
    }
    match G::REPORT.cap {
        Cap::NoWinner => assert_eq!(
            outcome.winners, 0,
            "seed {seed}: a capped game has a winner"
        ),
        Cap::Scored => assert_ne!(
            outcome.winners, 0,
            "seed {seed}: a game scored at the cap has no winner"
        ),
        Cap::Unknown => panic!(
            "{}: its report's part says not how the cap decides",
            G::GAME
        ),
    }
}

/// With a cap of one turn random play stops games at it (where most random games end in their
/// first turn, the few that do not), each decided as the headlines say: ten of them are checked.
pub(super) fn capped_games_are_decided_as_said<G: Registered>() {
    let cap: Override = "rules.max_turns=1".parse().unwrap();
    let game = G::load(&G::builtin_source(), &[cap], None).expect("the built-in config loads");
    let random = vec![Bot::new(&crate::core::play::RANDOM); game.players()];
    let mut counts = game.declared().counts();
    let capped = (0..3000)
        .map(|seed| {
            (
                seed,
                game.play(seed, &random, &mut Default::default(), &mut counts),
            )
        })
        .filter(|(_, outcome)| outcome.capped)
        .take(10)
        .inspect(|(seed, outcome)| decided_at_the_cap::<G>(outcome, *seed))
        .count();
    assert_eq!(
        capped,
        10,
        "{}: too few games reached a cap of 1 turn",
        G::GAME
    );
}

/// Random play at every seat ends every game: within the config's turn cap, a game stopped by
/// the cap said so and decided as its headline says, winners among the seats, its ending named, and the same
/// game from the same seed.
pub(super) fn random_play_ends<G: Registered>(game: &G) {
    let players = game.players();
    let random = vec![Bot::new(&crate::core::play::RANDOM); players];
    let mut counts = game.declared().counts();
    // A check tells apart every ending the game names and as many its baseline named.
    assert!(2 * game.declared().endings.len() <= crate::core::game::MAX_ENDINGS);
    for seed in 0..SEEDS {
        let once = game.play(seed, &random, &mut Default::default(), &mut counts);
        assert!(once.turns <= game.max_turns(), "seed {seed}: past the cap");
        decided_at_the_cap::<G>(&once, seed);
        assert_eq!(
            once.winners >> players,
            0,
            "seed {seed}: a winner without a seat"
        );
        // An ending without a name would be `?` in games.csv (a game that names none in
        // `Ruleset::ENDINGS` and says no `Ruleset::endings`).
        if let Some(ending) = once.ending {
            assert_ne!(
                game.ending_label(ending),
                "?",
                "seed {seed}: ending {ending}"
            );
        }
        assert_eq!(
            game.play(seed, &random, &mut Default::default(), &mut counts),
            once,
            "seed {seed}: the same seed plays the same game"
        );
    }
}

/// A replay tells the game `play` plays: for the same seed and bots, one `end` event, last, at
/// the turn the game ended on. Random bots, and the game's own.
pub(super) fn replay_tells_the_played_game<G: Registered>(game: &G) {
    let mut counts = game.declared().counts();
    for lineup in &lineups(game) {
        for seed in 0..SEEDS / 4 {
            let played = game.play(seed, lineup, &mut Default::default(), &mut counts);
            let events = game.replay(seed, lineup);
            let ends: Vec<u32> = events
                .iter()
                .filter(|e| e.event == "end")
                .map(|e| e.turn)
                .collect();
            assert_eq!(
                ends,
                [played.turns],
                "seed {seed}: one end, at the game's last turn"
            );
            assert_eq!(events.last().map(|e| e.event), Some("end"), "seed {seed}");
        }
    }
}

/// Every component of the game is in exactly one place, checked by the game's own census
/// ([`Registered::assert_in_place`]) before every decision and at the end of many games, random
/// bots and the game's own.
pub(super) fn every_component_in_one_place<G: Registered>(game: &G) {
    for bots in &lineups(game) {
        let lineup = crate::bots::agents::<G::Own>(bots);
        let named: Vec<String> = bots.iter().map(Bot::label).collect();
        for seed in 0..SEEDS {
            // The census panics with what is out of place; this says in which game.
            let census = |game_now: &G::Engine<'_>| {
                let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    game.assert_in_place(game_now)
                }));
                assert!(checked.is_ok(), "seed {seed}, bots {}", named.join(","));
            };
            Table::new(game.engine(seed), seed).play_watched(&lineup, census);
        }
    }
}

/// A run gives the same counters, every one of them, on one thread and on three: chunks of
/// games are merged exactly, whatever thread played them. Random bots, with the seats rotated.
pub(super) fn same_counters_on_any_thread_count<G: Registered>(game: &G) {
    use crate::core::progress::Progress;
    use crate::core::runner::{Plan, run};
    let counters = |threads| {
        let plan = Plan {
            games: 300,
            seed: 5,
            lineup: vec![Bot::new(&crate::core::play::RANDOM); game.players()],
            rotate: true,
            roles: game.roles(),
            threads: Some(threads),
            shard: None,
            stop_after: None,
            skip: 0,
        };
        run(game, &plan, &Progress::hidden(), None)
            .expect("a run of random bots plays")
            .counters_text()
    };
    assert_eq!(counters(1), counters(3));
}

/// The game's own bots decide from what their seat sees and remembers: on a game dealt anew
/// where the seat cannot see (a sample), with the same memory and generator, each makes the
/// same decision as in the real game, at every decision.
pub(super) fn own_bots_decide_from_their_seat<G: Registered>(game: &G) {
    let players = game.players();
    let mut sampler = game_rng(11);
    for seed in 0..SEEDS / 4 {
        let mut engine = game.engine(seed);
        let mut memory: Vec<_> = (0..players).map(|_| Default::default()).collect();
        let mut rng = bot_rng(seed);
        while let Some(seat) = engine.to_move() {
            let bot = G::Own::heuristic(seat);
            let sample = engine.sample(seat, &mut sampler);
            // The sample is the same decision: the same seat to move, the same options.
            assert_eq!(sample.to_move(), Some(seat), "seed {seed}");
            assert_eq!(
                Seen::new(&sample, seat).option_count(),
                Seen::new(&engine, seat).option_count(),
                "seed {seed}"
            );
            let (mut m, mut r) = (Clone::clone(&memory[seat]), rng.clone());
            let there = bot.decide(&Seen::new(&sample, seat), &mut m, &mut r);
            let here = bot.decide(&Seen::new(&engine, seat), &mut memory[seat], &mut rng);
            assert_eq!(
                here, there,
                "seed {seed}: a decision read what its seat cannot see"
            );
            engine.apply(here);
        }
    }
}

/// The search decides the same in the real game and in games that deal anew what its seat
/// cannot see, at positions from games the game's own bots play.
pub(super) fn search_decides_from_its_seat<G: Registered>(game: &G) {
    let search = crate::core::lineup::parse("ismcts(iterations=8)", game.bots(), &[])
        .expect("every game offers ismcts");
    let search = Agent::<G::Own>::of(&search);
    let own: Vec<Agent<G::Own>> = (0..game.players())
        .map(|seat| Agent::Own(G::Own::heuristic(seat)))
        .collect();
    let positions =
        (0..3u64).flat_map(|seed| crate::bots::ismcts::positions(game.engine(seed), seed, &own, 9));
    let checked = crate::bots::ismcts::assert_blind(&search, positions);
    assert!(checked >= 5, "{checked} positions checked");
}

/// Each check of the suite as a test of the registered game `$ty`, in a module `$name`.
macro_rules! suite {
    ($name:ident: $ty:ty) => {
        #[cfg(test)]
        #[allow(non_snake_case)]
        mod $name {
            // The registry names its games by paths relative to `games`.
            use super::*;
            use crate::games::conformance::*;

            #[test]
            fn capped_games_are_decided_as_the_headline_says() {
                capped_games_are_decided_as_said::<$ty>();
            }

            crate::games::conformance::at_each_size_tests! {
                $ty:
                random_play_ends_every_game => random_play_ends,
                a_replay_tells_the_played_game => replay_tells_the_played_game,
                every_component_is_in_one_place => every_component_in_one_place,
                the_same_counters_on_any_thread_count => same_counters_on_any_thread_count,
                own_bots_decide_from_their_seat_alone => own_bots_decide_from_their_seat,
                the_search_decides_from_its_seat_alone => search_decides_from_its_seat,
            }
        }
    };
}
pub(crate) use suite;

/// One test for each check of the suite given, named `$test`, that runs it on `$ty` at each
/// end of its range of players.
macro_rules! at_each_size_tests {
    ($ty:ty: $($test:ident => $check:ident),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                at_each_size::<$ty>($check);
            }
        )*
    };
}
pub(crate) use at_each_size_tests;
