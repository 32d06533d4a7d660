//! Mouse Chaos (`mouse-chaos.txt`): a board game for 2 to 4 players. Mice of hidden colours
//! run for their nests past cats and chairs; a nest filled with its owner's colour wins, one
//! filled with a colour no one plays makes everyone lose. The room is drawn in the config.

pub mod bots;
pub mod config;
pub mod engine;
mod report;
pub mod squares;
#[cfg(test)]
mod tests;

use crate::games::prelude::*;
use config::{DIRECTIONS, NESTS, RawConfig, Rules};
use engine::{Action, Decision, ENDINGS, Engine, Piece, Public};

/// The default config, built into the binary.
pub const STANDARD: &str = include_str!("../../../configs/mouse-chaos/standard.toml");

/// The bots of this game: the shared `random`, the heuristic `shepherd`, the shared `ismcts`.
pub const KINDS: &[Kind] = &[
    crate::core::play::RANDOM,
    bots::SHEPHERD,
    // A play-out to the end is a whole game of 67 turns or more, each turn several decisions
    // (a piece, where it goes, a shift); one of 20 decisions, a few turns scored by the
    // engine's reckoning of the nests, costs a Mice Heist play-out's time. `shepherd` is dear
    // (about 1.9 million instructions a four-player game, docs/performance.md), so 8 iterations: 38 Elo over `shepherd` in a ladder of 30
    // seeds (CI 2–74), as 16 iterations at horizon 10, at 22 games a second at 4 players.
    crate::bots::ismcts::kind(&crate::bots::ismcts::params(8, 20)),
];

/// This game's bots as it plays them.
pub type Agent = crate::bots::Agent<bots::Shepherd>;

/// The per-game events `events.csv` counts, in its order.
const EVENTS: [&str; 9] = [
    "mice looked at on cheese",
    "mice caught by cats",
    "mice turned over in filled nests",
    "nests filled",
    "nest fills that found a wrong colour",
    "fills set off by a mouse handed on",
    "mice moved into nests",
    "chairs moved",
    "pieces of cheese moved",
];

/// The counters a game adds to.
pub struct Tally {
    endings: Block,
    events: Block,
    /// By square: the catches made there and the looks at mice crossing cheese there.
    catches: Block,
    looks: Block,
}

impl Tally {
    fn declare(d: &mut Declared, rules: &Rules) -> Self {
        let cells = rules.board.cells.len();
        let t = Self {
            endings: d.block("endings", ENDINGS.len()),
            events: d.block("events", EVENTS.len()),
            catches: d.block("catches_at", cells),
            looks: d.block("looks_at", cells),
        };
        d.sums_to(t.endings, Total::PerGame(1));

        let endings = CountTable::shares("endings.csv", "ending", &ENDINGS, t.endings);
        d.tables.push(endings);

        let events = CountTable::per_game("events.csv", "event", &EVENTS, t.events);
        d.tables.push(events);

        let mut heat = count_table!("squares.csv", "square";
            square: Text, row: Text, column: Text, kind: Text, catches: Count,
            catches_per_game: Mean, looks: Count, looks_per_game: Mean
        );
        let b = &rules.board;
        for s in b.squares() {
            let i = usize::from(s);
            let name = b.name(s);
            heat.row(
                name.clone(),
                vec![
                    Cell::Text(name),
                    Cell::Text((i / b.width + 1).to_string()),
                    Cell::Text((i % b.width + 1).to_string()),
                    Cell::text(b.kind(s)),
                    Cell::Count(t.catches.at(i)),
                    Cell::Of(t.catches.at(i), Per::Games),
                    Cell::Count(t.looks.at(i)),
                    Cell::Of(t.looks.at(i), Per::Games),
                ],
            );
        }
        d.tables.push(heat);
        t
    }

    /// Counts one finished game.
    fn ended(&self, counts: &mut Counts, p: &Public, outcome: &Outcome) {
        counts.bump(self.endings.at(usize::from(outcome.ending.unwrap_or(0))));
        let e = &p.events;
        let all = [
            e.looks, e.catches, e.turned, e.fills, e.failed, e.chained, e.entries, e.chairs,
            e.cheese,
        ];
        counts.add_each(self.events, all);
    }
}

/// Mouse Chaos with one validated config.
pub type MouseChaos = Configured<Rules>;

