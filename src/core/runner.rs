//! Plays many games in parallel, deterministically: game `i` is seeded from `(seed, i)` alone,
//! games are grouped in fixed chunks, and counters are integers merged exactly, so every output
//! byte is the same whatever the thread count.

use std::sync::Mutex;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::SeqCst;

use crate::core::cost::Cost;
use crate::core::failure::Failure;
use crate::core::game::{Bot, Game, MAX_SEATS, MAX_VALUES, Outcome, Roles, seat_name};
use crate::core::progress::{Progress, games_bar};
use crate::core::rng::game_seed;
use crate::core::signals;
use crate::stats::Histogram;
use crate::stats::ints::{Ints, require, shown};
use crate::stats::metrics::{Counts, QUANTITIES, Quantity};

/// Games per work unit (each played once per rotation). Fixed by the plan, so the split of work
/// never depends on the thread count; whole games, so an interrupted run keeps whole games.
/// Small, so that a second signal, which lets the chunks under way run to their end, stops a
/// run within a fraction of a second even of the slowest games (its cost against 1,024 games a
/// chunk: 0.4% of CPU time on 300,000 Mice Heist games, output byte-identical).
const CHUNK: u64 = 128;
/// Games per work unit when a bot searches: a game then takes milliseconds to minutes, so one
/// each lets both threads share a run of a few games, moves the progress bar, and lets a stop
/// come after the games under way instead of after 128.
const SEARCH_CHUNK: u64 = 1;
/// Chunks played between two writes of `games.csv` rows, bounding the rows held in memory
/// (65,536 games).
const BATCH_CHUNKS: u64 = 512;

/// A seat's bot in `seats.csv` when the seat held different bots in turn (`Plan::seats_vary`).
pub(crate) const ROTATED: &str = "rotated";

/// What to play.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub games: u64,
    pub seed: u64,
    /// The bot in each seat, in turn order.
    pub lineup: Vec<Bot>,
    /// Play every game once per rotation of the lineup, on the same seed.
    pub rotate: bool,
    /// The seats' roles, if they have any: a rotation that puts a bot in a role it does not
    /// play is left out.
    pub roles: Option<Roles>,
    pub threads: Option<usize>,
    /// Play only shard `i` of `n`: a contiguous slice of the game indices.
    pub shard: Option<(u64, u64)>,
    /// Play only the first this many games of the run (or of its shard): how an interrupted
    /// shard is reproduced.
    pub stop_after: Option<u64>,
    /// Skip this many games of the run (or of its shard), played already: a sequential check
    /// plays its games a look at a time.
    pub skip: u64,
}

impl Plan {
    /// This run's strength sample: its first `games` seeds again with `strong` at the table,
    /// every game once, unsharded.
    pub(crate) fn strength_sample(&self, games: u64, strong: Vec<Bot>) -> Plan {
        Plan {
            games,
            lineup: strong,
            rotate: false,
            shard: None,
            stop_after: None,
            skip: 0,
            ..self.clone()
        }
    }

    /// True when the run is its own strength sample: `strong` plays every game, unrotated.
    pub(crate) fn is_strong(&self, strong: &[Bot]) -> bool {
        !self.rotate && self.lineup == strong
    }

    /// How far round the table each rotation moves the lineup: 0 alone, or with `rotate` every
    /// distinct rotation (`greedy,random` round 4 seats repeats after 2, so no game is played
    /// twice with the same bots and seed) that seats every bot in a role it plays.
    pub(crate) fn offsets(&self) -> Vec<usize> {
        let n = self.lineup.len();
        let period = (1..=n)
            .find(|&k| (0..n).all(|s| self.lineup[(s + k) % n] == self.lineup[s]))
            .unwrap_or(n);
        let tried = if self.rotate { period } else { 1 };
        (0..tried).filter(|&k| self.seated(k)).collect()
    }

    /// Whether the lineup moved round by `offset` puts every bot in a role it plays.
    fn seated(&self, offset: usize) -> bool {
        let n = self.lineup.len();
        self.roles
            .is_none_or(|r| (0..n).all(|s| self.lineup[(s + offset) % n].kind.plays(r.of(s))))
    }

