//! The rules of Cheesy Heist as a state machine paused at each decision: a turn's plays, the
//! Defence cards answering a Cat, the cards a Cheese Vault keeps, and the blind takes of a
//! scramble. Seat 0 sits on the dealer's left and takes the first turn.

use arrayvec::ArrayVec;

use super::config::{
    CAT, CHEESE, DECOY, GIFT, GRATER, MAX_DECK, MAX_KINDS, Piles, Rules, THIEF, VAULT,
};
use crate::core::game::{MAX_SEATS, MAX_VALUES, Outcome, Seat};
use crate::core::play::{Decisions, Observe, Options, nth_of};
use crate::core::rng::{Dice, GameRng, fresh, game_rng, shuffle};

/// Cards by kind: a hand, a dropped pile, the discards.
pub type Cards = [u8; MAX_KINDS];

/// "No kind", in a [`Action::Keep`] that keeps fewer cards than it could.
pub const NONE: u8 = u8::MAX;

/// Adds `more` to `cards`, kind by kind.
fn add(cards: &mut Cards, more: &Cards) {
    for (c, &m) in cards.iter_mut().zip(more) {
        *c += m;
    }
}

const _: () = assert!(
    MAX_DECK <= u8::MAX as usize,
    "a place's count must fit a byte"
);

fn total(cards: &Cards) -> u32 {
    // No place holds more than the deck's `MAX_DECK` cards, so the byte sum never wraps; in
    // bytes it is a few vector instructions, widened one element at a time a chain of adds (and
    // every play syncs the counts).
    let sum = cards.iter().fold(0u8, |a, &n| a.wrapping_add(n));
    debug_assert_eq!(
        u32::from(sum),
        cards.iter().map(|&n| u32::from(n)).sum::<u32>()
    );
    u32::from(sum)
}

/// A card left `cards` that the watcher did not see: one fewer of every kind is still sure.
/// A card of kind `k` left `cards` before the watcher's eyes.
fn one_less(cards: &mut Cards, k: usize) {
    cards[k] = cards[k].saturating_sub(1);
}

fn forget_one(cards: &mut Cards) {
    for c in cards.iter_mut() {
        *c = c.saturating_sub(1);
    }
}

/// One card of `cards` chosen blindly: each card equally likely. `cards` is not empty.
fn blind(cards: &Cards, rng: &mut GameRng) -> u8 {
    let mut k = rng.below(total(cards));
    for (kind, &n) in cards.iter().enumerate() {
        if k < u32::from(n) {
            return kind as u8;
        }
        k -= u32::from(n);
    }
    unreachable!("a card below the total")
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Ending {
    /// A turn ended with players holding the goal in Cheese and no Cat: they win.
    Goal,
    /// The draw pile ran out; after the last scramble the most Cheese without a Cat wins.
    DeckEmpty,
    /// The draw pile ran out and everyone held a Cat.
    EveryoneLoses,
    /// The safety cap on turns.
    Capped,
}

/// Each ending's label in `games.csv` and `endings.csv`, in [`Ending`] order.
pub const ENDINGS: [&str; 4] = [
    "goal",
    "deck_empty",
    "everyone_loses",
    crate::core::game::CAPPED_ENDING,
];

/// The question put to the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The turn player: draw (ending the turn), play a Cat (ending it), or play a Mirage set or
    /// an Attack card and be asked again.
    Turn,
    /// A player holding a Defence card, when a Cat is played: pass, a Cheese Vault, a Decoy.
    Defend,
    /// A player who played a Cheese Vault: which cards to keep.
    Keep,
    /// The player to take a card in a scramble: whose dropped cards to take one from.
    Take,
}

/// One option of one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// End the turn by drawing a card (with the draw pile empty: the last scramble).
    Draw,
    /// End the turn by playing a Cat.
    Cat,
    /// A Mirage set (three kinds, the same one thrice for identical cards) shown to make
    /// `target` show its hand.
    Mirage {
        kinds: [u8; 3],
        target: u8,
    },
    Thief(u8),
    Grater(u8),
    /// Give a Cat to this player.
    Gift(u8),
    Pass,
    Vault,
    Decoy,
    /// The kinds a Cheese Vault keeps ([`NONE`] for none).
    Keep([u8; 3]),
    /// Take one card blindly from this player's dropped cards.
    Take(u8),
}

/// What every player sees.
#[derive(Clone, Debug, Default)]
pub struct Public {
    /// Turns completed.
    pub turns: u32,
    pub turn_player: Seat,
    /// Cards each player holds.
    pub hand: [u8; MAX_SEATS],
    /// Cards each player dropped in the scramble under way, still to be taken.
    pub dropped: [u8; MAX_SEATS],
    /// Cards in the draw pile.
    pub pile: u8,
    /// The cards played face up, by kind.
    pub discard: Cards,
    /// The player whose Cat started the scramble under way, and whether it is the last one
    /// (the draw pile ran out).
    pub scramble: Option<(Seat, bool)>,
    /// Players who played a Cheese Vault in the scramble under way.
    pub vaulted: u16,
    /// Cards each player has played, by kind (Mirages counted one a card).
    pub played: [Cards; MAX_SEATS],
    pub scrambles: u32,
    pub decoyed: u32,
}

/// What one seat knows for sure of the cards it cannot see, by kind: a lower bound on each
/// other hand and on each dropped pile (its own pile too, once blind takes have thinned it).
/// The engine keeps it from what the seat saw: a Mirage showing a hand, the cards it stole,
/// grated or took, a Gift's Cat, a thief taking its card, the kinds others play face up. A card
/// that leaves a place unseen takes one off every kind's bound there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Known {
    pub hands: [Cards; MAX_SEATS],
    pub drops: [Cards; MAX_SEATS],
}