impl Ruleset for Rules {
    const GAME: &'static str = "mouse-chaos";
    const BUILTIN: Builtin = Builtin {
        text: STANDARD,
        about: "Mouse Chaos: walk mice of hidden colours home past cats and chairs",
    };
    const REPORT: Parts = report::PARTS;
    const PLAYERS: (usize, usize) = config::PLAYERS;
    const BOTS: &'static [Kind] = KINDS;
    const ENDINGS: &'static [&'static str] = &ENDINGS;
    const DEFAULT_BOTS: &'static str = "shepherd";
    // Even stopped at 20 decisions, a play-out here costs several of Mice Heist's, and games
    // with a search last longer (they play more carefully).
    const SEARCH_BUDGETS: &'static [u32] = &[2];
    const VALUES: &'static [Value] = &[
        Value::per_turn("looks"),
        Value::per_turn("catches"),
        Value::unbounded("turned_over"),
        Value::unbounded("failed_fills"),
    ];

    plumbing!(raw: RawConfig, compile: config::compile, engine: Engine, own: bots::Shepherd, tally: Tally);

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
        while let Some(action) = table.decide(lineup) {
            let before = table.public().events;
            table.game.apply(action);
            let p = table.public();
            if p.events.catches > before.catches {
                counts.bump(tally.catches.at(usize::from(p.caught_at)));
            }
            if p.events.looks > before.looks {
                counts.bump(tally.looks.at(usize::from(p.looked_at)));
            }
        }
        let outcome = table.game.outcome();
        tally.ended(counts, table.public(), &outcome);
        outcome
    }

    fn tell(
        &self,
        seed: u64,
        table: &mut Table<Engine, bots::Memory>,
        lineup: &[Agent],
    ) -> Vec<Event> {
        let nests: Vec<String> = (0..self.players)
            .map(|s| format!("{}: {}", seat_name(s), nest_name(self.nest_of[s])))
            .collect();
        let mut events = vec![Event::new(
            0,
            "setup",
            format!(
                "seed {seed}: {} players ({}); {} mice of each colour; {} starts",
                self.players,
                nests.join(", "),
                self.mice_per_colour,
                seat_name(0usize)
            ),
            json!({}),
        )];
        while let Some(seat) = table.to_move() {
            let decision = table.decision().expect("a seat is to move");
            let action = table.decide(lineup).expect("a seat is to move");
            let turn = table.public().turns + 1;
            let before = table.public().clone();
            table.game.apply(action);
            let text = describe(
                self,
                &before,
                table.public(),
                seat,
                decision,
                action,
                &table.game,
            );
            if let Some(text) = text {
                let data = json!({ "seat": seat, "action": format!("{action:?}") });
                events.push(Event::new(turn, "decision", text, data));
            }
        }
        let outcome = table.game.outcome();
        let who = winners(&outcome, self.players, "every player loses");
        events.push(told_end(&outcome, &ENDINGS, who, "turns"));
        events
    }

    #[cfg(test)]
    fn assert_in_place(&self, game: &Engine) {
        game.assert_pieces();
    }
}

/// A nest (and its colour) by its corner.
pub fn nest_name(n: u8) -> &'static str {
    ["top-left", "top-right", "bottom-right", "bottom-left"][usize::from(n) % NESTS]
}

/// One decision in words, for replays: `before` and `after` are the table around it. The
/// picks of a piece say nothing alone; the move that follows tells both.
fn describe(
    rules: &Rules,
    before: &Public,
    after: &Public,
    seat: usize,
    decision: Decision,
    action: Action,
    game: &Engine,
) -> Option<String> {
    let b = &rules.board;
    let who = seat_name(seat);
    let colour = |m: u8| nest_name(game.colour(m));
    // Pieces are told counting from 1, as seats are.
    let nth = |k: u8| u32::from(k) + 1;
    // The roll and where the piece starts from; its destination follows.
    let rolls = |piece: &str, k: u8, at: &[u8]| {
        let from = b.name(at[usize::from(k)]);
        format!(
            "{who} rolls {} and moves {piece} {} from {from}",
            before.roll,
            nth(k)
        )
    };
    let text = match (decision, action) {
        (Decision::Move, Action::Skip) => {
            format!("{who} rolls {} and moves no mouse or cat", before.roll)
        }
        (Decision::Shift, Action::Skip) | (_, Action::Pick(_)) => return None,
        (Decision::MoveTo(Piece::Mouse(m)), Action::Go { to, look }) => {
            let seen = if look {
                format!(
                    ", crossing the cheese on {} and looking: {}",
                    b.name(after.looked_at),
                    colour(m)
                )
            } else {
                String::new()
            };
            format!(
                "{} to {}{seen}",
                rolls("mouse", m, &before.mouse),
                b.name(to)
            )
        }
        (Decision::MoveTo(Piece::Mouse(m)), Action::Enter { nest, .. }) => {
            let mut t = format!(
                "{} into the {} nest",
                rolls("mouse", m, &before.mouse),
                nest_name(nest)
            );
            if after.events.fills > before.events.fills {
                t += &format!(
                    "; {} nest fill(s) turned {} mice over",
                    after.events.fills - before.events.fills,
                    after.events.turned - before.events.turned
                );
                if after.events.failed > before.events.failed {
                    t += &format!(
                        ", {} wrong colour(s) handed on",
                        after.events.failed - before.events.failed
                    );
                }
            }
            t
        }
        (Decision::MoveTo(Piece::Cat(c)), Action::Go { to, .. }) => {
            let caught = if after.events.catches > before.events.catches {
                let m = before.mouse_on[usize::from(to)];
                format!(", catching mouse {} ({})", nth(m), colour(m))
            } else {
                String::new()
            };
            format!("{} to {}{caught}", rolls("cat", c, &before.cat), b.name(to))
        }
        (Decision::Place(m), Action::Put(to)) => {
            format!("{who} puts the caught mouse {} on {}", nth(m), b.name(to))
        }
        (Decision::ShiftTo(Piece::Chair(h)), Action::Chair { to, facing }) => format!(
            "{who} moves chair {} from {} to {}, facing {}",
            nth(h),
            b.name(before.chair[usize::from(h)].0),
            b.name(to),
            DIRECTIONS[usize::from(facing)]
        ),
        (Decision::ShiftTo(Piece::Cheese(k)), Action::Go { to, .. }) => format!(
            "{who} moves cheese {} from {} to {}",
            nth(k),
            b.name(before.cheese[usize::from(k)]),
            b.name(to)
        ),
        _ => format!("{who}: {action:?}"),
    };
    Some(text)
}
