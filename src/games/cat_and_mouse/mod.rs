//! Cat & The Mouse (`cat-and-the-mouse.txt`): a two-player game of deduction. The Inspector
//! (seat 1) monitors rooms and checks for clues or springs the trap; the Mouse (seat 2) loots
//! rooms, changes rooms and ends the heist with a set of three.

pub mod bots;
pub mod config;
pub mod engine;
mod report;
#[cfg(test)]
mod tests;

use crate::games::prelude::*;
use config::{Card, RawConfig, Rules, TRICKS};
use engine::{ENDINGS, Engine, INSPECTOR, MOUSE};

use crate::bots::Own;
use crate::core::game::Seat;
use crate::core::lineup::Bot;
use crate::core::play::{Decider, Seen};
use crate::core::rng::GameRng;

/// The default config, built into the binary.
pub const STANDARD: &str = include_str!("../../../configs/cat-and-the-mouse/standard.toml");

/// The two roles. Seat 0 is the Inspector, who "always take[s] your turn before The Mouse";
/// seat 1 the Mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Role {
    Inspector = 0,
    Mouse = 1,
}

impl Role {
    pub fn of(seat: Seat) -> Self {
        if ROLES.of_seat[seat] == Self::Inspector as u8 {
            Self::Inspector
        } else {
            Self::Mouse
        }
    }
}

/// The roles as the shared layer names them (`roles.csv`, `--bots inspector=…`).
pub const ROLES: Roles = Roles {
    names: &["inspector", "mouse"],
    of_seat: [Role::Inspector as u8, Role::Mouse as u8, 0, 0, 0, 0],
};

/// The bots of this game: the shared `random`, one deduction bot for each role, the shared
/// `ismcts`.
pub const KINDS: &[Kind] = &[
    crate::core::play::RANDOM,
    bots::SLEUTH,
    bots::THIEF,
    // 30 iterations rate level with 50 in a ladder of 200 seeds (both within 3 Elo of
    // `sleuth`+`thief`), at 2,300 games a second against 1,200. The game reckons no standing,
    // so play-outs run to its end.
    crate::bots::ismcts::kind(&crate::bots::ismcts::params(30, 0)),
];

/// The deduction bots as typed values: `sleuth` for the Inspector, `thief` for the Mouse.
#[derive(Clone, Copy, Debug)]
pub enum Deduction {
    Sleuth(bots::SleuthParams),
    Thief(bots::ThiefParams),
}

impl Own for Deduction {
    fn of(bot: &Bot) -> Self {
        if bot.is(&bots::SLEUTH) {
            Self::Sleuth(bots::SleuthParams::of(bot))
        } else {
            Self::Thief(bots::ThiefParams::of(bot))
        }
    }

    /// The deduction bot of `seat`'s role, with its defaults.
    fn heuristic(seat: Seat) -> Self {
        Self::of(&Bot::new(match Role::of(seat) {
            Role::Inspector => &bots::SLEUTH,
            Role::Mouse => &bots::THIEF,
        }))
    }
}

impl Decider<Engine<'_>> for Deduction {
    type Memory = bots::Memory;

    fn decide(
        &self,
        seen: &Seen<Engine>,
        memory: &mut bots::Memory,
        rng: &mut GameRng,
    ) -> engine::Action {
        let view = seen.view();
        match self {
            Self::Sleuth(p) => bots::sleuth(p, &view, memory, rng),
            Self::Thief(p) => bots::thief(p, &view, memory, rng),
        }
    }
}

/// This game's bots as it plays them.
pub type Agent = crate::bots::Agent<Deduction>;

/// The counters a game adds to.
pub struct Tally {
    endings: Block,
    pocketed: Block,
    kept: Block,
    kept_won: Block,
    /// Each Trick's plays: a game may play one more than once when the deck holds copies.
    plays: Block,
    /// Games in which each Trick was played at least once, and those the Mouse won.
    games_with_play: Block,
    games_with_play_won: Block,
    actions: Block,
}

/// The per-game actions `actions.csv` counts, in its order.
const ACTIONS: [&str; 5] = [
    "checks for clues",
    "traps sprung",
    "clues found",
    "room changes",
    "rooms shuffled back (Subtle Movement)",
];