/// The table as one seat sees it.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub public: &'a Public,
    pub me: Seat,
    pub asked: Option<Decision>,
    pub hand: &'a Cards,
    /// What it knows of the other hands and of the dropped piles.
    pub known: &'a Known,
}

#[derive(Clone)]
pub struct Engine<'r> {
    pub rules: &'r Rules,
    public: Public,
    hands: [Cards; MAX_SEATS],
    dropped: [Cards; MAX_SEATS],
    /// Each seat's knowledge, for its view.
    known: [Known; MAX_SEATS],
    /// The draw pile, top card last.
    pile: ArrayVec<u8, MAX_DECK>,
    /// The decision play waits on; `None` once the game is over.
    asked: Option<Decision>,
    /// The seat asked now.
    seat: Seat,
    /// Defence: how many players have been offered it.
    offered: u8,
    /// Vaults whose cards are chosen.
    kept: u16,
    rng: GameRng,
    ending: Option<Ending>,
    winners: u8,
}

impl<'r> Engine<'r> {
    /// Setup: the deck shuffled, a hand dealt to each player, seat 0 to start.
    pub fn new(rules: &'r Rules, seed: u64) -> Self {
        let mut rng = game_rng(seed);
        let mut pile: ArrayVec<u8, MAX_DECK> = rules.deck.iter().copied().collect();
        shuffle(&mut pile, &mut rng);
        let mut hands = [[0; MAX_KINDS]; MAX_SEATS];
        for _ in 0..rules.hand_size {
            for hand in hands.iter_mut().take(rules.players) {
                let card = pile.pop().expect("a card for every hand");
                hand[usize::from(card)] += 1;
            }
        }
        let mut game = Self {
            rules,
            public: Public::default(),
            hands,
            dropped: [[0; MAX_KINDS]; MAX_SEATS],
            known: [Known::default(); MAX_SEATS],
            pile,
            asked: Some(Decision::Turn),
            seat: 0,
            offered: 0,
            kept: 0,
            rng,
            ending: None,
            winners: 0,
        };
        game.start_turn(0);
        game
    }

    pub fn public(&self) -> &Public {
        &self.public
    }

    pub fn hand(&self, seat: Seat) -> &Cards {
        &self.hands[seat]
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Shows `seat`'s hand to everyone, as a Mirage set does.
    pub(super) fn show(&mut self, seat: Seat) {
        let hand = self.hands[seat];
        self.others_learn(seat, |known| known.hands[seat] = hand);
    }

    /// What `seat` knows of the cards it cannot see.
    pub fn known(&self, seat: Seat) -> &Known {
        &self.known[seat]
    }

    /// `attacker` took a card from `victim`'s hand that no one else saw.
    fn bystanders_forget(&mut self, attacker: Seat, victim: Seat) {
        for o in self.others(attacker).filter(|&o| o != victim) {
            forget_one(&mut self.known[o].hands[victim]);
        }
    }

    /// Every other seat's bound on `seat`'s hand, changed by `update`.
    fn others_learn(&mut self, seat: Seat, mut update: impl FnMut(&mut Known)) {
        for o in self.others(seat) {
            update(&mut self.known[o]);
        }
    }

    pub fn decision(&self) -> Option<Decision> {
        self.asked
    }

    /// Every card that is not played, wherever it is: the hands, the dropped piles, the draw
    /// pile, by kind. With the discards, the whole deck: for the invariant tests.
    pub fn unplayed(&self) -> Cards {
        let mut all = [0; MAX_KINDS];
        for s in 0..self.rules.players {
            add(&mut all, &self.hands[s]);
            add(&mut all, &self.dropped[s]);
        }
        for &c in &self.pile {
            all[usize::from(c)] += 1;
        }
        all
    }

    fn players(&self) -> usize {
        self.rules.players
    }

    fn next(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players()
    }

    fn ask(&mut self, seat: Seat, d: Decision) {
        self.seat = seat;
        self.asked = Some(d);
        self.sync();
    }

    /// The public counts that mirror the private piles.
    fn sync(&mut self) {
        for s in 0..self.players() {
            self.public.hand[s] = total(&self.hands[s]) as u8;
            self.public.dropped[s] = total(&self.dropped[s]) as u8;
        }
        self.public.pile = self.pile.len() as u8;
    }

    fn end(&mut self, ending: Ending, winners: u8) {
        self.ending = Some(ending);
        self.winners = winners;
        self.asked = None;
        self.sync();
    }

    fn start_turn(&mut self, seat: Seat) {
        if self.public.turns >= self.rules.max_turns {
            return self.end(Ending::Capped, 0);
        }
        self.public.turn_player = seat;
        self.ask(seat, Decision::Turn);
    }

    /// "wait for the current turn to be finished": then everyone holding the goal in Cheese
    /// and no Cat wins, together; else `next` starts a turn.
    fn end_turn(&mut self, next: Seat) {
        self.public.turns += 1;
        self.public.scramble = None;
        self.public.vaulted = 0;
        let goal = self.rules.goal;
        let winners = (0..self.players())
            .filter(|&s| self.hands[s][usize::from(CHEESE)] >= goal && self.hands[s][0] == 0)
            .fold(0u8, |m, s| m | 1 << s);
        if winners != 0 {
            self.end(Ending::Goal, winners);
        } else {
            self.start_turn(next);
        }
    }

    /// Plays a card from `seat`'s hand face up.
    fn discard(&mut self, seat: Seat, kind: u8) {
        let k = usize::from(kind);
        assert!(self.hands[seat][k] > 0, "seat {seat} plays a card it lacks");
        self.hands[seat][k] -= 1;
        self.public.discard[k] += 1;
        self.public.played[seat][k] += 1;
        self.others_learn(seat, |known| one_less(&mut known.hands[seat], k));
    }

    /// The Mirage sets `seat` can show ([`mirage_sets`]).
    fn mirage_sets(&self, seat: Seat) -> impl Iterator<Item = [u8; 3]> + use<> {
        mirage_sets(self.rules, &self.hands[seat])
    }

    /// The other players, from `seat`'s left.
    fn others(&self, seat: Seat) -> impl Iterator<Item = Seat> + use<> {
        crate::core::game::others(seat, self.rules.players)
    }

    /// The turn player's options, in order.
    fn turn_options(&self) -> impl Iterator<Item = Action> + '_ {
        let me = self.seat;
        let hand = &self.hands[me];
        let has = move |k: u8| hand[usize::from(k)] > 0;
        let cards = |s: Seat| self.public.hand[s] > 0;
        let mirages = self.mirage_sets(me).flat_map(move |kinds| {
            self.others(me).map(move |t| Action::Mirage {
                kinds,
                target: t as u8,
            })
        });
        let thief = self
            .others(me)
            .filter(move |&t| has(THIEF) && cards(t))
            .map(|t| Action::Thief(t as u8));
        let grater = self
            .others(me)
            .filter(move |&t| has(GRATER) && cards(t))
            .map(|t| Action::Grater(t as u8));
        let gift = self
            .others(me)
            .filter(move |_| has(GIFT) && has(CAT))
            .map(|t| Action::Gift(t as u8));
        [Action::Draw]
            .into_iter()
            .chain(has(CAT).then_some(Action::Cat))
            .chain(mirages)
            .chain(thief)
            .chain(grater)
            .chain(gift)
    }