    /// Rotations played per game index.
    pub(crate) fn rotations(&self) -> u64 {
        self.offsets().len() as u64
    }

    /// The progress bar of this plan's games, with the note its `cost` (a command's, of its
    /// games and rotations) says of a long run ([`games_bar`]).
    pub(crate) fn bar(&self, quiet: bool, cost: fn(u64, u64) -> Cost) -> Progress {
        games_bar(self.total(), quiet, cost(self.games, self.rotations()))
    }

    /// Whether a seat holds different bots in different games: `--rotate-seats` with more than
    /// one rotation. One bot at every seat rotates to itself, so each seat keeps its bot.
    pub(crate) fn seats_vary(&self) -> bool {
        self.rotations() > 1
    }

    /// Games actually played: one per game index and rotation.
    pub(crate) fn total(&self) -> u64 {
        let r = self.units();
        r.end - r.start
    }

    /// The game indices this plan plays: all of them, or its shard's slice, or the first
    /// `stop_after` of those; less the first `skip`.
    pub(crate) fn game_range(&self) -> std::ops::Range<u64> {
        let (from, to) = match self.shard {
            // In u128: `games × i` overflows u64 for large runs.
            Some((i, n)) => {
                let at = |k: u64| (u128::from(self.games) * u128::from(k) / u128::from(n)) as u64;
                (at(i), at(i + 1))
            }
            None => (0, self.games),
        };
        let to = self
            .stop_after
            .map_or(to, |k| to.min(from.saturating_add(k)));
        from.saturating_add(self.skip).min(to)..to
    }

    /// The units (game index × rotation) this plan plays. [`Plan::check`] makes sure they fit.
    pub(crate) fn units(&self) -> std::ops::Range<u64> {
        let (g, r) = (self.game_range(), self.rotations());
        g.start.saturating_mul(r)..g.end.saturating_mul(r)
    }

    /// Refuses a plan whose games cannot be counted: every game, once per rotation, must be
    /// numbered by a u64, as `games.csv` and the counters number them.
    pub(crate) fn check(&self) -> Result<(), Failure> {
        let r = self.rotations();
        if self.games.checked_mul(r).is_none() {
            return Err(Failure::Usage(format!(
                "--games {} played in {r} seat rotations is more games than whisker counts: with {r} rotations, --games is at most {}",
                self.games,
                u64::MAX / r
            )));
        }
        if let Some((_, n)) = self.shard
            && n > self.games
        {
            return Err(Failure::Usage(format!(
                "--shard: {n} shards of {} games would leave some with none; use at most {} shards",
                self.games, self.games
            )));
        }
        Ok(())
    }

    /// The distinct bots, in first-seat order.
    pub(crate) fn bots(&self) -> Vec<Bot> {
        self.distinct().0
    }

    /// The distinct bots in first-seat order, and each lineup entry's place among them.
    fn distinct(&self) -> (Vec<Bot>, Vec<usize>) {
        let mut bots: Vec<Bot> = Vec::new();
        let mut of = Vec::with_capacity(self.lineup.len());
        for b in &self.lineup {
            match bots.iter().position(|x| x == b) {
                Some(i) => of.push(i),
                None => {
                    of.push(bots.len());
                    bots.push(*b);
                }
            }
        }
        (bots, of)
    }

    /// For each rotation's offset, each seat's bot as its place in [`Plan::bots`]: worked out
    /// before the games, so counting a game's winners by bot looks nothing up.
    pub(crate) fn seat_bots(&self) -> Vec<[usize; MAX_SEATS]> {
        let (_, of) = self.distinct();
        let n = self.lineup.len();
        (0..n)
            .map(|offset| std::array::from_fn(|s| of[(s + offset) % n]))
            .collect()
    }

    /// Games per work unit: see [`CHUNK`] and [`SEARCH_CHUNK`].
    fn chunk(&self) -> u64 {
        if self.lineup.iter().any(|b| b.kind.searches) {
            SEARCH_CHUNK
        } else {
            CHUNK
        }
    }

    /// The seat-to-bot lineup moved round by `offset`.
    pub(crate) fn rotated(&self, offset: usize) -> [Bot; MAX_SEATS] {
        let n = self.lineup.len();
        std::array::from_fn(|s| self.lineup[(s + offset) % n])
    }
}

