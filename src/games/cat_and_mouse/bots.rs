//! The deduction bots: `sleuth` plays the Inspector, `thief` the Mouse. Each decides from its
//! role's [`View`] and what it remembers of earlier ones, never from the hidden state.

use super::config::{Card, ClueRoomAgain, MAX_CARDS, MAX_ROOMS, OwnRoom, Rules, Trick};
use super::engine::{Action, Decision, Public, Rooms, Secret, View, bit};
use crate::core::lineup::{Bot, Kind, Param};
use crate::core::rng::{Dice, GameRng};

const TRAP_AT: Param = Param {
    name: "trap_at",
    default: 90,
    min: 1,
    max: 100,
    about: "how sure it must be of one room, in percent, before it springs the trap",
    names: &[],
};

const OWN_BELIEF: Param = Param {
    name: "own_belief",
    default: 10,
    min: 1,
    max: 99,
    about: "how often, in percent, it believes the Mouse names its own room to a Check (when the rules allow it)",
    names: &[],
};

pub const SLEUTH: Kind = Kind {
    name: "sleuth",
    about: "the Inspector: keeps how likely each room is to be the Mouse's, from every Map card it has seen and every answer, and springs the trap when one room is likely enough",
    params: &[TRAP_AT, OWN_BELIEF],
    roles: &["inspector"],
    searches: false,
};

const OWN_RATE: Param = Param {
    name: "own_rate",
    default: 10,
    min: 0,
    max: 100,
    about: "how often, in percent, it names its own room to a Check (when the rules allow it and no safe face-up clue room is there)",
    names: &[],
};

const FLEE_AT: Param = Param {
    name: "flee_at",
    default: 60,
    min: 1,
    max: 100,
    about: "how likely, in percent, it must judge the Inspector's best guess to be its room before it changes rooms",
    names: &[],
};

const PICK_AT: Param = Param {
    name: "pick_at",
    default: 50,
    min: 1,
    max: 100,
    about: "how likely, in percent, a card taken blind from the Inspector's pocket must be to complete a set before it plays the Pickpocket",
    names: &[],
};

pub const THIEF: Kind = Kind {
    name: "thief",
    about: "the Mouse: remembers which rooms were free when it last searched the Map deck and the loot it left behind, loots toward the set it can still complete, moves when the Inspector is close, and plays its Tricks",
    params: &[OWN_RATE, FLEE_AT, PICK_AT],
    roles: &["mouse"],
    searches: false,
};

/// `sleuth` with its parameters' values.
#[derive(Clone, Copy, Debug)]
pub struct SleuthParams {
    /// How sure it must be of one room before it springs the trap, in percent (kept so: the
    /// threshold is worked out as it always was, `total × percent / 100`, rounding alike).
    trap_at: f32,
    /// How often it believes the Mouse names its own room to a Check, a share.
    own_belief: f32,
}

impl SleuthParams {
    pub fn of(bot: &Bot) -> Self {
        Self {
            trap_at: bot.value(&TRAP_AT) as f32,
            own_belief: bot.value(&OWN_BELIEF) as f32 / 100.0,
        }
    }
}

/// `thief` with its parameters' values.
#[derive(Clone, Copy, Debug)]
pub struct ThiefParams {
    /// How often, in percent, it names its own room to a Check.
    own_rate: u32,
    /// How likely it must judge the Inspector's best guess to be its room before it moves.
    flee_at: f32,
    /// How likely a card taken blind must be to complete a set before it plays the Pickpocket.
    pick_at: f32,
}

impl ThiefParams {
    pub fn of(bot: &Bot) -> Self {
        Self {
            own_rate: bot.value(&OWN_RATE) as u32,
            flee_at: bot.value(&FLEE_AT) as f32 / 100.0,
            pick_at: bot.value(&PICK_AT) as f32 / 100.0,
        }
    }
}

/// What one seat's bot remembers within a game. A seat plays one role, so only one half is
/// ever used; both are small and fixed-size.
#[derive(Clone, Default)]
pub struct Memory {
    sleuth: Sleuth,
    thief: Thief,
}

