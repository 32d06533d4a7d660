//! The rules of Cat & The Mouse as a state machine paused at each decision. Seat 0 is the
//! Inspector ("You always take your turn before The Mouse"), seat 1 the Mouse.

use arrayvec::ArrayVec;

use super::config::{Card, ClueRoomAgain, MAX_CARDS, MAX_POCKET, MAX_ROOMS, OwnRoom, Rules, Trick};
use crate::core::game::{MAX_SEATS, MAX_VALUES, Outcome, Seat};
use crate::core::play::{Decisions, Observe, nth_of};
use crate::core::rng::{Dice, GameRng, deal, fresh, game_rng, shuffle};

pub const INSPECTOR: Seat = 0;
pub const MOUSE: Seat = 1;

/// A set of rooms: bit `r - 1` for room `r`.
pub type Rooms = u32;

pub fn bit(room: u8) -> Rooms {
    1 << (room - 1)
}

/// Most Loot cards one room holds (`rules.room_loot` is at most this).
pub const MAX_ROOM_LOOT: usize = 8;

/// What the Mouse knows of a monitored card placed since it last searched the Map deck: only
/// that its room was not in the deck when it was drawn.
const UNSEEN: u32 = 0;
/// A monitored card the Mouse placed itself, its old room: it knows which card it is.
const OWN: u32 = u32::MAX;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Ending {
    /// The Inspector found its third clue.
    Clues,
    /// The Inspector sprang the trap on the Mouse's room.
    TrapRight,
    /// The Inspector sprang the trap on another room: the Mouse escapes.
    TrapWrong,
    /// The Mouse ended the heist holding a set.
    HeistSet,
    /// The Mouse ended the heist without one.
    HeistNoSet,
    /// The safety cap on rounds: no winner.
    Capped,
}

/// Each ending's label in `games.csv` and `endings.csv`, in [`Ending`] order.
pub const ENDINGS: [&str; 6] = [
    "three_clues",
    "trap_right",
    "trap_wrong",
    "heist_set",
    "heist_no_set",
    crate::core::game::CAPPED_ENDING,
];

impl Ending {
    pub fn winner(self) -> Option<Seat> {
        match self {
            Ending::Clues | Ending::TrapRight | Ending::HeistNoSet => Some(INSPECTOR),
            Ending::TrapWrong | Ending::HeistSet => Some(MOUSE),
            Ending::Capped => None,
        }
    }
}

/// The question put to the seat to move. Each lists its options in a fixed order (see
/// [`Decisions::option`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Inspector, turn one: the Loot card kind to pocket (no Trick), lowest kind first.
    Pocket,
    /// Mouse, turn one: the starting room, from the Map deck, lowest first.
    Start,
    /// Inspector: which of the two Map cards just drawn to monitor (the other goes to the
    /// bottom), in the order drawn.
    Monitor,
    /// Inspector: Check for Clues, or Spring the Trap on room 1, 2, ….
    Act,
    /// Mouse: the room to name to a Check, lowest first (rooms the readings forbid left out).
    Answer,
    /// Mouse: loot card 1, 2, … of its room; Change Rooms (if the Map deck has a card); End
    /// the Heist; Pickpocket pocket card 1, 2, … (if it holds the Trick).
    Turn,
    /// Mouse, holding a Smoke Bomb after looting or moving: no, or end the heist now.
    Smoke,
    /// Mouse, Subtle Movement: none, or face-down monitored card 1, 2, … (placement order) to
    /// shuffle back into the Map deck.
    Subtle,
    /// Mouse: its new room, from the Map deck, lowest first.
    NewRoom,
}

/// One option of one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A card kind.
    Pocket(u8),
    /// Rooms are numbered from 1.
    Start(u8),
    Monitor(u8),
    Check,
    Trap(u8),
    Name(u8),
    /// Index into the room's loot.
    Loot(u8),
    Change,
    End,
    /// Index into the Inspector's pocket: the cards lie face-down, so the choice is blind.
    Pickpocket(u8),
    Smoke(bool),
    /// Index among the face-down monitored cards.
    Subtle(Option<u8>),
    Room(u8),
}

/// What both players see.
#[derive(Clone, Debug, Default)]
pub struct Public {
    /// Rounds (an Inspector's turn and the Mouse's) completed.
    pub turns: u32,
    pub clues: u8,
    /// The monitored Map cards in the order they were placed: the room once face-up.
    pub monitored: ArrayVec<Option<u8>, MAX_ROOMS>,
    pub map_left: u8,
    pub loot_left: u8,
    pub pocket: u8,
    /// Cards the Mouse holds (loot and Tricks, face-down).
    pub hand: u8,
    /// Cards at the Mouse's room.
    pub room_loot: u8,
    pub moves: u32,
    pub checks: u32,
    pub traps: u32,
    /// The last Check's answer: the room named and whether it gave a clue.
    pub last_answer: Option<(u8, bool)>,
    /// The Mouse's room, shown when a Calling Card saved it, until it moves.
    pub revealed: Option<u8>,
    /// Tricks played, by [`Trick`].
    pub tricks_played: [u8; 3],
    /// Rooms shuffled back into the Map deck by Subtle Movement.
    pub subtle_moves: u32,
}

