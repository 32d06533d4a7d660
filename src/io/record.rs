//! What a result folder says about the run that made it: `run.toml` (reproducible: what was
//! played and the command that plays it again) and `host.toml` (how it went on this machine).
//! Both are written and read by the toml crate, so any name or value round-trips.

use std::ffi::OsString;
use std::path::Path;

use serde::{Deserialize, Serialize};

/// The file that records a run.
pub(crate) const RUN: &str = "run.toml";
/// The file that records how a run went on this machine.
pub(crate) const HOST: &str = "host.toml";

fn simulate() -> String {
    "simulate".into()
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A u64 as TOML holds it. TOML's integers are i64, so a value of 2^63 or more (half of all
/// seeds) is written as a string of its digits; both forms are read. For every u64 in a file
/// whisker writes and reads back: `#[serde(with = "wide")]`, or `wide::option`.
pub(crate) mod wide {
    use serde::de::{self, Deserializer, Visitor};
    use serde::{Deserialize, Serializer};

    pub(crate) fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        match i64::try_from(*v) {
            Ok(i) => s.serialize_i64(i),
            Err(_) => s.serialize_str(&v.to_string()),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        d.deserialize_any(Digits).map(|w| w.0)
    }

    struct Wide(u64);
    struct Digits;

    impl Visitor<'_> for Digits {
        type Value = Wide;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a whole number from 0 to 18446744073709551615")
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Wide, E> {
            u64::try_from(v)
                .map(Wide)
                .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Wide, E> {
            Ok(Wide(v))
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Wide, E> {
            v.parse()
                .map(Wide)
                .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
        }
    }

    impl<'de> Deserialize<'de> for Wide {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(Digits)
        }
    }

    pub(crate) mod option {
        use super::*;

        pub(crate) fn serialize<S: Serializer>(v: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
            match v {
                Some(v) => super::serialize(v, s),
                None => s.serialize_none(),
            }
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<u64>, D::Error> {
            Ok(Option::<Wide>::deserialize(d)?.map(|w| w.0))
        }
    }
}

/// `run.toml`. One record for every command; each fills the fields it has.
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq)]
pub(crate) struct RunRecord {
    pub whisker_version: String,
    /// `simulate`, `compare` or `sweep` (`merge` writes a `simulate` record; records of
    /// whisker 0.1's simulate have none).
    #[serde(default = "simulate")]
    pub command: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_a: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_b: Option<String>,
    #[serde(with = "wide")]
    pub seed: u64,
    /// Games asked for (each played once per rotation with `rotate_seats`).
    #[serde(with = "wide")]
    pub games: u64,
    #[serde(default)]
    pub rotate_seats: bool,
    /// Games played (games × rotations, or fewer when interrupted).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wide::option"
    )]
    pub played: Option<u64>,
    pub bots: Vec<String>,
    /// B's bots, where a comparison's sides seat different numbers of players (`bots` is A's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots_b: Vec<String>,
    /// Each seat's role, seat 1's first, in a game with roles: pages that read no `seats.csv`
    /// (`compare`'s, `sweep`'s) name seats by them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roles: Vec<String>,
    #[serde(default)]
    pub set: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_a: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_b: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vary: Vec<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wide::option"
    )]
    pub points: Option<u64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wide::option"
    )]
    pub points_finished: Option<u64>,
    /// Interrupted: the folder holds a prefix of the run.
    #[serde(default, skip_serializing_if = "is_false")]
    pub partial: bool,
    /// `I/N` for a shard of a run, and the units (game × rotation) it holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wide::option"
    )]
    pub first_unit: Option<u64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wide::option"
    )]
    pub end_unit: Option<u64>,
    /// The strength sample's lineup, and the games of the run it played again (none: no
    /// sample).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength_bots: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "wide::option"
    )]
    pub strength_games: Option<u64>,
    /// A comparison's rows of the game's tables on one side only, which it does not compare,
    /// each as `<table file> <item> (A only)` or `(B only)`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unpaired: Vec<String>,
    /// The command line that plays exactly these games again.
    pub reproduce: String,
}

impl RunRecord {
    pub(crate) fn new(command: &str) -> Self {
        Self {
            whisker_version: env!("CARGO_PKG_VERSION").into(),
            command: command.into(),
            ..Self::default()
        }
    }

    pub(crate) fn to_toml(&self) -> anyhow::Result<String> {
        Ok(toml::to_string(self)?)
    }
}