/// The Inspector's belief: a weight for each room being the Mouse's (0: ruled out).
#[derive(Clone, Default)]
struct Sleuth {
    /// Index `r - 1` for room `r`.
    weight: [f32; MAX_ROOMS],
    /// `public.moves + 1` when the weights were last reset to the Mouse's new room; 0 before
    /// it has one.
    epoch: u32,
    /// Checks whose answers are already counted.
    answers: u32,
    /// Rooms the Mouse has named and that gave no clue: a Mouse names them again, so they are
    /// the ones worth monitoring.
    named: Rooms,
}

/// The Mouse's memory.
#[derive(Clone)]
struct Thief {
    /// The rooms in the Map deck when it last searched it: unmonitored then.
    free: Rooms,
    /// Rounds completed when it searched.
    searched_at: u32,
    /// Times it named its own room, and rooms it named, since it searched.
    own_named: u8,
    named: Rooms,
    /// Loot cards of each kind it left behind in old rooms, out of reach for good.
    gone: [u8; MAX_CARDS],
}

impl Default for Thief {
    fn default() -> Self {
        Self {
            free: 0,
            searched_at: 0,
            own_named: 0,
            named: 0,
            gone: [0; MAX_CARDS],
        }
    }
}

fn rooms_of(rooms: impl IntoIterator<Item = u8>) -> Rooms {
    rooms.into_iter().fold(0, |m, r| m | bit(r))
}

fn all_rooms(rules: &Rules) -> Rooms {
    (1..=rules.rooms).fold(0, |m, r| m | bit(r))
}

/// The face-up clue rooms.
fn face_up(public: &Public) -> Rooms {
    rooms_of(public.monitored.iter().flatten().copied())
}

/// One member of a bit set, uniformly: its bit's index (`set` is not empty).
fn pick_bit(set: u64, rng: &mut GameRng) -> u8 {
    let mut left = set;
    for _ in 0..rng.below(set.count_ones()) {
        left &= left - 1;
    }
    left.trailing_zeros() as u8
}

/// One room of `rooms`, uniformly (`rooms` is not empty).
fn pick(rooms: Rooms, rng: &mut GameRng) -> u8 {
    pick_bit(u64::from(rooms), rng) + 1
}

/// The `sleuth`'s decision.
pub fn sleuth(bot: &SleuthParams, view: &View, memory: &mut Memory, rng: &mut GameRng) -> Action {
    let Secret::Inspector {
        pocket,
        monitored,
        drawn,
        ..
    } = view.secret
    else {
        unreachable!("the sleuth plays the Inspector")
    };
    let (rules, public) = (view.rules, view.public);
    let m = &mut memory.sleuth;
    if view.asked == Some(Decision::Pocket) {
        return Action::Pocket(pocket_pick(rules, view, pocket, rng));
    }
    // What happened since its last decision, in order: the answer, then a move.
    if public.checks > m.answers {
        m.answers = public.checks;
        if let Some((named, false)) = public.last_answer {
            m.named |= bit(named);
            let own = match rules.own_room {
                OwnRoom::Allowed => bot.own_belief,
                OwnRoom::Forbidden => 0.0,
            };
            // Naming its own room has chance `own`; any other one of the rest, an even share.
            let others = (1.0 - own) / f32::from(rules.rooms - 1);
            for (i, w) in m.weight.iter_mut().enumerate() {
                *w *= if i + 1 == usize::from(named) {
                    own
                } else {
                    others
                };
            }
        }
    }
    if m.epoch != public.moves + 1 {
        m.epoch = public.moves + 1;
        for r in 1..=rules.rooms {
            m.weight[usize::from(r - 1)] = 1.0;
        }
    }
    if let Some(r) = public.revealed {
        for (i, w) in m.weight.iter_mut().enumerate() {
            if i + 1 != usize::from(r) {
                *w = 0.0;
            }
        }
    }
    for &r in monitored.iter().chain(drawn) {
        m.weight[usize::from(r - 1)] = 0.0;
    }
    match view.asked {
        Some(Decision::Monitor) => {
            // Either card is ruled out now; the one the Mouse has named is worth watching.
            let watch = drawn.iter().copied().find(|&r| m.named & bit(r) != 0);
            Action::Monitor(watch.unwrap_or(drawn[0]))
        }
        Some(Decision::Act) => {
            let total: f32 = m.weight.iter().sum();
            let (mut best, mut top) = (0, 0.0);
            for (i, &w) in m.weight.iter().enumerate() {
                if w > top {
                    (best, top) = (i as u8 + 1, w);
                }
            }
            let sure = top >= total * bot.trap_at / 100.0;
            if total > 0.0 && sure {
                Action::Trap(best)
            } else {
                Action::Check
            }
        }
        asked => unreachable!("the Inspector is not asked {asked:?}"),
    }
}