/// One game's identity and result, as `games.csv` records it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Record {
    pub game: u64,
    pub rotation: u64,
    pub seed: u64,
    pub outcome: Outcome,
}

/// Counters every game shares: length, seats, bots.
#[derive(Clone, Debug, Default)]
pub(crate) struct Totals {
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
    /// The game's own per-game values, added up.
    pub values: [u64; MAX_VALUES],
    /// Games each bot played in each seat, and won there (seat by seat, a row of bots each):
    /// what `roles.csv` is made from; a shard's are checked against its plan.
    pub seat_bot_games: Vec<u64>,
    pub seat_bot_wins: Vec<u64>,
    /// Each product of two per-game quantities, added up: a rate of one over another (tests
    /// passed of tests) takes its interval from them, since games are independent and the turns
    /// of one game are not.
    pub products: Products,
}

/// Sums over games of each product of two per-game quantities, by [`Quantity::index`].
pub(crate) type Products = [[u64; QUANTITIES]; QUANTITIES];

/// Adds a game's products of quantities to `sums`.
pub(crate) fn add_products(sums: &mut Products, o: &Outcome) {
    let mut q = [0u64; QUANTITIES];
    q[Quantity::Turns.index()] = u64::from(o.turns);
    for (k, &v) in o.values.iter().enumerate() {
        q[Quantity::Value(k).index()] = u64::from(v);
    }
    // Saturating: a damaged games.csv read back by merge may hold any u32, and its sums then
    // disagree with the shard's counters (exit 2) instead of overflowing.
    for (row, &a) in sums.iter_mut().zip(&q) {
        for (sum, &b) in row.iter_mut().zip(&q) {
            *sum = sum.saturating_add(a.saturating_mul(b));
        }
    }
}

impl Totals {
    pub(crate) fn for_bots(n: usize) -> Self {
        Self {
            bot_wins: vec![0; n],
            bot_scores: vec![Histogram::default(); n],
            seat_bot_games: vec![0; MAX_SEATS * n],
            seat_bot_wins: vec![0; MAX_SEATS * n],
            ..Self::default()
        }
    }

    fn count(&mut self, o: &Outcome, players: usize, bot_index: &[usize; MAX_SEATS]) {
        self.games += 1;
        self.turns.add(o.turns as usize);
        self.capped += u64::from(o.capped);
        self.shared += u64::from(o.shared());
        for (sum, &v) in self.values.iter_mut().zip(&o.values) {
            *sum += u64::from(v);
        }
        add_products(&mut self.products, o);
        // A bot wins a game when any seat it plays wins (counted once however many it holds).
        let mut bots_won = 0u64;
        for (seat, &b) in bot_index.iter().enumerate().take(players) {
            let won = o.won(seat);
            let score = o.scores[seat].max(0) as usize;
            self.seat_wins[seat] += u64::from(won);
            self.seat_scores[seat].add(score);
            if won {
                bots_won |= 1 << b;
            }
            self.bot_scores[b].add(score);
            let at = seat * self.bot_wins.len() + b;
            self.seat_bot_games[at] += 1;
            self.seat_bot_wins[at] += u64::from(won);
        }
        for (b, wins) in self.bot_wins.iter_mut().enumerate() {
            *wins += bots_won >> b & 1;
        }
    }