/// A seat's secrets, as that seat sees them.
#[derive(Clone, Copy, Debug)]
pub enum Secret<'a> {
    Inspector {
        pocket: &'a [u8],
        /// The room of each monitored card, face-down or up, in placement order.
        monitored: &'a [u8],
        /// The two Map cards drawn this turn, while it chooses.
        drawn: &'a [u8],
        /// The Loot cards that came with the Mouse's old rooms.
        monitored_loot: &'a [u8],
        /// The Loot deck, while it searches it on turn one.
        loot: Option<&'a [u8]>,
    },
    Mouse {
        room: Option<u8>,
        room_loot: &'a [u8],
        hand: &'a [u8],
        /// The Map deck, while it searches it for a room.
        map: Option<&'a [u8]>,
    },
}

/// The table as one seat sees it.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub rules: &'a Rules,
    pub public: &'a Public,
    pub me: Seat,
    /// The question put to this seat, when it is the one to move.
    pub asked: Option<Decision>,
    pub secret: Secret<'a>,
}

#[derive(Clone)]
pub struct Engine<'r> {
    pub rules: &'r Rules,
    public: Public,
    /// The Map deck, top card last.
    map: ArrayVec<u8, MAX_ROOMS>,
    /// The Loot deck, top card last.
    loot: ArrayVec<u8, MAX_CARDS>,
    pocket: ArrayVec<u8, MAX_POCKET>,
    /// The room of each monitored card, as `public.monitored`.
    monitored: ArrayVec<u8, MAX_ROOMS>,
    monitored_loot: ArrayVec<u8, MAX_CARDS>,
    /// The Mouse's room; 0 before it has one and while it changes.
    room: u8,
    room_loot: ArrayVec<u8, MAX_ROOM_LOOT>,
    hand: ArrayVec<u8, MAX_CARDS>,
    /// Tricks played, out of the game.
    used: ArrayVec<u8, MAX_CARDS>,
    drawn: ArrayVec<u8, 2>,
    /// Rooms the Inspector has seen are not the Mouse's since it last moved (the Map cards it
    /// drew, rooms named when the Mouse may not name its own): what a sample for it keeps.
    ruled_out: Rooms,
    /// What the Mouse knows of each monitored card, as `monitored`: [`OWN`] for its own old
    /// room; [`UNSEEN`] for a card the Inspector placed since the Mouse last searched the Map
    /// deck; else the number of the search that showed the card's room missing from the deck.
    /// A search shows which rooms are missing, not which card each one is, so the Mouse knows
    /// the rooms of one search's cards as a set, never their order. What a sample for it keeps.
    mouse_knows: ArrayVec<u32, MAX_ROOMS>,
    /// Times the Mouse has searched the Map deck.
    searches: u32,
    /// The decision play waits on; `None` once the game is over.
    asked: Option<Decision>,
    rng: GameRng,
    ending: Option<Ending>,
}

impl<'r> Engine<'r> {
    /// Setup: both decks shuffled; turn one starts with the Inspector's pocket.
    pub fn new(rules: &'r Rules, seed: u64) -> Self {
        let mut rng = game_rng(seed);
        let mut map: ArrayVec<u8, MAX_ROOMS> = (1..=rules.rooms).collect();
        shuffle(&mut map, &mut rng);
        let mut loot: ArrayVec<u8, MAX_CARDS> = rules.deck.iter().copied().collect();
        shuffle(&mut loot, &mut rng);
        let mut game = Self {
            rules,
            public: Public::default(),
            map,
            loot,
            pocket: ArrayVec::new(),
            monitored: ArrayVec::new(),
            monitored_loot: ArrayVec::new(),
            room: 0,
            room_loot: ArrayVec::new(),
            hand: ArrayVec::new(),
            used: ArrayVec::new(),
            drawn: ArrayVec::new(),
            ruled_out: 0,
            mouse_knows: ArrayVec::new(),
            searches: 0,
            asked: Some(Decision::Pocket),
            rng,
            ending: None,
        };
        game.sync();
        game
    }

    pub fn public(&self) -> &Public {
        &self.public
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The Mouse's room (0 before turn one is over).
    pub fn room(&self) -> u8 {
        self.room
    }

    pub fn hand(&self) -> &[u8] {
        &self.hand
    }

    pub fn room_loot(&self) -> &[u8] {
        &self.room_loot
    }

    pub fn pocket(&self) -> &[u8] {
        &self.pocket
    }

    /// The room of face-down monitored card `k` (as [`Action::Subtle`] counts them), for replays.
    pub fn face_down_room(&self, k: u8) -> u8 {
        self.monitored[nth_of(self.face_down(), usize::from(k))]
    }

    /// The rooms monitored, in placement order, for replays.
    pub fn monitored(&self) -> &[u8] {
        &self.monitored
    }

    pub fn decision(&self) -> Option<Decision> {
        self.asked
    }

    /// Every Loot card, wherever it is: the deck, the pocket, the Mouse's room and hand, the
    /// monitored rooms, the played Tricks. For the invariant tests.
    pub fn every_card(&self) -> impl Iterator<Item = u8> + '_ {
        self.loot
            .iter()
            .chain(&self.pocket)
            .chain(&self.room_loot)
            .chain(&self.hand)
            .chain(&self.monitored_loot)
            .chain(&self.used)
            .copied()
    }

