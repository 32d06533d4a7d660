//! The game core allocates nothing while games play: a counting allocator watches whole games
//! with both bots.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use whisker::games::Game;
use whisker::games::mice_heist::CheeseGame;
use whisker::games::mice_heist::cheese::bots::Bot;
use whisker::games::mice_heist::tally::Tally;

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn playing_games_allocates_nothing() {
    // The smallest and largest tables and one between, both bots, both ways a game can end.
    for (players, end) in [(2, "immediate"), (4, "immediate"), (6, "finish_round")] {
        let overrides = [format!("rules.game_end={end}").parse().unwrap()];
        let game =
            CheeseGame::load(&whisker::games::default_source(), &overrides, Some(players)).unwrap();
        let lineup: Vec<Bot> = (0..players)
            .map(|s| if s % 2 == 0 { Bot::Greedy } else { Bot::Random })
            .collect();
        let mut tally = Tally::default();
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut turns = 0;
        for seed in 0..2_000 {
            turns += game.play(seed, &lineup, &mut (), &mut tally).turns;
        }
        let allocated = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert!(turns > 10_000, "games were played");
        assert_eq!(
            allocated, 0,
            "{players} players: {allocated} allocations in 2000 games"
        );
    }
}