/// The kind to pocket: one that shares the fewest themes and values with what it already
/// pockets, so the pocket breaks as many sets as it can; ties at random.
fn pocket_pick(rules: &Rules, view: &View, pocket: &[u8], rng: &mut GameRng) -> u8 {
    let Secret::Inspector {
        loot: Some(deck), ..
    } = view.secret
    else {
        unreachable!("the Inspector sees the Loot deck while it searches it")
    };
    let overlap = |k: u8| match rules.card(k) {
        Card::Loot { theme, value } => pocket
            .iter()
            .filter(|&&p| match rules.card(p) {
                Card::Loot { theme: t, value: v } => t == theme || v == value,
                Card::Trick(_) => false,
            })
            .count(),
        Card::Trick(_) => usize::MAX,
    };
    let kinds = deck.iter().fold(0u64, |m, &c| m | 1 << c);
    let least = (0..rules.cards.len() as u8)
        .filter(|&k| kinds & 1 << k != 0)
        .map(overlap)
        .min()
        .expect("a loot card to pocket");
    let fewest: u64 = (0..rules.cards.len() as u8)
        .filter(|&k| kinds & 1 << k != 0 && overlap(k) == least)
        .fold(0, |m, k| m | 1 << k);
    pick_bit(fewest, rng)
}

/// What the Mouse knows of the Loot deck: how many cards of each theme and value it holds,
/// and of each kind it has not seen (in the Loot deck or the pocket).
struct Haul {
    themes: [u8; 8],
    values: [u8; 8],
    unseen: [u8; MAX_CARDS],
    unseen_loot: u32,
    /// Loot cards (not Tricks) in hand.
    loot: u8,
}

impl Haul {
    fn new(rules: &Rules, hand: &[u8], room: &[u8], m: &Thief, public: &Public) -> Self {
        let mut h = Self {
            themes: [0; 8],
            values: [0; 8],
            unseen: [0; MAX_CARDS],
            unseen_loot: 0,
            loot: 0,
        };
        for &c in &rules.deck {
            h.unseen[usize::from(c)] += 1;
        }
        for (k, trick) in super::config::TRICKS.iter().enumerate() {
            if let Some(c) = rules.trick(*trick) {
                h.unseen[usize::from(c)] -= public.tricks_played[k];
            }
        }
        for &c in hand.iter().chain(room) {
            h.unseen[usize::from(c)] -= 1;
        }
        for &c in hand {
            if let Card::Loot { theme, value } = rules.card(c) {
                h.themes[usize::from(theme)] += 1;
                h.values[usize::from(value)] += 1;
                h.loot += 1;
            }
        }
        for (k, &n) in m.gone.iter().enumerate().take(rules.cards.len()) {
            h.unseen[k] -= n;
        }
        h.unseen_loot = (0..rules.cards.len())
            .filter(|&k| matches!(rules.card(k as u8), Card::Loot { .. }))
            .map(|k| u32::from(h.unseen[k]))
            .sum();
        h
    }

    /// Whether the hand holds a set.
    fn set(&self, rules: &Rules) -> bool {
        let n = rules.set_size as u8;
        self.themes.iter().chain(&self.values).any(|&k| k >= n)
    }

