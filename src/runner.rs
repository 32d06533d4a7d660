//! Plays many games in parallel, deterministically: game `i` is seeded from `(seed, i)` alone,
//! games are grouped in fixed chunks, and counters are integers merged exactly, so every output
//! byte is the same whatever the thread count.

use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::games::{Counters, Game, MAX_SEATS, Outcome};
use crate::ints::Ints;
use crate::rng::game_seed;
use crate::stats::Histogram;

/// Games per work unit. Fixed, so the split of work never depends on the thread count.
const CHUNK: u64 = 1024;
/// Chunks played between two writes of `games.csv` rows, bounding the rows held in memory.
const BATCH_CHUNKS: u64 = 64;

/// What to play.
#[derive(Clone, Debug)]
pub struct Plan<B> {
    pub games: u64,
    pub seed: u64,
    /// The bot in each seat, in turn order.
    pub lineup: Vec<B>,
    /// Play every game once per rotation of the lineup, on the same seed.
    pub rotate: bool,
    pub threads: Option<usize>,
    /// Play only shard `i` of `n`: a contiguous slice of the game indices.
    pub shard: Option<(u64, u64)>,
}

impl<B: Copy + PartialEq> Plan<B> {
    /// Rotations played per game index: the distinct rotations of the lineup (`greedy,random`
    /// round 4 seats repeats after 2), so no game is played twice with the same bots and seed.
    pub fn rotations(&self) -> u64 {
        if !self.rotate {
            return 1;
        }
        let n = self.lineup.len();
        (1..=n)
            .find(|&k| (0..n).all(|s| self.lineup[(s + k) % n] == self.lineup[s]))
            .unwrap_or(n) as u64
    }

    /// Games actually played: one per game index and rotation.
    pub fn total(&self) -> u64 {
        let r = self.units();
        r.end - r.start
    }

    /// The units (game index × rotation) this plan plays: all of them, or its shard's slice.
    pub fn units(&self) -> std::ops::Range<u64> {
        let r = self.rotations();
        match self.shard {
            Some((i, n)) => (self.games * i / n) * r..(self.games * (i + 1) / n) * r,
            None => 0..self.games * r,
        }
    }

    /// The distinct bots, in first-seat order.
    pub fn bots(&self) -> Vec<B> {
        let mut bots = Vec::new();
        for b in &self.lineup {
            if !bots.contains(b) {
                bots.push(*b);
            }
        }
        bots
    }

    /// The seat-to-bot lineup of `rotation`.
    fn rotated(&self, rotation: u64) -> [B; MAX_SEATS] {
        let n = self.lineup.len();
        std::array::from_fn(|s| self.lineup[(s + rotation as usize) % n])
    }
}

/// One game's identity and result, as `games.csv` records it.
#[derive(Clone, Copy, Debug)]
pub struct Record {
    pub game: u64,
    pub rotation: u64,
    pub seed: u64,
    pub outcome: Outcome,
}

/// Counters every game shares: length, seats, bots.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub games: u64,
    pub turns: Histogram,
    pub capped: u64,
    pub shared: u64,
    pub seat_wins: [u64; MAX_SEATS],
    pub seat_scores: [Histogram; MAX_SEATS],
    /// Games each bot won (any of its seats), indexed like [`Plan::bots`].
    pub bot_wins: Vec<u64>,
    /// Scores of every seat each bot played.
    pub bot_scores: Vec<Histogram>,
}

impl Totals {
    pub fn for_bots(n: usize) -> Self {
        Self {
            bot_wins: vec![0; n],
            bot_scores: vec![Histogram::default(); n],
            ..Self::default()
        }
    }

    fn add(&mut self, o: &Outcome, players: usize, bot_index: &[usize; MAX_SEATS]) {
        self.games += 1;
        self.turns.add(o.turns as usize);
        self.capped += u64::from(o.capped);
        self.shared += u64::from(o.shared());
        // A bot wins a game when any seat it plays wins (counted once however many it holds).
        let mut bots_won = 0u64;
        for seat in 0..players {
            let won = o.won(seat);
            let score = o.scores[seat].max(0) as usize;
            self.seat_wins[seat] += u64::from(won);
            self.seat_scores[seat].add(score);
            let b = bot_index[seat];
            if won {
                bots_won |= 1 << b;
            }
            self.bot_scores[b].add(score);
        }
        for (b, wins) in self.bot_wins.iter_mut().enumerate() {
            *wins += bots_won >> b & 1;
        }
    }

    pub fn merge(&mut self, other: &Self) {
        self.games += other.games;
        self.turns.merge(&other.turns);
        self.capped += other.capped;
        self.shared += other.shared;
        for s in 0..MAX_SEATS {
            self.seat_wins[s] += other.seat_wins[s];
            self.seat_scores[s].merge(&other.seat_scores[s]);
        }
        for b in 0..self.bot_wins.len() {
            self.bot_wins[b] += other.bot_wins[b];
            self.bot_scores[b].merge(&other.bot_scores[b]);
        }
    }
}

