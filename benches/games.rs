//! Where the time goes: whole games per bot, and the pieces the bots lean on.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use whisker::Source;
use whisker::games::cat_and_mouse::CatAndMouse;
use whisker::games::cheesy_heist::CheesyHeist;
use whisker::games::mice_heist::Tests;
use whisker::games::mice_heist::cheese::bots::Agent;
use whisker::games::mice_heist::cheese::engine::Engine;
use whisker::games::mice_heist::chips::Drawn;
use whisker::games::mice_heist::track::Track;
use whisker::games::mice_heist::{CheeseGame, RATINGS_DEFAULT, RatingsGame};
use whisker::games::mouse_chaos::MouseChaos;
use whisker::games::{Game, Registered};
use whisker::play::Table;

fn game() -> CheeseGame {
    CheeseGame::load(&whisker::games::default_source(), &[], None).unwrap()
}

/// Whole games of `game`, one bench per lineup (bots by seat).
fn bench_game<G: Game>(c: &mut Criterion, edition: &str, game: &G, lineups: &[&[&str]]) {
    let bot = |name: &str| whisker::lineup::parse(name, game.bots(), &[]).unwrap();
    for names in lineups {
        let lineup: Vec<_> = names.iter().map(|n| bot(n)).collect();
        let mut counters = game.declared().counts();
        let mut scratch = G::Scratch::default();
        let mut seed = 0u64;
        // `greedyx4` for one bot at every seat, `sleuth-thief` for a mix.
        let label = if names.iter().all(|n| *n == names[0]) {
            format!("{}x{}", names[0], names.len())
        } else {
            names.join("-")
        };
        c.bench_function(&format!("game/{edition}/{label}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(game.play(seed, &lineup, &mut scratch, &mut counters))
            })
        });
    }
}

fn whole_games(c: &mut Criterion) {
    let four: &[&[&str]] = &[&["greedy"; 4], &["random"; 4]];
    bench_game(c, "cheese", &game(), four);
    let ratings = Source::embedded("ratings", "ratings", RATINGS_DEFAULT);
    bench_game(
        c,
        "ratings",
        &RatingsGame::load(&ratings, &[], None).unwrap(),
        four,
    );
    let cat = CatAndMouse::load(&CatAndMouse::builtin_source(), &[], None).unwrap();
    bench_game(
        c,
        "cat-and-the-mouse",
        &cat,
        &[&["sleuth", "thief"], &["random", "random"]],
    );
    let cheesy = CheesyHeist::load(&CheesyHeist::builtin_source(), &[], None).unwrap();
    bench_game(c, "cheesy-heist", &cheesy, &[&["sly"; 4], &["random"; 4]]);
    let chaos = MouseChaos::load(&MouseChaos::builtin_source(), &[], None).unwrap();
    bench_game(
        c,
        "mouse-chaos",
        &chaos,
        &[&["shepherd"; 4], &["random"; 4]],
    );
}

fn pieces(c: &mut Criterion) {
    let rules = game().rules;
    for (name, bot) in [("greedy", Agent::heuristic(0)), ("random", Agent::Random)] {
        let lineup = [bot; 4];
        // A mid-game table: eight tests in, markers on the tracks, the bag part drawn.
        let mut midgame = Table::new(Engine::new(&rules, 7), 7);
        for _ in 0..8 {
            assert!(
                !midgame.step(&lineup, &mut ()),
                "the game lasts eight tests"
            );
        }
        c.bench_function(&format!("turn/cheese/{name}x4"), |b| {
            b.iter_batched_ref(
                || midgame.clone(),
                |engine| black_box(engine.step(&lineup, &mut ())),
                BatchSize::SmallInput,
            )
        });
    }
    c.bench_function("odds/two-chip lookup", |b| {
        let mut bag = 0u16;
        b.iter(|| {
            bag = (bag + 37) & 0x7FF;
            black_box(rules.odds.at_least(&rules.chips, bag, 0x7FF & !bag, 2, 2))
        })
    });
    c.bench_function("chips/draw two with refill", |b| {
        let mut rng = whisker::rng::game_rng(1);
        b.iter(|| {
            // One chip left in the bag: the second draw refills from the play area.
            let (mut bag, mut played) = (1u16, 0x7FEu16);
            let mut drawn = Drawn::default();
            drawn.draw(&mut bag, &mut played, &mut rng, &rules.chips, &mut ());
            drawn.draw(&mut bag, &mut played, &mut rng, &rules.chips, &mut ());
            black_box(drawn.total(&rules.chips))
        })
    });
    c.bench_function("track/climb", |b| {
        b.iter(|| {
            let mut t = Track::default();
            for s in 0..4 {
                t.set(s, s as u8 * 2);
            }
            black_box(t.climb(black_box(0), black_box(3), 10))
        })
    });
}

/// A whole game with the default `ismcts` at every seat, for every game: what a strength
/// sample costs. Ten samples, as a game takes from milliseconds to most of a second.
fn search_games(c: &mut Criterion) {
    let mut c = c.benchmark_group("search");
    c.sample_size(10);
    let ratings = Source::embedded("ratings", "ratings", RATINGS_DEFAULT);
    let cat = CatAndMouse::load(&CatAndMouse::builtin_source(), &[], None).unwrap();
    let cheesy = CheesyHeist::load(&CheesyHeist::builtin_source(), &[], None).unwrap();
    let chaos = MouseChaos::load(&MouseChaos::builtin_source(), &[], None).unwrap();
    search_game(&mut c, "cheese", &game());
    search_game(
        &mut c,
        "ratings",
        &RatingsGame::load(&ratings, &[], None).unwrap(),
    );
    search_game(&mut c, "cat-and-the-mouse", &cat);
    search_game(&mut c, "cheesy-heist", &cheesy);
    search_game(&mut c, "mouse-chaos", &chaos);
}

fn search_game<G: Game>(
    c: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    name: &str,
    game: &G,
) {
    let bot = whisker::lineup::parse("ismcts", game.bots(), &[]).unwrap();
    let lineup = vec![bot; game.players()];
    let mut counters = game.declared().counts();
    let mut scratch = G::Scratch::default();
    let mut seed = 0u64;
    c.bench_function(format!("ismcts/{name}"), |b| {
        b.iter(|| {
            seed += 1;
            black_box(game.play(seed, &lineup, &mut scratch, &mut counters))
        })
    });
}

criterion_group!(benches, whole_games, pieces, search_games);
criterion_main!(benches);