    /// Cards of a theme (or a value) still to be had: in the room or unseen.
    fn reachable(&self, rules: &Rules, room: &[u8], theme: Option<u8>, value: Option<u8>) -> u8 {
        let fits = |c: u8| match rules.card(c) {
            Card::Loot { theme: t, value: v } => Some(t) == theme || Some(v) == value,
            Card::Trick(_) => false,
        };
        let in_room = room.iter().filter(|&&c| fits(c)).count() as u8;
        let unseen: u8 = (0..rules.cards.len() as u8)
            .filter(|&c| fits(c))
            .map(|c| self.unseen[usize::from(c)])
            .sum();
        in_room + unseen
    }

    /// How far card `c` takes the hand toward a set it can still complete: the cards of that
    /// set it would hold (0 for a set out of reach).
    fn progress(&self, rules: &Rules, room: &[u8], c: u8) -> u8 {
        let Card::Loot { theme, value } = rules.card(c) else {
            return 0;
        };
        let n = rules.set_size as u8;
        let have_t = self.themes[usize::from(theme)];
        let have_v = self.values[usize::from(value)];
        let t = self.reachable(rules, room, Some(theme), None);
        let v = self.reachable(rules, room, None, Some(value));
        let by_theme = if have_t + t >= n { have_t + 1 } else { 0 };
        let by_value = if have_v + v >= n { have_v + 1 } else { 0 };
        by_theme.max(by_value)
    }

    /// The chance that a card taken blind from the pocket completes a set: the pocket holds
    /// loot only, any unseen loot card as likely as another.
    fn pick_chance(&self, rules: &Rules) -> f32 {
        if self.unseen_loot == 0 {
            return 0.0;
        }
        let n = rules.set_size as u8;
        let completing: u32 = (0..rules.cards.len() as u8)
            .filter(|&c| match rules.card(c) {
                Card::Loot { theme, value } => {
                    self.themes[usize::from(theme)] + 1 >= n
                        || self.values[usize::from(value)] + 1 >= n
                }
                Card::Trick(_) => false,
            })
            .map(|c| u32::from(self.unseen[usize::from(c)]))
            .sum();
        completing as f32 / self.unseen_loot as f32
    }
}

/// What a Trick in the room is worth, on the scale of [`Haul::progress`]: a Calling Card
/// saves the Mouse once, worth more than a step toward a set; a Smoke Bomb saves one turn at
/// the end and a Pickpocket is a long shot, worth a turn only to a Mouse holding nothing yet
/// (measured: valued as a step, they cost the Mouse 2 to 4 points of win rate).
fn trick_worth(t: Trick) -> f32 {
    match t {
        Trick::CallingCard => 2.5,
        Trick::SmokeBomb | Trick::Pickpocket => 0.5,
    }
}

/// The `thief`'s decision.
pub fn thief(bot: &ThiefParams, view: &View, memory: &mut Memory, rng: &mut GameRng) -> Action {
    let Secret::Mouse {
        room,
        room_loot,
        hand,
        map,
    } = view.secret
    else {
        unreachable!("the thief plays the Mouse")
    };
    let (rules, public) = (view.rules, view.public);
    let m = &mut memory.thief;
    // What it knows of the Loot deck, reckoned only for the decisions that use it.
    let haul = |m: &Thief| Haul::new(rules, hand, room_loot, m, public);
    match view.asked {
        Some(d @ (Decision::Start | Decision::NewRoom)) => {
            let deck = rooms_of(
                map.expect("the Mouse sees the Map deck it searches")
                    .iter()
                    .copied(),
            );
            let chosen = pick(deck, rng);
            m.free = deck & !bit(chosen);
            m.searched_at = public.turns;
            m.own_named = 0;
            m.named = 0;
            if d == Decision::Start {
                Action::Start(chosen)
            } else {
                Action::Room(chosen)
            }
        }
        Some(Decision::Answer) => {
            let own = room.expect("the Mouse is in a room when it answers");
            answer(bot, rules, public, m, own, rng)
        }
        Some(Decision::Turn) => {
            let own = room.expect("the Mouse is in a room on its turn");
            let haul = haul(m);
            turn(bot, rules, public, m, &haul, own, (hand, room_loot))
        }
        Some(Decision::Smoke) => Action::Smoke(haul(m).set(rules)),
        Some(Decision::Subtle) => {
            // Any face-down card back in the Map deck gives the Mouse one more room to hide
            // in; it cannot tell the Inspector's apart.
            let face_down = public.monitored.iter().filter(|r| r.is_none()).count();
            Action::Subtle(Some(rng.below(face_down as u32) as u8))
        }
        asked => unreachable!("the Mouse is not asked {asked:?}"),
    }
}

