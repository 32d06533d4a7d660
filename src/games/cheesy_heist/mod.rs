//! Cheesy Heist (`cheesy-heist.txt`): a take-that card game for 3 to 5 players. Collect the
//! goal in Cheese with no Cat in hand; a Cat played makes everyone drop their cards and take
//! them back blindly, one at a time.

pub mod bots;
pub mod config;
pub mod engine;
mod report;
#[cfg(test)]
mod tests;

use crate::games::prelude::*;
use config::{CHEESE, MAX_KINDS, RawConfig, Rules};
use engine::{Action, ENDINGS, Engine};

/// The default config, built into the binary.
pub const STANDARD: &str = include_str!("../../../configs/cheesy-heist/standard.toml");

/// The bots of this game: the shared `random`, the heuristic `sly`, the shared `ismcts`.
pub const KINDS: &[Kind] = &[
    crate::core::play::RANDOM,
    bots::SLY,
    crate::bots::ismcts::ISMCTS,
];

/// This game's bots as it plays them.
pub type Agent = crate::bots::Agent<bots::Sly>;

/// The counters a game adds to.
pub struct Tally {
    endings: Block,
    /// Cards played, by kind.
    played: Block,
    /// Players who played a kind at least once in a game, and of those, the winners.
    players: Block,
    players_won: Block,
    events: Block,
    /// At each mark (see [`MARKS`]): the games that got that far, and the Cheese held then by
    /// the player with the most and by all players.
    running: Block,
    leader: Block,
    held: Block,
}

/// Cheese held is counted at the end of every `STEP`-th turn, `MARKS` times: past the length of
/// almost every game at the default goal.
const STEP: u32 = 5;
const MARKS: usize = 20;

/// The per-game events `scrambles.csv` counts, in its order.
const EVENTS: [&str; 2] = ["scrambles", "scrambles a Decoy skipped"];

impl Tally {
    fn declare(d: &mut Declared, rules: &Rules) -> Self {
        let kinds = rules.kinds();
        let t = Self {
            endings: d.block("endings", ENDINGS.len()),
            played: d.block("played", kinds),
            players: d.block("players_played", kinds),
            players_won: d.block("players_played_won", kinds),
            events: d.block("events", EVENTS.len()),
            running: d.block("running", MARKS),
            leader: d.block("leader_cheese", MARKS),
            held: d.block("cheese_held", MARKS),
        };
        d.sums_to(t.endings, Total::PerGame(1));
        d.at_most(t.players_won, t.players);

        let endings = CountTable::shares("endings.csv", "ending", &ENDINGS, t.endings);
        d.tables.push(endings);

        let mut cards = count_table!("cards.csv", "card";
            card: Text, in_deck: Text, played: Count, played_per_game: Mean,
            players_who_played: Count, win_rate_when_played: Rate
        );
        for k in 0..kinds {
            let name = &rules.names[k];
            cards.row(
                name.clone(),
                vec![
                    Cell::Text(name.clone()),
                    Cell::Text(rules.counts[k].to_string()),
                    Cell::Count(t.played.at(k)),
                    Cell::Of(t.played.at(k), Per::Games),
                    Cell::Count(t.players.at(k)),
                    Cell::Of(t.players_won.at(k), Per::Slot(t.players.at(k))),
                ],
            );
        }
        d.tables.push(cards);

        let events = CountTable::per_game("scrambles.csv", "event", &EVENTS, t.events);
        d.tables.push(events);

        let mut held = count_table!("cheese.csv", "turn";
            turn: Text, games_running: Count, leader_cheese: Mean, cheese_in_hands: Mean
        );
        held.over = Some("the games still running then");
        for i in 0..MARKS {
            let turn = (i as u32 + 1) * STEP;
            let per = Per::Slot(t.running.at(i));
            held.row(
                turn.to_string(),
                vec![
                    Cell::text(&turn.to_string()),
                    Cell::Count(t.running.at(i)),
                    Cell::Of(t.leader.at(i), per),
                    Cell::Of(t.held.at(i), per),
                ],
            );
        }
        d.tables.push(held);
        t
    }

    /// Counts the Cheese in hand at the end of turn `(mark + 1) * STEP`.
    fn at_mark(&self, counts: &mut Counts, game: &Engine, mark: usize) {
        let cheese = (0..game.rules.players).map(|s| u64::from(game.hand(s)[usize::from(CHEESE)]));
        counts.bump(self.running.at(mark));
        counts.add_n(self.leader.at(mark), cheese.clone().max().unwrap_or(0));
        counts.add_n(self.held.at(mark), cheese.sum());
    }

    /// Counts one finished game.
    fn ended(&self, counts: &mut Counts, game: &Engine, outcome: &Outcome) {
        counts.bump(self.endings.at(usize::from(outcome.ending.unwrap_or(0))));
        let p = game.public();
        for s in 0..game.rules.players {
            for k in 0..game.rules.kinds() {
                let n = p.played[s][k];
                if n > 0 {
                    counts.add_n(self.played.at(k), u64::from(n));
                    counts.bump(self.players.at(k));
                    if outcome.won(s) {
                        counts.bump(self.players_won.at(k));
                    }
                }
            }
        }
        counts.add_each(self.events, [p.scrambles, p.decoyed]);
    }
}