    /// What must hold of the totals of `self.games` games with this lineup: a shard's totals
    /// read back from its file are checked with it. Names the field that is wrong.
    pub(crate) fn check(&self, plan: &Plan) -> Result<(), String> {
        let (lineup, bots) = (&plan.lineup, &plan.bots());
        let (games, players) = (self.games, lineup.len());
        let total = |h: &Histogram| crate::stats::ints::sum(h.counts());
        let lengths = total(&self.turns);
        require(lengths == Some(games), "turns", || {
            format!("{} game lengths for {games} games", shown(lengths))
        })?;
        require(self.capped <= games, "capped", || {
            format!("{} of {games} games", self.capped)
        })?;
        require(self.shared <= games, "shared", || {
            format!("{} of {games} games", self.shared)
        })?;
        for s in 0..MAX_SEATS {
            let seated = if s < players { games } else { 0 };
            require(self.seat_wins[s] <= seated, "seat_wins", || {
                format!(
                    "{} won {} of {seated} games",
                    seat_name(s),
                    self.seat_wins[s]
                )
            })?;
            let scores = total(&self.seat_scores[s]);
            require(scores == Some(seated), "seat_scores", || {
                format!(
                    "{} has {} scores for {seated} games",
                    seat_name(s),
                    shown(scores)
                )
            })?;
        }
        require(
            self.bot_wins.len() == bots.len() && self.bot_scores.len() == bots.len(),
            "bot_wins",
            || {
                format!(
                    "{} bots counted, {} played",
                    self.bot_wins.len(),
                    bots.len()
                )
            },
        )?;
        for (b, bot) in bots.iter().enumerate() {
            let seats = lineup.iter().filter(|x| *x == bot).count() as u64;
            require(self.bot_wins[b] <= games, "bot_wins", || {
                format!("bot {b} won {} of {games} games", self.bot_wins[b])
            })?;
            let scores = total(&self.bot_scores[b]);
            require(
                scores.is_some() && scores == games.checked_mul(seats),
                "bot_scores",
                || {
                    format!(
                        "bot {b} has {} scores for {games} games in {seats} seats",
                        shown(scores)
                    )
                },
            )?;
        }
        let n = bots.len();
        require(
            self.seat_bot_games.len() == MAX_SEATS * n && self.seat_bot_wins.len() == MAX_SEATS * n,
            "seat_bot_games",
            || {
                format!(
                    "{} seat and bot counts for {n} bots",
                    self.seat_bot_games.len()
                )
            },
        )?;
        // Each rotation seats the same bots for as many games: every count is exact.
        let offsets = plan.offsets();
        let per_rotation = games / offsets.len() as u64;
        require(
            per_rotation * offsets.len() as u64 == games,
            "games",
            || {
                format!(
                    "{games} games do not split into {} rotations",
                    offsets.len()
                )
            },
        )?;
        for s in 0..MAX_SEATS {
            for (b, bot) in bots.iter().enumerate() {
                let at = s * n + b;
                let seatings = if s < players {
                    offsets
                        .iter()
                        .filter(|&&o| lineup[(s + o) % players] == *bot)
                        .count() as u64
                } else {
                    0
                };
                require(
                    self.seat_bot_games[at] == per_rotation * seatings,
                    "seat_bot_games",
                    || {
                        format!(
                            "{} has {} games of bot {b}, the plan {}",
                            seat_name(s),
                            self.seat_bot_games[at],
                            per_rotation * seatings
                        )
                    },
                )?;
                require(
                    self.seat_bot_wins[at] <= self.seat_bot_games[at],
                    "seat_bot_wins",
                    || format!("more wins than games for bot {b} in {}", seat_name(s)),
                )?;
            }
            let won = crate::stats::ints::sum(&self.seat_bot_wins[s * n..(s + 1) * n]);
            require(won == Some(self.seat_wins[s]), "seat_bot_wins", || {
                format!(
                    "{}: {} wins by bot, {} in all",
                    seat_name(s),
                    shown(won),
                    self.seat_wins[s]
                )
            })?;
        }
        Ok(())
    }

    /// Every game's turns added up.
    pub(crate) fn turns_played(&self) -> u64 {
        self.turns
            .iter()
            .map(|(t, n)| (t as u64).saturating_mul(n))
            .fold(0, u64::saturating_add)
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
    values,
    seat_bot_games,
    seat_bot_wins,
    products,
});

/// The file a shard's counters are kept in, for `whisker merge`.
pub(crate) const COUNTERS: &str = "counters.txt";

/// Everything a run counted.
pub(crate) struct Report {
    pub totals: Totals,
    pub counts: Counts,
    pub played: Played,
}

impl Report {
    /// The counters as text, exact, for a shard's folder.
    pub(crate) fn counters_text(&self) -> String {
        let mut numbers = Vec::new();
        self.totals.put(&mut numbers);
        self.counts.put(&mut numbers);
        crate::stats::ints::to_text(&numbers)
    }
}

