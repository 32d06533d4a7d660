//! `ismcts`, the search bot every game offers: information-set Monte Carlo tree search in its
//! single-observer form (Cowling, Powley and Whitehouse, 2012), written once against
//! [`Decisions`], started from the game's own bot.
//!
//! A search with a budget a designer can afford (tens of play-outs a decision) cannot tell
//! options apart by their means alone: a 4-player win is a coin of 1 in 4, and at 50 play-outs
//! the noise outweighs most differences, so a plain search picks at random among good options
//! and plays worse than the heuristic it plays out with. So the root is searched as a
//! comparison with the game's own bot's choice (the *prior*): every option in a round plays the
//! same worlds (the same deal of the unseen and the same chance to come: common random
//! numbers), so two options differ only by what they do; sequential halving (Karnin, Koren and
//! Somekh, 2013) drops the worse half each round, and the search leaves the prior only for an
//! option that beat it over the same worlds by `trust` tenths of a standard error.
//!
//! Below the root, each iteration deals what the bot's seat cannot see anew ([`Seen::sample`], a
//! *determinization*), walks down one tree shared by every deal, adds one node, plays the game out
//! (or to a horizon, where the game reckons each seat's chances) and backs the result up. A node is an action and the seat that took it, so the tree is of the
//! bot's information sets: deals that differ only in what it cannot see walk the same nodes. Every
//! node keeps the wins of the seat that moved into it, so the tree serves any number of seats and
//! seats with different roles. A child's exploration term counts the iterations in which its
//! action was legal (its *availability*), not its parent's visits, since an action may be legal in
//! one deal and not in another.
//!
//! The tree lives in an arena kept per thread and cleared at each decision: after the first
//! decision at a given budget, searching allocates nothing.

use std::any::Any;
use std::cell::RefCell;

use arrayvec::ArrayVec;
use rand::Rng;

use crate::core::game::{MAX_SEATS, Outcome, Seat};
use crate::core::lineup::{Bot, Kind, Param};
use crate::core::play::{Decider, Decisions, MAX_OPTIONS, Options, Seen, random};
use crate::core::rng::{Dice, GameRng, game_rng, game_seed};

/// The search's name, as `--bots` and `run.toml` spell it.
pub(crate) const NAME: &str = "ismcts";

/// `ismcts` as most games offer it: 50 iterations, play-outs of at most 20 decisions.
pub(crate) const ISMCTS: Kind = kind(&params(50, 20));

/// `ismcts` with a game's own defaults, for a game whose play-outs are long: `params` from
/// [`params`].
pub(crate) const fn kind(params: &'static [Param]) -> Kind {
    Kind {
        name: NAME,
        about: "information-set Monte Carlo tree search that starts from the game's own bot: it plays that bot's choice unless, over the same deals of what its seat cannot see and the same luck to come, another option does better by `trust` tenths of a standard error; the options are compared by halving rounds, a tree of what its seat knows below them, play-outs by the game's own bots to the end or to a horizon where the game reckons each seat's chances; it sees only what its seat sees",
        params,
        roles: &[],
        searches: true,
    }
}

const ITERATIONS: Param = Param {
    name: "iterations",
    default: 50,
    min: 1,
    max: 1_000_000,
    about: "iterations a decision, each adding one node to the tree and playing one game out (a count, never a clock: results reproduce)",
    names: &[],
};

const EXPLORE: Param = Param {
    name: "explore",
    default: 70,
    min: 0,
    max: 1000,
    about: "the exploration constant of the UCB rule, in hundredths (wins count 1, shared wins their share)",
    names: &[],
};

const ROLLOUT: Param = Param {
    name: "rollout",
    default: 1,
    min: 0,
    max: 1,
    about: "who plays the games out from the tree: random, or the game's heuristic bot at every seat (with its defaults, each seat playing its role)",
    names: &["random", "heuristic"],
};

const WORLDS: Param = Param {
    name: "worlds",
    default: 0,
    min: 0,
    max: 1_000_000,
    about: "the most distinct worlds a decision samples, taken in turn, each a deal of the unseen and the chance to come (0: a new one every iteration)",
    names: &[],
};