crate::ints_struct!(Totals {
    games,
    turns,
    capped,
    shared,
    seat_wins,
    seat_scores,
    bot_wins,
    bot_scores,
});

/// The file a shard's counters are kept in, for `whisker merge`.
pub const COUNTERS: &str = "counters.txt";

/// Everything a run counted.
pub struct Report<C> {
    pub totals: Totals,
    pub counters: C,
    pub played: Played,
}

impl<C: Counters> Report<C> {
    /// The counters as text, exact, for a shard's folder.
    pub fn counters_text(&self) -> String {
        let mut numbers = Vec::new();
        self.totals.put(&mut numbers);
        self.counters.put(&mut numbers);
        crate::ints::to_text(&numbers)
    }
}

struct ChunkResult<C> {
    totals: Totals,
    counters: C,
    records: Vec<Record>,
}

/// One game to play.
#[derive(Clone, Copy, Debug)]
pub struct Unit {
    pub game: u64,
    pub rotation: u64,
    pub seed: u64,
}

/// Set (by the Ctrl-C handler) to stop a run: chunks not yet started are skipped, and what was
/// played up to the first skipped chunk — a prefix of the game indices — is kept.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// How much of a plan was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Units (games × rotations) played, from the start of the plan's range.
    pub units: u64,
    /// False when the run was interrupted before the end.
    pub complete: bool,
}

/// Plays every game of `plan` in parallel over fixed chunks. Each chunk starts a fresh
/// accumulator from `start` and `play` adds its games to it in index order; `finish` then sees
/// the chunks in index order, so whatever it builds is the same on any thread count.
pub fn play_all<B: Copy + PartialEq + Sync, A: Send>(
    plan: &Plan<B>,
    progress: &ProgressBar,
    start: impl Fn() -> A + Sync,
    play: impl Fn(&mut A, Unit, &[B; MAX_SEATS]) + Sync,
    mut finish: impl FnMut(A) -> anyhow::Result<()>,
) -> anyhow::Result<Played> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads.unwrap_or(0))
        .build()?;
    let rotations = plan.rotations();
    let range = plan.units();
    let chunks = (range.end - range.start).div_ceil(CHUNK);
    let play_chunk = |chunk: u64| {
        if STOP.load(Ordering::Relaxed) {
            return None;
        }
        let mut acc = start();
        let from = range.start + chunk * CHUNK;
        let end = (from + CHUNK).min(range.end);
        for unit in from..end {
            let (game, rotation) = (unit / rotations, unit % rotations);
            let seed = game_seed(plan.seed, game);
            play(
                &mut acc,
                Unit {
                    game,
                    rotation,
                    seed,
                },
                &plan.rotated(rotation),
            );
        }
        progress.inc(end - from);
        Some((acc, end - from))
    };
    let mut played = 0;
    let mut first = 0;
    while first < chunks {
        let last = (first + BATCH_CHUNKS).min(chunks);
        let results: Vec<Option<(A, u64)>> =
            pool.install(|| (first..last).into_par_iter().map(play_chunk).collect());
        for result in results {
            // Chunks after the first skipped one are dropped: what is kept stays a prefix.
            let Some((acc, units)) = result else {
                return Ok(Played {
                    units: played,
                    complete: false,
                });
            };
            finish(acc)?;
            played += units;
        }
        first = last;
    }
    Ok(Played {
        units: played,
        complete: true,
    })
}

/// Sees each game's record (for `games.csv`).
pub type OnRecord<'a> = &'a mut dyn FnMut(&Record) -> anyhow::Result<()>;

/// Plays `plan` and returns its merged counters; `on_record` (for `games.csv`) sees every game
/// in index order.
pub fn run<G: Game>(
    game: &G,
    plan: &Plan<G::Bot>,
    progress: &ProgressBar,
    mut on_record: Option<OnRecord<'_>>,
) -> anyhow::Result<Report<G::Counters>> {
    let bots = plan.bots();
    let keep_records = on_record.is_some();
    let players = game.players();
    let mut totals = Totals::for_bots(bots.len());
    let mut counters = G::Counters::default();
    let played = play_all(
        plan,
        progress,
        || {
            let out = ChunkResult {
                totals: Totals::for_bots(bots.len()),
                counters: G::Counters::default(),
                records: Vec::new(),
            };
            (out, G::Scratch::default())
        },
        |(out, scratch), unit, lineup| {
            let bot_index = lineup.map(|b| bots.iter().position(|x| *x == b).unwrap_or(0));
            let outcome = game.play(unit.seed, &lineup[..players], scratch, &mut out.counters);
            out.totals.add(&outcome, players, &bot_index);
            if keep_records {
                out.records.push(Record {
                    game: unit.game,
                    rotation: unit.rotation,
                    seed: unit.seed,
                    outcome,
                });
            }
        },
        |(r, _)| {
            totals.merge(&r.totals);
            counters.merge(&r.counters);
            if let Some(f) = on_record.as_mut() {
                for rec in &r.records {
                    f(rec)?;
                }
            }
            Ok(())
        },
    )?;
    Ok(Report {
        totals,
        counters,
        played,
    })
}