struct ChunkResult {
    totals: Totals,
    counts: Counts,
    records: Vec<Record>,
}

/// One game to play.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unit {
    pub game: u64,
    pub rotation: u64,
    /// How far round the table this rotation moves the lineup.
    pub offset: usize,
    pub seed: u64,
}

/// How much of a plan was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    /// Units (games × rotations) played, from the start of the plan's range: whole games.
    pub units: u64,
    /// The signal that stopped the run before the end, if one did.
    pub stopped: Option<i32>,
}

impl Played {
    pub(crate) fn complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// Plays `plan` a look at a time, as [`play_all`] plays it whole: the first `looks[0]` games of
/// its range, then on to `looks[1]`, and so on. After each look `done` sees what `finish` has
/// built in `state` so far and says whether to stop there. What is played is always a prefix of
/// the range, the same on any thread count; a signal stops it as it stops [`play_all`].
pub(crate) fn play_in_looks<A: Send, S>(
    (plan, looks): (&Plan, &[u64]),
    progress: &Progress,
    state: &mut S,
    start: impl Fn() -> A + Sync,
    play: impl Fn(&mut A, Unit, &[Bot; MAX_SEATS]) + Sync,
    mut finish: impl FnMut(&mut S, A),
    mut done: impl FnMut(&S) -> bool,
) -> anyhow::Result<Played> {
    let mut units = 0;
    let mut skip = 0;
    for &look in looks {
        let window = Plan {
            skip,
            stop_after: Some(plan.stop_after.map_or(look, |k| k.min(look))),
            ..plan.clone()
        };
        let played = play_all(&window, progress, &start, &play, |a| {
            finish(state, a);
            Ok(())
        })?;
        units += played.units;
        if played.stopped.is_some() || done(state) {
            return Ok(Played {
                units,
                stopped: played.stopped,
            });
        }
        skip = look;
    }
    Ok(Played {
        units,
        stopped: None,
    })
}

/// Plays every game of `plan` in parallel over fixed chunks. Each chunk starts a fresh
/// accumulator from `start` and `play` adds its games to it in index order; `finish` then sees
/// the chunks in index order, so whatever it builds is the same on any thread count.
///
/// Threads take chunks in index order, so when a signal stops the run (between chunks) every
/// chunk taken is finished and they are all the chunks before the first not taken: every game
/// finished is kept, and what is kept is a prefix of the game indices. A second signal stops
/// the last chunk taken after its game under way and lets the others (at most one a thread)
/// run to their end: every game finished is kept then too, still a prefix.
pub(crate) fn play_all<A: Send>(
    plan: &Plan,
    progress: &Progress,
    start: impl Fn() -> A + Sync,
    play: impl Fn(&mut A, Unit, &[Bot; MAX_SEATS]) + Sync,
    mut finish: impl FnMut(A) -> anyhow::Result<()>,
) -> anyhow::Result<Played> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads.unwrap_or(0))
        .build()?;
    let offsets = plan.offsets();
    let rotations = offsets.len() as u64;
    let range = plan.game_range();
    let chunk_games = plan.chunk();
    let chunks = (range.end - range.start).div_ceil(chunk_games);
    let hooked = signals::hooked();
    // The games of chunk `chunk`, with how many units they are and whether it is whole: after
    // a second signal, `cut(chunk)` says whether it stops after its game under way.
    let play_chunk = |chunk: u64, cut: &dyn Fn(u64) -> bool| {
        let mut acc = start();
        let from = range.start + chunk * chunk_games;
        let end = (from + chunk_games).min(range.end);
        let mut game = from;
        while game < end && !(signals::now() && cut(chunk)) {
            let seed = game_seed(plan.seed, game);
            for (rotation, &offset) in offsets.iter().enumerate() {
                play(
                    &mut acc,
                    Unit {
                        game,
                        rotation: rotation as u64,
                        offset,
                        seed,
                    },
                    &plan.rotated(offset),
                );
            }
            game += 1;
            if hooked {
                signals::finished_game();
            }
        }
        let units = (game - from) * rotations;
        progress.inc(units);
        (acc, units, game == end)
    };
    let mut played = 0;
    let mut first = 0;
    while first < chunks {
        let last = (first + BATCH_CHUNKS).min(chunks);
        let slots: Vec<Mutex<Option<(A, u64, bool)>>> =
            (first..last).map(|_| Mutex::new(None)).collect();
        let next = AtomicU64::new(first);
        // On a second signal only the last chunk taken stops after its game under way; the
        // chunks before it run to their end (a chunk at most, on each thread, in parallel), so
        // the games kept are still every game finished, a prefix.
        let cut = |chunk: u64| chunk + 1 >= next.load(SeqCst).min(last);
        pool.broadcast(|_| {
            // A stop comes between chunks: none is taken after it.
            while signals::stopped().is_none() {
                let chunk = next.fetch_add(1, SeqCst);
                if chunk >= last {
                    break;
                }
                let result = play_chunk(chunk, &cut);
                *slots[(chunk - first) as usize]
                    .lock()
                    .unwrap_or_else(|e| e.into_inner()) = Some(result);
            }
        });
        let mut all = true;
        for slot in slots {
            let result = slot.into_inner().unwrap_or_else(|e| e.into_inner());
            // The chunks taken are finished and come first; a chunk a second signal cut short
            // ends what is kept.
            let Some((acc, units, whole)) = result else {
                all = false;
                break;
            };
            finish(acc)?;
            played += units;
            if !whole {
                all = false;
                break;
            }
        }
        if let (Some(signal), false) = (signals::stopped(), all && last == chunks) {
            return Ok(Played {
                units: played,
                stopped: Some(signal),
            });
        }
        first = last;
    }
    Ok(Played {
        units: played,
        stopped: None,
    })
}