const HORIZON: Param = Param {
    name: "horizon",
    default: 20,
    min: 0,
    max: 1_000_000,
    about: "the most decisions a play-out takes before the game's own reckoning of each seat's chances scores it instead of its end (0: play to the end; a game that reckons none plays to the end)",
    names: &[],
};

const TRUST: Param = Param {
    name: "trust",
    default: 20,
    min: 0,
    max: 100,
    about: "how sure, in tenths of a standard error, the search must be that an option beats the game's own bot's choice, over the same worlds, before it plays it instead (0: the better mean is enough)",
    names: &[],
};

/// The search's parameters with a game's default budget and horizon.
pub(crate) const fn params(iterations: i32, horizon: i32) -> [Param; 6] {
    [
        Param {
            default: iterations,
            ..ITERATIONS
        },
        EXPLORE,
        ROLLOUT,
        WORLDS,
        Param {
            default: horizon,
            ..HORIZON
        },
        TRUST,
    ]
}

/// The parameters as a search reads them.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub iterations: u32,
    explore: f32,
    heuristic_rollout: bool,
    worlds: u32,
    horizon: u32,
    trust: f32,
}

impl From<&Bot> for Settings {
    fn from(bot: &Bot) -> Self {
        Self {
            iterations: bot.value(&ITERATIONS) as u32,
            explore: bot.value(&EXPLORE) as f32 / 100.0,
            heuristic_rollout: bot.value(&ROLLOUT) == 1,
            worlds: bot.value(&WORLDS) as u32,
            horizon: bot.value(&HORIZON) as u32,
            trust: bot.value(&TRUST) as f32 / 10.0,
        }
    }
}

/// No node: the end of a list of children.
const NONE: u32 = u32::MAX;

/// One edge of the tree: `action`, taken by `mover`, from its parent.
#[derive(Clone, Copy)]
struct Node<A> {
    action: A,
    mover: u8,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Iterations in which this node's action was legal when its parent was reached.
    available: u32,
    /// The mover's wins over the visits.
    wins: f32,
}

/// The arena one thread searches in.
struct Tree<A> {
    nodes: Vec<Node<A>>,
    /// The nodes one iteration walked, root first.
    path: Vec<u32>,
    /// The root's options as the search compares them.
    arms: Vec<Arm>,
    /// The prior's result in each world of the round under way.
    prior_won: Vec<f32>,
}

impl<A> Default for Tree<A> {
    fn default() -> Self {
        Self {
            nodes: Vec::new(),
            path: Vec::new(),
            arms: Vec::new(),
            prior_won: Vec::new(),
        }
    }
}

thread_local! {
    /// Each thread's arenas, one per action type (one per game).
    static ARENAS: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `search` with this thread's arena for actions of type `A`. The arena is taken out while
/// it runs, so a search that (in a test) starts another only gets a fresh arena.
fn with_tree<A: 'static, R>(search: impl FnOnce(&mut Tree<A>) -> R) -> R {
    let mut tree = ARENAS.with(|cell| {
        let mut arenas = cell.borrow_mut();
        arenas
            .iter_mut()
            .find_map(|a| a.downcast_mut::<Tree<A>>())
            .map(std::mem::take)
            .unwrap_or_default()
    });
    let result = search(&mut tree);
    ARENAS.with(|cell| {
        let mut arenas = cell.borrow_mut();
        match arenas.iter_mut().find_map(|a| a.downcast_mut::<Tree<A>>()) {
            Some(slot) => *slot = tree,
            None => arenas.push(Box::new(tree)),
        }
    });
    result
}

/// Each seat's share of the win: 1 for a sole winner, 1/k each for k sharing it, 0 for the rest
/// (and for every seat of a game that ends with no winner).
fn shares(outcome: &Outcome) -> [f32; MAX_SEATS] {
    let winners = outcome.winners.count_ones();
    std::array::from_fn(|s| {
        if outcome.won(s) {
            1.0 / winners as f32
        } else {
            0.0
        }
    })
}

