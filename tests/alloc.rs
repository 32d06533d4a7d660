//! The game core allocates nothing while games play: a counting allocator watches whole games
//! of every registered game with every one of its bots.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use whisker::games::{self, AnyGame, Bot, MAX_SEATS, REGISTRY};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Whether this thread's allocations count: only the one playing. The test harness's own
    /// threads allocate too (it reports a test running over 60 seconds), and on a slow machine
    /// that landed in the count.
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if WATCHED.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Games played per game, table size and lineup.
const GAMES: u64 = 1_000;

/// Plays one warm-up game, then `games` games on the calling thread (the one watched),
/// and returns (allocations, turns) counted during those games only.
fn allocations_playing(game: &dyn AnyGame, lineup: &[Bot], games: u64) -> (u64, u64) {
    let mut play = game.seeded();
    play(lineup, u64::MAX);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    WATCHED.set(true);
    let turns = (0..games).map(|seed| u64::from(play(lineup, seed))).sum();
    WATCHED.set(false);
    (ALLOCATIONS.load(Ordering::Relaxed) - before, turns)
}

/// Settings that take a game down another path, by built-in config (the turn order of Mice
/// Heist's last round).
fn variants(name: &str) -> Vec<Vec<&'static str>> {
    match name {
        "mice-heist-cheese" => vec![vec![], vec!["rules.game_end=finish_round"]],
        // Hundreds of turns a game, each many decisions: fewer, shorter games in a debug build.
        "mouse-chaos" => vec![vec!["rules.max_turns=200"]],
        _ => vec![vec![]],
    }
}

/// Games played per lineup, by built-in config.
fn games(name: &str) -> u64 {
    match name {
        "mouse-chaos" => 30,
        _ => GAMES,
    }
}

#[test]
fn playing_games_allocates_nothing() {
    // The counter sees an allocation on the watched thread.
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    WATCHED.set(true);
    let boxed = std::hint::black_box(Box::new(1u64));
    WATCHED.set(false);
    drop(boxed);
    assert_eq!(ALLOCATIONS.load(Ordering::Relaxed) - before, 1);
    // Every registered game, at every table size it takes, with each of its bots alone and all
    // of them alternating round the table.
    for entry in REGISTRY {
        let source = entry.source();
        for sets in variants(&entry.name()) {
            let overrides: Vec<_> = sets.iter().map(|s| s.parse().unwrap()).collect();
            let mut sizes = 0;
            for players in 2..=MAX_SEATS {
                // A game that seats fewer refuses the other sizes.
                let Ok(loaded) = games::load(&source, &overrides, Some(players)) else {
                    continue;
                };
                sizes += 1;
                let game = loaded.any();
                let kinds = game.bot_kinds();
                // `ismcts` is checked in `searching_allocates_nothing`, on shorter runs.
                let kinds = &kinds[..kinds.len() - 1];
                // Kind `k` where it plays the seat's role, else the first kind that does.
                let seated = |s: usize, k: usize| {
                    let plays =
                        |k: usize| game.seat_roles().is_none_or(|r| kinds[k].plays(r.of(s)));
                    let k = if plays(k) {
                        k
                    } else {
                        (0..kinds.len()).find(|&k| plays(k)).unwrap()
                    };
                    Bot::new(&kinds[k])
                };
                let mut lineups: Vec<Vec<Bot>> = (0..kinds.len())
                    .map(|k| (0..players).map(|s| seated(s, k)).collect())
                    .collect();
                lineups.push((0..players).map(|s| seated(s, s % kinds.len())).collect());
                // With roles, also the last kind that plays each seat's: the game's own bots
                // facing each other.
                if let Some(r) = game.seat_roles() {
                    let last = |s: usize| (0..kinds.len()).rev().find(|&k| kinds[k].plays(r.of(s)));
                    lineups.push((0..players).map(|s| seated(s, last(s).unwrap())).collect());
                }
                for lineup in lineups {
                    let games = games(&entry.name());
                    let (allocated, turns) = allocations_playing(game, &lineup, games);
                    let who: Vec<String> = lineup.iter().map(Bot::label).collect();
                    assert!(turns > games, "games were played");
                    assert_eq!(
                        allocated,
                        0,
                        "{} {sets:?}, {players} players, {}: {allocated} allocations in {games} games",
                        entry.name(),
                        who.join(",")
                    );
                }
            }
            assert!(sizes > 0, "{} {sets:?}: no table size loads", entry.name());
        }
    }
}

/// `ismcts` at every seat of every registered game, at a small budget: after the warm-up game
/// its tree arena is reserved, and a search allocates nothing.
#[test]
fn searching_allocates_nothing() {
    for entry in REGISTRY {
        // Mouse Chaos's games are long with a search at every seat: a cap of 12 turns keeps a
        // debug build quick (its play-outs stop at the horizon, so `standing` is covered too).
        let sets: &[&str] = match entry.name().as_str() {
            "mouse-chaos" => &["rules.max_turns=12"],
            _ => &[],
        };
        let overrides: Vec<_> = sets.iter().map(|s| s.parse().unwrap()).collect();
        let loaded = games::load(&entry.source(), &overrides, None).unwrap();
        let game = loaded.any();
        let kinds = game.bot_kinds();
        assert_eq!(
            kinds.last().unwrap().name,
            "ismcts",
            "every game offers it, last"
        );
        for search in [
            "ismcts(iterations=6)",
            "ismcts(iterations=4,rollout=random,worlds=2)",
        ] {
            let bot = whisker::lineup::parse(search, kinds, &[]).unwrap();
            let lineup = vec![bot; game.seats()];
            let (allocated, turns) = allocations_playing(game, &lineup, 2);
            assert!(turns > 2, "games were played");
            assert_eq!(
                allocated,
                0,
                "{} {search}: {allocated} allocations",
                entry.name()
            );
        }
    }
}
