//! Decisions as data: a game paused at each point where a seat must choose, with the legal
//! options listed, applying one, cloning, and sampling what one seat cannot see. Bots that work
//! for every game (`random` here, the search in [`crate::bots`]) are written once against [`Decisions`];
//! a game's own bots read its observation through [`Seen::view`]. Either way a bot holds a
//! [`Seen`], which gives no way to the full state: honesty is a matter of types, not of care.

use arrayvec::ArrayVec;

use crate::core::game::{MAX_SEATS, Outcome, Seat};
use crate::core::lineup::Kind;
use crate::core::rng::{Dice, GameRng, bot_rng};

/// The most options one decision offers, and so the size of the list a search bot asks for.
/// The largest today is the ratings edition's discard: every subset of a hand of up to 12
/// cards. A game whose choices could be more (a move on a board) splits them into steps (the
/// piece, then the square), which a search bot handles as well.
pub const MAX_OPTIONS: usize = 4096;

pub type Options<A> = ArrayVec<A, MAX_OPTIONS>;

/// A game as a state machine between decisions.
pub trait Decisions: Clone {
    /// One option of one decision: small and `Copy`, so a search tree can store it.
    type Action: Copy + PartialEq + std::fmt::Debug + 'static;

    /// The seat that decides now; `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// How many options the decision now offers: at least one while a seat is to move.
    fn option_count(&self) -> usize;

    /// Option `k` (below [`Decisions::option_count`]) of the decision now, always the same one
    /// for the same position. A game answers by counting, without listing the others: that
    /// keeps `random`, which needs only one, as fast as a bot written for the game.
    fn option(&self, k: usize) -> Self::Action;

    /// Every option of the decision now, in order.
    fn options(&self, out: &mut Options<Self::Action>) {
        out.extend((0..self.option_count()).map(|k| self.option(k)));
    }

    /// Takes one of [`Decisions::options`] and plays on to the next decision (chance included).
    fn apply(&mut self, action: Self::Action);

    /// A game consistent with everything `seat` has seen: what it cannot see dealt anew, and
    /// new generators for the chance still to come, so no sample knows the real game's future.
    /// Two games the seat cannot tell apart give the same sample from the same `rng`: a deal
    /// starts from the unseen cards in an order of their own ([`crate::core::rng::deal`]), not the
    /// real game's, or a search bot's decisions would follow the hidden order.
    fn sample(&self, seat: Seat, rng: &mut GameRng) -> Self;

    /// How the game ended; only once [`Decisions::to_move`] is `None`.
    fn outcome(&self) -> Outcome;

    /// Each seat's chance of winning from here, by the game's own reckoning, summing to at most
    /// 1 (the rest to no seat): what a search's play-out scores when it stops at its horizon.
    /// `None`, the default, plays every play-out to the end.
    fn standing(&self) -> Option<[f32; MAX_SEATS]> {
        None
    }
}

/// Chances that grow as `exp(score / spread)`, over the first `players` seats: how a game's
/// [`Decisions::standing`] turns each seat's score into its chance to win, the spread saying
/// how much a lead of one point is still worth.
pub fn softmax(score: &[f32; MAX_SEATS], players: usize, spread: f32) -> [f32; MAX_SEATS] {
    let top = score[..players].iter().copied().fold(f32::MIN, f32::max);
    let mut chances = [0.0; MAX_SEATS];
    let mut total = 0.0;
    for (c, &s) in chances.iter_mut().zip(&score[..players]) {
        *c = ((s - top) / spread).exp();
        total += *c;
    }
    for c in &mut chances[..players] {
        *c /= total;
    }
    chances
}

/// What one seat of a game sees: its own secrets and the public table, borrowed from the game
/// for `'a`. Apart from [`Decisions`] so that a game that gives its bots no view (a test's toy
/// game, a bot that decides from its options alone) need not declare one.
pub trait Observe<'a> {
    type View;

    fn view(&'a self, seat: Seat) -> Self::View;
}

/// A game as the seat to move may know it: its observation, its options, and samples of what
/// it cannot see. It does not hand out the game itself.
pub struct Seen<'g, G> {
    game: &'g G,
    seat: Seat,
}

