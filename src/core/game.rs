//! What every game is to the shared layers: a state played from a seed with one bot per seat,
//! ending in an [`Outcome`]. The runner, statistics, export and commands know games only
//! through [`Game`].

pub use crate::core::lineup::Bot;
use crate::core::lineup::Kind;
pub use crate::stats::metrics::MAX_VALUES;
use crate::stats::metrics::{Counts, Declared};

/// The most endings (`Outcome::ending`) a comparison tells apart: a check compares each one's
/// share, those its baseline had that the config now lacks (a job renamed) included, so twice
/// the most a game names (`games::conformance` holds every game to it).
pub const MAX_ENDINGS: usize = 12;

/// The name of the ending of a game stopped at its turn cap, where a game names that as an
/// ending of its own: `capped_rate` measures it already.
pub const CAPPED_ENDING: &str = "capped";

/// The most seats any supported game has; per-seat arrays are this long so a game's state and
/// outcome are fixed-size.
pub const MAX_SEATS: usize = 6;

/// What each seat plays as, in a game whose seats play by different rules (a hunter and its
/// prey).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roles {
    pub names: &'static [&'static str],
    /// Each seat's role, an index into `names`.
    pub of_seat: [u8; MAX_SEATS],
}

impl Roles {
    pub fn of(&self, seat: Seat) -> &'static str {
        self.names[self.of_seat[seat] as usize]
    }

    /// Each seat's role at a table of `players`, seat 1's first: as `run.toml` records them
    /// for pages that name seats by their roles (none in a game without roles).
    pub fn of_seats(roles: Option<Roles>, players: usize) -> Vec<String> {
        roles.map_or_else(Vec::new, |r| {
            (0..players).map(|s| r.of(s).to_string()).collect()
        })
    }
}

/// Seats in turn order, as the code indexes them: index 0 takes the first turn.
pub type Seat = usize;

/// A seat as people count it, in every page, table, CSV and metric name they read: the first
/// player is seat 1. Only files for machines (`games.csv`'s `winners`, replay JSON) keep the
/// index from 0.
pub const fn seat_number(seat: Seat) -> usize {
    seat + 1
}

/// `seat 3`: a seat as people name it.
pub fn seat_name(seat: impl Into<Seat>) -> String {
    format!("seat {}", seat_number(seat.into()))
}

/// The seats other than `seat`, clockwise, starting at its left.
pub fn others(seat: Seat, players: usize) -> impl Iterator<Item = Seat> {
    // A wrap rather than `%`: this runs several times a turn, and a division costs more than
    // the rest of the step it serves.
    (seat + 1..players).chain(0..seat)
}

/// The seat after `seat`, clockwise.
pub fn next_seat(seat: Seat, players: usize) -> Seat {
    // A wrap rather than `%`: it runs at every decision, and a division costs more than the
    // rest of the step it serves.
    if seat + 1 == players { 0 } else { seat + 1 }
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

impl Event {
    /// An event; `data` is its JSON fields (anything but an object adds none).
    pub fn new(turn: u32, event: &'static str, text: String, data: serde_json::Value) -> Self {
        let data = match data {
            serde_json::Value::Object(m) => m,
            _ => serde_json::Map::new(),
        };
        Self {
            turn,
            event,
            text,
            data,
        }
    }
}

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
    /// Buffers reused from game to game on one thread, so a game itself allocates nothing.
    type Scratch: Default + Send;

    fn players(&self) -> usize;

    /// The most turns a game can last (the config's safety cap): a bound on rows read back.
    fn max_turns(&self) -> u32;

    /// What the game counts and reports.
    fn declared(&self) -> &Declared;

    /// The bots this game offers, for `--bots` and `whisker bots`.
    fn bots(&self) -> &'static [Kind];

    /// The bots `--bots` means when not given, as the command line would write them.
    fn default_bots(&self) -> &'static str {
        "greedy"
    }

    /// The `ismcts` budgets (iterations a decision) below its default that `whisker ladder`
    /// tries when not told, besides the default and the config's reference: a weak search, for
    /// the strength curve.
    fn search_budgets(&self) -> &'static [u32] {
        &[10]
    }

    /// Whether a seat ends a game with a score. A game decided without one (Cat & The Mouse)
    /// shows no score anywhere: no `mean score` column, no `scores.csv`, no score chart.
    fn scored(&self) -> bool {
        true
    }

    /// The role of each seat, when seats play by different rules; a bot only sits where it
    /// plays the role (`Kind::roles`).
    fn roles(&self) -> Option<Roles> {
        None
    }

    /// Plays one whole game from its seed with `lineup[seat]` playing each seat, adding what
    /// it counts to `counts` (sized by [`Declared::counts`]).
    fn play(
        &self,
        seed: u64,
        lineup: &[Bot],
        scratch: &mut Self::Scratch,
        counts: &mut Counts,
    ) -> Outcome;

    /// Replays one game and tells it turn by turn; the last event is its end.
    fn replay(&self, seed: u64, lineup: &[Bot]) -> Vec<Event>;

    /// The `games.csv` label of an [`Outcome::ending`].
    fn ending_label(&self, ending: u8) -> &str;
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

