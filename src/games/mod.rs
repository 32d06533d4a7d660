//! The games whisker simulates. Each game is a module that implements [`Game`]; the runner,
//! statistics, export and CLI are shared and know nothing of any particular game's rules.

pub mod cat_and_mouse;
pub mod cheesy_heist;
#[cfg(test)]
mod conformance;
pub mod mice_heist;
pub mod mouse_chaos;
mod prelude;
mod ruleset;

use std::path::PathBuf;

pub use crate::core::game::*;
pub(crate) use ruleset::LONGEST_CAP;
pub use ruleset::{Configured, Ruleset};

use crate::core::failure::Failure;
use crate::io::config::{ConfigError, Override, Source};
use crate::io::report::parts::Parts;

/// A config built into the binary: what `whisker simulate NAME` plays. Its name, file and
/// result folder follow from the game and edition it is registered under
/// ([`Registration`]).
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    pub text: &'static str,
    pub about: &'static str,
}

/// Games a run plays when `--games` is not given, in every built-in config (a game slower than
/// these would play fewer: [`Registered::default_games`]); ±0.3 points on a rate near 50%.
pub const DEFAULT_GAMES: u64 = 100_000;

/// A game (or one edition of it) whisker can load: how a config names it, its built-in config,
/// and its part of the report. Registering it is one line in the `register!` list below.
pub trait Registered: Game + Sized + 'static {
    /// The config's `game` key.
    const GAME: &'static str;
    /// The config's `edition` key.
    const EDITION: &'static str;
    const BUILTIN: Builtin;
    /// The game's part of a `simulate` report.
    const REPORT: Parts;
    /// How many players a game seats, at least and at most (its config checks the same).
    const PLAYERS: (usize, usize);

    /// The built-in config, as a command reads it.
    fn builtin_source() -> Source {
        Registration::of::<Self>().source()
    }

    /// Its rules as decisions, for a game of this config.
    type Engine<'a>: crate::core::play::Decisions
    where
        Self: 'a;
    /// Its own bots, as typed values that decide in its engine.
    type Own: crate::bots::Own + for<'a> crate::core::play::Decider<Self::Engine<'a>>;

    /// A new game of this config, dealt from `seed`.
    fn engine(&self, seed: u64) -> Self::Engine<'_>;

    fn load(
        source: &Source,
        overrides: &[Override],
        players: Option<usize>,
    ) -> Result<Self, ConfigError>;

    /// The config as played (overrides and `--players` applied), for the result folder.
    fn resolved(&self) -> &toml::Table;

    /// Panics unless every component of `game` (card, chip, piece, cheese) is in exactly one
    /// place: the conformance suite's census, before every decision of many games.
    #[cfg(test)]
    fn assert_in_place(&self, game: &Self::Engine<'_>);

    /// Games a run plays when `--games` is not given: as many as take about half a minute on
    /// two cores, so about a minute on a busy machine, and at most
    /// [`DEFAULT_GAMES`] (a game's [`Ruleset`] says, when it is slower than most).
    fn default_games(&self) -> u64;

    /// Games the strength sample plays when not told (`--strength auto`): as many as the
    /// default search at every seat plays in about ten seconds on two cores, and at least 300
    /// where those take well under a minute. Fixed per game, not timed, so the same command
    /// gives the same bytes on any machine.
    fn strength_games(&self) -> u64;
}

/// Plays one seeded game with one bot per seat and returns its turns ([`AnyGame::seeded`]).
pub type Seeded<'a> = Box<dyn FnMut(&[Bot], u64) -> u32 + 'a>;

/// What can be asked of any loaded game without naming its type (`Loaded::any`): for
/// listings, and for tests that run every registered game.
pub trait AnyGame {
    /// Players a game of its config seats.
    fn seats(&self) -> usize;
    fn bot_kinds(&self) -> &'static [crate::core::lineup::Kind];
    /// Each seat's role, in a game whose bots play only some ([`Game::roles`]).
    fn seat_roles(&self) -> Option<Roles>;
    /// The config's `[bots]` presets.
    fn presets(&self) -> Vec<(String, String)>;
    /// Something that plays this game: its buffers made once, then each call plays the game of
    /// one seed on this thread, one bot per seat, and returns the turns it lasted.
    fn seeded(&self) -> Seeded<'_>;
}