/// Cheesy Heist with one validated config.
pub type CheesyHeist = Configured<Rules>;

impl Ruleset for Rules {
    const GAME: &'static str = "cheesy-heist";
    const BUILTIN: Builtin = Builtin {
        text: STANDARD,
        about: "Cheesy Heist: collect Cheese, shed Cats; a Cat makes everyone scramble for the cards",
    };
    const REPORT: Parts = report::PARTS;
    const PLAYERS: (usize, usize) = config::PLAYERS;
    const BOTS: &'static [Kind] = KINDS;
    const ENDINGS: &'static [&'static str] = &ENDINGS;
    const DEFAULT_BOTS: &'static str = "sly";
    /// The default search plays about 75 games/s at 4 players (docs/performance.md).
    const STRENGTH_GAMES: u64 = 600;
    const VALUES: &'static [Value] = &[Value::per_turn("scrambles"), Value::per_turn("decoyed")];

    plumbing!(raw: RawConfig, compile: config::compile, engine: Engine, own: bots::Sly, tally: Tally);

    fn declare(&self, declared: &mut Declared) -> Tally {
        Tally::declare(declared, self)
    }

    #[inline]
    fn count(
        &self,
        tally: &Tally,
        table: &mut Table<Engine, ()>,
        lineup: &[Agent],
        counts: &mut Counts,
    ) -> Outcome {
        let mut mark = 0;
        while let Some(action) = table.decide(lineup) {
            table.game.apply(action);
            if mark < MARKS && table.public().turns >= (mark as u32 + 1) * STEP {
                tally.at_mark(counts, &table.game, mark);
                mark += 1;
            }
        }
        let outcome = table.game.outcome();
        tally.ended(counts, &table.game, &outcome);
        outcome
    }

    fn tell(&self, seed: u64, table: &mut Table<Engine, ()>, lineup: &[Agent]) -> Vec<Event> {
        let mut events = vec![Event::new(
            0,
            "setup",
            format!(
                "seed {seed}: {} players, {} cards each, {} Cheese to win; {} starts",
                self.players,
                self.hand_size,
                self.goal,
                seat_name(0usize)
            ),
            json!({}),
        )];
        while let Some(seat) = table.to_move() {
            let action = table.decide(lineup).expect("a seat is to move");
            let turn = table.public().turns + 1;
            let before: [u8; MAX_KINDS] = *table.hand(seat);
            table.game.apply(action);
            let text = describe(self, seat, action, &before, table.hand(seat));
            let data = json!({ "seat": seat, "action": format!("{action:?}") });
            events.push(Event::new(turn, "decision", text, data));
        }
        let outcome = table.game.outcome();
        let who = winners(&outcome, self.players, "no one wins");
        events.push(told_end(&outcome, &ENDINGS, who, "turns"));
        events
    }

    /// Every card is in a hand, a dropped pile, the draw pile or face up, and what each seat
    /// knows for sure of the others' cards is true.
    #[cfg(test)]
    fn assert_in_place(&self, game: &Engine) {
        let mut all = game.unplayed();
        for (k, n) in game.public().discard.iter().enumerate() {
            all[k] += n;
        }
        assert_eq!(&all[..self.kinds()], &self.counts[..], "cards");
        game.assert_known_holds();
    }
}

/// One decision in words, for replays; `before` and `after` are the seat's hand around it.
fn describe(rules: &Rules, seat: usize, action: Action, before: &[u8], after: &[u8]) -> String {
    let gained = (0..rules.kinds())
        .find(|&k| after[k] > before[k])
        .map_or_else(|| "nothing".to_string(), |k| rules.names[k].clone());
    let who = seat_name(seat);
    match action {
        Action::Draw => format!("{who} draws ({gained})"),
        Action::Cat => format!("{who} plays a Cat: everyone drops their cards"),
        Action::Mirage { kinds, target } => {
            let names: Vec<&str> = kinds
                .iter()
                .map(|&k| rules.names[usize::from(k)].as_str())
                .collect();
            format!(
                "{who} plays a Mirage set ({}): {} shows its hand",
                names.join(", "),
                seat_name(target)
            )
        }
        Action::Thief(t) => format!("{who} steals from {} ({gained})", seat_name(t)),
        Action::Grater(t) => format!(
            "{who} grates two cards of {} into the draw pile",
            seat_name(t)
        ),
        Action::Gift(t) => format!("{who} gives {} a Cat", seat_name(t)),
        Action::Pass => format!("{who} plays no Defence card"),
        Action::Vault => format!("{who} plays a Cheese Vault"),
        Action::Decoy => format!("{who} plays a Decoy: the scramble is called off"),
        Action::Keep(kinds) => {
            let names: Vec<&str> = kinds
                .iter()
                .filter(|&&k| k != engine::NONE)
                .map(|&k| rules.names[usize::from(k)].as_str())
                .collect();
            format!("{who} keeps {} in its Vault", names.join(", "))
        }
        Action::Take(owner) => format!(
            "{who} takes a card from {}'s pile ({gained})",
            seat_name(owner)
        ),
    }
}