    /// What a Cheese Vault can keep: every choice of `vault_keeps` cards of the hand, by kind
    /// (lowest first; a hand no larger keeps itself without a choice).
    fn keeps(&self) -> impl Iterator<Item = [u8; 3]> + use<> {
        keeps(self.rules, &self.hands[self.seat])
    }

    /// The dropped piles a taker may take from.
    fn piles(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players()).filter(|&s| self.public.dropped[s] > 0)
    }

    /// A Cat was played (or the draw pile ran out): the Defence cards, from the left of
    /// `cat_player`, each player once.
    fn scramble(&mut self, cat_player: Seat, last: bool) {
        self.public.scramble = Some((cat_player, last));
        self.public.vaulted = 0;
        self.offered = 0;
        self.kept = 0;
        self.next_defence();
    }

    fn next_defence(&mut self) {
        let (cat_player, _) = self.public.scramble.expect("a scramble");
        while usize::from(self.offered) < self.players() {
            let s = (cat_player + 1 + usize::from(self.offered)) % self.players();
            self.offered += 1;
            let hand = &self.hands[s];
            let vault = hand[usize::from(VAULT)] > 0 && self.public.vaulted & 1 << s == 0;
            if vault || hand[usize::from(DECOY)] > 0 {
                return self.ask(s, Decision::Defend);
            }
        }
        self.next_keep();
    }

    /// The players who played a Cheese Vault choose their cards, from the Cat player's left;
    /// then everyone drops the rest and the taking starts.
    fn next_keep(&mut self) {
        let (cat_player, last) = self.public.scramble.expect("a scramble");
        for i in 1..=self.players() {
            let s = (cat_player + i) % self.players();
            if self.public.vaulted & !self.kept & 1 << s == 0 {
                continue;
            }
            if total(&self.hands[s]) as usize > self.rules.vault_keeps {
                return self.ask(s, Decision::Keep);
            }
            // It keeps its whole hand.
            self.kept |= 1 << s;
        }
        for s in 0..self.players() {
            if self.public.vaulted & 1 << s == 0 {
                self.dropped[s] = std::mem::take(&mut self.hands[s]);
                self.others_learn(s, |known| {
                    known.drops[s] = std::mem::take(&mut known.hands[s]);
                });
            }
            self.known[s].drops[s] = self.dropped[s];
        }
        self.public.scrambles += 1;
        // "starting from the one on your left"; the last scramble: "You start the collecting".
        let first = if last {
            cat_player
        } else {
            self.next(cat_player)
        };
        self.take_from(first);
    }

    /// `seat` takes the next card, or the scramble is over.
    fn take_from(&mut self, seat: Seat) {
        self.sync();
        if self.piles().next().is_none() {
            // Nothing was dropped.
            return self.after_scramble(seat);
        }
        match self.rules.piles {
            Piles::ByOwner => self.ask(seat, Decision::Take),
            Piles::Mixed => {
                let mut all = [0; MAX_KINDS];
                for d in &self.dropped[..self.players()] {
                    add(&mut all, d);
                }
                let kind = blind(&all, &mut self.rng);
                let owner = (0..self.players())
                    .find(|&s| self.dropped[s][usize::from(kind)] > 0)
                    .expect("an owner");
                self.take(seat, owner, kind);
            }
        }
    }

    fn take(&mut self, seat: Seat, owner: Seat, kind: u8) {
        let k = usize::from(kind);
        let size = self.public.dropped[owner];
        for o in 0..self.players() {
            let known = &mut self.known[o];
            match self.rules.piles {
                // The taker sees its card; the others see it if the pile held only that kind.
                Piles::ByOwner if o == seat => one_less(&mut known.drops[owner], k),
                Piles::ByOwner => {
                    if known.drops[owner][k] == size {
                        known.hands[seat][k] += 1;
                    }
                    forget_one(&mut known.drops[owner]);
                }
                // Mixed piles: no one knows which pile a card came from.
                Piles::Mixed => {
                    for drop in &mut known.drops[..self.rules.players] {
                        if o == seat {
                            one_less(drop, k);
                        } else {
                            forget_one(drop);
                        }
                    }
                }
            }
        }
        self.dropped[owner][k] -= 1;
        self.hands[seat][k] += 1;
        let next = self.next(seat);
        if self.dropped.iter().all(|d| total(d) == 0) {
            // "The last player, who didn't get a card, starts their regular turn."
            self.sync();
            self.after_scramble(next);
        } else {
            self.take_from(next);
        }
    }

    /// The scramble is over (or a Decoy skipped it): the last one ends the game; any other
    /// ends the Cat player's turn, with `next` to start.
    fn after_scramble(&mut self, next: Seat) {
        let (_, last) = self.public.scramble.expect("a scramble");
        if !last {
            return self.end_turn(next);
        }
        self.public.turns += 1;
        let clean = (0..self.players()).filter(|&s| self.hands[s][usize::from(CAT)] == 0);
        let most = clean
            .clone()
            .map(|s| self.hands[s][usize::from(CHEESE)])
            .max();
        match most {
            None => self.end(Ending::EveryoneLoses, 0),
            Some(most) => {
                let winners = clean
                    .filter(|&s| self.hands[s][usize::from(CHEESE)] == most)
                    .fold(0u8, |m, s| m | 1 << s);
                self.end(Ending::DeckEmpty, winners);
            }
        }
    }

    /// Plays `action` and on to the next decision.
    pub fn play(&mut self, action: Action) {
        let Some(asked) = self.asked else {
            panic!("{action:?} after the game is over");
        };
        let me = self.seat;
        match (asked, action) {
            (Decision::Turn, Action::Draw) => match self.pile.pop() {
                Some(card) => {
                    self.hands[me][usize::from(card)] += 1;
                    self.end_turn(self.next(me));
                }
                // "the draw pile is depleted": the last scramble, "as if a Cat card was
                // played", which the drawing player starts collecting.
                None => self.scramble(me, true),
            },
            (Decision::Turn, Action::Cat) => {
                self.discard(me, CAT);
                self.scramble(me, false);
            }
            (Decision::Turn, Action::Mirage { kinds, target }) => {
                for k in kinds {
                    self.discard(me, k);
                }
                self.show(usize::from(target));
                self.ask(me, Decision::Turn);
            }
            (Decision::Turn, Action::Thief(target)) => {
                self.discard(me, THIEF);
                let t = usize::from(target);
                let card = usize::from(blind(&self.hands[t], &mut self.rng));
                self.hands[t][card] -= 1;
                self.hands[me][card] += 1;
                // The thief and its victim see the card; the others only that one left.
                one_less(&mut self.known[me].hands[t], card);
                self.known[t].hands[me][card] += 1;
                self.bystanders_forget(me, t);
                self.ask(me, Decision::Turn);
            }
            (Decision::Turn, Action::Grater(target)) => {
                self.discard(me, GRATER);
                let t = usize::from(target);
                for _ in 0..2 {
                    if total(&self.hands[t]) > 0 {
                        let card = blind(&self.hands[t], &mut self.rng);
                        let k = usize::from(card);
                        self.hands[t][k] -= 1;
                        self.pile.push(card);
                        one_less(&mut self.known[me].hands[t], k);
                        self.bystanders_forget(me, t);
                    }
                }
                shuffle(&mut self.pile, &mut self.rng);
                self.ask(me, Decision::Turn);
            }
            (Decision::Turn, Action::Gift(target)) => {
                self.discard(me, GIFT);
                let (t, cat) = (usize::from(target), usize::from(CAT));
                self.hands[me][cat] -= 1;
                self.hands[t][cat] += 1;
                // Everyone sees the Cat change hands.
                self.others_learn(me, |known| one_less(&mut known.hands[me], cat));
                self.others_learn(t, |known| known.hands[t][cat] += 1);
                self.ask(me, Decision::Turn);
            }
            (Decision::Defend, Action::Pass) => self.next_defence(),
            (Decision::Defend, Action::Vault) => {
                self.discard(me, VAULT);
                self.public.vaulted |= 1 << me;
                self.next_defence();
            }
            (Decision::Defend, Action::Decoy) => {
                self.discard(me, DECOY);
                // Any Cheese Vault played before it is wasted; the collection is skipped.
                self.public.decoyed += 1;
                self.public.vaulted = 0;
                let (cat_player, _) = self.public.scramble.expect("a scramble");
                self.after_scramble(self.next(cat_player));
            }
            (Decision::Keep, Action::Keep(kinds)) => {
                let mut keep = [0; MAX_KINDS];
                for k in kinds.into_iter().filter(|&k| k != NONE) {
                    keep[usize::from(k)] += 1;
                }
                let hand = self.hands[me];
                for (d, (&h, &k)) in self.dropped[me].iter_mut().zip(hand.iter().zip(&keep)) {
                    assert!(k <= h, "a Vault keeps a card it lacks");
                    *d = h - k;
                }
                self.hands[me] = keep;
                // The others know the hand split, not how: a kind sure to be in it is sure
                // to be in a part only beyond the other part's size.
                let (kept, left) = (total(&keep) as u8, total(&self.dropped[me]) as u8);
                self.others_learn(me, |known| {
                    let sure = known.hands[me];
                    for (k, &n) in sure.iter().enumerate() {
                        known.hands[me][k] = n.saturating_sub(left);
                        known.drops[me][k] = n.saturating_sub(kept);
                    }
                });
                self.kept |= 1 << me;
                self.next_keep();
            }
            (Decision::Take, Action::Take(owner)) => {
                let o = usize::from(owner);
                assert!(self.public.dropped[o] > 0, "nothing to take from seat {o}");
                let kind = blind(&self.dropped[o], &mut self.rng);
                self.take(me, o, kind);
            }
            (asked, action) => panic!("{action:?} is no answer to {asked:?}"),
        }
    }
}