impl<G: Registered> AnyGame for G {
    fn seats(&self) -> usize {
        self.players()
    }

    fn bot_kinds(&self) -> &'static [crate::core::lineup::Kind] {
        self.bots()
    }

    fn seat_roles(&self) -> Option<Roles> {
        self.roles()
    }

    fn presets(&self) -> Vec<(String, String)> {
        presets(self.resolved())
    }

    fn seeded(&self) -> Seeded<'_> {
        let mut counts = self.declared().counts();
        let mut scratch = G::Scratch::default();
        Box::new(move |lineup, seed| self.play(seed, lineup, &mut scratch, &mut counts).turns)
    }
}

/// What `whisker games` and the report know of a registered game without loading a config.
#[derive(Clone, Copy)]
pub struct Registration {
    pub game: &'static str,
    pub edition: &'static str,
    pub builtin: Builtin,
    pub report: Parts,
    pub players: (usize, usize),
}

impl Registration {
    /// What `G` registers.
    pub const fn of<G: Registered>() -> Self {
        Self {
            game: G::GAME,
            edition: G::EDITION,
            builtin: G::BUILTIN,
            report: G::REPORT,
            players: G::PLAYERS,
        }
    }

    /// The built-in config's name on the command line: the game, and its edition if it has
    /// more than one (`mice-heist-cheese`).
    pub fn name(&self) -> String {
        match self.edition {
            "" => self.game.to_string(),
            edition => format!("{}-{edition}", self.game),
        }
    }

    /// The built-in config's file in the repository: `configs/<game>/<edition>.toml`, or
    /// `standard.toml` for a game with one edition.
    pub fn path(&self) -> String {
        let file = match self.edition {
            "" => "standard",
            edition => edition,
        };
        format!("configs/{}/{file}.toml", self.game)
    }

    /// The folder the built-in config's results go to by default (`results/<stem>/`): its
    /// edition (`results/cheese/`), or, for a game with a single edition, the game's name. No two
    /// registered games may share it (a test checks).
    pub fn stem(&self) -> &'static str {
        match self.edition {
            "" => self.game,
            edition => edition,
        }
    }

    /// The built-in config, as a command reads it.
    pub fn source(&self) -> Source {
        Source::embedded(&self.path(), self.stem(), self.builtin.text)
    }
}

macro_rules! register {
    ($($variant:ident: $ty:ty),* $(,)?) => {
        /// A config resolved to the game it belongs to.
        pub enum Loaded {
            $($variant(Box<$ty>)),*
        }

        /// Every registered game, in the order listed.
        pub const REGISTRY: &[Registration] = &[$(Registration::of::<$ty>()),*];

        /// Loads `source` as the registered game its header names.
        fn load_registered(
            header: (&str, &str),
            source: &Source,
            overrides: &[Override],
            players: Option<usize>,
        ) -> Option<Result<Loaded, ConfigError>> {
            $(if header == (<$ty>::GAME, <$ty>::EDITION) {
                let game = <$ty>::load(source, overrides, players)
                    .and_then(|g| check_presets(&g, source, overrides).map(|()| g));
                return Some(game.map(|g| Loaded::$variant(Box::new(g))));
            })*
            None
        }

        impl Loaded {
            /// The game, whichever it is, for what needs no knowledge of its type.
            pub fn any(&self) -> &dyn AnyGame {
                match self {
                    $(Loaded::$variant(g) => &**g,)*
                }
            }
        }

        /// Evaluates `$body` with `$game` bound to the game inside a [`Loaded`], whichever it
        /// is, so generic code runs on every game without a match per call site.
        macro_rules! with_game {
            ($loaded:expr, $game:ident => $body:expr) => {
                match $loaded {
                    $($crate::games::Loaded::$variant($game) => $body,)*
                }
            };
        }
        pub(crate) use with_game;

        $(
            #[cfg(test)]
            conformance::suite!($variant: $ty);
        )*
    };
}

// The registry: one line per game (or edition). Each also gets the conformance suite.
register! {
    MiceHeistCheese: mice_heist::CheeseGame,
    MiceHeistRatings: mice_heist::RatingsGame,
    CatAndMouse: cat_and_mouse::CatAndMouse,
    CheesyHeist: cheesy_heist::CheesyHeist,
    MouseChaos: mouse_chaos::MouseChaos,
}