/// A tiny game for tests of the shared layers, which name no real game: each turn the seat to
/// play scores a hit on a coin flip, and the game ends after 5 to 14 turns with the most hits
/// winning.
#[cfg(test)]
pub mod example {
    use super::*;
    use crate::core::rng::{Dice, game_rng};
    use crate::stats::metrics::Value;

    /// Two roles, the cat in seat 0 and the mouse in seat 1.
    pub const ROLES: Roles = Roles {
        names: &["cat", "mouse"],
        of_seat: [0, 1, 0, 0, 0, 0],
    };

    /// A bot that plays either role, one that plays only the mouse, and another that plays
    /// either.
    pub const ROLE_KINDS: &[Kind] = &[
        Kind {
            name: "any",
            about: "plays any seat",
            params: &[],
            roles: &[],
            searches: false,
        },
        Kind {
            name: "mouser",
            about: "plays the mouse only",
            params: &[],
            roles: &["mouse"],
            searches: false,
        },
        Kind {
            name: "other",
            about: "plays any seat",
            params: &[],
            roles: &[],
            searches: false,
        },
    ];

    pub struct Coins {
        pub players: usize,
        pub roles: Option<Roles>,
        declared: Declared,
    }

    impl Coins {
        pub fn new(players: usize) -> Self {
            Self {
                players,
                roles: None,
                declared: Declared::new(&[Value::per_turn("hits")], "ending"),
            }
        }
    }

    impl Game for Coins {
        type Scratch = ();

        fn players(&self) -> usize {
            self.players
        }

        fn max_turns(&self) -> u32 {
            200
        }

        fn declared(&self) -> &Declared {
            &self.declared
        }

        fn bots(&self) -> &'static [Kind] {
            ROLE_KINDS
        }

        fn roles(&self) -> Option<Roles> {
            self.roles
        }

        fn play(&self, seed: u64, _: &[Bot], _: &mut (), _: &mut Counts) -> Outcome {
            let mut rng = game_rng(seed);
            let turns = 5 + rng.below(10);
            let mut scores = [0; MAX_SEATS];
            for t in 0..turns {
                scores[t as usize % self.players] += i32::from(rng.coin());
            }
            let best = scores.iter().max().copied().unwrap_or(0);
            let winners = (0..self.players)
                .filter(|&s| scores[s] == best)
                .fold(0, |w, s| w | 1 << s);
            Outcome {
                turns,
                capped: false,
                scores,
                winners,
                ending: None,
                values: [scores.iter().sum::<i32>() as u32, 0, 0, 0],
            }
        }

        fn replay(&self, _: u64, _: &[Bot]) -> Vec<Event> {
            Vec::new()
        }

        fn ending_label(&self, _: u8) -> &str {
            ""
        }
    }
}
