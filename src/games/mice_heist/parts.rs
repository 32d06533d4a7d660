//! What both Mice Heist editions are built from: the capacities of their fixed-size state, the
//! chip bag's faces, the skill icons and the effect vocabulary every card is written in.

use arrayvec::ArrayVec;
use serde::Deserialize;

use crate::games::MAX_SEATS;
use crate::io::config::{Named, Problems, range};

/// Fixed capacities of the game state. Each bounds a count validation enforces, so the engine's
/// fixed-size containers can never overflow.
pub const MAX_CHIPS: usize = 16; // the bag is a u16 bit set
pub const MAX_CHIP_KINDS: usize = 8;
pub const MAX_JOBS: usize = 6;
pub const MAX_OBSTACLES: usize = 8;
pub const MAX_HELD: usize = 8;
pub const MAX_MARKET: usize = 8;
pub const MAX_DECK: usize = 96;
pub const MAX_FOOD: usize = 6;
pub const MAX_EFFECTS: usize = 4;
/// Skill definitions are referred to by `u8`.
pub const MAX_SKILL_DEFS: usize = 255;
/// Chip faces lie in ±MAX_FACE, so chip sums stay within the odds tables.
pub const MAX_FACE: i8 = 9;
/// Most chips one test can hold: the drawn ones plus what `draw` effects add.
pub const MAX_TEST_CHIPS: usize = MAX_CHIPS;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChip {
    pub high: i8,
    pub low: i8,
    pub count: u8,
}

#[derive(Debug, Clone, Copy)]
pub struct ChipKind {
    pub high: i8,
    pub low: i8,
}

/// The `[rules]` values both editions have.
pub struct TableRules<'a> {
    pub players: usize,
    pub track_length: u8,
    pub total_cheese: u32,
    pub chips_per_test: usize,
    pub max_turns: u32,
    pub food: &'a [u8],
}

/// The most chips a test draws (`rules.chips_per_test`): the odds tables cover this many.
pub const MAX_CHIPS_PER_TEST: usize = 4;

/// How many players a game of either edition seats, at least and at most.
pub const PLAYERS: (usize, usize) = (2, MAX_SEATS);

/// Both editions' bots when `--bots` is not given: the search at a third of its default budget.
/// `greedy` alone misjudges strong players' seats when a rule changes (it agreed with the
/// strength reference on 24 of 39 cheese seat rates across `results/agreement/`'s settings, and
/// this search on 38; 13 and 20 of 23 in the ratings edition), and this search rates about
/// 130 Elo above it (`whisker ladder`, 60 seeds).
pub const DEFAULT_BOTS: &str = "ismcts(iterations=16)";

/// Games a run of [`DEFAULT_BOTS`] plays when `--games` is not given: about half a minute on two
/// cores (about 250 games/s in the cheese edition, 220 in the ratings edition).
pub const DEFAULT_GAMES: u64 = 8_000;

/// Checks the rules both editions share. Returns the player count later checks should use: a
/// valid one, so one mistake gives one error.
pub fn check_table(p: &mut Problems, t: &TableRules) -> usize {
    let seated = t.players.clamp(PLAYERS.0, PLAYERS.1);
    range(p, "rules.players", t.players, PLAYERS.0, PLAYERS.1);
    range(p, "rules.track_length", t.track_length, seated as u8, 60);
    range(p, "rules.total_cheese", t.total_cheese, 1, 250);
    range(
        p,
        "rules.chips_per_test",
        t.chips_per_test,
        1,
        MAX_CHIPS_PER_TEST,
    );
    range(p, "rules.max_turns", t.max_turns, 1, 100_000);
    p.check(
        !t.food.is_empty() && t.food.len() <= MAX_FOOD,
        "rules.food",
        format!("1 to {MAX_FOOD} food values"),
    );
    seated
}

/// A job's id names a game's ending in `games.csv`, a field written bare: a comma, a quote or a
/// line break in it would shift the columns after it, and `check` and `merge` would refuse the
/// file whisker wrote.
pub fn check_job_ids<'a>(p: &mut Problems, ids: impl Iterator<Item = &'a String>) {
    for id in ids {
        p.check(
            !id.contains([',', '"', '\n', '\r']),
            format!("jobs.{id}"),
            "a job's id may not hold a comma, a quote or a line break: games.csv names the job a game ended on by it",
        );
    }
}

/// The chips in the bag: each colour's faces, and the colour of each physical chip (the bag holds
/// chip indices).
#[derive(Debug, Clone, Default)]
pub struct ChipTable {
    pub names: Vec<String>,
    pub kinds: ArrayVec<ChipKind, MAX_CHIP_KINDS>,
    pub kind_of: ArrayVec<u8, MAX_CHIPS>,
}

impl ChipTable {
    pub fn face(&self, chip: u8, high: bool) -> i8 {
        let k = self.kinds[self.kind_of[chip as usize] as usize];
        if high { k.high } else { k.low }
    }

    /// Physical chips in the bag when it is full.
    pub fn count(&self) -> usize {
        self.kind_of.len()
    }
}