/// The room the `thief` names to a Check.
fn answer(
    bot: &ThiefParams,
    rules: &Rules,
    public: &Public,
    m: &mut Thief,
    own: u8,
    rng: &mut GameRng,
) -> Action {
    let up = face_up(public);
    // A face-up clue room gives nothing away and nothing more, where the rules say so.
    if rules.clue_room_again == ClueRoomAgain::Nothing && up != 0 {
        return Action::Name(pick(up, rng));
    }
    let own_ok = rules.own_room == OwnRoom::Allowed;
    let losing = public.clues + 1 >= rules.clues_to_win;
    if own_ok && (losing || rng.below(100) < bot.own_rate) {
        m.own_named += 1;
        return Action::Name(own);
    }
    // Rooms free at the search are the likeliest still unmonitored; fresh names first, so the
    // Inspector cannot watch the ones it heard. Fewer clues than rooms (checked with the
    // config) leave a room that is neither its own nor face-up.
    let unknown = m.free & !up & !bit(own);
    let other = all_rooms(rules) & !up & !bit(own);
    let choice = [unknown & !m.named, unknown, other]
        .into_iter()
        .find(|&s| s != 0)
        .expect("a room to name");
    let named = pick(choice, rng);
    m.named |= bit(named);
    Action::Name(named)
}

/// The `thief`'s turn: end with a set, flee danger, pick a pocket, loot toward a set, or move.
fn turn(
    bot: &ThiefParams,
    rules: &Rules,
    public: &Public,
    m: &mut Thief,
    haul: &Haul,
    own: u8,
    (hand, room_loot): (&[u8], &[u8]),
) -> Action {
    if haul.set(rules) {
        return Action::End;
    }
    let can_move = public.map_left > 0;
    let change = |m: &mut Thief| {
        for &c in room_loot {
            m.gone[usize::from(c)] += 1;
        }
        Action::Change
    };
    let pickpocket = rules
        .trick(Trick::Pickpocket)
        .is_some_and(|p| hand.contains(&p))
        && public.pocket > 0;
    let calling = rules
        .trick(Trick::CallingCard)
        .is_some_and(|c| hand.contains(&c));
    let threatened = !calling && danger(bot, rules, public, m, own) >= bot.flee_at;
    if can_move && threatened {
        return change(m);
    }
    let chance = haul.pick_chance(rules);
    let last = threatened;
    if pickpocket && chance > 0.0 && (chance >= bot.pick_at || last) {
        return Action::Pickpocket(0);
    }
    let mut best: Option<(f32, u8)> = None;
    for (i, &c) in room_loot.iter().enumerate() {
        let worth = match rules.card(c) {
            Card::Trick(t) => trick_worth(t),
            Card::Loot { .. } => f32::from(haul.progress(rules, room_loot, c)),
        };
        if best.is_none_or(|(w, _)| worth > w) {
            best = Some((worth, i as u8));
        }
    }
    match best {
        // Turns are short: after the first card, a card is worth one only if it adds to a set
        // the hand has begun (or there is nowhere else to go).
        Some((worth, i)) if worth >= 2.0 || !can_move => Action::Loot(i),
        Some((worth, i)) if worth > 0.0 && haul.loot == 0 => Action::Loot(i),
        _ if can_move => change(m),
        _ if pickpocket => Action::Pickpocket(0),
        _ => Action::End,
    }
}

