//! What a game has to say, and the one shell that says the rest. A game implements
//! [`Ruleset`] on its compiled rules: its names, its config, its engine, its bots, its counters
//! and how a game of it is counted and told. [`Configured`] makes any ruleset a loadable,
//! playable, reportable game ([`Game`] and [`Registered`]): loading and checking the config,
//! holding what it counts, handing each seat its bot, and the runner's questions, once for
//! every game.

use serde::de::DeserializeOwned;

use crate::bots::{Agent, Own, agents};
use crate::core::lineup::{Bot, Kind};
use crate::core::play::{Decider, Decisions, Table};
use crate::games::{
    Builtin, CAPPED_ENDING, DEFAULT_GAMES, Event, Game, Outcome, Registered, Roles,
};
use crate::io::config::{ConfigError, Invalid, Override, Source, load_compiled, with_players};
use crate::io::report::parts::Parts;
use crate::stats::metrics::{Counts, Declared, Value};

/// The longest turn cap any game's config allows: what a game lasts at most, for readers of
/// a result's lengths.
pub(crate) const LONGEST_CAP: u32 = 1_000_000;

/// A game's rules, compiled from its config, and everything the shared layers need to know of
/// the game. Implemented once a game (or edition); [`Configured`] does the rest.
pub trait Ruleset: Sized + Send + Sync + 'static {
    /// The config's `game` key.
    const GAME: &'static str;
    /// The config's `edition` key; empty for a game with one edition.
    const EDITION: &'static str = "";
    const BUILTIN: Builtin;
    /// The game's part of a `simulate` report.
    const REPORT: Parts;
    /// How many players a game seats, at least and at most (its config checks the same).
    const PLAYERS: (usize, usize);
    /// The bots the game offers, for `--bots` and `whisker bots`.
    const BOTS: &'static [Kind];
    /// The bots `--bots` means when not given, as the command line would write them.
    const DEFAULT_BOTS: &'static str;
    /// See [`Game::search_budgets`].
    const SEARCH_BUDGETS: &'static [u32] = &[10];
    /// See [`Game::scored`].
    const SCORED: bool = true;
    /// See [`Game::roles`].
    const ROLES: Option<Roles> = None;
    /// The game's own per-game values, in `games.csv` and [`Outcome::values`].
    const VALUES: &'static [Value];
    /// `games.csv`'s column for an [`Outcome::ending`].
    const ENDING: &'static str = "ending";
    /// The names of the game's endings, by [`Outcome::ending`], when they are fixed; a game
    /// whose endings come from its config (Mice Heist's jobs) says [`Ruleset::endings`]
    /// instead.
    const ENDINGS: &'static [&'static str] = &[];
    /// See [`Registered::strength_games`].
    const STRENGTH_GAMES: u64 = 300;

    /// The config file as written.
    type Raw: DeserializeOwned;
    /// The rules as decisions, for one game.
    type Engine<'a>: Decisions
    where
        Self: 'a;
    /// The game's own bots, as typed values that decide in its engine.
    type Own: Own + for<'a> Decider<Self::Engine<'a>>;
    /// Where a game's counts go, as [`Ruleset::declare`] made them.
    type Tally: Send + Sync;

    /// The rules of a config, `players` (from `--players`) replacing its count; every problem,
    /// each at its key.
    fn compile(raw: &Self::Raw, players: Option<usize>) -> Result<Self, Vec<Invalid>>;

    /// Declares the game's counters and the CSVs they make, and returns where a game adds to
    /// them.
    fn declare(&self, declared: &mut Declared) -> Self::Tally;

    fn players(&self) -> usize;

    /// The turn cap: a game that reaches it is scored where it stands.
    fn max_turns(&self) -> u32;

    /// A new game of these rules, dealt from `seed`.
    fn engine(&self, seed: u64) -> Self::Engine<'_>;

    /// Plays the game set up in `table` to its end with `lineup[seat]` at each seat, adding
    /// what it counts to `counts`. Mark it `#[inline]`: left as a call from the shell's `play`,
    /// it made a Mice Heist game with `greedy` 0.6% dearer (docs/performance.md).
    fn count<'a>(
        &'a self,
        tally: &Self::Tally,
        table: &mut Table<Self::Engine<'a>, Memory<'a, Self>>,
        lineup: &[Agent<Self::Own>],
        counts: &mut Counts,
    ) -> Outcome;

    /// Tells the game set up in `table` (from `seed`) as it plays, turn by turn; the last
    /// event is its end.
    fn tell<'a>(
        &'a self,
        seed: u64,
        table: &mut Table<Self::Engine<'a>, Memory<'a, Self>>,
        lineup: &[Agent<Self::Own>],
    ) -> Vec<Event>;

    /// The name of each [`Outcome::ending`], as `games.csv` labels it.
    fn endings(&self) -> Vec<String> {
        Self::ENDINGS.iter().map(ToString::to_string).collect()
    }

    /// See [`Registered::assert_in_place`].
    #[cfg(test)]
    fn assert_in_place(&self, game: &Self::Engine<'_>);

    /// See [`Registered::default_games`].
    fn default_games(&self) -> u64 {
        DEFAULT_GAMES
    }
}