impl<'g, G: Decisions> Seen<'g, G> {
    pub fn new(game: &'g G, seat: Seat) -> Self {
        Self { game, seat }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn view(&self) -> G::View
    where
        G: Observe<'g>,
    {
        self.game.view(self.seat)
    }

    pub fn option_count(&self) -> usize {
        self.game.option_count()
    }

    pub fn option(&self, k: usize) -> G::Action {
        self.game.option(k)
    }

    pub fn options(&self, out: &mut Options<G::Action>) {
        self.game.options(out);
    }

    pub fn sample(&self, rng: &mut GameRng) -> G {
        self.game.sample(self.seat, rng)
    }
}

/// The `k`-th item of `items`: how a game finds option `k` among the legal ones without listing
/// them.
pub fn nth_of<T>(mut items: impl Iterator<Item = T>, k: usize) -> T {
    items.nth(k).expect("an option below the count")
}

/// `random`, first in every game's list of bots.
pub const RANDOM: Kind = Kind {
    name: "random",
    about: "uniform among the legal options at every decision (the reference the tests measure against)",
    params: &[],
    roles: &[],
    searches: false,
};

/// `random`'s decision: one draw of `below(n)` over the `n` options, so each is equally likely
/// (and a decision with one option still takes its draw: the stream does not depend on it).
pub fn random<G: Decisions>(seen: &Seen<G>, rng: &mut GameRng) -> G::Action {
    seen.option(rng.below(seen.option_count() as u32) as usize)
}

/// Whatever decides a seat's moves in `G`: a chosen [`Bot`], or a script in a test.
pub trait Decider<G: Decisions> {
    /// What one seat's bot remembers within one game; a new one for each seat at the start of
    /// each game. Fixed-size, so remembering allocates nothing.
    type Memory: Default + Clone;

    fn decide(&self, seen: &Seen<G>, memory: &mut Self::Memory, rng: &mut GameRng) -> G::Action;
}

/// A game in play: the game, each seat's memory, and the generator the bots draw from (never
/// the one chance draws from, so a bot's choices cannot shift the dealing).
#[derive(Clone)]
pub struct Table<G, M> {
    pub game: G,
    memory: [M; MAX_SEATS],
    rng: GameRng,
}

impl<G: Decisions, M: Default> Table<G, M> {
    /// `game` as set up from `seed`, with fresh memory for every seat.
    pub fn new(game: G, seed: u64) -> Self {
        Self {
            game,
            memory: Default::default(),
            rng: bot_rng(seed),
        }
    }

    /// What the seat to move decides, with `lineup[seat]` deciding; `None` once over. Inlined
    /// into each game's loop: called once a decision, its call would cost a few percent of a
    /// heuristic bot's game.
    #[inline(always)]
    pub fn decide<D: Decider<G, Memory = M>>(&mut self, lineup: &[D]) -> Option<G::Action> {
        let seat = self.game.to_move()?;
        let seen = Seen::new(&self.game, seat);
        Some(lineup[seat].decide(&seen, &mut self.memory[seat], &mut self.rng))
    }

    /// Plays the game to its end unobserved.
    pub fn play_out<D: Decider<G, Memory = M>>(&mut self, lineup: &[D]) -> Outcome {
        while let Some(action) = self.decide(lineup) {
            self.game.apply(action);
        }
        self.game.outcome()
    }

    /// Plays the game to its end, showing `watch` the game before every decision and once more
    /// at the end: for tests that check every position a game passes through.
    #[cfg(test)]
    pub fn play_watched<D: Decider<G, Memory = M>>(
        &mut self,
        lineup: &[D],
        mut watch: impl FnMut(&G),
    ) -> Outcome {
        loop {
            watch(&self.game);
            let Some(action) = self.decide(lineup) else {
                return self.game.outcome();
            };
            self.game.apply(action);
        }
    }

    /// Plays the game to its end, and returns every action taken (as `{:?}` writes it) with the
    /// outcome: what a golden game pins.
    #[cfg(test)]
    pub fn play_logged<D: Decider<G, Memory = M>>(
        &mut self,
        lineup: &[D],
    ) -> (Vec<String>, Outcome) {
        let mut actions = Vec::new();
        while let Some(action) = self.decide(lineup) {
            actions.push(format!("{action:?}"));
            self.game.apply(action);
        }
        (actions, self.game.outcome())
    }
}

impl<G, M> std::ops::Deref for Table<G, M> {
    type Target = G;
    fn deref(&self) -> &G {
        &self.game
    }
}

impl<G, M> std::ops::DerefMut for Table<G, M> {
    fn deref_mut(&mut self) -> &mut G {
        &mut self.game
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::core::rng::game_rng;

    /// Counts how often each distinct answer comes up in `n` calls and checks every one of the
    /// `options` is equally likely (each count within 5 standard deviations of n/options).
    pub fn assert_uniform<T: Ord + std::fmt::Debug>(
        n: u32,
        options: usize,
        mut draw: impl FnMut() -> T,
    ) {
        let mut counts = std::collections::BTreeMap::new();
        for _ in 0..n {
            *counts.entry(draw()).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), options, "{counts:?}");
        let p = 1.0 / options as f64;
        let (mean, sd) = (f64::from(n) * p, (f64::from(n) * p * (1.0 - p)).sqrt());
        for (answer, &c) in &counts {
            assert!(
                (f64::from(c) - mean).abs() < 5.0 * sd,
                "{answer:?}: {c} of {n}, expected {mean:.0}"
            );
        }
    }