impl Tally {
    fn declare(d: &mut Declared, rules: &Rules) -> Self {
        let cards = rules.cards.len();
        let t = Self {
            endings: d.block("endings", ENDINGS.len()),
            pocketed: d.block("pocketed", cards),
            kept: d.block("kept", cards),
            kept_won: d.block("kept_won", cards),
            plays: d.block("trick_plays", TRICKS.len()),
            games_with_play: d.block("trick_games_with_play", TRICKS.len()),
            games_with_play_won: d.block("trick_games_with_play_won", TRICKS.len()),
            actions: d.block("actions", ACTIONS.len()),
        };
        d.sums_to(t.endings, Total::PerGame(1));
        d.at_most(t.kept_won, t.kept);
        d.at_most(t.games_with_play_won, t.games_with_play);
        // A game with a play has at least one.
        d.at_most(t.games_with_play, t.plays);

        let mut endings = count_table!("endings.csv", "ending";
            ending: Text, winner: Text, games: Count, share: Rate
        );
        for (i, name) in ENDINGS.iter().enumerate() {
            let winner = match i {
                0 | 1 | 4 => "inspector",
                2 | 3 => "mouse",
                _ => "none",
            };
            let slot = t.endings.at(i);
            endings.row(
                *name,
                vec![
                    Cell::text(name),
                    Cell::text(winner),
                    Cell::Count(slot),
                    Cell::Of(slot, Per::Games),
                ],
            );
        }
        d.tables.push(endings);

        let mut loot = count_table!("cards.csv", "card";
            card: Text, kind: Text, pocketed: Rate, kept: Count, kept_rate: Rate,
            mouse_win_rate_when_kept: Rate
        );
        for k in 0..cards {
            let name = rules.card_name(k as u8);
            let kind = match rules.cards[k] {
                Card::Loot { .. } => "loot",
                Card::Trick(_) => "trick",
            };
            loot.row(
                name.clone(),
                vec![
                    Cell::Text(name),
                    Cell::text(kind),
                    Cell::Of(t.pocketed.at(k), Per::Games),
                    Cell::Count(t.kept.at(k)),
                    Cell::Of(t.kept.at(k), Per::Games),
                    Cell::Of(t.kept_won.at(k), Per::Slot(t.kept.at(k))),
                ],
            );
        }
        d.tables.push(loot);

        // Games with a play and plays differ once the deck holds copies of a Trick: a Calling
        // Card can save the Mouse twice in one game.
        let mut tricks = count_table!("tricks.csv", "trick";
            trick: Text, games_with_play: Count, games_with_play_rate: Rate,
            // Compared as `plays_per_game`, once.
            plays: Count, plays_per_game: Mean, mouse_win_rate_when_played: Rate
        );
        for (i, trick) in TRICKS.iter().enumerate() {
            let games = t.games_with_play.at(i);
            tricks.row(
                trick.name(),
                vec![
                    Cell::text(trick.name()),
                    Cell::Count(games),
                    Cell::Of(games, Per::Games),
                    Cell::Count(t.plays.at(i)),
                    Cell::Of(t.plays.at(i), Per::Games),
                    Cell::Of(t.games_with_play_won.at(i), Per::Slot(games)),
                ],
            );
        }
        d.tables.push(tricks);

        let mut actions = count_table!("actions.csv", "action";
            action: Text,
            // Compared as `per_game`, once.
            total: Count, per_game: Mean
        );
        for (i, name) in ACTIONS.iter().enumerate() {
            let slot = t.actions.at(i);
            actions.row(
                *name,
                vec![
                    Cell::text(name),
                    Cell::Count(slot),
                    Cell::Of(slot, Per::Games),
                ],
            );
        }
        d.tables.push(actions);
        t
    }