/// `--players`'s help: each built-in config's range, as its game checks it.
pub fn players_help() -> String {
    let ranges: Vec<String> = REGISTRY
        .iter()
        .map(|e| match e.players {
            (lo, hi) if lo == hi => format!("{} {lo}", e.name()),
            (lo, hi) => format!("{} {lo} to {hi}", e.name()),
        })
        .collect();
    format!(
        "Players (default: the config's rules.players): {}",
        ranges.join(", ")
    )
}

/// The built-in default config, used when a command gets no file.
pub fn default_source() -> Source {
    REGISTRY[0].source()
}

/// A built-in config by the name it is recorded under (`<built-in configs/…>`) or the name
/// `whisker games` lists.
pub fn builtin(name: &str) -> Option<Source> {
    REGISTRY
        .iter()
        .find(|e| e.name() == name || e.source().name == name)
        .map(Registration::source)
}

/// How a command line names `source`: a built-in config by the name `whisker games` lists (a
/// built-in's recorded name is no argument), a file by its path.
pub fn arg_of(source: &Source) -> String {
    REGISTRY
        .iter()
        .find(|e| e.source().name == source.name)
        .map_or_else(|| source.name.clone(), Registration::name)
}

/// `whisker games`: every built-in config, what it is and how many it seats by default.
pub fn list() -> Result<String, Failure> {
    use std::fmt::Write as _;
    let mut out =
        String::from("built-in configs (`whisker simulate NAME`; copy the file to change it):\n\n");
    let width = REGISTRY.iter().map(|e| e.name().len()).max().unwrap_or(0);
    for e in REGISTRY {
        let players = load(&e.source(), &[], None)?.any().seats();
        let _ = writeln!(
            out,
            "  {:width$}  {}  ({players} players by default; {})",
            e.name(),
            e.builtin.about,
            e.path()
        );
    }
    Ok(out)
}

/// The named bots of a config's `[bots]` table (`cautious = "greedy(max_bet=1)"`), in file
/// order.
pub fn presets(resolved: &toml::Table) -> Vec<(String, String)> {
    let Some(toml::Value::Table(t)) = resolved.get("bots") else {
        return Vec::new();
    };
    t.iter()
        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
        .collect()
}

/// Refuses a `[bots]` table whose presets are not bots of `game`, naming the entry: at its line
/// in the file, or as set on the command line when `--set` gave it.
fn check_presets<G: Registered>(
    game: &G,
    source: &Source,
    overrides: &[Override],
) -> Result<(), ConfigError> {
    let at = |name: &str, message: String| {
        let field = format!("bots.{name}");
        // The last `--set` of a key is the one that holds.
        match overrides.iter().rev().find(|o| o.path == field) {
            Some(o) => ConfigError {
                file: source.name.clone(),
                line: None,
                field,
                message: format!("{message} ({}: {})", o.set_where(), o.arg),
            },
            None => ConfigError {
                file: source.name.clone(),
                line: source.line_of_keys(["bots", name]),
                field,
                message,
            },
        }
    };
    let presets = presets(game.resolved());
    // One pass over every chain of presets, however long.
    let mut bots = crate::core::lineup::Presets::new(game.bots(), &presets);
    for (i, (name, _)) in presets.iter().enumerate() {
        // `--bots` splits entries at `,`, roles at `+` and `=`, reads parameters from `(`, and
        // trims each name: a name holding one of these could be listed but never used.
        if name.is_empty() || name.trim() != name || name.contains([',', '+', '=', '(', ')']) {
            return Err(at(
                name,
                format!(
                    "`{name}` cannot be named in --bots, which reads `,` `+` `=` `(` `)` and spaces at the ends: give the preset a name without them"
                ),
            ));
        }
        if game.bots().iter().any(|k| k.name == name) {
            return Err(at(
                name,
                format!("`{name}` is a bot's own name; give the preset another"),
            ));
        }
        bots.bot(i).map_err(|e| {
            // The command that lists the bots may be the one that failed: no pointer to it.
            let why = e.to_string().replace(" (`whisker bots` lists them)", "");
            at(name, why.trim_start_matches("--bots: ").to_string())
        })?;
    }
    Ok(())
}

