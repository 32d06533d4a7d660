//! The config of Cat & The Mouse: the rooms, the Loot deck's cards (theme × value, and Tricks),
//! the readings the rulebook leaves open and the two "Fine Tuning" variants — validated and
//! compiled for the engine.

use serde::Deserialize;

use crate::io::config::{Invalid, Problems, length, range};

/// Most rooms a map can have: a set of rooms is one `u32` bit set.
pub const MAX_ROOMS: usize = 32;
/// Most cards the Loot deck can hold, Tricks included: every card is in one `u8`-indexed list.
pub const MAX_CARDS: usize = 64;
/// Most cards the Inspector can pocket at the start (one, or two with Deep Pockets).
pub const MAX_POCKET: usize = 2;

crate::io::config::raw_config! {
    pub struct RawConfig {
        pub rules: RawRules,
        pub loot: RawLoot,
        pub tricks: RawTricks,
        pub variants: RawVariants,
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    pub players: usize,
    pub rooms: usize,
    pub room_loot: usize,
    pub set_size: usize,
    pub clues_to_win: u8,
    pub own_room: OwnRoom,
    pub clue_room_again: ClueRoomAgain,
    pub shuffle_after_search: bool,
    pub max_turns: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLoot {
    pub themes: Vec<String>,
    pub values: Vec<u32>,
    pub copies: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTricks {
    pub calling_card: usize,
    pub smoke_bomb: usize,
    pub pickpocket: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawVariants {
    pub subtle_movement: bool,
    pub deep_pockets: bool,
}

/// May the Mouse, answering a Check for Clues, name the room it is in? (It is never monitored,
/// so naming it is always safe.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnRoom {
    Allowed,
    Forbidden,
}

/// What naming a room that is already a face-up clue does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClueRoomAgain {
    /// Nothing: the card is face-up already, there is nothing to flip.
    Nothing,
    /// Another clue.
    Clue,
    /// The Mouse may not name it.
    Forbidden,
}

/// The three Tricks of the rulebook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Trick {
    CallingCard,
    SmokeBomb,
    Pickpocket,
}

pub const TRICKS: [Trick; 3] = [Trick::CallingCard, Trick::SmokeBomb, Trick::Pickpocket];

impl Trick {
    pub fn name(self) -> &'static str {
        match self {
            Trick::CallingCard => "Calling Card",
            Trick::SmokeBomb => "Smoke Bomb",
            Trick::Pickpocket => "Pickpocket",
        }
    }
}

/// One kind of Loot card; the deck holds `copies` of each loot kind and the configured number
/// of each Trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Card {
    Loot { theme: u8, value: u8 },
    Trick(Trick),
}

#[derive(Debug, Clone)]
pub struct Rules {
    pub players: usize,
    pub rooms: u8,
    pub room_loot: usize,
    pub set_size: usize,
    pub clues_to_win: u8,
    pub own_room: OwnRoom,
    pub clue_room_again: ClueRoomAgain,
    pub shuffle_after_search: bool,
    pub max_turns: u32,
    pub subtle_movement: bool,
    pub deep_pockets: bool,
    pub themes: Vec<String>,
    /// Face values, in thousands of dollars.
    pub values: Vec<u32>,
    /// Every card kind: the loot kinds theme by theme, then the Tricks that are in the deck.
    pub cards: Vec<Card>,
    /// The deck as dealt before shuffling: each kind's index, once per copy.
    pub deck: Vec<u8>,
}

impl Rules {
    pub fn card(&self, kind: u8) -> Card {
        self.cards[kind as usize]
    }

    /// A card's name for files and replays ("Gem Collection $20k", "Smoke Bomb").
    pub fn card_name(&self, kind: u8) -> String {
        match self.card(kind) {
            Card::Loot { theme, value } => format!(
                "{} ${}k",
                self.themes[theme as usize], self.values[value as usize]
            ),
            Card::Trick(t) => t.name().to_string(),
        }
    }

    /// The card kind of `trick`, if the deck has it.
    pub fn trick(&self, trick: Trick) -> Option<u8> {
        self.cards
            .iter()
            .position(|&c| c == Card::Trick(trick))
            .map(|k| k as u8)
    }

    /// Cards the Inspector pockets at the start.
    pub fn pocket_size(&self) -> usize {
        if self.deep_pockets { 2 } else { 1 }
    }
}

/// How many players a game seats: the Inspector and the Mouse.
pub const PLAYERS: (usize, usize) = (2, 2);