    /// A test game: two seats take turns for six decisions; at decision `k` the seat chooses
    /// among `k % 4 + 1` numbers, and each seat is dealt a secret card the other cannot see.
    #[derive(Clone)]
    struct Count {
        made: u8,
        cards: [u8; 2],
        chosen: [u32; 2],
    }

    impl Decisions for Count {
        type Action = u8;

        fn to_move(&self) -> Option<Seat> {
            (self.made < 6).then_some(self.made as usize % 2)
        }
        fn option_count(&self) -> usize {
            usize::from(self.made % 4 + 1)
        }
        fn option(&self, k: usize) -> u8 {
            k as u8
        }
        fn apply(&mut self, action: u8) {
            assert!(action <= self.made % 4);
            self.chosen[self.made as usize % 2] += u32::from(action);
            self.made += 1;
        }
        fn sample(&self, seat: Seat, rng: &mut GameRng) -> Self {
            let mut game = self.clone();
            game.cards[1 - seat] = rng.below(10) as u8;
            game
        }
        fn outcome(&self) -> Outcome {
            let mut scores = [0; MAX_SEATS];
            scores[0] = self.chosen[0] as i32;
            scores[1] = self.chosen[1] as i32;
            Outcome {
                turns: u32::from(self.made),
                capped: false,
                scores,
                winners: if scores[0] >= scores[1] { 1 } else { 2 },
                ending: None,
                values: [0; crate::core::game::MAX_VALUES],
            }
        }
    }

    fn new_game() -> Count {
        Count {
            made: 0,
            cards: [3, 7],
            chosen: [0; 2],
        }
    }

    #[test]
    fn random_takes_each_option_equally_often() {
        let mut rng = game_rng(1);
        let mut game = new_game();
        for k in 1..4u8 {
            game.made = k;
            let seen = Seen::new(&game, game.to_move().unwrap());
            assert_uniform(20_000, usize::from(k) + 1, || random(&seen, &mut rng));
        }
        // One option still takes its draw, so the stream does not depend on the count.
        game.made = 0;
        let (mut a, mut b) = (game_rng(5), game_rng(5));
        assert_eq!(random(&Seen::new(&game, 0), &mut a), 0);
        b.below(7);
        assert_eq!(a.below(1000), b.below(1000));
    }

    /// Remembers how many decisions its seat has made this game, and answers with its count
    /// (or the last option, when the count is beyond it).
    struct Counter;

    impl Observe<'_> for Count {
        type View = (u8, u8);

        fn view(&self, seat: Seat) -> (u8, u8) {
            (self.made, self.cards[seat])
        }
    }

    impl Decider<Count> for Counter {
        type Memory = u8;
        fn decide(&self, seen: &Seen<Count>, memory: &mut u8, _: &mut GameRng) -> u8 {
            let (made, card) = seen.view();
            assert_eq!(card, [3, 7][seen.seat()], "a seat sees its own card");
            *memory += 1;
            (*memory - 1).min(made % 4)
        }
    }

    #[test]
    fn each_seat_has_its_own_memory_fresh_each_game() {
        for seed in 0..2 {
            let mut table = Table::new(new_game(), seed);
            let mut made = Vec::new();
            while let Some(action) = table.decide(&[Counter, Counter]) {
                made.push(action);
                table.game.apply(action);
            }
            // Seat 0 decides at 0, 2, 4 (options 1, 3, 1), seat 1 at 1, 3, 5 (2, 4, 2); each
            // answers 0, 1, 2 as far as its options reach, in the second game as in the first.
            assert_eq!(made, [0, 0, 1, 1, 0, 1]);
            assert_eq!(table.game.outcome().scores[..2], [1, 2]);
        }
    }

    #[test]
    fn a_sample_keeps_what_the_seat_sees() {
        let game = new_game();
        let seen = Seen::new(&game, 0);
        let mut rng = game_rng(2);
        let samples: Vec<Count> = (0..50).map(|_| seen.sample(&mut rng)).collect();
        assert!(samples.iter().all(|s| s.cards[0] == 3));
        assert!(
            samples.iter().any(|s| s.cards[1] != 7),
            "the other card is dealt anew"
        );
    }
}
