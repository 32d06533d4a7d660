//! Where the time goes: whole games per bot, and the pieces the bots lean on.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use whisker::games::Game;
use whisker::games::mice_heist::Bot;
use whisker::games::mice_heist::CheeseGame;
use whisker::games::mice_heist::tally::Tally;
use whisker::games::mice_heist::track::Track;

fn game() -> CheeseGame {
    CheeseGame::load(&whisker::games::default_source(), &[], None).unwrap()
}

fn whole_games(c: &mut Criterion) {
    let game = game();
    for (name, bot) in [("greedy", Bot::Greedy), ("random", Bot::Random)] {
        let lineup = [bot; 4];
        let mut tally = Tally::default();
        let mut seed = 0u64;
        c.bench_function(&format!("game/cheese/{name}x4"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(game.play(seed, &lineup, &mut (), &mut tally))
            })
        });
    }
}

fn pieces(c: &mut Criterion) {
    let rules = game().rules;
    c.bench_function("odds/two-chip lookup", |b| {
        let mut bag = 0u16;
        b.iter(|| {
            bag = (bag + 37) & 0x7FF;
            black_box(rules.odds.at_least(&rules, bag, 0x7FF & !bag, 2, 2))
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

criterion_group!(benches, whole_games, pieces);
criterion_main!(benches);