/// `ismcts`'s decision for the seat `seen` shows. `heuristic(seat)` is the game's own bot for
/// that seat: its choice here, from the seat's `memory`, is the one the search keeps unless its
/// play-outs show another better; play-outs use it at each seat when the rollout is
/// `heuristic`, each with fresh memory. (Not the searching seat's own memory: the tree makes
/// that seat's decisions between the root and the play-out, and a bot's memory holds only
/// when the bot saw every step, as the Mouse's count of cards gone does.)
pub(crate) fn decide<G, M, H>(
    settings: Settings,
    seen: &Seen<G>,
    memory: &mut M,
    rng: &mut GameRng,
    heuristic: fn(Seat) -> H,
) -> G::Action
where
    G: Decisions,
    M: Default + Clone,
    H: Decider<G, Memory = M>,
{
    let count = seen.option_count();
    if count == 1 {
        return seen.option(0);
    }
    // One draw from the bots' generator seeds the whole search: the deals and the play-outs.
    let base = rng.next_u64();
    // A bot may note in its memory what it chose (a room it left, a plan): if the search plays
    // something else, that note would be false, so the memory goes back to before the prior.
    let before = memory.clone();
    let prior =
        heuristic(seen.seat()).decide(seen, memory, &mut game_rng(game_seed(base, u64::MAX - 1)));
    let lineup: [H; MAX_SEATS] = std::array::from_fn(heuristic);
    let chosen = with_tree(|tree: &mut Tree<G::Action>| {
        search(tree, seen, settings, base, prior, |game, rng| {
            play_out(game, settings, &lineup, rng)
        })
    });
    if chosen != prior {
        *memory = before;
    }
    chosen
}

/// Plays `game` on as the settings' rollout says, to its end or, past the horizon, to where the
/// game reckons each seat's chances; returns each seat's share of the win.
fn play_out<G, M, H>(
    game: &mut G,
    settings: Settings,
    lineup: &[H; MAX_SEATS],
    rng: &mut GameRng,
) -> [f32; MAX_SEATS]
where
    G: Decisions,
    M: Default,
    H: Decider<G, Memory = M>,
{
    let mut memory: [M; MAX_SEATS] = Default::default();
    let mut taken = 0;
    while let Some(seat) = game.to_move() {
        if taken == settings.horizon
            && settings.horizon > 0
            && let Some(chances) = game.standing()
        {
            return chances;
        }
        taken += 1;
        let seen = Seen::new(&*game, seat);
        let action = if settings.heuristic_rollout {
            lineup[seat].decide(&seen, &mut memory[seat], rng)
        } else {
            random(&seen, rng)
        };
        game.apply(action);
    }
    shares(&game.outcome())
}

/// One option of the decision searched (`Tree::arms[k]` is option `k`), as the root compares
/// it with the heuristic's choice:
/// over the worlds both were played in, the sum of its result less the heuristic's, and of that
/// squared.
#[derive(Clone, Copy)]
struct Arm {
    alive: bool,
    pairs: u32,
    diff: f64,
    diff_sq: f64,
}

impl Arm {
    fn mean(&self) -> f64 {
        if self.pairs == 0 {
            0.0
        } else {
            self.diff / f64::from(self.pairs)
        }
    }

    /// How many standard errors its mean lies above the heuristic's choice.
    fn margin(&self) -> f64 {
        let n = f64::from(self.pairs);
        if self.pairs < 2 {
            return 0.0;
        }
        let var = (self.diff_sq - self.diff * self.diff / n) / (n - 1.0);
        let se = (var.max(0.0) / n).sqrt();
        if se == 0.0 {
            if self.mean() > 0.0 {
                f64::INFINITY
            } else {
                0.0
            }
        } else {
            self.mean() / se
        }
    }
}