/// The kinds of `range` that `hand` holds at least `least` of, lowest first, and how many:
/// what the option lists choose from, as a kind the hand lacks is in no option. [`NONE`] fills
/// the rest.
fn held(hand: &Cards, range: std::ops::Range<u8>, least: u8) -> ([u8; MAX_KINDS + 1], usize) {
    let mut kinds = [NONE; MAX_KINDS + 1];
    let mut n = 0;
    for k in range.filter(|&k| hand[usize::from(k)] >= least) {
        kinds[n] = k;
        n += 1;
    }
    (kinds, n)
}

/// The Mirage sets a hand can show: three of a kind, then three kinds, lowest first.
pub fn mirage_sets(rules: &Rules, hand: &Cards) -> impl Iterator<Item = [u8; 3]> + use<> {
    let (triples, t) = held(hand, rules.mirages(), 3);
    let (kinds, n) = held(hand, rules.mirages(), 1);
    let distinct = (0..n).flat_map(move |x| {
        (x + 1..n).flat_map(move |y| (y + 1..n).map(move |z| [kinds[x], kinds[y], kinds[z]]))
    });
    (0..t).map(move |i| [triples[i]; 3]).chain(distinct)
}

/// The sets of up to `rules.vault_keeps` cards a hand can keep when its Vault splits it, as
/// kinds from lowest, [`NONE`] for a slot past the rules' count.
fn keeps(rules: &Rules, hand: &Cards) -> impl Iterator<Item = [u8; 3]> + use<> {
    let n = rules.vault_keeps;
    let (kinds, last) = held(hand, 0..rules.kinds() as u8, 1);
    let hand = *hand;
    // Slot `i` of the choice: a held kind no lower than the one before (by its index in
    // `kinds`), or none past `n` (the index past the held kinds, where NONE stands).
    let slot = move |on: bool, from: usize| if on { from..last } else { last..last + 1 };
    let fits = move |set: &[u8; 3]| {
        let mut need = [0u8; MAX_KINDS];
        for &k in set.iter().filter(|&&k| k != NONE) {
            need[usize::from(k)] += 1;
        }
        (0..MAX_KINDS).all(|k| need[k] <= hand[k])
    };
    slot(n >= 1, 0)
        .flat_map(move |a| {
            slot(n >= 2, a).flat_map(move |b| slot(n >= 3, b).map(move |c| [a, b, c]))
        })
        .map(move |set| set.map(|i| kinds[i]))
        .filter(fits)
}