    /// Every Map card: the deck, the drawn pair, the monitored, the Mouse's room.
    pub fn every_room(&self) -> impl Iterator<Item = u8> + '_ {
        self.map
            .iter()
            .chain(&self.drawn)
            .chain(&self.monitored)
            .copied()
            .chain((self.room > 0).then_some(self.room))
    }

    fn ask(&mut self, d: Decision) {
        self.asked = Some(d);
        if matches!(d, Decision::Start | Decision::NewRoom) {
            // Searching the Map deck, the Mouse sees which rooms are missing from it: the
            // Inspector's cards placed since its last search are among them, in an order it
            // cannot see.
            self.searches += 1;
            for knows in &mut self.mouse_knows {
                if *knows == UNSEEN {
                    *knows = self.searches;
                }
            }
        }
        self.sync();
    }

    /// The public counts that mirror the private piles.
    fn sync(&mut self) {
        let p = &mut self.public;
        p.map_left = self.map.len() as u8;
        p.loot_left = self.loot.len() as u8;
        p.pocket = self.pocket.len() as u8;
        p.hand = self.hand.len() as u8;
        p.room_loot = self.room_loot.len() as u8;
    }

    fn end(&mut self, ending: Ending) {
        self.ending = Some(ending);
        self.asked = None;
        self.sync();
    }

    fn holds(&self, trick: Trick) -> Option<usize> {
        let kind = self.rules.trick(trick)?;
        self.hand.iter().position(|&c| c == kind)
    }

    fn play_trick(&mut self, trick: Trick) {
        let at = self
            .holds(trick)
            .expect("the Mouse holds the Trick it plays");
        self.used.push(self.hand.remove(at));
        self.public.tricks_played[trick as usize] += 1;
    }

    /// The Loot card kinds the Inspector may pocket: those in the deck that are not Tricks.
    fn pocketable(&self) -> impl Iterator<Item = u8> + '_ {
        let present = self.loot.iter().fold(0u64, |m, &c| m | 1 << c);
        (0..self.rules.cards.len() as u8).filter(move |&k| {
            present & 1 << k != 0 && matches!(self.rules.card(k), Card::Loot { .. })
        })
    }

    /// The rooms in the Map deck, lowest first.
    fn map_rooms(&self) -> impl Iterator<Item = u8> + '_ {
        let set = self.map.iter().fold(0 as Rooms, |m, &r| m | bit(r));
        (1..=self.rules.rooms).filter(move |&r| set & bit(r) != 0)
    }

    /// The rooms the Mouse may name to a Check.
    fn nameable(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=self.rules.rooms).filter(move |&r| {
            let own = r == self.room && self.rules.own_room == OwnRoom::Forbidden;
            let clue = self.public.monitored.contains(&Some(r))
                && self.rules.clue_room_again == ClueRoomAgain::Forbidden;
            !own && !clue
        })
    }

    fn face_down(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.monitored.len()).filter(|&i| self.public.monitored[i].is_none())
    }

    /// Deals the Mouse's room its loot from the top of the Loot deck, as far as it goes.
    fn deal_room(&mut self) {
        for _ in 0..self.rules.room_loot {
            if let Some(card) = self.loot.pop() {
                self.room_loot.push(card);
            }
        }
    }

    /// The Mouse moves into `room`, taken from the Map deck.
    fn enter(&mut self, room: u8) {
        let at = self.map.iter().position(|&r| r == room);
        let at =
            at.unwrap_or_else(|| panic!("a bot chose room {room}, which is not in the Map deck"));
        self.map.remove(at);
        self.room = room;
        if self.rules.shuffle_after_search {
            shuffle(&mut self.map, &mut self.rng);
        }
        self.deal_room();
        // The Inspector knows only that the room came from the Map deck.
        self.ruled_out = 0;
    }

    /// The Inspector's turn begins: draw two Map cards, as far as the deck goes.
    fn inspector_turn(&mut self) {
        if self.public.turns >= self.rules.max_turns {
            return self.end(Ending::Capped);
        }
        for _ in 0..2 {
            if let Some(r) = self.map.pop() {
                self.drawn.push(r);
                // A card from the Map deck is not the Mouse's room.
                self.ruled_out |= bit(r);
            }
        }
        match self.drawn.len() {
            2 => self.ask(Decision::Monitor),
            1 => {
                // One card left: nothing to choose, it is monitored.
                let r = self.drawn[0];
                self.monitor(r);
            }
            _ => self.ask(Decision::Act),
        }
    }

    fn monitor(&mut self, room: u8) {
        let at = self.drawn.iter().position(|&r| r == room);
        let at = at.unwrap_or_else(|| panic!("a bot monitored room {room}, which it did not draw"));
        self.drawn.remove(at);
        if let Some(other) = self.drawn.pop() {
            self.map.insert(0, other);
        }
        self.monitored.push(room);
        self.public.monitored.push(None);
        self.mouse_knows.push(UNSEEN);
        self.ask(Decision::Act);
    }

    /// After looting or moving: a Smoke Bomb may end the heist now.
    fn after_action(&mut self) {
        if self.holds(Trick::SmokeBomb).is_some() {
            self.ask(Decision::Smoke);
        } else {
            self.end_round();
        }
    }

    fn end_round(&mut self) {
        self.public.turns += 1;
        self.inspector_turn();
    }

    /// "three Loot cards that share either a theme or value".
    pub fn has_set(&self) -> bool {
        let (mut themes, mut values) = ([0usize; 8], [0usize; 8]);
        for &c in &self.hand {
            if let Card::Loot { theme, value } = self.rules.card(c) {
                themes[theme as usize] += 1;
                values[value as usize] += 1;
            }
        }
        let n = self.rules.set_size;
        themes.iter().chain(&values).any(|&k| k >= n)
    }

    fn end_heist(&mut self) {
        self.end(if self.has_set() {
            Ending::HeistSet
        } else {
            Ending::HeistNoSet
        });
    }

    /// Plays `action` and on to the next decision.
    pub fn play(&mut self, action: Action) {
        let Some(asked) = self.asked else {
            panic!("{action:?} after the game is over");
        };
        match (asked, action) {
            (Decision::Pocket, Action::Pocket(kind)) => {
                assert!(
                    self.pocketable().any(|k| k == kind),
                    "a bot pocketed card {kind}, which it may not"
                );
                let at = self.loot.iter().position(|&c| c == kind).unwrap();
                self.pocket.push(self.loot.remove(at));
                if self.pocket.len() < self.rules.pocket_size() {
                    self.ask(Decision::Pocket);
                } else {
                    if self.rules.shuffle_after_search {
                        shuffle(&mut self.loot, &mut self.rng);
                    }
                    self.ask(Decision::Start);
                }
            }
            (Decision::Start, Action::Start(room)) => {
                self.enter(room);
                self.inspector_turn();
            }
            (Decision::Monitor, Action::Monitor(room)) => self.monitor(room),
            (Decision::Act, Action::Check) => {
                self.public.checks += 1;
                self.ask(Decision::Answer);
            }
            (Decision::Act, Action::Trap(room)) => {
                assert!((1..=self.rules.rooms).contains(&room), "no room {room}");
                self.public.traps += 1;
                if room != self.room {
                    self.end(Ending::TrapWrong);
                } else if self.holds(Trick::CallingCard).is_some() {
                    self.play_trick(Trick::CallingCard);
                    self.public.revealed = Some(room);
                    self.ruled_out = !bit(room);
                    self.ask(Decision::Turn);
                } else {
                    self.end(Ending::TrapRight);
                }
            }
            (Decision::Answer, Action::Name(room)) => {
                assert!(
                    self.nameable().any(|r| r == room),
                    "a bot named room {room}, which it may not"
                );
                if self.rules.own_room == OwnRoom::Forbidden {
                    self.ruled_out |= bit(room);
                }
                let clue = match self.monitored.iter().position(|&r| r == room) {
                    Some(i) if self.public.monitored[i].is_none() => {
                        self.public.monitored[i] = Some(room);
                        true
                    }
                    Some(_) => self.rules.clue_room_again == ClueRoomAgain::Clue,
                    None => false,
                };
                self.public.clues += u8::from(clue);
                self.public.last_answer = Some((room, clue));
                if self.public.clues >= self.rules.clues_to_win {
                    self.end(Ending::Clues);
                } else {
                    self.ask(Decision::Turn);
                }
            }
            (Decision::Turn, Action::Loot(i)) => {
                assert!((i as usize) < self.room_loot.len(), "no loot card {i} here");
                self.hand.push(self.room_loot.remove(i as usize));
                self.after_action();
            }
            (Decision::Turn, Action::Change) => {
                assert!(
                    !self.map.is_empty(),
                    "a bot changed rooms with no Map card left"
                );
                self.monitored.push(self.room);
                self.public.monitored.push(None);
                self.mouse_knows.push(OWN);
                self.monitored_loot.extend(self.room_loot.drain(..));
                self.room = 0;
                self.public.moves += 1;
                self.public.revealed = None;
                if self.rules.subtle_movement && self.face_down().next().is_some() {
                    self.ask(Decision::Subtle);
                } else {
                    self.ask(Decision::NewRoom);
                }
            }
            (Decision::Turn, Action::End) => self.end_heist(),
            (Decision::Turn, Action::Pickpocket(i)) => {
                assert!((i as usize) < self.pocket.len(), "no pocket card {i}");
                self.play_trick(Trick::Pickpocket);
                self.hand.push(self.pocket.remove(i as usize));
                self.end_heist();
            }
            (Decision::Smoke, Action::Smoke(true)) => {
                self.play_trick(Trick::SmokeBomb);
                self.end_heist();
            }
            (Decision::Smoke, Action::Smoke(false)) => self.end_round(),
            (Decision::Subtle, Action::Subtle(pick)) => {
                if let Some(k) = pick {
                    let i = nth_of(self.face_down(), k as usize);
                    let room = self.monitored.remove(i);
                    self.public.monitored.remove(i);
                    self.mouse_knows.remove(i);
                    self.map.push(room);
                    shuffle(&mut self.map, &mut self.rng);
                    self.public.subtle_moves += 1;
                }
                self.ask(Decision::NewRoom);
            }
            (Decision::NewRoom, Action::Room(room)) => {
                self.enter(room);
                self.after_action();
            }
            (asked, action) => panic!("{action:?} is no answer to {asked:?}"),
        }
    }

    /// The seat a decision asks.
    fn seat_of(d: Decision) -> Seat {
        match d {
            Decision::Pocket | Decision::Monitor | Decision::Act => INSPECTOR,
            _ => MOUSE,
        }
    }
}