/// The registered game a config's text names, if any (for a result folder's report).
pub fn entry_of(config: &str) -> Option<&'static Registration> {
    let table: toml::Table = config.parse().ok()?;
    let key = |k: &str| table.get(k).and_then(toml::Value::as_str).map(String::from);
    let (game, edition) = (key("game")?, key("edition").unwrap_or_default());
    REGISTRY
        .iter()
        .find(|e| e.game == game && e.edition == edition)
}

/// The games there are, each once, in registry order.
fn names() -> Vec<&'static str> {
    let mut games: Vec<&str> = REGISTRY.iter().map(|e| e.game).collect();
    games.dedup();
    games
}

/// Reads the `game` and `edition` keys and hands the file to that game's loader.
pub fn load(
    source: &Source,
    overrides: &[Override],
    players: Option<usize>,
) -> Result<Loaded, Failure> {
    load_config(source, overrides, players).map_err(|e| match players {
        // `--players` replaced the config's count: a count refused is the flag's.
        Some(n) if e.field == "rules.players" => {
            let why = e
                .message
                .strip_prefix(&format!("{n}: "))
                .unwrap_or(&e.message);
            Failure::Usage(format!("--players {n}: {why}"))
        }
        _ => Failure::from(e),
    })
}

fn load_config(
    source: &Source,
    overrides: &[Override],
    players: Option<usize>,
) -> Result<Loaded, ConfigError> {
    let table = crate::io::config::parse(source)?;
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
            .ok_or_else(|| err(k, format!("a config names its game, and the edition of a game that has several (`game = \"mice-heist\"`, `edition = \"cheese\"`); `{k}` is missing or not text; the games: {}", names().join(", "))))
    };
    let game = key("game")?;
    if !REGISTRY.iter().any(|e| e.game == game) {
        return Err(err(
            "game",
            format!("unknown game `{game}`; known: {}", names().join(", ")),
        ));
    }
    // A game with one edition needs no `edition` key.
    let one_edition = REGISTRY
        .iter()
        .any(|e| e.game == game && e.edition.is_empty());
    let edition = if one_edition && table.get("edition").is_none() {
        ""
    } else {
        key("edition")?
    };
    if let Some(o) = overrides.iter().find(|o| {
        let top = o.path.split('.').next().unwrap_or("");
        top == "game" || top == "edition"
    }) {
        return Err(ConfigError {
            file: source.name.clone(),
            line: None,
            field: o.path.clone(),
            message: format!(
                "`{}` ({}): `game` and `edition` say which game the file is; they cannot be set or varied: use a config file of that game",
                o.arg,
                o.set_where()
            ),
        });
    }
    if let Some(loaded) = load_registered((game, edition), source, overrides, players) {
        return loaded;
    }
    let editions: Vec<&str> = REGISTRY
        .iter()
        .filter(|e| e.game == game)
        .map(|e| e.edition)
        .collect();
    let message = if one_edition {
        format!("{game} has one edition: leave `edition` out (it says `{edition}`)")
    } else {
        format!(
            "unknown {game} edition `{edition}`; known: {}",
            editions.join(", ")
        )
    };
    Err(err("edition", message))
}

/// Where results go when `--out` is not given.
pub fn default_out(source: &Source) -> PathBuf {
    PathBuf::from("results").join(&source.stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A built-in config's file, named from its game and edition, is the one built into the
    /// binary; no two share a name or a default result folder.
    #[test]
    fn each_builtin_is_its_file_and_has_its_own_name_and_folder() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for e in REGISTRY {
            let file = std::fs::read_to_string(root.join(e.path()))
                .unwrap_or_else(|_| panic!("{}", e.path()));
            assert_eq!(file, e.builtin.text, "{}", e.path());
        }
        let names: std::collections::HashSet<String> = REGISTRY.iter().map(|e| e.name()).collect();
        let stems: std::collections::HashSet<&str> = REGISTRY.iter().map(|e| e.stem()).collect();
        assert_eq!((names.len(), stems.len()), (REGISTRY.len(), REGISTRY.len()));
        assert_eq!(REGISTRY[0].name(), "mice-heist-cheese");
        assert_eq!(REGISTRY[0].stem(), "cheese");
        assert_eq!(REGISTRY[0].path(), "configs/mice-heist/cheese.toml");
    }
}