impl<'r> Decisions for Engine<'r> {
    type Action = Action;

    fn to_move(&self) -> Option<Seat> {
        self.decision().map(|_| self.seat)
    }

    fn option_count(&self) -> usize {
        match self.decision() {
            None => 0,
            Some(Decision::Turn) => self.turn_options().count(),
            Some(Decision::Defend) => {
                let hand = &self.hands[self.seat];
                let vault = self.public.vaulted & 1 << self.seat == 0;
                1 + usize::from(vault && hand[usize::from(VAULT)] > 0)
                    + usize::from(hand[usize::from(DECOY)] > 0)
            }
            Some(Decision::Keep) => self.keeps().count(),
            Some(Decision::Take) => self.piles().count(),
        }
    }

    fn option(&self, k: usize) -> Action {
        match self.decision().expect("a seat is to move") {
            Decision::Turn => nth_of(self.turn_options(), k),
            Decision::Defend => {
                let hand = &self.hands[self.seat];
                let vault = self.public.vaulted & 1 << self.seat == 0;
                let options = [
                    Some(Action::Pass),
                    (vault && hand[usize::from(VAULT)] > 0).then_some(Action::Vault),
                    (hand[usize::from(DECOY)] > 0).then_some(Action::Decoy),
                ];
                nth_of(options.into_iter().flatten(), k)
            }
            Decision::Keep => Action::Keep(nth_of(self.keeps(), k)),
            Decision::Take => Action::Take(nth_of(self.piles(), k) as u8),
        }
    }

    /// Listed in one pass (the default asks for each option by number, walking the list
    /// again each time).
    fn options(&self, out: &mut Options<Action>) {
        match self.decision() {
            Some(Decision::Turn) => out.extend(self.turn_options()),
            Some(Decision::Keep) => out.extend(self.keeps().map(Action::Keep)),
            Some(_) => out.extend((0..self.option_count()).map(|k| self.option(k))),
            None => {}
        }
    }

    fn apply(&mut self, action: Action) {
        self.play(action);
    }

    /// A game consistent with everything `seat` has seen: the cards it does not hold and that
    /// are not face up (the other hands, the dropped piles, the draw pile) dealt anew, each
    /// place keeping its size and the cards `seat` knows to be there, and new generators. The
    /// other seats' knowledge, which `seat` cannot see, starts over.
    fn sample(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut game = self.clone();
        let n = self.players();
        let known = self.known[seat];
        // The unseen cards by kind, less those known to be somewhere.
        let mut free = [0u8; MAX_KINDS];
        for &c in &self.pile {
            free[usize::from(c)] += 1;
        }
        for s in 0..n {
            if s != seat {
                add(&mut free, &self.hands[s]);
                game.hands[s] = known.hands[s];
            }
            add(&mut free, &self.dropped[s]);
            game.dropped[s] = known.drops[s];
        }
        for s in 0..n {
            let sure = (s != seat).then_some(&known.hands[s]).into_iter();
            for cards in sure.chain([&known.drops[s]]) {
                for (f, &k) in free.iter_mut().zip(cards) {
                    *f = f.checked_sub(k).expect("what a seat knows is there");
                }
            }
        }
        let mut unseen: ArrayVec<u8, MAX_DECK> = ArrayVec::new();
        for (k, &f) in free.iter().enumerate() {
            unseen.extend(std::iter::repeat_n(k as u8, usize::from(f)));
        }
        shuffle(&mut unseen, rng);
        let mut fill = |cards: &mut Cards, size: u8| {
            for _ in total(cards)..u32::from(size) {
                let c = unseen.pop().expect("a card for every place");
                cards[usize::from(c)] += 1;
            }
        };
        for s in 0..n {
            if s != seat {
                fill(&mut game.hands[s], self.public.hand[s]);
            }
            fill(&mut game.dropped[s], self.public.dropped[s]);
        }
        game.pile = unseen;
        for o in (0..n).filter(|&o| o != seat) {
            game.known[o] = Known::default();
        }
        game.rng = fresh(rng);
        game
    }