/// Validates `raw` and compiles it. `players` from the command line wins over `rules.players`.
pub fn compile(raw: &RawConfig, players: Option<usize>) -> Result<Rules, Vec<Invalid>> {
    let r = &raw.rules;
    let mut p = Problems::default();
    let players = players.unwrap_or(r.players);
    p.check(
        players == PLAYERS.0,
        "rules.players",
        format!("{players}: Cat & The Mouse is for two players, the Inspector and the Mouse"),
    );
    range(&mut p, "rules.rooms", r.rooms, 2, MAX_ROOMS);
    range(&mut p, "rules.room_loot", r.room_loot, 1, 8);
    range(&mut p, "rules.set_size", r.set_size, 2, 8);
    range(
        &mut p,
        "rules.clues_to_win",
        r.clues_to_win,
        1,
        MAX_ROOMS as u8,
    );
    p.check(
        usize::from(r.clues_to_win) < r.rooms,
        "rules.clues_to_win",
        format!(
            "{}: must be fewer than rules.rooms ({}), so the Mouse always has a room to name that is not a clue",
            r.clues_to_win, r.rooms
        ),
    );
    range(&mut p, "rules.max_turns", r.max_turns, 1, 100_000);
    let l = &raw.loot;
    length(&mut p, "loot.themes", l.themes.len(), 1, 8);
    length(&mut p, "loot.values", l.values.len(), 1, 8);
    range(&mut p, "loot.copies", l.copies, 1, 8);
    for (i, t) in l.themes.iter().enumerate() {
        p.check(
            !t.trim().is_empty() && !l.themes[..i].contains(t),
            format!("loot.themes.{i}"),
            format!("`{t}`: each theme needs a name of its own"),
        );
    }
    for (i, v) in l.values.iter().enumerate() {
        p.check(
            !l.values[..i].contains(v),
            format!("loot.values.{i}"),
            format!("{v}: each value appears once"),
        );
    }
    let t = &raw.tricks;
    for (name, n) in [
        ("calling_card", t.calling_card),
        ("smoke_bomb", t.smoke_bomb),
        ("pickpocket", t.pickpocket),
    ] {
        range(&mut p, &format!("tricks.{name}"), n, 0, 8);
    }
    let loot_cards = l.themes.len() * l.values.len() * l.copies;
    let total = loot_cards + t.calling_card + t.smoke_bomb + t.pickpocket;
    p.check(
        total <= MAX_CARDS,
        "loot.copies",
        format!("{total} Loot cards in all; whisker holds at most {MAX_CARDS}"),
    );
    // Checked only once the deck's own numbers are in range, so one mistake is one error.
    if p.0.is_empty() {
        let pocket = if raw.variants.deep_pockets { 2 } else { 1 };
        p.check(
            loot_cards > pocket,
            "loot.copies",
            format!("{loot_cards} loot cards (Tricks aside): the Inspector pockets {pocket} and the Mouse needs the rest"),
        );
        // A theme has a card of each value, a value one of each theme, `copies` times.
        let largest = l.themes.len().max(l.values.len()) * l.copies;
        p.check(
            r.set_size <= largest,
            "rules.set_size",
            format!(
                "{}: no set can be made; a theme or a value has at most {largest} cards ({} themes, {} values, {} copies)",
                r.set_size,
                l.themes.len(),
                l.values.len(),
                l.copies
            ),
        );
    }
    if !p.0.is_empty() {
        return Err(p.0);
    }
    let mut cards = Vec::new();
    let mut deck = Vec::new();
    for theme in 0..l.themes.len() {
        for value in 0..l.values.len() {
            deck.extend(std::iter::repeat_n(cards.len() as u8, l.copies));
            cards.push(Card::Loot {
                theme: theme as u8,
                value: value as u8,
            });
        }
    }
    for (trick, n) in TRICKS
        .into_iter()
        .zip([t.calling_card, t.smoke_bomb, t.pickpocket])
    {
        if n > 0 {
            deck.extend(std::iter::repeat_n(cards.len() as u8, n));
            cards.push(Card::Trick(trick));
        }
    }
    Ok(Rules {
        players,
        rooms: r.rooms as u8,
        room_loot: r.room_loot,
        set_size: r.set_size,
        clues_to_win: r.clues_to_win,
        own_room: r.own_room,
        clue_room_again: r.clue_room_again,
        shuffle_after_search: r.shuffle_after_search,
        max_turns: r.max_turns,
        subtle_movement: raw.variants.subtle_movement,
        deep_pockets: raw.variants.deep_pockets,
        themes: l.themes.clone(),
        values: l.values.clone(),
        cards,
        deck,
    })
}