/// How likely the Inspector's best guess at its next turn is the Mouse's room, as the Mouse
/// can reckon it: the rooms it cannot have ruled out (the Map deck at the search and its own,
/// less the two cards it draws a round), and the odds each naming of its own room adds.
fn danger(bot: &ThiefParams, rules: &Rules, public: &Public, m: &Thief, own: u8) -> f32 {
    if public.revealed == Some(own) {
        return 1.0;
    }
    let n = m.free.count_ones();
    let rounds = public.turns - m.searched_at + 1;
    let mut candidates = n + 1 - (2 * rounds).min(n);
    if rules.own_room == OwnRoom::Forbidden {
        // Every other room it names is one fewer.
        candidates = candidates.saturating_sub(m.named.count_ones()).max(1);
    }
    let p = (bot.own_rate as f32 / 100.0).clamp(0.01, 0.99);
    let odds = (p * f32::from(rules.rooms - 1) / (1.0 - p)).powi(i32::from(m.own_named));
    odds / (odds + (candidates - 1) as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::game_rng;
    use crate::games::cat_and_mouse::{KINDS, tests::rules_with};

    fn bot(text: &str) -> Bot {
        crate::core::lineup::parse(text, KINDS, &[]).unwrap()
    }

    fn sleuth_bot(params: &str) -> SleuthParams {
        SleuthParams::of(&bot(&format!("sleuth({params})")))
    }

    fn thief_bot(params: &str) -> ThiefParams {
        ThiefParams::of(&bot(&format!("thief({params})")))
    }

    /// The table as the seat `secret` belongs to sees it, asked `asked`.
    fn seen_as<'a>(
        rules: &'a Rules,
        public: &'a Public,
        asked: Decision,
        secret: Secret<'a>,
    ) -> View<'a> {
        let me = match secret {
            Secret::Inspector { .. } => 0,
            Secret::Mouse { .. } => 1,
        };
        View {
            rules,
            public,
            me,
            asked: Some(asked),
            secret,
        }
    }

    /// The Inspector asked to act, having monitored `monitored` and drawn `drawn` this round.
    fn inspector<'a>(
        rules: &'a Rules,
        public: &'a Public,
        monitored: &'a [u8],
        drawn: &'a [u8],
        asked: Decision,
    ) -> View<'a> {
        let secret = Secret::Inspector {
            pocket: &[],
            monitored,
            drawn,
            monitored_loot: &[],
            loot: None,
        };
        seen_as(rules, public, asked, secret)
    }

    /// Rooms 1 to 12 less `out`, each `(room, up)` on the monitored row.
    fn monitored_row(rooms: &[(u8, bool)]) -> Public {
        let mut p = Public::default();
        p.monitored
            .extend(rooms.iter().map(|&(r, up)| up.then_some(r)));
        p
    }

    #[test]
    fn the_sleuth_rules_out_every_room_it_sees_and_traps_the_last_one() {
        let rules = rules_with(&[]);
        let bot = sleuth_bot("");
        let mut m = Memory::default();
        let mut rng = game_rng(1);
        let rooms: Vec<(u8, bool)> = (1..=8).map(|r| (r, false)).collect();
        let public = monitored_row(&rooms);
        let monitored: Vec<u8> = (1..=8).collect();
        // Rooms 9 to 12 are left; drawing 9 and 10 leaves two: it checks.
        let view = inspector(&rules, &public, &monitored, &[9, 10], Decision::Act);
        assert_eq!(sleuth(&bot, &view, &mut m, &mut rng), Action::Check);
        // It remembers them; drawing 11 next round leaves room 12 alone.
        let view = inspector(&rules, &public, &monitored, &[11], Decision::Act);
        assert_eq!(sleuth(&bot, &view, &mut m, &mut rng), Action::Trap(12));
        // Once the Mouse moves, the rooms it drew are candidates again.
        let mut moved = monitored_row(&rooms);
        moved.moves = 1;
        let view = inspector(&rules, &moved, &monitored, &[11], Decision::Act);
        assert_eq!(sleuth(&bot, &view, &mut m, &mut rng), Action::Check);
        // And a room a Calling Card shows is trapped at once.
        moved.revealed = Some(10);
        let view = inspector(&rules, &moved, &monitored, &[], Decision::Act);
        assert_eq!(sleuth(&bot, &view, &mut m, &mut rng), Action::Trap(10));
    }

    #[test]
    fn the_sleuth_weighs_each_answer_as_the_rules_allow() {
        let monitored: Vec<u8> = (1..=10).collect();
        let rooms: Vec<(u8, bool)> = monitored.iter().map(|&r| (r, false)).collect();
        // Rooms 11 and 12 are left, and the Mouse named room 11 to the last check.
        let trap = |sets: &[&str], params: &str| {
            let rules = rules_with(sets);
            let (bot, mut m, mut rng) = (sleuth_bot(params), Memory::default(), game_rng(1));
            let mut public = monitored_row(&rooms);
            let view = inspector(&rules, &public, &monitored, &[], Decision::Act);
            assert_eq!(sleuth(&bot, &view, &mut m, &mut rng), Action::Check);
            public.checks = 1;
            public.last_answer = Some((11, false));
            let view = inspector(&rules, &public, &monitored, &[], Decision::Act);
            sleuth(&bot, &view, &mut m, &mut rng)
        };
        // Believing the Mouse names its own room 9 times in 10, 11 is the Mouse's room.
        assert_eq!(trap(&[], "own_belief=90"), Action::Trap(11));
        // At 1 in 10 it is 11 to 9 for room 11 (0.1 against 0.9 / 11): not sure enough for
        // 90%, sure enough for 54%.
        assert_eq!(trap(&[], ""), Action::Check);
        assert_eq!(trap(&[], "trap_at=54"), Action::Trap(11));
        // A Mouse that may not name its own room has named another: room 12.
        assert_eq!(
            trap(&["rules.own_room=\"forbidden\""], "own_belief=90"),
            Action::Trap(12)
        );
    }

    #[test]
    fn the_sleuth_monitors_a_room_the_mouse_has_named_and_pockets_to_break_four_sets() {
        let rules = rules_with(&["variants.deep_pockets=true"]);
        let bot = sleuth_bot("");
        let mut m = Memory::default();
        let mut rng = game_rng(3);
        let public = Public {
            checks: 1,
            last_answer: Some((7, false)),
            ..Public::default()
        };
        let view = inspector(&rules, &public, &[], &[3, 7], Decision::Monitor);
        assert_eq!(sleuth(&bot, &view, &mut m, &mut rng), Action::Monitor(7));
        let view = inspector(&rules, &public, &[], &[7, 3], Decision::Monitor);
        assert_eq!(sleuth(&bot, &view, &mut m, &mut rng), Action::Monitor(7));
        // Holding kind 0 (theme 0, value 0), the second card shares neither.
        let deck: Vec<u8> = rules.deck.clone();
        for seed in 0..50 {
            let secret = Secret::Inspector {
                pocket: &[0],
                monitored: &[],
                drawn: &[],
                monitored_loot: &[],
                loot: Some(&deck),
            };
            let asked = seen_as(&rules, &public, Decision::Pocket, secret);
            let Action::Pocket(k) = sleuth(&bot, &asked, &mut m, &mut game_rng(seed)) else {
                panic!("a pocket pick")
            };
            let Card::Loot { theme, value } = rules.card(k) else {
                panic!("never a Trick")
            };
            assert!(theme != 0 && value != 0, "kind {k}");
        }
    }

    /// The Mouse in room 5 on `asked`, holding `hand`, with `room_loot` at its room, having
    /// searched a Map deck of rooms 6 to 12.
    fn mouse<'a>(
        rules: &'a Rules,
        public: &'a Public,
        hand: &'a [u8],
        room_loot: &'a [u8],
        asked: Decision,
    ) -> View<'a> {
        let secret = Secret::Mouse {
            room: Some(5),
            room_loot,
            hand,
            map: None,
        };
        seen_as(rules, public, asked, secret)
    }

    fn searched() -> Memory {
        let mut m = Memory::default();
        m.thief.free = (6..=12).fold(0, |s, r| s | bit(r));
        m
    }

    #[test]
    fn the_thief_names_rooms_that_give_nothing_away() {
        let name = |sets: &[&str], params: &str, public: &Public| {
            let rules = rules_with(sets);
            let view = mouse(&rules, public, &[], &[], Decision::Answer);
            let mut m = searched();
            let mut rng = game_rng(1);
            (0..40)
                .map(|_| thief(&thief_bot(params), &view, &mut m, &mut rng))
                .collect::<Vec<_>>()
        };
        let mut public = monitored_row(&[(1, false), (3, true)]);
        public.clues = 1;
        // A face-up room gives nothing under the default reading: always room 3.
        assert!(
            name(&[], "own_rate=100", &public)
                .iter()
                .all(|&a| a == Action::Name(3))
        );
        // Where it gives a clue, a Mouse one clue from losing names its own room.
        public.clues = 2;
        let again = ["rules.clue_room_again=\"clue\""];
        assert!(
            name(&again, "own_rate=0", &public)
                .iter()
                .all(|&a| a == Action::Name(5))
        );
        // Otherwise it names rooms free at its search, new ones first.
        public.clues = 1;
        let named = name(&again, "own_rate=0", &public);
        let first: Vec<Action> = named[..7].to_vec();
        let mut rooms: Vec<u8> = first
            .iter()
            .map(|a| match a {
                Action::Name(r) => *r,
                _ => unreachable!(),
            })
            .collect();
        rooms.sort_unstable();
        assert_eq!(rooms, [6, 7, 8, 9, 10, 11, 12]);
        // Its own room, never where the rules forbid it.
        let own = name(
            &[
                "rules.own_room=\"forbidden\"",
                "rules.clue_room_again=\"clue\"",
            ],
            "own_rate=100",
            &public,
        );
        assert!(
            own.iter()
                .all(|&a| a != Action::Name(5) && a != Action::Name(3))
        );
    }

    #[test]
    fn the_thief_ends_with_a_set_loots_toward_one_and_flees_a_sure_trap() {
        let rules = rules_with(&[]);
        let bot = thief_bot("");
        let calling = rules.trick(Trick::CallingCard).unwrap();
        let mut public = Public {
            map_left: 5,
            ..Public::default()
        };
        let act = |public: &Public, hand: &[u8], room: &[u8], asked, m: &mut Memory| {
            let view = mouse(&rules, public, hand, room, asked);
            thief(&bot, &view, m, &mut game_rng(1))
        };
        // Kinds 0–2 share a theme, 0, 3 and 6 a value.
        assert_eq!(
            act(&public, &[0, 1, 2], &[4], Decision::Turn, &mut searched()),
            Action::End
        );
        assert_eq!(
            act(&public, &[0, 3, 6], &[], Decision::Smoke, &mut searched()),
            Action::Smoke(true)
        );
        assert_eq!(
            act(&public, &[0, 4], &[], Decision::Smoke, &mut searched()),
            Action::Smoke(false)
        );
        // Holding 0 and 1, it takes the 2 that completes the theme over the 7.
        assert_eq!(
            act(&public, &[0, 1], &[7, 2], Decision::Turn, &mut searched()),
            Action::Loot(1)
        );
        // Nothing here adds to its pair: it moves on, and remembers the loot it left.
        let mut m = searched();
        assert_eq!(
            act(&public, &[0, 1], &[5, 8], Decision::Turn, &mut m),
            Action::Change
        );
        assert_eq!((m.thief.gone[5], m.thief.gone[8]), (1, 1));
        // Seven rounds after its search, the Inspector has seen every room: it flees, unless a
        // Calling Card will save it.
        public.turns = 7;
        assert_eq!(
            act(&public, &[0, 1], &[2], Decision::Turn, &mut searched()),
            Action::Change
        );
        assert_eq!(
            act(
                &public,
                &[0, calling],
                &[1],
                Decision::Turn,
                &mut searched()
            ),
            Action::Loot(0)
        );
        // A room a Calling Card showed is left at once.
        public.turns = 1;
        public.revealed = Some(5);
        assert_eq!(
            act(&public, &[0], &[1], Decision::Turn, &mut searched()),
            Action::Change
        );
    }
}