    fn standing(&self) -> Option<[f32; MAX_SEATS]> {
        Some(self.reckon(SPREAD, CAT_WEIGHT))
    }

    fn outcome(&self) -> Outcome {
        let ending = self.ending.expect("the game is over");
        let mut scores = [0; MAX_SEATS];
        for (s, score) in scores.iter_mut().enumerate().take(self.players()) {
            *score = i32::from(self.hands[s][usize::from(CHEESE)]);
        }
        let mut values = [0u32; MAX_VALUES];
        values[0] = self.public.scrambles;
        values[1] = self.public.decoyed;
        Outcome {
            turns: self.public.turns,
            capped: ending == Ending::Capped,
            scores,
            winners: self.winners,
            ending: Some(ending as u8),
            values,
        }
    }
}

impl<'a, 'r> Observe<'a> for Engine<'r> {
    type View = View<'a>;

    fn view(&'a self, seat: Seat) -> View<'a> {
        View {
            rules: self.rules,
            public: &self.public,
            me: seat,
            asked: self.decision().filter(|_| self.seat == seat),
            hand: &self.hands[seat],
            known: &self.known[seat],
        }
    }
}

/// The search's reckoning: chances go as `exp((cheese − CAT_WEIGHT × cats) / SPREAD)` over
/// the cards each seat holds or dropped. Fitted to `sly` games at 4 players by the
/// `fit_the_reckoning` test (the least log-loss of the real winner, on a grid; the spread is
/// the grid's widest, so the reckoning leans little on the cards held, which tell little).
pub const SPREAD: f32 = 3.0;
pub const CAT_WEIGHT: f32 = 0.25;

impl Engine<'_> {
    /// Each seat's chance to win from the cards it holds or dropped: a softmax of its cheese
    /// less `cat` for each Cat, with `spread`.
    pub fn reckon(&self, spread: f32, cat: f32) -> [f32; MAX_SEATS] {
        let mut score = [0.0; MAX_SEATS];
        for (s, score) in score.iter_mut().enumerate().take(self.players()) {
            let held =
                |k: u8| f32::from(self.hands[s][usize::from(k)] + self.dropped[s][usize::from(k)]);
            *score = held(CHEESE) - cat * held(CAT);
        }
        crate::core::play::softmax(&score, self.players(), spread)
    }

    /// Panics unless what every seat knows is true: each bound at most the cards there.
    #[cfg(test)]
    pub fn assert_known_holds(&self) {
        for (o, known) in self.known.iter().enumerate().take(self.players()) {
            for s in 0..self.players() {
                let within =
                    |sure: &Cards, real: &Cards| sure.iter().zip(real).all(|(a, b)| a <= b);
                assert!(
                    s == o && known.hands[s] == [0; MAX_KINDS]
                        || s != o && within(&known.hands[s], &self.hands[s]),
                    "seat {o} on hand {s}: {:?} of {:?}",
                    known.hands[s],
                    self.hands[s]
                );
                assert!(
                    within(&known.drops[s], &self.dropped[s]),
                    "seat {o} on pile {s}"
                );
            }
        }
    }
}