impl<'r> Decisions for Engine<'r> {
    type Action = Action;

    fn to_move(&self) -> Option<Seat> {
        self.decision().map(Self::seat_of)
    }

    fn option_count(&self) -> usize {
        let Some(d) = self.decision() else { return 0 };
        match d {
            Decision::Pocket => self.pocketable().count(),
            Decision::Start | Decision::NewRoom => self.map.len(),
            Decision::Monitor => self.drawn.len(),
            Decision::Act => 1 + usize::from(self.rules.rooms),
            Decision::Answer => self.nameable().count(),
            Decision::Turn => {
                let pick = if self.holds(Trick::Pickpocket).is_some() {
                    self.pocket.len()
                } else {
                    0
                };
                self.room_loot.len() + usize::from(!self.map.is_empty()) + 1 + pick
            }
            Decision::Smoke => 2,
            Decision::Subtle => 1 + self.face_down().count(),
        }
    }

    fn option(&self, k: usize) -> Action {
        let d = self.decision().expect("a seat is to move");
        match d {
            Decision::Pocket => Action::Pocket(nth_of(self.pocketable(), k)),
            Decision::Start => Action::Start(nth_of(self.map_rooms(), k)),
            Decision::NewRoom => Action::Room(nth_of(self.map_rooms(), k)),
            Decision::Monitor => Action::Monitor(self.drawn[k]),
            Decision::Act if k == 0 => Action::Check,
            Decision::Act => Action::Trap(k as u8),
            Decision::Answer => Action::Name(nth_of(self.nameable(), k)),
            Decision::Turn => {
                let loot = self.room_loot.len();
                let change = usize::from(!self.map.is_empty());
                if k < loot {
                    Action::Loot(k as u8)
                } else if k < loot + change {
                    Action::Change
                } else if k == loot + change {
                    Action::End
                } else {
                    Action::Pickpocket((k - loot - change - 1) as u8)
                }
            }
            Decision::Smoke => Action::Smoke(k == 1),
            Decision::Subtle => Action::Subtle((k > 0).then(|| (k - 1) as u8)),
        }
    }