/// Validates `[chips.*]` and builds the table.
pub fn compile_chips(p: &mut Problems, raw: &Named<RawChip>, per_test: usize) -> ChipTable {
    let mut table = ChipTable::default();
    p.check(
        !raw.0.is_empty(),
        "chips",
        "the bag needs at least one chip",
    );
    p.check(
        raw.0.len() <= MAX_CHIP_KINDS,
        "chips",
        format!("at most {MAX_CHIP_KINDS} chip colours"),
    );
    let total_chips: usize = raw.0.iter().map(|(_, c)| c.count as usize).sum();
    // The bag holds at least a test's draw only when that is valid itself: its own error says
    // enough (a test of 12 chips also blamed the bag's 11).
    let per_test = per_test.min(MAX_CHIPS_PER_TEST);
    p.check(
        total_chips <= MAX_CHIPS && total_chips >= per_test,
        "chips",
        format!(
            "{total_chips} chips in the bag: need {} to {MAX_CHIPS}",
            per_test
        ),
    );
    for (name, c) in raw.0.iter().take(MAX_CHIP_KINDS) {
        let at = |f: &str| format!("chips.{name}.{f}");
        range(p, &at("high"), c.high, -MAX_FACE, MAX_FACE);
        range(p, &at("low"), c.low, -MAX_FACE, MAX_FACE);
        range(p, &at("count"), c.count, 1, MAX_CHIPS as u8);
        p.check(
            c.high >= c.low,
            at("high"),
            format!(
                "{} is below the chip's low face ({}): the high face is at least the low one; swap them",
                c.high, c.low
            ),
        );
        let kind = table.kinds.len() as u8;
        table.names.push(name.clone());
        table.kinds.push(ChipKind {
            high: c.high,
            low: c.low,
        });
        for _ in 0..c.count {
            if table.kind_of.len() < MAX_CHIPS {
                table.kind_of.push(kind);
            }
        }
    }

    table
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEffect {
    pub kind: EffectKind,
    pub value: Option<i8>,
    /// The effect applies only when the obstacle shows this icon.
    pub icon: Option<Icon>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Icon {
    Agility,
    Charm,
    Dexterity,
}

impl Icon {
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The effect vocabulary. Every card is some list of these; no card has code of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectKind {
    /// Add `value` to the test rating.
    Modifier,
    /// Turn one drawn chip to its other face.
    Flip,
    /// Draw `value` more chips for this test.
    Draw,
    /// Put one drawn chip in the play area and draw a replacement.
    Replace,
    /// Move `value` spaces (negative: back) on the tested job's contribution track.
    Track,
    /// Take `value` cheese from the supply (negative: pay that many back, as far as you can).
    Cheese,
}

/// One compiled effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    pub kind: EffectKind,
    pub value: i8,
    /// Icon bit the obstacle must show, 0 for always.
    pub icon: u8,
}

impl Effect {
    pub fn applies(&self, obstacle_icons: u8) -> bool {
        self.icon == 0 || self.icon & obstacle_icons != 0
    }
}

impl EffectKind {
    pub const ALL: &'static [EffectKind] = &[
        EffectKind::Modifier,
        EffectKind::Flip,
        EffectKind::Draw,
        EffectKind::Replace,
        EffectKind::Track,
        EffectKind::Cheese,
    ];
}

/// Validates a card's effect list at `path`, allowing only the `allowed` kinds.
pub fn compile_effects(
    p: &mut Problems,
    path: &str,
    raw: &[RawEffect],
    allowed: &[EffectKind],
) -> ArrayVec<Effect, MAX_EFFECTS> {
    p.check(
        raw.len() <= MAX_EFFECTS,
        path,
        format!("at most {MAX_EFFECTS} effects"),
    );
    let mut effects = ArrayVec::new();
    for (i, e) in raw.iter().take(MAX_EFFECTS).enumerate() {
        let path = format!("{path}.{i}");
        p.check(
            allowed.contains(&e.kind),
            format!("{path}.kind"),
            format!("a {:?} effect cannot appear here", e.kind),
        );
        let (needs_value, lo, hi) = match e.kind {
            EffectKind::Modifier => (true, -9, 9),
            EffectKind::Draw => (true, 1, 3),
            EffectKind::Track => (true, -5, 5),
            EffectKind::Cheese => (true, -5, 5),
            EffectKind::Flip | EffectKind::Replace => (false, 0, 0),
        };
        let value = match (needs_value, e.value) {
            (true, Some(v)) => {
                p.check(
                    v != 0 && v >= lo && v <= hi,
                    format!("{path}.value"),
                    if v == 0 {
                        format!(
                            "0 does nothing: a {:?} value is {lo} to {hi}, not 0",
                            e.kind
                        )
                    } else {
                        format!("{v} is out of range: a {:?} value is {lo} to {hi}", e.kind)
                    },
                );
                v
            }
            (true, None) => {
                p.check(
                    false,
                    &path,
                    format!("a {:?} effect needs a `value`", e.kind),
                );
                0
            }
            (false, Some(_)) => {
                p.check(
                    false,
                    format!("{path}.value"),
                    format!("a {:?} effect takes no value", e.kind),
                );
                0
            }
            (false, None) => 0,
        };
        effects.push(Effect {
            kind: e.kind,
            value,
            icon: e.icon.map_or(0, Icon::bit),
        });
    }
    let draws: i32 = effects
        .iter()
        .filter(|e| e.kind == EffectKind::Draw)
        .map(|e| i32::from(e.value))
        .sum();
    p.check(
        draws <= 3,
        path,
        format!("{draws} chips drawn by one card: at most 3"),
    );
    effects
}

/// The sum of the modifier effects that apply against an obstacle showing each set of icons
/// (indexed by the icon bits), so bots need not walk the effects.
pub fn modifier_by_icons(effects: &[Effect]) -> [i8; 8] {
    std::array::from_fn(|icons| {
        effects
            .iter()
            .filter(|e| e.kind == EffectKind::Modifier && e.applies(icons as u8))
            .map(|e| e.value)
            .sum()
    })
}

/// When the cheese printed on an obstacle is put on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ObstacleCheese {
    /// From the supply when the obstacle becomes the top of its job.
    OnReveal,
    /// From the supply onto every obstacle during setup.
    AtSetup,
    /// Obstacles never carry cheese.
    None,
}
