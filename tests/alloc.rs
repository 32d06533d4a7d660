//! The game core allocates nothing while games play: a counting allocator watches whole games
//! of both editions with both bots.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use whisker::config::Source;
use whisker::games::mice_heist::Bot;
use whisker::games::mice_heist::{CheeseGame, RATINGS_DEFAULT, RatingsGame};
use whisker::games::{Game, Registered};

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

/// Games played per table size and edition: three table sizes make 12,000 games an edition.
const GAMES: u64 = 4_000;

/// Plays one warm-up game, then `GAMES` games of `game` on the calling thread (so the count is
/// exact), and returns (allocations, turns) counted during those games only.
fn allocations_playing<G: Game>(game: &G, lineup: &[G::Bot]) -> (u64, u32) {
    let mut counters = game.declared().counts();
    let mut scratch = G::Scratch::default();
    game.play(u64::MAX, lineup, &mut scratch, &mut counters);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut turns = 0;
    for seed in 0..GAMES {
        turns += game.play(seed, lineup, &mut scratch, &mut counters).turns;
    }
    (ALLOCATIONS.load(Ordering::Relaxed) - before, turns)
}

/// Alternating greedy and random bots round the table.
fn mixed(players: usize) -> Vec<Bot> {
    (0..players)
        .map(|s| if s % 2 == 0 { Bot::Greedy } else { Bot::Random })
        .collect()
}

#[test]
fn playing_games_allocates_nothing() {
    // The smallest and largest tables and one between, both bots, both ways a game can end.
    for (players, end) in [(2, "immediate"), (4, "immediate"), (6, "finish_round")] {
        let overrides = [format!("rules.game_end={end}").parse().unwrap()];
        let game =
            CheeseGame::load(&whisker::games::default_source(), &overrides, Some(players)).unwrap();
        let (allocated, turns) = allocations_playing(&game, &mixed(players));
        assert!(turns > 40_000, "games were played");
        assert_eq!(
            allocated, 0,
            "cheese, {players} players: {allocated} allocations in {GAMES} games"
        );
    }
    let source = Source::embedded("ratings", "ratings", RATINGS_DEFAULT);
    for players in [2, 4, 6] {
        let game = RatingsGame::load(&source, &[], Some(players)).unwrap();
        let lineup = mixed(players);
        let (allocated, turns) = allocations_playing(&game, &lineup);
        assert!(turns > 40_000, "games were played");
        assert_eq!(
            allocated, 0,
            "ratings, {players} players: {allocated} allocations in {GAMES} games"
        );
    }
}