/// Sees each game's record (for `games.csv`).
pub(crate) type OnRecord<'a> = &'a mut dyn FnMut(&Record) -> anyhow::Result<()>;

/// Plays `plan` and returns its merged counters; `on_record` (for `games.csv`) sees every game
/// in index order.
pub(crate) fn run<G: Game>(
    game: &G,
    plan: &Plan,
    progress: &Progress,
    mut on_record: Option<OnRecord<'_>>,
) -> anyhow::Result<Report> {
    let bots = plan.bots();
    let seat_bots = plan.seat_bots();
    let keep_records = on_record.is_some();
    let players = game.players();
    let mut totals = Totals::for_bots(bots.len());
    let mut counts = game.declared().counts();
    let played = play_all(
        plan,
        progress,
        || {
            let out = ChunkResult {
                totals: Totals::for_bots(bots.len()),
                counts: game.declared().counts(),
                records: Vec::new(),
            };
            (out, G::Scratch::default())
        },
        |(out, scratch), unit, lineup| {
            let outcome = game.play(unit.seed, &lineup[..players], scratch, &mut out.counts);
            out.totals.count(&outcome, players, &seat_bots[unit.offset]);
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
            totals.add(&r.totals)?;
            counts.add(&r.counts)?;
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
        counts,
        played,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::example::{ROLE_KINDS, ROLES};

    fn plan(lineup: &[usize], roles: Option<Roles>) -> Plan {
        Plan {
            games: 10,
            seed: 1,
            lineup: lineup.iter().map(|&k| Bot::new(&ROLE_KINDS[k])).collect(),
            rotate: true,
            roles,
            threads: Some(1),
            shard: None,
            stop_after: None,
            skip: 0,
        }
    }

    #[test]
    fn rotations_seat_bots_only_in_roles_they_play() {
        // Two bots that play anything swap seats; a mouse-only bot never becomes the cat.
        assert_eq!(plan(&[0, 2], Some(ROLES)).offsets(), [0, 1]);
        assert_eq!(plan(&[0, 1], Some(ROLES)).offsets(), [0]);
        assert_eq!(plan(&[0, 1], None).offsets(), [0, 1]);
        // One bot in every seat has one seating.
        assert_eq!(plan(&[0, 0], Some(ROLES)).offsets(), [0]);
        let mut p = plan(&[0, 1], Some(ROLES));
        p.rotate = false;
        assert_eq!(p.rotations(), 1);
        // Greedy, random round four seats repeats after two rotations.
        assert_eq!(plan(&[0, 1, 0, 1], None).offsets(), [0, 1]);
    }
}