    /// Counts one finished game.
    fn ended(&self, counts: &mut Counts, game: &Engine, outcome: &Outcome) {
        counts.bump(self.endings.at(usize::from(outcome.ending.unwrap_or(0))));
        let mouse_won = outcome.won(MOUSE);
        let cards = game.rules.cards.len();
        // A card is counted once a game, however many copies.
        let seen = |pile: &[u8]| pile.iter().fold(0u64, |m, &c| m | 1 << c);
        let (pocket, hand) = (seen(game.pocket()), seen(game.hand()));
        for k in 0..cards {
            if pocket & 1 << k != 0 {
                counts.bump(self.pocketed.at(k));
            }
            if hand & 1 << k != 0 {
                counts.bump(self.kept.at(k));
                if mouse_won {
                    counts.bump(self.kept_won.at(k));
                }
            }
        }
        let p = game.public();
        for (i, &n) in p.tricks_played.iter().enumerate() {
            counts.add_n(self.plays.at(i), u64::from(n));
            if n > 0 {
                counts.bump(self.games_with_play.at(i));
                if mouse_won {
                    counts.bump(self.games_with_play_won.at(i));
                }
            }
        }
        let actions = [
            p.checks,
            p.traps,
            u32::from(p.clues),
            p.moves,
            p.subtle_moves,
        ];
        counts.add_each(self.actions, actions);
    }
}

/// Cat & The Mouse with one validated config.
pub type CatAndMouse = Configured<Rules>;

impl Ruleset for Rules {
    const GAME: &'static str = "cat-and-the-mouse";
    const BUILTIN: Builtin = Builtin {
        text: STANDARD,
        about: "Cat & The Mouse: the Inspector hunts the Mouse, who loots a mansion for a set of three",
    };
    const REPORT: Parts = report::PARTS;
    const PLAYERS: (usize, usize) = config::PLAYERS;
    const BOTS: &'static [Kind] = KINDS;
    const ENDINGS: &'static [&'static str] = &ENDINGS;
    const DEFAULT_BOTS: &'static str = "inspector=sleuth,mouse=thief";
    /// The default search plays about 2,000 games/s (docs/performance.md).
    const STRENGTH_GAMES: u64 = 20_000;
    const SCORED: bool = false;
    const ROLES: Option<Roles> = Some(ROLES);
    const VALUES: &'static [Value] = &[
        Value::per_turn("clues"),
        Value::per_turn("room_changes"),
        Value::per_turn("loot_kept"),
    ];

    plumbing!(raw: RawConfig, compile: config::compile, engine: Engine, own: Deduction, tally: Tally);

    fn declare(&self, declared: &mut Declared) -> Tally {
        Tally::declare(declared, self)
    }

    #[inline]
    fn count(
        &self,
        tally: &Tally,
        table: &mut Table<Engine, bots::Memory>,
        lineup: &[Agent],
        counts: &mut Counts,
    ) -> Outcome {
        let outcome = table.play_out(lineup);
        tally.ended(counts, &table.game, &outcome);
        outcome
    }

    fn tell(
        &self,
        seed: u64,
        table: &mut Table<Engine, bots::Memory>,
        lineup: &[Agent],
    ) -> Vec<Event> {
        let rules = self;
        let mut events = Vec::new();
        let mut say = |turn, event, text, data| events.push(Event::new(turn, event, text, data));
        say(
            0,
            "setup",
            format!(
                "seed {seed}: {} is the Inspector, {} the Mouse",
                seat_name(INSPECTOR),
                seat_name(MOUSE)
            ),
            json!({}),
        );
        while let Some(action) = table.decide(lineup) {
            let turn = table.public().turns + 1;
            let (before, room) = (table.public().clone(), table.room());
            let mut text = describe(rules, &table.game, action);
            table.game.apply(action);
            let p = table.public();
            let mut data = json!({ "action": format!("{action:?}") });
            if p.clues > before.clues {
                data["clue"] = json!(true);
                text += &format!(": a clue ({} of {})", p.clues, rules.clues_to_win);
            }
            if p.tricks_played[0] > before.tricks_played[0] {
                data["calling_card"] = json!(true);
                text += ": the Mouse's Calling Card saves it, and shows its room";
            }
            if room > 0 {
                data["mouse_room"] = json!(room);
            }
            say(turn, "decision", text, data);
            // The Inspector's turn as it begins: a lone Map card is monitored without a
            // choice, and an empty deck gives none. (The action that ends a round never
            // changes the monitored rooms itself.)
            let began = p.turns > before.turns || matches!(action, engine::Action::Start(_));
            if began && table.decision() == Some(engine::Decision::Act) {
                let text = if p.monitored.len() > before.monitored.len() {
                    format!(
                        "the Inspector draws the last Map card and monitors it (room {})",
                        table.monitored().last().copied().unwrap_or(0)
                    )
                } else {
                    "the Map deck is empty: the Inspector draws nothing".to_string()
                };
                say(p.turns + 1, "draw", text, json!({}));
            }
        }
        let outcome = table.game.outcome();
        let who = match (outcome.won(INSPECTOR), outcome.won(MOUSE)) {
            (true, _) => "the Inspector wins",
            (_, true) => "the Mouse wins",
            _ => "no one wins",
        };
        events.push(told_end(&outcome, &ENDINGS, who.to_string(), "rounds"));
        events
    }

    /// Every Loot card and every room is in one place, and every face-up clue is a monitored
    /// room.
    #[cfg(test)]
    fn assert_in_place(&self, game: &Engine) {
        let sorted = |mut v: Vec<u8>| {
            v.sort_unstable();
            v
        };
        assert_eq!(
            sorted(game.every_card().collect()),
            sorted(self.deck.clone()),
            "cards"
        );
        let rooms: Vec<u8> = (1..=self.rooms).collect();
        assert_eq!(sorted(game.every_room().collect()), rooms, "rooms");
        let p = game.public();
        assert!(p.monitored.iter().flatten().count() <= usize::from(p.clues));
    }
}