    fn apply(&mut self, action: Action) {
        self.play(action);
    }

    /// A game consistent with what `seat` has seen, as far as the engine tracks it:
    /// - for the Inspector, the Mouse's room is drawn anew among the rooms it has not ruled
    ///   out, and the cards it cannot see (the Mouse's room and hand, the Loot deck) are dealt
    ///   anew;
    /// - for the Mouse, the face-down cards the Inspector monitored since the Mouse last
    ///   searched the Map deck are drawn anew from their rooms and the Map deck; the face-down
    ///   cards one search showed are dealt anew among themselves (it saw which rooms were
    ///   missing from the deck, not which card is which); its own old rooms stay where it put
    ///   them; and the Inspector's pocket and the Loot deck are dealt anew (a pocket never
    ///   holds a Trick).
    ///
    /// The Map deck's order is new for both (the Inspector's knowledge of the card it put at
    /// the bottom is not kept), and so are the generators. Map cards drawn and not yet placed
    /// are seen by the Inspector, and only it decides while they are out.
    fn sample(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut game = self.clone();
        if seat == INSPECTOR {
            if game.room > 0 {
                let mut candidates: ArrayVec<u8, MAX_ROOMS> = self
                    .map
                    .iter()
                    .copied()
                    .chain([self.room])
                    .filter(|&r| self.ruled_out & bit(r) == 0)
                    .collect();
                candidates.sort_unstable();
                if !candidates.is_empty() {
                    let room = candidates[rng.below(candidates.len() as u32) as usize];
                    if room != game.room {
                        let at = game.map.iter().position(|&r| r == room).unwrap();
                        game.map[at] = game.room;
                        game.room = room;
                    }
                }
            }
            let mut unseen: ArrayVec<u8, MAX_CARDS> = game
                .room_loot
                .drain(..)
                .chain(game.hand.drain(..))
                .chain(game.loot.drain(..))
                .collect();
            deal(&mut unseen, rng);
            let (room, hand) = (self.room_loot.len(), self.hand.len());
            game.room_loot.extend(unseen.drain(..room));
            game.hand.extend(unseen.drain(..hand));
            game.loot.extend(unseen);
        } else {
            let hidden: ArrayVec<usize, MAX_ROOMS> = self
                .face_down()
                .filter(|&i| self.mouse_knows[i] == UNSEEN)
                .collect();
            let mut pool: ArrayVec<u8, MAX_ROOMS> =
                hidden.iter().map(|&i| game.monitored[i]).collect();
            pool.extend(game.map.drain(..));
            deal(&mut pool, rng);
            for &i in &hidden {
                game.monitored[i] = pool.pop().unwrap();
            }
            game.map.extend(pool);
            // Each search's cards, search by search: their rooms in an order of the sample's
            // own, never the real one.
            let mut shown: ArrayVec<(u32, usize), MAX_ROOMS> = self
                .face_down()
                .map(|i| (self.mouse_knows[i], i))
                .filter(|&(knows, _)| knows != UNSEEN && knows != OWN)
                .collect();
            shown.sort_unstable();
            for search in shown.chunk_by(|a, b| a.0 == b.0) {
                let mut rooms: ArrayVec<u8, MAX_ROOMS> =
                    search.iter().map(|&(_, i)| self.monitored[i]).collect();
                deal(&mut rooms, rng);
                for (&(_, i), room) in search.iter().zip(rooms) {
                    game.monitored[i] = room;
                }
            }
            let mut unseen: ArrayVec<u8, MAX_CARDS> =
                game.pocket.drain(..).chain(game.loot.drain(..)).collect();
            deal(&mut unseen, rng);
            for _ in 0..self.pocket.len() {
                let at = unseen
                    .iter()
                    .position(|&c| matches!(self.rules.card(c), Card::Loot { .. }))
                    .expect("a loot card for the pocket");
                game.pocket.push(unseen.remove(at));
            }
            game.loot.extend(unseen);
        }
        deal(&mut game.map, rng);
        game.rng = fresh(rng);
        game
    }