/// The part of a [`Ruleset`] impl that every game writes alike: its config, engine, bots and
/// counters as types, compiled by its own `compile`, with `players` and `max_turns` read from
/// the fields of those names, and a game made by `Engine::new(rules, seed)`. Said once here so
/// that a game's module holds only what differs between games; invoked inside the impl.
macro_rules! plumbing {
    (raw: $raw:ty, compile: $compile:path, engine: $engine:ident, own: $own:ty, tally: $tally:ty) => {
        type Raw = $raw;
        type Engine<'a> = $engine<'a>;
        type Own = $own;
        type Tally = $tally;

        fn compile(
            raw: &$raw,
            players: Option<usize>,
        ) -> Result<Self, Vec<$crate::io::config::Invalid>> {
            $compile(raw, players)
        }

        fn players(&self) -> usize {
            self.players
        }

        fn max_turns(&self) -> u32 {
            self.max_turns
        }

        fn engine(&self, seed: u64) -> $engine<'_> {
            $engine::new(self, seed)
        }
    };
}
pub(crate) use plumbing;

/// What one seat's bot remembers in a game of `R`.
pub(crate) type Memory<'a, R> =
    <<R as Ruleset>::Own as Decider<<R as Ruleset>::Engine<'a>>>::Memory;

/// A game with one validated config: its rules, the config as played, and what it counts.
pub struct Configured<R: Ruleset> {
    pub rules: R,
    /// The config as played (overrides and `--players` applied), for the result folder.
    pub resolved: toml::Table,
    declared: Declared,
    tally: R::Tally,
}

impl<R: Ruleset> Configured<R> {
    /// A fresh table for the game of `seed`.
    fn table(&self, seed: u64) -> Table<R::Engine<'_>, Memory<'_, R>> {
        Table::new(self.rules.engine(seed), seed)
    }
}

#[cfg(test)]
impl<R: Ruleset> Configured<R> {
    /// The built-in config's rules with `--set` style overrides and `--players`: where a game's
    /// own tests start.
    pub(crate) fn builtin_rules(sets: &[&str], players: Option<usize>) -> R {
        let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
        Self::load(&Self::builtin_source(), &overrides, players)
            .expect("valid config")
            .rules
    }
}

impl<R: Ruleset> Registered for Configured<R> {
    const GAME: &'static str = R::GAME;
    const EDITION: &'static str = R::EDITION;
    const BUILTIN: Builtin = R::BUILTIN;
    const REPORT: Parts = R::REPORT;
    const PLAYERS: (usize, usize) = R::PLAYERS;

    type Engine<'a> = R::Engine<'a>;
    type Own = R::Own;