/// Searches the decision `seen` shows for the settings' iterations and returns its choice.
///
/// The root compares its options by sequential halving: in each round every option still in
/// plays the same new worlds (the same deal of the unseen and the same chance to come), so two
/// options differ only by what they do, and the worse half drops out. The heuristic's choice
/// `prior` never drops out, and the search plays another option only when, over the worlds both
/// played, it beat the prior by `trust` tenths of a standard error. Below the root, iterations walk one
/// tree of the bot's information sets by UCB, as in single-observer ISMCTS.
fn search<G: Decisions>(
    tree: &mut Tree<G::Action>,
    seen: &Seen<G>,
    settings: Settings,
    base: u64,
    prior: G::Action,
    mut play_out: impl FnMut(&mut G, &mut GameRng) -> [f32; MAX_SEATS],
) -> G::Action {
    let budget = settings.iterations as usize;
    let seat = seen.seat();
    tree.nodes.clear();
    tree.path.clear();
    tree.arms.clear();
    // Each iteration adds at most one node, and walks at most every node: reserving the bound
    // once makes every later decision at this budget allocation-free.
    tree.nodes.reserve(budget + 1);
    tree.path.reserve(budget + 1);
    tree.arms.reserve(MAX_OPTIONS);
    tree.prior_won.reserve(budget + 1);
    tree.nodes.push(Node {
        action: seen.option(0),
        mover: seat as u8,
        first_child: NONE,
        next_sibling: NONE,
        visits: 0,
        available: 0,
        wins: 0.0,
    });
    let mut rng = game_rng(game_seed(base, u64::MAX));
    let mut options: Options<G::Action> = ArrayVec::new();
    seen.options(&mut options);
    let prior_k = options.iter().position(|&a| a == prior).unwrap_or(0);
    // The options compared: all of them when each can be played at least twice, or else the
    // prior and as many others, drawn at random, as can.
    let room = (budget / 2).max(2);
    for k in 0..options.len() {
        tree.arms.push(Arm {
            alive: k == prior_k,
            pairs: 0,
            diff: 0.0,
            diff_sq: 0.0,
        });
    }
    let mut others: u32 = 0;
    let want = (room - 1).min(options.len() - 1) as u32;
    let mut left = (options.len() - 1) as u32;
    for arm in tree.arms.iter_mut().filter(|a| !a.alive) {
        // Selection sampling: each of the others is kept with the chance that leaves `want`.
        if rng.below(left) < want - others {
            arm.alive = true;
            others += 1;
        }
        left -= 1;
    }
    let mut alive = others as usize + 1;
    let rounds = (usize::BITS - (alive - 1).leading_zeros()).max(1) as usize;
    let mut slot = 0u64;
    let mut spent = 0;
    for round in 0..rounds {
        // A round takes at least one world an option, so the budget can be passed by a few.
        let share = budget.saturating_sub(spent) / (rounds - round);
        let worlds = (share / alive).max(1);
        tree.prior_won.clear();
        // The prior first: each other option's result in a world is taken less the prior's.
        let order = std::iter::once(prior_k).chain((0..tree.arms.len()).filter(|&a| a != prior_k));
        for a in order {
            if !tree.arms[a].alive {
                continue;
            }
            for w in 0..worlds {
                let won = iterate(
                    tree,
                    seen,
                    settings,
                    base,
                    slot + w as u64,
                    options[a],
                    &mut play_out,
                )[seat];
                if a == prior_k {
                    tree.prior_won.push(won);
                } else {
                    let d = f64::from(won - tree.prior_won[w]);
                    let arm = &mut tree.arms[a];
                    arm.pairs += 1;
                    arm.diff += d;
                    arm.diff_sq += d * d;
                }
            }
        }
        spent += worlds * alive;
        slot += worlds as u64;
        if round + 1 < rounds {
            // Keep the better half (the prior always).
            let keep = alive.div_ceil(2);
            while alive > keep {
                let worst = tree
                    .arms
                    .iter()
                    .enumerate()
                    .filter(|&(k, a)| a.alive && k != prior_k)
                    .min_by(|x, y| x.1.mean().total_cmp(&y.1.mean()))
                    .map(|(i, _)| i)
                    .expect("an option other than the prior");
                tree.arms[worst].alive = false;
                alive -= 1;
            }
        }
    }
    let trust = f64::from(settings.trust);
    let best = tree
        .arms
        .iter()
        .enumerate()
        .filter(|&(k, a)| a.alive && k != prior_k)
        .max_by(|x, y| x.1.mean().total_cmp(&y.1.mean()));
    match best {
        Some((k, arm)) if arm.mean() > 0.0 && arm.margin() > trust => options[k],
        _ => options[prior_k],
    }
}