/// Seat 0 to play, each seat holding `hands[s]` (kind, count) pairs; every other card in the
/// draw pile, in the dealt order. Cards only move between places. For tests.
#[cfg(test)]
pub fn table<'r>(rules: &'r Rules, hands: &[&[(u8, u8)]]) -> Engine<'r> {
    let mut g = Engine::new(rules, 1);
    for s in 0..rules.players {
        for (k, &n) in g.hands[s].iter().enumerate() {
            g.pile.extend(std::iter::repeat_n(k as u8, usize::from(n)));
        }
        g.hands[s] = [0; MAX_KINDS];
    }
    for (s, hand) in hands.iter().enumerate() {
        for &(kind, n) in *hand {
            for _ in 0..n {
                let at = g.pile.iter().position(|&c| c == kind).expect("in the deck");
                g.pile.remove(at);
                g.hands[s][usize::from(kind)] += 1;
            }
        }
    }
    g.sync();
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::play::Decisions;
    use crate::games::cheesy_heist::config::MIRAGE;
    use crate::games::cheesy_heist::tests::rules_with;

    fn options(g: &Engine) -> Vec<Action> {
        (0..g.option_count()).map(|k| g.option(k)).collect()
    }

    /// Every Mirage set and every keep, as the option lists spell them (each slot over every
    /// kind, the sets the hand cannot make left out), for many hands: the lists that skip the
    /// kinds a hand lacks must be these, in this order, as `random` and the replays follow it.
    #[test]
    fn mirage_and_keep_lists_skip_only_what_the_hand_cannot_make() {
        for keep in 1..=3 {
            let set = format!("rules.vault_keeps={keep}");
            let rules = rules_with(&[set.as_str()], 3);
            let all = 0..rules.kinds() as u8;
            let m = rules.mirages();
            let mut rng = crate::core::rng::game_rng(keep as u64);
            for _ in 0..300 {
                let mut hand: Cards = [0; MAX_KINDS];
                for k in all.clone() {
                    hand[usize::from(k)] = [0, 0, 1, 2, 3, 4][rng.below(6) as usize];
                }
                let held = |k: u8| hand[usize::from(k)];
                let mut mirages: Vec<[u8; 3]> = m
                    .clone()
                    .filter(|&k| held(k) >= 3)
                    .map(|k| [k; 3])
                    .collect();
                for x in m.clone() {
                    for y in m.clone().filter(|&y| y > x) {
                        for z in m.clone().filter(|&z| z > y) {
                            if [x, y, z].iter().all(|&k| held(k) > 0) {
                                mirages.push([x, y, z]);
                            }
                        }
                    }
                }
                assert_eq!(mirage_sets(&rules, &hand).collect::<Vec<_>>(), mirages);
                let slot = |on: bool, from: u8| -> Vec<u8> {
                    if on {
                        (from..rules.kinds() as u8).collect()
                    } else {
                        vec![NONE]
                    }
                };
                let mut sets = vec![];
                for a in slot(true, 0) {
                    for b in slot(keep >= 2, a) {
                        for c in slot(keep >= 3, b) {
                            let mut need = [0u8; MAX_KINDS];
                            for k in [a, b, c].into_iter().filter(|&k| k != NONE) {
                                need[usize::from(k)] += 1;
                            }
                            if (0..MAX_KINDS).all(|k| need[k] <= hand[k]) {
                                sets.push([a, b, c]);
                            }
                        }
                    }
                }
                assert_eq!(keeps(&rules, &hand).collect::<Vec<_>>(), sets, "{hand:?}");
            }
        }
    }

    #[test]
    fn attacks_move_cards_as_the_rulebook_says() {
        let rules = rules_with(&[], 3);
        let mut g = table(
            &rules,
            &[
                &[(THIEF, 1), (GRATER, 1), (GIFT, 1), (CAT, 1)],
                &[(CHEESE, 3)],
                &[],
            ],
        );
        // No attack on a player with no cards; a Gift needs a Cat.
        let all = options(&g);
        assert!(all.contains(&Action::Thief(1)) && !all.contains(&Action::Thief(2)));
        assert!(all.contains(&Action::Gift(2)));
        g.play(Action::Thief(1));
        assert_eq!((g.hands[0][1], g.hands[1][1]), (1, 2), "one Cheese stolen");
        let pile = g.pile.len();
        g.play(Action::Grater(1));
        assert_eq!(
            (g.hands[1][1], g.pile.len()),
            (0, pile + 2),
            "two grated away"
        );
        g.play(Action::Gift(2));
        assert_eq!((g.hands[0][0], g.hands[2][0]), (0, 1));
        assert_eq!(g.decision(), Some(Decision::Turn), "still seat 0's turn");
        assert_eq!(options(&g), [Action::Draw], "nothing left to play");
        assert_eq!((g.public.played[0][2], g.public.discard[4]), (1, 1));
    }

    #[test]
    fn a_mirage_set_is_three_alike_or_three_kinds_and_shows_a_hand() {
        let rules = rules_with(&[], 3);
        let (a, b, c) = (MIRAGE, MIRAGE + 1, MIRAGE + 2);
        let mut g = table(&rules, &[&[(a, 3), (b, 1), (c, 1)], &[(CHEESE, 2)], &[]]);
        let sets: Vec<[u8; 3]> = options(&g)
            .into_iter()
            .filter_map(|o| match o {
                Action::Mirage { kinds, target: 1 } => Some(kinds),
                _ => None,
            })
            .collect();
        assert_eq!(sets, [[a, a, a], [a, b, c]]);
        g.play(Action::Mirage {
            kinds: [a, b, c],
            target: 1,
        });
        for seat in [0, 2] {
            assert_eq!(g.known(seat).hands[1], g.hands[1], "seat 1 showed its hand");
        }
    }

    #[test]
    fn a_scramble_keeps_vaults_and_gives_the_turn_after_the_last_taker() {
        let rules = rules_with(&[], 3);
        // Seat 0 plays a Cat; seat 1 holds a Vault and 4 Cheese; seat 2 a card.
        let mut g = table(
            &rules,
            &[
                &[(CAT, 1), (THIEF, 1)],
                &[(VAULT, 1), (CHEESE, 4)],
                &[(GIFT, 1)],
            ],
        );
        g.play(Action::Cat);
        assert_eq!((g.decision(), g.seat), (Some(Decision::Defend), 1));
        assert_eq!(options(&g), [Action::Pass, Action::Vault]);
        g.play(Action::Vault);
        assert_eq!((g.decision(), g.seat), (Some(Decision::Keep), 1));
        assert_eq!(options(&g), [Action::Keep([CHEESE; 3])]);
        g.play(Action::Keep([CHEESE; 3]));
        // Dropped: seat 0 a Thief, seat 1 a Cheese, seat 2 a Gift; seat 1 (the Cat
        // player's left) takes first; three cards, so seat 0 takes the last and seat 1 plays.
        assert_eq!(g.public.dropped[..3], [1, 1, 1]);
        for _ in 0..3 {
            assert_eq!(g.decision(), Some(Decision::Take));
            let pile = g.piles().next().unwrap();
            g.play(Action::Take(pile as u8));
        }
        assert_eq!(
            (g.decision(), g.seat, g.public.turns),
            (Some(Decision::Turn), 1, 1)
        );
        // It kept three Cheese, and may have taken back its fourth.
        assert!((3..=4).contains(&g.hands[1][usize::from(CHEESE)]));
    }

    /// Each seat's knowledge follows what it saw: a Mirage, a theft, a Gift, a Vault's split
    /// and the takes; and a sample for a seat deals what it knows where it is.
    #[test]
    fn each_seat_knows_what_it_saw_and_samples_keep_it() {
        let rules = rules_with(&[], 3);
        let (a, b, c) = (MIRAGE, MIRAGE + 1, MIRAGE + 2);
        let (cheese, vault, cat) = (usize::from(CHEESE), usize::from(VAULT), usize::from(CAT));
        let mut g = table(
            &rules,
            &[
                &[(a, 1), (b, 1), (c, 1), (THIEF, 1), (GIFT, 1), (CAT, 2)],
                &[(CHEESE, 5), (VAULT, 1)],
                &[(GRATER, 1)],
            ],
        );
        g.play(Action::Mirage {
            kinds: [a, b, c],
            target: 1,
        });
        assert_eq!(g.known(2).hands[1], g.hands[1], "seat 2 saw the hand too");
        // A sample for seat 2 deals seat 1 exactly the hand it saw.
        for k in 0..20 {
            let sample = g.sample(2, &mut game_rng(k));
            assert_eq!(sample.hands[1], g.hands[1]);
            assert_eq!(
                sample.known(0),
                &Known::default(),
                "seat 0's knowledge is not 2's"
            );
        }
        g.play(Action::Thief(1));
        let stolen = if g.hands[1][vault] == 0 {
            vault
        } else {
            cheese
        };
        // The thief and the victim know the card; seat 2 only that one card left.
        assert_eq!(g.known(0).hands[1], g.hands[1]);
        assert_eq!(g.known(1).hands[0][stolen], 1);
        assert_eq!(
            (g.known(2).hands[1][cheese], g.known(2).hands[1][vault]),
            (4, 0)
        );
        g.play(Action::Gift(2));
        assert_eq!(g.known(1).hands[2][cat], 1, "a Gift is seen by all");
        g.play(Action::Cat);
        if stolen == cheese {
            // Seat 1 vaults and keeps three of its four Cheese: seat 0 knew the hand, so it
            // knows three Cheese are kept and one dropped.
            g.play(Action::Vault);
            g.play(Action::Pass);
            g.play(Action::Keep([CHEESE; 3]));
            assert_eq!(g.known(0).hands[1][cheese], 3);
            assert_eq!(g.known(0).drops[1][cheese], 1);
        } else {
            // Seat 0 holds the Vault it stole, and is asked last.
            g.play(Action::Pass);
        }
        assert_eq!(g.decision(), Some(Decision::Take));
        g.assert_known_holds();
        // Seat 2 dropped its Grater and the Cat it was given: the others know only the Cat.
        assert_eq!(g.known(2).drops[2], g.dropped[2]);
        let mut given = [0; MAX_KINDS];
        given[cat] = 1;
        assert_eq!(g.known(0).drops[2], given);
        while g.decision() == Some(Decision::Take) {
            let pile = g.piles().next().unwrap();
            g.play(Action::Take(pile as u8));
            g.assert_known_holds();
        }
    }

    #[test]
    fn a_decoy_calls_the_scramble_off_and_wastes_a_vault_before_it() {
        let rules = rules_with(&[], 3);
        let mut g = table(
            &rules,
            &[
                &[(CAT, 1)],
                &[(VAULT, 1), (CHEESE, 2)],
                &[(DECOY, 1), (CHEESE, 1)],
            ],
        );
        g.play(Action::Cat);
        g.play(Action::Vault);
        assert_eq!(g.seat, 2);
        g.play(Action::Decoy);
        // No one dropped a card; the Vault is spent; seat 1, the Cat player's left, plays.
        assert_eq!((g.decision(), g.seat), (Some(Decision::Turn), 1));
        assert_eq!((g.hands[1][usize::from(VAULT)], g.hands[1][1]), (0, 2));
        assert_eq!(
            (g.public.decoyed, g.public.discard[usize::from(VAULT)]),
            (1, 1)
        );
    }

    #[test]
    fn the_goal_is_checked_when_the_turn_ends_and_winners_share() {
        let rules = rules_with(&[], 3);
        let goal = rules.goal;
        let mut g = table(
            &rules,
            &[
                &[(CHEESE, goal)],
                &[(CHEESE, goal)],
                &[(CHEESE, goal), (CAT, 1)],
            ],
        );
        g.play(Action::Draw);
        // Seat 2 holds a Cat: it does not win; seats 0 and 1 share.
        assert_eq!((g.ending, g.winners), (Some(Ending::Goal), 0b011));
    }

    #[test]
    fn an_empty_draw_pile_ends_with_the_last_scramble() {
        let rules = rules_with(&[], 3);
        // Every card held, so the pile is empty: seat 0 would draw and cannot.
        let mut g = table(&rules, &[&[(CHEESE, 3)], &[(CAT, 1)], &[]]);
        g.pile.clear();
        g.sync();
        g.play(Action::Draw);
        // No one holds a Defence card: the collection starts with seat 0.
        assert_eq!((g.decision(), g.seat), (Some(Decision::Take), 0));
        while g.decision() == Some(Decision::Take) {
            let pile = g.piles().next().unwrap();
            g.play(Action::Take(pile as u8));
        }
        // The most Cheese among those without a Cat wins; ties share.
        let clean: Vec<usize> = (0..3).filter(|&s| g.hands[s][0] == 0).collect();
        let most = clean.iter().map(|&s| g.hands[s][1]).max().unwrap();
        let want = clean
            .iter()
            .filter(|&&s| g.hands[s][1] == most)
            .fold(0u8, |m, &s| m | 1 << s);
        assert_eq!((g.ending, g.winners), (Some(Ending::DeckEmpty), want));
        // Everyone holding a Cat: everyone loses.
        let mut g = table(&rules, &[&[(CAT, 1)], &[(CAT, 1)], &[(CAT, 1)]]);
        g.pile.clear();
        g.sync();
        g.play(Action::Draw);
        while g.decision() == Some(Decision::Take) {
            let pile = g.piles().next().unwrap();
            g.play(Action::Take(pile as u8));
        }
        assert_eq!((g.ending, g.winners), (Some(Ending::EveryoneLoses), 0));
    }
}