    fn outcome(&self) -> Outcome {
        let ending = self.ending.expect("the game is over");
        let winners = ending.winner().map_or(0, |s| 1 << s);
        let mut values = [0u32; MAX_VALUES];
        values[0] = u32::from(self.public.clues);
        values[1] = self.public.moves;
        values[2] = self
            .hand
            .iter()
            .filter(|&&c| matches!(self.rules.card(c), Card::Loot { .. }))
            .count() as u32;
        Outcome {
            turns: self.public.turns + u32::from(ending != Ending::Capped),
            capped: ending == Ending::Capped,
            scores: [0; MAX_SEATS],
            winners,
            ending: Some(ending as u8),
            values,
        }
    }
}

impl<'a, 'r> Observe<'a> for Engine<'r> {
    type View = View<'a>;

    fn view(&'a self, seat: Seat) -> View<'a> {
        let asked = self.decision().filter(|&d| Self::seat_of(d) == seat);
        let secret = if seat == INSPECTOR {
            Secret::Inspector {
                pocket: &self.pocket,
                monitored: &self.monitored,
                drawn: &self.drawn,
                monitored_loot: &self.monitored_loot,
                loot: (asked == Some(Decision::Pocket)).then_some(&self.loot[..]),
            }
        } else {
            Secret::Mouse {
                room: (self.room > 0).then_some(self.room),
                room_loot: &self.room_loot,
                hand: &self.hand,
                map: matches!(asked, Some(Decision::Start | Decision::NewRoom))
                    .then_some(&self.map[..]),
            }
        };
        View {
            rules: self.rules,
            public: &self.public,
            me: seat,
            asked,
            secret,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cat_and_mouse::tests::rules_with;

    fn options(game: &Engine) -> Vec<Action> {
        (0..game.option_count()).map(|k| game.option(k)).collect()
    }

    /// A game past turn one with the Mouse in room 5, holding `hand`, the Inspector about to
    /// act, rooms 1 and 2 monitored face-down and room 3 a face-up clue.
    fn position<'r>(rules: &'r Rules, hand: &[u8]) -> Engine<'r> {
        let mut g = Engine::new(rules, 1);
        // The Inspector pockets the last kinds, so the tests' hands can use the first.
        for _ in 0..rules.pocket_size() {
            let last = g.pocketable().last().unwrap();
            g.play(Action::Pocket(last));
        }
        g.play(Action::Start(5));
        if g.decision() == Some(Decision::Monitor) {
            let r = g.drawn[0];
            g.play(Action::Monitor(r));
        }
        // Rebuild the monitored rooms and the Mouse's hand by hand; cards move between piles
        // only, so every card stays in one place.
        g.map.extend(g.monitored.drain(..));
        g.public.monitored.clear();
        g.mouse_knows.clear();
        for (r, up) in [(1, false), (2, false), (3, true)] {
            let at = g.map.iter().position(|&x| x == r).unwrap();
            g.monitored.push(g.map.remove(at));
            g.public.monitored.push(up.then_some(r));
            g.mouse_knows.push(UNSEEN);
        }
        g.public.clues = 1;
        for &c in hand {
            let card = match g.loot.iter().position(|&x| x == c) {
                Some(at) => g.loot.remove(at),
                None => {
                    let at = g.room_loot.iter().position(|&x| x == c).unwrap();
                    g.room_loot.remove(at)
                }
            };
            g.hand.push(card);
        }
        g.sync();
        g
    }

    /// Subtle Movement, round 3: the Mouse has just left its room and chooses a face-down
    /// card to shuffle back. The Inspector monitored a card each round; the Mouse looted in
    /// round 1, moved in round 2, shuffling nothing back, and so searched the Map deck after
    /// the Inspector's first two cards were down, and moved again now. Every answer named its
    /// own room, so no card is face-up.
    fn choosing_a_card_to_shuffle_back(rules: &Rules) -> Engine<'_> {
        let mut g = Engine::new(rules, 3);
        let mut moves = 0;
        while !(g.decision() == Some(Decision::Subtle) && moves == 2) {
            let action = match g.decision().expect("the game goes on") {
                Decision::Pocket => Action::Pocket(g.pocketable().next().unwrap()),
                Decision::Start => Action::Start(g.map_rooms().next().unwrap()),
                Decision::NewRoom => Action::Room(g.map_rooms().next().unwrap()),
                Decision::Monitor => Action::Monitor(g.drawn[0]),
                Decision::Act => Action::Check,
                Decision::Answer => Action::Name(g.room),
                Decision::Turn if g.public.turns == 0 => Action::Loot(0),
                Decision::Turn => Action::Change,
                Decision::Smoke => Action::Smoke(false),
                Decision::Subtle => Action::Subtle(None),
            };
            moves += u32::from(action == Action::Change);
            g.play(action);
        }
        g
    }