    fn engine(&self, seed: u64) -> Self::Engine<'_> {
        self.rules.engine(seed)
    }

    fn load(
        source: &Source,
        overrides: &[Override],
        players: Option<usize>,
    ) -> Result<Self, ConfigError> {
        let (rules, resolved) =
            load_compiled(source, overrides, |raw: &R::Raw| R::compile(raw, players))?;
        let resolved = with_players(resolved, rules.players());
        let mut declared = Declared::new(R::VALUES, R::ENDING);
        declared.endings = rules.endings();
        // Only a game's fixed endings name the cap's; a Mice Heist job may be called anything.
        declared.capped_ending = R::ENDINGS.iter().position(|&e| e == CAPPED_ENDING);
        let tally = rules.declare(&mut declared);
        Ok(Self {
            rules,
            resolved,
            declared,
            tally,
        })
    }

    fn resolved(&self) -> &toml::Table {
        &self.resolved
    }

    #[cfg(test)]
    fn assert_in_place(&self, game: &Self::Engine<'_>) {
        self.rules.assert_in_place(game);
    }

    fn default_games(&self) -> u64 {
        self.rules.default_games()
    }

    fn strength_games(&self) -> u64 {
        R::STRENGTH_GAMES
    }
}

impl<R: Ruleset> Game for Configured<R> {
    type Scratch = ();

    fn players(&self) -> usize {
        self.rules.players()
    }

    fn max_turns(&self) -> u32 {
        self.rules.max_turns()
    }

    fn declared(&self) -> &Declared {
        &self.declared
    }

    fn bots(&self) -> &'static [Kind] {
        R::BOTS
    }

    fn default_bots(&self) -> &'static str {
        R::DEFAULT_BOTS
    }

    fn search_budgets(&self) -> &'static [u32] {
        R::SEARCH_BUDGETS
    }

    fn scored(&self) -> bool {
        R::SCORED
    }

    fn roles(&self) -> Option<Roles> {
        R::ROLES
    }

    fn play(&self, seed: u64, lineup: &[Bot], _: &mut (), counts: &mut Counts) -> Outcome {
        let lineup = agents::<R::Own>(lineup);
        self.rules
            .count(&self.tally, &mut self.table(seed), &lineup, counts)
    }

    fn replay(&self, seed: u64, lineup: &[Bot]) -> Vec<Event> {
        let lineup = agents::<R::Own>(lineup);
        self.rules.tell(seed, &mut self.table(seed), &lineup)
    }

    fn ending_label(&self, ending: u8) -> &str {
        self.declared
            .endings
            .get(usize::from(ending))
            .map_or("?", String::as_str)
    }
}

/// The last event of a told game: its ending (one of `endings`), `who` won, and after how many
/// `turns` (what the game calls them).
pub(crate) fn told_end(outcome: &Outcome, endings: &[&str], who: String, turns: &str) -> Event {
    let ending = endings[usize::from(outcome.ending.unwrap_or(0))];
    // Seat indices from 0, as every JSON seat field and games.csv give them.
    let won: Vec<usize> = (0..crate::core::game::MAX_SEATS)
        .filter(|&s| outcome.won(s))
        .collect();
    Event::new(
        outcome.turns,
        "end",
        format!("{ending}: {who} after {} {turns}", outcome.turns),
        serde_json::json!({ "ending": ending, "winners": won, "turns": outcome.turns }),
    )
}

/// `seat 1 and seat 3 won`, or `nobody` when no seat won.
pub(crate) fn winners(outcome: &Outcome, players: usize, nobody: &str) -> String {
    let winners: Vec<String> = (0..players)
        .filter(|&s| outcome.won(s))
        .map(crate::core::game::seat_name)
        .collect();
    if winners.is_empty() {
        nobody.to_string()
    } else {
        format!("{} won", winners.join(" and "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON names the winners by seat index, as Mice Heist's and games.csv do; the bit set
    /// it once wrote read 8 for seat 4.
    #[test]
    fn the_end_event_lists_the_winners_by_seat_index() {
        let mut o = Outcome {
            turns: 12,
            capped: false,
            scores: [0; crate::core::game::MAX_SEATS],
            winners: 0b1000,
            ending: Some(1),
            values: Default::default(),
        };
        let end = told_end(&o, &["goal", "deck"], "seat 4 won".into(), "turns");
        assert_eq!(end.data["winners"], serde_json::json!([3]));
        assert_eq!(end.data["ending"], serde_json::json!("deck"));
        o.winners = 0b0101;
        let end = told_end(&o, &["goal", "deck"], String::new(), "turns");
        assert_eq!(end.data["winners"], serde_json::json!([0, 2]));
        o.winners = 0;
        let end = told_end(&o, &["goal", "deck"], String::new(), "turns");
        assert_eq!(end.data["winners"], serde_json::json!([]));
    }
}