/// One iteration in world `world`, the root playing `first`: deals the world, walks the tree
/// below the root's child for `first` (adding one node), plays out and backs the result up.
fn iterate<G: Decisions>(
    tree: &mut Tree<G::Action>,
    seen: &Seen<G>,
    settings: Settings,
    base: u64,
    world: u64,
    first: G::Action,
    play_out: &mut impl FnMut(&mut G, &mut GameRng) -> [f32; MAX_SEATS],
) -> [f32; MAX_SEATS] {
    let world = match settings.worlds {
        0 => world,
        w => world % u64::from(w),
    };
    let mut game = seen.sample(&mut game_rng(game_seed(base, world)));
    // The play-out's own draws (a random bot's, a tie broken) come from the world too, so two
    // options played in one world meet the same luck.
    let mut rng = game_rng(game_seed(game_seed(base, u64::MAX), world));
    let rng = &mut rng;
    tree.path.clear();
    tree.path.push(0);
    let mover = seen.seat();
    let mut node = {
        let mut child = tree.nodes[0].first_child;
        while child != NONE && tree.nodes[child as usize].action != first {
            child = tree.nodes[child as usize].next_sibling;
        }
        if child == NONE {
            child = tree.nodes.len() as u32;
            tree.nodes.push(Node {
                action: first,
                mover: mover as u8,
                first_child: NONE,
                next_sibling: tree.nodes[0].first_child,
                visits: 0,
                available: 0,
                wins: 0.0,
            });
            tree.nodes[0].first_child = child;
        }
        child as usize
    };
    tree.path.push(node as u32);
    game.apply(first);
    let mut options: Options<G::Action> = ArrayVec::new();
    let mut tried: ArrayVec<bool, MAX_OPTIONS> = ArrayVec::new();
    // Selection, down to a node with an untried action (then expansion) or to the end.
    while let Some(mover) = game.to_move() {
        options.clear();
        game.options(&mut options);
        tried.clear();
        tried.extend(std::iter::repeat_n(false, options.len()));
        let mut matched = 0;
        let (mut chosen, mut top) = (NONE, f32::NEG_INFINITY);
        let mut child = tree.nodes[node].first_child;
        while child != NONE {
            let c = &mut tree.nodes[child as usize];
            if usize::from(c.mover) == mover
                && let Some(k) = options.iter().position(|&a| a == c.action)
            {
                // An option listed twice has one node: count the option once.
                if !tried[k] {
                    tried[k] = true;
                    matched += 1;
                }
                c.available += 1;
                let visits = c.visits as f32;
                let score = c.wins / visits
                    + settings.explore * ((c.available as f32).ln() / visits).sqrt();
                if score > top {
                    (chosen, top) = (child, score);
                }
            }
            child = c.next_sibling;
        }
        if matched < options.len() {
            let pick = rng.below((options.len() - matched) as u32) as usize;
            let k = (0..options.len())
                .filter(|&k| !tried[k])
                .nth(pick)
                .expect("an untried option");
            let new = tree.nodes.len() as u32;
            tree.nodes.push(Node {
                action: options[k],
                mover: mover as u8,
                first_child: NONE,
                next_sibling: tree.nodes[node].first_child,
                visits: 0,
                available: 1,
                wins: 0.0,
            });
            tree.nodes[node].first_child = new;
            tree.path.push(new);
            game.apply(options[k]);
            break;
        }
        tree.path.push(chosen);
        node = chosen as usize;
        game.apply(tree.nodes[node].action);
    }
    let won = play_out(&mut game, rng);
    for &n in &tree.path {
        let n = &mut tree.nodes[n as usize];
        n.visits += 1;
        n.wins += won[usize::from(n.mover)];
    }
    won
}