    /// The Mouse's search in round 2 showed which two rooms the Inspector had monitored, not
    /// which card is which: a game with those two cards swapped looks the same from its seat.
    /// Its samples are the same from the same generator, and so are `ismcts`'s decisions from
    /// the same seed: the search follows what the seat sees, not the cards' real order.
    #[test]
    fn the_mouse_s_samples_and_search_ignore_the_order_it_cannot_see() {
        use crate::core::play::{Decider, Seen};
        use crate::core::rng::game_rng;
        let rules = rules_with(&["variants.subtle_movement=true"]);
        let real = choosing_a_card_to_shuffle_back(&rules);
        let mut swapped = real.clone();
        swapped.monitored.swap(0, 1);
        // Cards 1 and 2 are the Inspector's, shown by the search; 3 and 5 the Mouse's old
        // rooms; 4 the Inspector's since.
        assert_eq!(real.mouse_knows.as_slice(), [2, 2, OWN, UNSEEN, OWN]);
        assert_eq!(real.public.monitored.as_slice(), [None; 5]);
        assert_ne!(real.monitored[0], real.monitored[1]);
        assert_eq!(
            format!("{:?}", real.view(MOUSE)),
            format!("{:?}", swapped.view(MOUSE)),
            "the Mouse cannot tell them apart"
        );
        for seed in 0..50 {
            let (a, b) = (
                real.sample(MOUSE, &mut game_rng(seed)),
                swapped.sample(MOUSE, &mut game_rng(seed)),
            );
            assert_eq!(
                (a.monitored(), &a.map[..]),
                (b.monitored(), &b.map[..]),
                "seed {seed}"
            );
        }
        // Both of the Inspector's cards are in the first two places in some samples, and in
        // both orders: the order is dealt, not kept.
        let firsts: Vec<u8> = (0..50)
            .map(|seed| real.sample(MOUSE, &mut game_rng(seed)).monitored[0])
            .collect();
        assert!(firsts.contains(&real.monitored[0]) && firsts.contains(&real.monitored[1]));
        let bot = super::super::Agent::of(
            &crate::core::lineup::parse("ismcts(iterations=100)", super::super::KINDS, &[])
                .unwrap(),
        );
        for seed in 0..20 {
            let decide = |g: &Engine| {
                bot.decide(
                    &Seen::new(g, MOUSE),
                    &mut Default::default(),
                    &mut game_rng(seed),
                )
            };
            assert_eq!(decide(&real), decide(&swapped), "seed {seed}");
        }
    }

