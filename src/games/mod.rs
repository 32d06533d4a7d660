//! The games whisker simulates. Each game is a module that implements [`Game`]; the runner,
//! statistics, export and CLI are shared and know nothing of any particular game's rules.

pub mod mice_heist;

use std::path::PathBuf;

use crate::config::{ConfigError, Override, Source};
use crate::metrics::{Counts, Declared};

/// The most seats any supported game has; per-seat arrays are this long so a game's state and
/// outcome are fixed-size.
pub const MAX_SEATS: usize = 6;

/// Seats in turn order: seat 0 takes the first turn.
pub type Seat = usize;

/// The seats other than `seat`, clockwise, starting at its left.
pub fn others(seat: Seat, players: usize) -> impl Iterator<Item = Seat> {
    // A wrap rather than `%`: this runs several times a turn, and a division costs more than
    // the rest of the step it serves.
    (seat + 1..players).chain(0..seat)
}

/// What the shared layers learn from one finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub turns: u32,
    /// The game hit the config's turn cap and was scored where it stood.
    pub capped: bool,
    pub scores: [i32; MAX_SEATS],
    /// Bit `s` set when seat `s` won (several bits: a shared victory).
    pub winners: u8,
    /// Game-specific index of what ended the game, if anything did.
    pub ending: Option<u8>,
    /// The game's own per-game values, named by [`Declared::values`].
    pub values: [u32; MAX_VALUES],
}

/// The most per-game values a game can declare.
pub const MAX_VALUES: usize = 4;

impl Outcome {
    pub fn won(&self, seat: Seat) -> bool {
        self.winners & (1 << seat) != 0
    }

    pub fn shared(&self) -> bool {
        self.winners.count_ones() > 1
    }
}

/// One thing that happened in a replayed game (`whisker replay`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Event {
    /// The test it belongs to, counting from 1.
    pub turn: u32,
    pub event: &'static str,
    pub text: String,
    #[serde(flatten)]
    pub data: serde_json::Map<String, serde_json::Value>,
}

/// One game (in one edition, with one config) as the runner sees it.
pub trait Game: Sync {
    /// A seat's player policy, chosen per seat from `--bots`.
    type Bot: Copy + Send + Sync + PartialEq;
    /// Buffers reused from game to game on one thread, so a game itself allocates nothing.
    type Scratch: Default + Send;

    fn players(&self) -> usize;

    /// The most turns a game can last (the config's safety cap): a bound on rows read back.
    fn max_turns(&self) -> u32;

    /// What the game counts and reports.
    fn declared(&self) -> &Declared;

    /// Plays one whole game from its seed with `lineup[seat]` playing each seat, adding what
    /// it counts to `counts` (sized by [`Declared::counts`]).
    fn play(
        &self,
        seed: u64,
        lineup: &[Self::Bot],
        scratch: &mut Self::Scratch,
        counts: &mut Counts,
    ) -> Outcome;

    /// Replays one game and tells it turn by turn; the last event is its end.
    fn replay(&self, seed: u64, lineup: &[Self::Bot]) -> Vec<Event>;

    /// The `games.csv` label of an [`Outcome::ending`].
    fn ending_label(&self, ending: u8) -> &str;
}

/// Bot names, resolved per game.
pub trait BotNames: Sized {
    const NAMES: &'static [&'static str];
    fn from_name(name: &str) -> Option<Self>;
    fn name(self) -> &'static str;
}

/// A config file resolved to the game it belongs to.
pub enum Loaded {
    MiceHeistCheese(Box<mice_heist::CheeseGame>),
    MiceHeistRatings(Box<mice_heist::RatingsGame>),
}

/// Evaluates `$body` with `$game` bound to the game inside a [`Loaded`], whichever it is, so
/// generic code runs on every game without a match per call site.
#[macro_export]
macro_rules! with_game {
    ($loaded:expr, $game:ident => $body:expr) => {
        match $loaded {
            $crate::games::Loaded::MiceHeistCheese($game) => $body,
            $crate::games::Loaded::MiceHeistRatings($game) => $body,
        }
    };
}

/// The built-in default config, used when `simulate` gets no file.
pub fn default_source() -> Source {
    Source::embedded(
        "configs/mice-heist/cheese.toml",
        "cheese",
        mice_heist::CHEESE_DEFAULT,
    )
}

/// A built-in config by the name it is recorded under (`<built-in configs/…>`).
pub fn builtin(name: &str) -> Option<Source> {
    [default_source(), ratings_source()]
        .into_iter()
        .find(|s| s.name == name)
}

/// The built-in ratings edition config.
pub fn ratings_source() -> Source {
    Source::embedded(
        "configs/mice-heist/ratings.toml",
        "ratings",
        mice_heist::RATINGS_DEFAULT,
    )
}

/// Reads the `game` and `edition` keys and hands the file to that game's loader.
pub fn load(
    source: &Source,
    overrides: &[Override],
    players: Option<usize>,
) -> Result<Loaded, ConfigError> {
    let table = crate::config::parse(source)?;
    let err = |field: &str, message: String| ConfigError {
        file: source.name.clone(),
        line: source.line_of(field),
        field: field.into(),
        message,
    };
    let key = |k: &str| {
        table
            .get(k)
            .and_then(toml::Value::as_str)
            .ok_or_else(|| err(k, format!("a config names its game and edition: `game = \"mice-heist\"`, `edition = \"cheese\"`; `{k}` is missing or not text")))
    };
    let header = (key("game")?, key("edition")?);
    if let Some(o) = overrides.iter().find(|o| {
        let top = o.path.split('.').next().unwrap_or("");
        top == "game" || top == "edition"
    }) {
        return Err(ConfigError {
            file: source.name.clone(),
            line: None,
            field: o.path.clone(),
            message: format!(
                "`{}`: `game` and `edition` say which game the file is; they cannot be set or varied: use a config file of that game",
                o.arg
            ),
        });
    }
    match header {
        ("mice-heist", "cheese") => Ok(Loaded::MiceHeistCheese(Box::new(
            mice_heist::CheeseGame::load(source, overrides, players)?,
        ))),
        ("mice-heist", "ratings") => Ok(Loaded::MiceHeistRatings(Box::new(
            mice_heist::RatingsGame::load(source, overrides, players)?,
        ))),
        ("mice-heist", other) => Err(err(
            "edition",
            format!("unknown Mice Heist edition `{other}`; known: cheese, ratings"),
        )),
        (other, _) => Err(err(
            "game",
            format!("unknown game `{other}`; known: mice-heist"),
        )),
    }
}

/// Where results go when `--out` is not given.
pub fn default_out(source: &Source) -> PathBuf {
    PathBuf::from("results").join(&source.stem)
}

#[cfg(test)]
mod tests {
    use super::others;

    #[test]
    fn others_go_clockwise_from_the_left_neighbour() {
        assert_eq!(others(0, 4).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(others(2, 4).collect::<Vec<_>>(), [3, 0, 1]);
        assert_eq!(others(3, 4).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(others(1, 2).collect::<Vec<_>>(), [0]);
    }
}