/// Checks, for each of `positions`, that `bot` decides the same with the same generator in the
/// real game and in games that deal what the seat to move cannot see anew: it decides from what
/// its seat sees. Each game's tests call this on positions from its own play.
#[cfg(test)]
pub(crate) fn assert_blind<G, D>(bot: &D, positions: impl IntoIterator<Item = G>) -> usize
where
    G: Decisions,
    D: Decider<G>,
{
    let mut checked = 0;
    for (k, game) in positions.into_iter().enumerate() {
        let Some(seat) = game.to_move() else { continue };
        let seed = k as u64;
        let decide = |g: &G| {
            bot.decide(
                &Seen::new(g, seat),
                &mut D::Memory::default(),
                &mut game_rng(seed),
            )
        };
        let real = decide(&game);
        for d in 0..3 {
            let other = game.sample(seat, &mut game_rng(seed * 7 + d));
            assert_eq!(decide(&other), real, "position {k}, deal {d}");
        }
        checked += 1;
    }
    checked
}

/// Positions from one game that `lineup` plays from `start`: every `every`-th decision's.
#[cfg(test)]
pub(crate) fn positions<G, M, D>(start: G, seed: u64, lineup: &[D], every: usize) -> Vec<G>
where
    G: Decisions,
    M: Default,
    D: Decider<G, Memory = M>,
{
    let mut table: crate::core::play::Table<G, M> = crate::core::play::Table::new(start, seed);
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(action) = table.decide(lineup) {
        if k % every == 0 {
            out.push(table.game.clone());
        }
        table.game.apply(action);
        k += 1;
    }
    out
}