    #[test]
    fn a_calling_card_saves_the_mouse_once_and_shows_its_room() {
        let rules = rules_with(&[]);
        let calling = rules.trick(Trick::CallingCard).unwrap();
        let mut g = position(&rules, &[calling]);
        g.play(Action::Trap(5));
        assert_eq!((g.ending, g.public.revealed), (None, Some(5)));
        assert_eq!(
            (g.public.tricks_played, g.decision()),
            ([1, 0, 0], Some(Decision::Turn))
        );
        let mut again = position(&rules, &[]);
        again.play(Action::Trap(5));
        assert_eq!(again.ending, Some(Ending::TrapRight));
        let mut wrong = position(&rules, &[calling]);
        wrong.play(Action::Trap(4));
        assert_eq!(wrong.ending, Some(Ending::TrapWrong));
    }

    #[test]
    fn a_set_shares_a_theme_or_a_value() {
        let rules = rules_with(&[]);
        // Kinds run theme by theme: 0–2 the first theme's three values, 3–5 the second's.
        for (hand, set) in [([0, 1, 2], true), ([0, 3, 6], true), ([0, 1, 3], false)] {
            let mut g = position(&rules, &hand);
            g.play(Action::Check);
            g.play(Action::Name(4));
            g.play(Action::End);
            let want = if set {
                Ending::HeistSet
            } else {
                Ending::HeistNoSet
            };
            assert_eq!(g.ending, Some(want), "{hand:?}");
        }
    }

    #[test]
    fn a_pickpocket_takes_one_blind_card_from_deep_pockets_and_ends_the_heist() {
        let rules = rules_with(&["variants.deep_pockets=true"]);
        let pick = rules.trick(Trick::Pickpocket).unwrap();
        let mut g = position(&rules, &[pick]);
        assert_eq!(g.pocket.len(), 2, "two Pocket decisions");
        g.play(Action::Check);
        g.play(Action::Name(4));
        let turn = options(&g);
        assert_eq!(
            &turn[turn.len() - 2..],
            [Action::Pickpocket(0), Action::Pickpocket(1)]
        );
        let taken = g.pocket[1];
        g.play(Action::Pickpocket(1));
        assert_eq!((g.pocket.len(), g.hand.as_slice()), (1, &[taken][..]));
        assert_eq!(g.ending, Some(Ending::HeistNoSet));
    }

    #[test]
    fn what_the_mouse_may_name_follows_the_readings() {
        let names = |sets: &[&str]| {
            let rules = rules_with(sets);
            let mut g = position(&rules, &[]);
            g.play(Action::Check);
            options(&g)
                .into_iter()
                .map(|a| match a {
                    Action::Name(r) => r,
                    _ => unreachable!(),
                })
                .collect::<Vec<_>>()
        };
        let all: Vec<u8> = (1..=12).collect();
        assert_eq!(names(&[]), all);
        let no_own: Vec<u8> = all.iter().copied().filter(|&r| r != 5).collect();
        assert_eq!(names(&["rules.own_room=\"forbidden\""]), no_own);
        let no_clue: Vec<u8> = all.iter().copied().filter(|&r| r != 3).collect();
        assert_eq!(names(&["rules.clue_room_again=\"forbidden\""]), no_clue);
        for (again, clues) in [("nothing", 1), ("clue", 2)] {
            let rules = rules_with(&[&format!("rules.clue_room_again=\"{again}\"")]);
            let mut g = position(&rules, &[]);
            g.play(Action::Check);
            g.play(Action::Name(3));
            assert_eq!(g.public.clues, clues, "{again}");
        }
        // A face-down monitored room is a clue, and the third clue wins.
        let rules = rules_with(&[]);
        let mut g = position(&rules, &[]);
        g.public.clues = 2;
        g.play(Action::Check);
        g.play(Action::Name(1));
        assert_eq!(
            (g.public.monitored[0], g.ending),
            (Some(1), Some(Ending::Clues))
        );
    }

    #[test]
    fn changing_rooms_hands_the_old_room_and_its_loot_to_the_inspector() {
        let rules = rules_with(&[]);
        let mut g = position(&rules, &[]);
        g.play(Action::Check);
        g.play(Action::Name(4));
        let left = g.room_loot.clone();
        g.play(Action::Change);
        assert_eq!(g.monitored.last(), Some(&5));
        assert_eq!(g.monitored_loot.as_slice(), left.as_slice());
        let room = g.map_rooms().next().unwrap();
        g.play(Action::Room(room));
        assert_eq!((g.room, g.room_loot.len(), g.public.moves), (room, 2, 1));
        // With the Map deck empty there is no Change Rooms.
        let mut g = position(&rules, &[]);
        g.monitored.extend(g.map.drain(..));
        g.public
            .monitored
            .extend(std::iter::repeat_n(None, g.monitored.len() - 3));
        g.mouse_knows
            .extend(std::iter::repeat_n(UNSEEN, g.monitored.len() - 3));
        g.sync();
        g.play(Action::Check);
        g.play(Action::Name(4));
        assert!(!options(&g).contains(&Action::Change));
    }
}