/// `host.toml`.
#[derive(Serialize)]
pub(crate) struct HostRecord {
    pub command: String,
    pub threads: usize,
    pub elapsed_seconds: f64,
    pub games_per_second: u64,
}

impl HostRecord {
    /// The record of a run of `games` games in `elapsed` seconds on `threads` (default: all).
    pub(crate) fn new(threads: Option<usize>, elapsed: f64, games: u64) -> Self {
        Self {
            command: command_line(std::env::args_os()),
            threads: threads.unwrap_or_else(rayon::current_num_threads),
            elapsed_seconds: (elapsed * 1000.0).round() / 1000.0,
            games_per_second: (games as f64 / elapsed.max(1e-9)).round() as u64,
        }
    }

    pub(crate) fn to_toml(&self) -> anyhow::Result<String> {
        Ok(format!(
            "# How this run went on this machine; everything else in the folder is reproducible.\n{}",
            toml::to_string(self)?
        ))
    }
}

/// A command line as a shell reads it back (arguments that are not UTF-8 shown with U+FFFD).
pub(crate) fn command_line(args: impl IntoIterator<Item = OsString>) -> String {
    args.into_iter()
        .map(|a| quote(&a.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `s` as one shell word: bare when that is safe, else in single quotes.
pub(crate) fn quote(s: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=,:+@%^".contains(c);
    if !s.is_empty() && s.chars().all(safe) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// A record file's parse error as a config's reads: the file, the line and the field the value
/// stands on, and what is wrong with it.
pub(crate) fn read_error(path: &Path, text: &str, e: &toml::de::Error) -> String {
    let whole = || format!("{}: {}", path.display(), e.message());
    // An empty span, or one over more than one line, is no value's (a missing field's is the
    // whole table's).
    let Some(span) = e
        .span()
        .filter(|s| s.start < s.end && !text[s.start..s.end.min(text.len())].contains('\n'))
    else {
        return whole();
    };
    let line = crate::io::config::line_at(text, span.start);
    let starts = text[..span.start].rfind('\n').map_or(0, |n| n + 1);
    // The field is named only when the span is its value, after its `=`.
    match text[starts..span.start].split_once('=') {
        Some((key, _)) => format!(
            "{}:{line}: field `{}`: {}",
            path.display(),
            key.trim(),
            e.message()
        ),
        None => format!("{}:{line}: {}", path.display(), e.message()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_name_or_value_round_trips() {
        let mut r = RunRecord::new("simulate");
        // A name as macOS writes it (decomposed accent), an escape, quotes, a newline.
        r.config = Some("cafe\u{301}.toml".into());
        r.set = vec!["items.a.name=\u{1b}[31m'x\"\ny".into()];
        r.reproduce = format!("whisker simulate {}", quote(&r.set[0]));
        r.partial = true;
        // Every u64 round-trips, beyond TOML's i64 too.
        r.seed = u64::MAX;
        r.games = 1 << 63;
        r.played = Some(u64::MAX - 1);
        r.first_unit = Some(i64::MAX as u64);
        r.end_unit = Some(0);
        let text = r.to_toml().unwrap();
        let back: RunRecord = toml::from_str(&text).unwrap();
        assert_eq!(back, r);
        // The generic reader (the report's) reads it too.
        let table: toml::Table = text.parse().unwrap();
        assert_eq!(table["config"].as_str(), Some("cafe\u{301}.toml"));
    }

    #[test]
    fn quoting_survives_the_shell() {
        assert_eq!(quote("rules.max_turns=80"), "rules.max_turns=80");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
        let words = ["simulate", "x y.toml", "--set", "k=it's \"so\""];
        let line = command_line(words.iter().map(OsString::from));
        let out = std::process::Command::new("sh")
            .args(["-c", &format!("printf '%s\\n' {line}")])
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            words.map(|w| format!("{w}\n")).concat()
        );
    }

    #[test]
    fn a_record_s_mistake_is_told_by_line_and_field_only_where_it_stands() {
        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        struct Two {
            games: u64,
            seed: u64,
        }
        let path = Path::new("r/run.toml");
        let told = |text: &str| read_error(path, text, &toml::from_str::<Two>(text).unwrap_err());
        assert_eq!(
            told("seed = 1\ngames = \"ten\"\n"),
            "r/run.toml:2: field `games`: invalid type: string \"ten\", expected u64"
        );
        // A missing field stands on no line.
        assert_eq!(told("seed = 1\n"), "r/run.toml: missing field `games`");
    }
}