/// How well `chances` foretells the winner over positions from games `lineup` plays from each
/// of `starts` (every `every`-th decision's, where `chances` gives any): the mean log-loss of
/// each seat's share of the real win, and that of an even chance for every seat, to beat.
#[cfg(test)]
pub(crate) fn log_loss<G, M, D>(
    starts: impl IntoIterator<Item = (G, u64)>,
    lineup: &[D],
    every: usize,
    chances: impl Fn(&G) -> Option<[f32; MAX_SEATS]>,
) -> (f64, f64)
where
    G: Decisions,
    M: Default,
    D: Decider<G, Memory = M>,
{
    let (mut reckoned, mut even, mut n) = (0.0, 0.0, 0);
    for (start, seed) in starts {
        let mut table: crate::core::play::Table<G, M> = crate::core::play::Table::new(start, seed);
        let mut foretold = Vec::new();
        let mut k = 0;
        while let Some(action) = table.decide(lineup) {
            if k % every == 0
                && let Some(c) = chances(&table.game)
            {
                foretold.push(c);
            }
            table.game.apply(action);
            k += 1;
        }
        let outcome = table.game.outcome();
        let won = shares(&outcome);
        let seats = lineup.len();
        for c in foretold {
            for s in 0..seats {
                let w = f64::from(won[s]);
                reckoned -= w * f64::from(c[s]).max(1e-6).ln();
                even -= w * (1.0 / seats as f64).ln();
            }
            n += 1;
        }
    }
    (reckoned / f64::from(n), even / f64::from(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::play::RANDOM;

    /// The test games' own bot, which the search starts from: it always takes the first option.
    const FIRST: Kind = Kind {
        name: "first",
        about: "the first option",
        params: &[],
        roles: &[],
        searches: false,
    };

    const KINDS: &[Kind] = &[RANDOM, FIRST, ISMCTS];

    fn ismcts(settings: &str) -> crate::bots::Agent<First> {
        let bot = crate::core::lineup::parse(&format!("ismcts({settings})"), KINDS, &[]).unwrap();
        crate::bots::Agent::of(&bot)
    }

    fn outcome(winners: u8, turns: u32) -> Outcome {
        Outcome {
            turns,
            capped: false,
            scores: [0; MAX_SEATS],
            winners,
            ending: None,
            values: [0; crate::core::game::MAX_VALUES],
        }
    }

    /// Nim: two seats take 1 to 3 counters in turn from one pile, and whoever takes the last
    /// wins. The winning move leaves a multiple of 4.
    #[derive(Clone)]
    struct Nim {
        left: u8,
        taken: u8,
    }

    impl Decisions for Nim {
        type Action = u8;
        fn to_move(&self) -> Option<Seat> {
            (self.left > 0).then_some(usize::from(self.taken % 2))
        }
        fn option_count(&self) -> usize {
            usize::from(self.left.min(3))
        }
        fn option(&self, k: usize) -> u8 {
            k as u8 + 1
        }
        fn apply(&mut self, take: u8) {
            self.left -= take;
            self.taken += 1;
        }
        fn sample(&self, _: Seat, _: &mut GameRng) -> Self {
            self.clone()
        }
        fn outcome(&self) -> Outcome {
            // The last to take moved at turn `taken - 1`.
            outcome(1 << ((self.taken - 1) % 2), u32::from(self.taken))
        }
    }

    /// A guess: seat 0 names the colour of a card it cannot see, dealt from 7 red and 3 black,
    /// and wins if it is right. Red is right 7 times in 10 whatever the card really is.
    #[derive(Clone)]
    struct Guess {
        black: bool,
        guessed: Option<bool>,
    }

    /// A card to guess, not yet guessed.
    fn card(black: bool) -> Guess {
        Guess {
            black,
            guessed: None,
        }
    }

    impl Decisions for Guess {
        type Action = bool;
        fn to_move(&self) -> Option<Seat> {
            self.guessed.is_none().then_some(0)
        }
        fn option_count(&self) -> usize {
            2
        }
        fn option(&self, k: usize) -> bool {
            // Black first, so the game's own bot (`first`) guesses wrong 7 times in 10.
            k == 0
        }
        fn apply(&mut self, black: bool) {
            self.guessed = Some(black);
        }
        fn sample(&self, _: Seat, rng: &mut GameRng) -> Self {
            Self {
                black: rng.below(10) < 3,
                guessed: self.guessed,
            }
        }
        fn outcome(&self) -> Outcome {
            let right = self.guessed == Some(self.black);
            outcome(if right { 1 } else { 2 }, 1)
        }
    }

    /// Two seats take turns, 40 in all, adding 0 or 1 to their own tally, and seat 1 always
    /// wins in the end. The game reckons each seat's chance by its share of the tallies, so only
    /// a search that stops at a horizon sees that adding 1 helps.
    #[derive(Clone)]
    struct Tally {
        turn: u8,
        tally: [u8; 2],
    }

    impl Decisions for Tally {
        type Action = u8;
        fn to_move(&self) -> Option<Seat> {
            (self.turn < 40).then_some(usize::from(self.turn % 2))
        }
        fn option_count(&self) -> usize {
            2
        }
        fn option(&self, k: usize) -> u8 {
            k as u8
        }
        fn apply(&mut self, add: u8) {
            self.tally[usize::from(self.turn % 2)] += add;
            self.turn += 1;
        }
        fn sample(&self, _: Seat, _: &mut GameRng) -> Self {
            self.clone()
        }
        fn outcome(&self) -> Outcome {
            outcome(2, u32::from(self.turn))
        }
        fn standing(&self) -> Option<[f32; MAX_SEATS]> {
            let [a, b] = self.tally.map(|t| 1.0 + f32::from(t));
            let mut chances = [0.0; MAX_SEATS];
            chances[..2].copy_from_slice(&[a / (a + b), b / (a + b)]);
            Some(chances)
        }
    }

    /// `first` as a typed bot.
    #[derive(Clone, Copy, Debug)]
    struct First;

    impl crate::bots::Own for First {
        fn of(_: &Bot) -> Self {
            First
        }
        fn heuristic(_: Seat) -> Self {
            First
        }
    }

    impl<G: Decisions> Decider<G> for First {
        type Memory = ();
        fn decide(&self, seen: &Seen<G>, _: &mut (), _: &mut GameRng) -> G::Action {
            seen.option(0)
        }
    }

    type Agent = crate::bots::Agent<First>;

    fn take(bot: &Agent, left: u8, seed: u64) -> u8 {
        let game = Nim { left, taken: 0 };
        bot.decide(&Seen::new(&game, 0), &mut (), &mut game_rng(seed))
    }

    #[test]
    fn finds_the_winning_move_in_nim() {
        // From 5 to 11 counters (not 8) only one move of three wins; random play-outs and 1,000
        // iterations find it from every seed tried.
        let bot = ismcts("iterations=1000,rollout=random");
        for left in [5, 6, 7, 9, 10, 11] {
            for seed in 0..10 {
                assert_eq!(take(&bot, left, seed), left % 4, "{left} left, seed {seed}");
            }
        }
        // With 4 iterations (one visit a move, and one more) it cannot know, and does not always
        // find it: the check above can fail.
        let weak = ismcts("iterations=4,rollout=random");
        assert!((0..20).any(|seed| take(&weak, 11, seed) != 3));
    }

    #[test]
    fn a_horizon_scores_play_outs_by_the_game_s_reckoning() {
        let game = Tally {
            turn: 0,
            tally: [0; 2],
        };
        let decide =
            |bot: &Agent, seed| bot.decide(&Seen::new(&game, 0), &mut (), &mut game_rng(seed));
        // Played to the end every option loses, so the search has no reason to leave its own
        // bot's choice, 0.
        let blind = ismcts("iterations=100,rollout=random,horizon=0");
        assert!((0..10).all(|seed| decide(&blind, seed) == 0));
        let horizon = ismcts("iterations=100,rollout=random,horizon=4");
        for seed in 0..10 {
            assert_eq!(decide(&horizon, seed), 1, "seed {seed}");
        }
    }

    #[test]
    fn guesses_from_what_it_sees_not_the_card() {
        // The card is black; a bot that peeked would say so. Every seed says red.
        let game = card(true);
        let bot = ismcts("iterations=200");
        for seed in 0..20 {
            let guess = bot.decide(&Seen::new(&game, 0), &mut (), &mut game_rng(seed));
            assert!(!guess, "seed {seed}");
        }
        let positions = (0..20).map(|k| card(k % 2 == 0));
        assert_eq!(assert_blind(&bot, positions), 20);
    }

    #[test]
    fn the_same_seed_decides_the_same_and_others_differ() {
        let bot = ismcts("iterations=6,rollout=random");
        let answers: Vec<u8> = (0..40).map(|seed| take(&bot, 11, seed)).collect();
        let again: Vec<u8> = (0..40).map(|seed| take(&bot, 11, seed)).collect();
        assert_eq!(answers, again);
        assert!(answers.iter().any(|&a| a != answers[0]), "{answers:?}");
    }

    #[test]
    fn a_world_cap_reuses_deals() {
        // With one world the deal never changes: the guess is right or wrong in every
        // iteration, so the bot names whatever colour that one deal has.
        let game = card(false);
        let one = ismcts("iterations=50,worlds=1");
        let blacks = (0..200)
            .filter(|&seed| one.decide(&Seen::new(&game, 0), &mut (), &mut game_rng(seed)))
            .count();
        // Each seed's one deal is black 3 times in 10: 60 of 200, give or take 5 sd (32).
        assert!((28..=92).contains(&blacks), "{blacks}");
    }

    #[test]
    fn shares_split_a_shared_win() {
        let won = shares(&outcome(0b101, 1));
        assert_eq!(won[..3], [0.5, 0.0, 0.5]);
        assert_eq!(shares(&outcome(0, 1)), [0.0; MAX_SEATS]);
    }

    #[test]
    fn a_second_decision_reuses_the_arena() {
        let bot = ismcts("iterations=100,rollout=random");
        take(&bot, 11, 1);
        let capacity = with_tree(|t: &mut Tree<u8>| (t.nodes.capacity(), t.nodes.as_ptr()));
        take(&bot, 10, 2);
        let after = with_tree(|t: &mut Tree<u8>| (t.nodes.capacity(), t.nodes.as_ptr()));
        assert_eq!(capacity, after);
        assert!(capacity.0 >= 101);
    }
}
