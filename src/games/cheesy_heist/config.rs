//! The config of Cheesy Heist: the deck by kind (the Mirage, Attack and Defence splits the
//! rulebook leaves open), the hand size, the goal for each table size and the readings that
//! are switches — validated and compiled for the engine.

use serde::Deserialize;

use crate::io::config::{Invalid, Named, Problems, length, range};

/// Card kinds: the fixed ones, then one per Mirage kind. A hand is a count per kind.
pub const CAT: u8 = 0;
pub const CHEESE: u8 = 1;
pub const THIEF: u8 = 2;
pub const GRATER: u8 = 3;
pub const GIFT: u8 = 4;
pub const VAULT: u8 = 5;
pub const DECOY: u8 = 6;
/// The first Mirage kind.
pub const MIRAGE: u8 = 7;
/// The fixed kinds' names, in kind order.
pub const FIXED: [&str; 7] = [
    "Cat",
    "Cheese",
    "Thief",
    "Grater",
    "Gift",
    "Cheese Vault",
    "Decoy",
];
/// Most Mirage kinds: every kind fits one `u16` bit set of [`MAX_KINDS`].
pub const MAX_MIRAGES: usize = 9;
pub const MAX_KINDS: usize = MIRAGE as usize + MAX_MIRAGES;
/// Most cards in the deck: the draw pile is one fixed-size list.
pub const MAX_DECK: usize = 240;

crate::io::config::raw_config! {
    pub struct RawConfig {
        pub rules: RawRules,
        pub cards: RawCards,
        pub mirages: Named<usize>,
        pub attacks: RawAttacks,
        pub defences: RawDefences,
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    pub players: usize,
    pub hand_size: usize,
    pub goal_3_players: usize,
    pub goal_4_players: usize,
    pub goal_5_players: usize,
    pub vault_keeps: usize,
    pub piles: Piles,
    pub max_turns: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCards {
    pub cat: usize,
    pub cheese: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAttacks {
    pub thief: usize,
    pub grater: usize,
    pub gift: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDefences {
    pub cheese_vault: usize,
    pub decoy: usize,
}

/// Whether a taker in a scramble picks whose dropped cards it takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piles {
    /// Each player's cards lie in front of them: the taker picks a pile, and a card from it
    /// blindly.
    ByOwner,
    /// The dropped cards are one heap: the taker gets any one of them blindly.
    Mixed,
}

#[derive(Debug, Clone)]
pub struct Rules {
    pub players: usize,
    pub hand_size: usize,
    /// Cheese cards to win at this table.
    pub goal: u8,
    pub vault_keeps: usize,
    pub piles: Piles,
    pub max_turns: u32,
    /// Each kind's name, in kind order.
    pub names: Vec<String>,
    /// Copies of each kind.
    pub counts: Vec<u8>,
    /// The deck as dealt before shuffling: each card's kind.
    pub deck: Vec<u8>,
}

impl Rules {
    pub fn kinds(&self) -> usize {
        self.names.len()
    }

    /// The Mirage kinds.
    pub fn mirages(&self) -> std::ops::Range<u8> {
        MIRAGE..self.kinds() as u8
    }
}

/// How many players a game seats, at least and at most.
pub const PLAYERS: (usize, usize) = (3, 5);

/// Validates `raw` and compiles it. `players` from the command line wins over `rules.players`.
pub fn compile(raw: &RawConfig, players: Option<usize>) -> Result<Rules, Vec<Invalid>> {
    let r = &raw.rules;
    let mut p = Problems::default();
    let players = players.unwrap_or(r.players);
    range(&mut p, "rules.players", players, PLAYERS.0, PLAYERS.1);
    range(&mut p, "rules.hand_size", r.hand_size, 1, 20);
    for (key, goal) in [
        ("rules.goal_3_players", r.goal_3_players),
        ("rules.goal_4_players", r.goal_4_players),
        ("rules.goal_5_players", r.goal_5_players),
    ] {
        range(&mut p, key, goal, 1, 60);
    }
    // A Vault's choice is one action of up to three kinds.
    range(&mut p, "rules.vault_keeps", r.vault_keeps, 1, 3);
    range(&mut p, "rules.max_turns", r.max_turns, 1, 100_000);
    let m = &raw.mirages.0;
    length(&mut p, "mirages", m.len(), 1, MAX_MIRAGES);
    let mut names: Vec<String> = FIXED.iter().map(|s| s.to_string()).collect();
    let mut counts = vec![
        raw.cards.cat,
        raw.cards.cheese,
        raw.attacks.thief,
        raw.attacks.grater,
        raw.attacks.gift,
        raw.defences.cheese_vault,
        raw.defences.decoy,
    ];
    for (key, n) in [
        ("cards.cat", raw.cards.cat),
        ("cards.cheese", raw.cards.cheese),
        ("attacks.thief", raw.attacks.thief),
        ("attacks.grater", raw.attacks.grater),
        ("attacks.gift", raw.attacks.gift),
        ("defences.cheese_vault", raw.defences.cheese_vault),
        ("defences.decoy", raw.defences.decoy),
    ] {
        range(&mut p, key, n, 0, 60);
    }
    for (name, n) in m {
        range(&mut p, &format!("mirages.{name}"), *n, 0, 60);
        names.push(format!("Mirage ({name})"));
        counts.push(*n);
    }
    let goal = match players {
        3 => r.goal_3_players,
        4 => r.goal_4_players,
        _ => r.goal_5_players,
    };
    let total: usize = counts.iter().sum();
    if p.0.is_empty() {
        p.check(
            total <= MAX_DECK,
            "cards",
            format!("{total} cards in all; whisker holds at most {MAX_DECK}"),
        );
        p.check(
            players * r.hand_size < total,
            "rules.hand_size",
            format!(
                "{players} hands of {} need more than the {total} cards of the deck",
                r.hand_size
            ),
        );
        p.check(
            goal <= raw.cards.cheese,
            format!("rules.goal_{players}_players"),
            format!(
                "{goal}: more Cheese than the deck's {} cards, so no one could win",
                raw.cards.cheese
            ),
        );
    }
    if !p.0.is_empty() {
        return Err(p.0);
    }
    let counts: Vec<u8> = counts.into_iter().map(|n| n as u8).collect();
    let deck = counts
        .iter()
        .enumerate()
        .flat_map(|(k, &n)| std::iter::repeat_n(k as u8, usize::from(n)))
        .collect();
    Ok(Rules {
        players,
        hand_size: r.hand_size,
        goal: goal as u8,
        vault_keeps: r.vault_keeps,
        piles: r.piles,
        max_turns: r.max_turns,
        names,
        counts,
        deck,
    })
}