/// The hand a Trick that ends the heist leaves, told before the play as the engine plays it:
/// the Trick spent, and a card it takes (the Pickpocket's) held.
fn spent(rules: &Rules, hand: &[u8], trick: config::Trick, taken: Option<u8>) -> Vec<u8> {
    let played = rules.trick(trick);
    let mut kept = hand.to_vec();
    if let Some(at) = kept.iter().position(|&c| Some(c) == played) {
        kept.remove(at);
    }
    kept.extend(taken);
    kept
}

/// One decision in words, for replays.
fn describe(rules: &Rules, game: &Engine, action: engine::Action) -> String {
    use engine::Action::*;
    let hand = game.hand();
    match action {
        Pocket(k) => format!("the Inspector pockets {}", rules.card_name(k)),
        Start(r) => format!("the Mouse starts in room {r}"),
        Monitor(r) => format!("the Inspector monitors room {r}"),
        Check => "the Inspector checks for clues".into(),
        Trap(r) => format!(
            "the Inspector springs the trap on room {r} (the Mouse is in room {})",
            game.room()
        ),
        Name(r) => format!("the Mouse names room {r}"),
        Loot(i) => {
            format!(
                "the Mouse loots {}",
                rules.card_name(game.room_loot()[i as usize])
            )
        }
        Change => format!("the Mouse leaves room {}", game.room()),
        End => format!("the Mouse ends the heist holding {}", names(rules, hand)),
        Pickpocket(i) => {
            let card = game.pocket()[i as usize];
            format!(
                "the Mouse picks the Inspector's pocket ({}) and ends the heist holding {}",
                rules.card_name(card),
                names(
                    rules,
                    &spent(rules, hand, config::Trick::Pickpocket, Some(card))
                )
            )
        }
        Smoke(true) => format!(
            "the Mouse throws a Smoke Bomb and ends the heist holding {}",
            names(rules, &spent(rules, hand, config::Trick::SmokeBomb, None))
        ),
        Smoke(false) => "the Mouse keeps its Smoke Bomb".into(),
        Subtle(None) => "the Mouse shuffles no room back".into(),
        Subtle(Some(i)) => format!(
            "the Mouse shuffles face-down monitored card {} (room {}) back into the Map deck",
            i + 1,
            game.face_down_room(i)
        ),
        Room(r) => format!("the Mouse moves to room {r}"),
    }
}

fn names(rules: &Rules, cards: &[u8]) -> String {
    let names: Vec<String> = cards.iter().map(|&c| rules.card_name(c)).collect();
    if names.is_empty() {
        "nothing".into()
    } else {
        names.join(", ")
    }
}
