//! `games.csv`: one row per game, in index order — streamed out by `simulate --games-csv`, read
//! back (strictly: whisker's own header, every field in range) by `check` and `merge`.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::core::failure::Failure;
use crate::core::game::{Game, MAX_SEATS, MAX_VALUES, Outcome};
use crate::core::runner::Record;
use crate::io::result_dir::ResultDir;
use crate::stats::metrics::Declared;

/// The file's name in a result folder.
pub(crate) const FILE: &str = "games.csv";

/// The header for `game`: the shared columns, the game's per-game values, what ended the game,
/// winners and each seat's score.
pub(crate) fn header<G: Game>(game: &G) -> String {
    let d = game.declared();
    let mut h = String::from("game,rotation,seed,turns,capped");
    for v in &d.values {
        h.push_str(&format!(",{}", v.name));
    }
    h.push_str(&format!(",{},winners", d.ending));
    for s in 0..game.players() {
        h.push_str(&format!(",score_{s}"));
    }
    h
}

/// Streams `games.csv`.
pub(crate) struct Writer {
    out: BufWriter<File>,
    path: PathBuf,
}

impl Writer {
    pub(crate) fn create<G: Game>(dir: &ResultDir, game: &G) -> anyhow::Result<Self> {
        let path = dir.file(FILE);
        let file = crate::io::result_dir::create_file(&path)?;
        let mut w = Self {
            out: BufWriter::new(file),
            path,
        };
        writeln!(w.out, "{}", header(game)).with_context(|| w.context())?;
        Ok(w)
    }

    fn context(&self) -> String {
        format!("writing {}", self.path.display())
    }

    pub(crate) fn row<G: Game>(&mut self, game: &G, r: &Record) -> anyhow::Result<()> {
        self.write_row(game, r).with_context(|| self.context())
    }

    fn write_row<G: Game>(&mut self, game: &G, r: &Record) -> std::io::Result<()> {
        let (o, players) = (&r.outcome, game.players());
        write!(
            self.out,
            "{},{},{},{},{}",
            r.game,
            r.rotation,
            r.seed,
            o.turns,
            u8::from(o.capped),
        )?;
        for v in &o.values[..game.declared().values.len()] {
            write!(self.out, ",{v}")?;
        }
        let ending = o.ending.map_or("", |e| game.ending_label(e));
        write!(self.out, ",{ending},")?;
        let mut first = true;
        for s in (0..players).filter(|&s| o.won(s)) {
            write!(self.out, "{}{s}", if first { "" } else { ";" })?;
            first = false;
        }
        for s in 0..players {
            write!(self.out, ",{}", o.scores[s])?;
        }
        writeln!(self.out)
    }

    pub(crate) fn finish(mut self) -> anyhow::Result<()> {
        let context = self.context();
        self.out.flush().with_context(|| context)
    }
}

/// One row read back.
#[derive(Clone, Debug)]
pub(crate) struct GameRow {
    pub game: u64,
    pub rotation: u64,
    pub seed: u64,
    pub outcome: Outcome,
    /// The row's ending where the game, as configured now, names no such ending (a Mice Heist
    /// job renamed since): `outcome.ending` is then `None`. Only a check against another
    /// config meets one; anywhere else it is damage ([`GameRow::named`]).
    pub unnamed_ending: Option<String>,
}

impl GameRow {
    /// The row, refused (naming the field) when its ending is not one the game names.
    pub(crate) fn named<G: Game>(&self, game: &G) -> Result<&Self, String> {
        match &self.unnamed_ending {
            None => Ok(self),
            Some(ending) => Err(format!(
                "field `{}`: `{ending}` is not one of the game's endings ({})",
                game.declared().ending,
                game.declared().endings.join(", ")
            )),
        }
    }
}

/// Reads `path`, a `games.csv` of `game` played under a turn cap of `max_turns`, calling `each`
/// with every row and its line's bytes (line break included), in order. Anything that whisker
/// would not have written is an error naming the file, the line and the field; an ending the
/// game does not name is one unless `unnamed_endings` (the games of another config).
pub(crate) fn read<G: Game>(
    path: &Path,
    (game, unnamed_endings): (&G, bool),
    max_turns: u32,
    mut each: impl FnMut(&GameRow, &[u8]) -> anyhow::Result<()>,
) -> anyhow::Result<u64> {
    let shown = path.display();
    let file = File::open(path).map_err(|e| Failure::Usage(format!("{shown}: {e}")))?;
    let mut reader = BufReader::new(file);
    let mut line = Vec::new();
    let mut number = 0u64;
    let mut rows = 0;
    loop {
        line.clear();
        let n = reader
            .read_until(b'\n', &mut line)
            .map_err(|e| Failure::Usage(format!("{shown}: {e}")))?;
        if n == 0 {
            break;
        }
        number += 1;
        let at = |what: String| -> anyhow::Error {
            Failure::Usage(format!("{shown}:{number}: {what}")).into()
        };
        let Some(text) = line.strip_suffix(b"\n") else {
            return Err(at("cut short: the line is unfinished".into()));
        };
        let text = std::str::from_utf8(text).map_err(|_| at("not text (UTF-8)".into()))?;
        if number == 1 {
            if text != header(game) {
                return Err(at(format!(
                    "not the header whisker writes for this game with {} players: `{}`",
                    game.players(),
                    header(game)
                )));
            }
            continue;
        }
        let row = parse(text, game, max_turns).map_err(at)?;
        if !unnamed_endings {
            row.named(game).map_err(at)?;
        }
        each(&row, &line)?;
        rows += 1;
    }
    if number == 0 {
        return Err(Failure::Usage(format!("{shown}: empty; no header")).into());
    }
    Ok(rows)
}

/// One row's fields, each checked.
fn parse<G: Game>(text: &str, game: &G, max_turns: u32) -> Result<GameRow, String> {
    let players = game.players();
    let values = &game.declared().values;
    let fields: Vec<&str> = text.split(',').collect();
    // game, rotation, seed, turns, capped; the values; ending, winners; the scores.
    let width = 5 + values.len() + 2 + players;
    if fields.len() != width {
        return Err(format!(
            "{} fields; a row has {width} for {players} players",
            fields.len(),
        ));
    }
    let winners = 6 + values.len();
    let scores = winners + 1;
    let number = |i: usize, name: &str, lo: i64, hi: i64| -> Result<i64, String> {
        fields[i]
            .parse::<i64>()
            .ok()
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| {
                format!(
                    "field `{name}`: `{}` is not a whole number from {lo} to {hi}",
                    fields[i]
                )
            })
    };
    let whole = |i: usize, name: &str| -> Result<u64, String> {
        fields[i]
            .parse::<u64>()
            .map_err(|_| format!("field `{name}`: `{}` is not a whole number", fields[i]))
    };
    let turns = number(3, "turns", 0, i64::from(max_turns))? as u32;
    let mut outcome = Outcome {
        turns,
        capped: number(4, "capped", 0, 1)? == 1,
        scores: [0; MAX_SEATS],
        winners: 0,
        ending: None,
        values: [0; MAX_VALUES],
    };
    for (k, v) in values.iter().enumerate() {
        let most = if v.per_turn { turns } else { u32::MAX };
        outcome.values[k] = number(5 + k, v.name, 0, i64::from(most))? as u32;
    }
    let ending = fields[5 + values.len()];
    let declared = game.declared();
    let named = declared.endings.iter().position(|n| n == ending);
    outcome.ending = named.map(|e| e as u8);
    let unnamed_ending = (!ending.is_empty() && named.is_none()).then(|| ending.to_string());
    ending_fits(declared, ending, named, outcome.capped)?;
    let mut last = None;
    for w in fields[winners].split(';').filter(|w| !w.is_empty()) {
        let seat = w
            .parse::<usize>()
            .ok()
            .filter(|&s| s < players)
            .ok_or_else(|| {
                format!(
                    "field `winners`: `{w}` is not a seat of {players} players (0 to {})",
                    players - 1
                )
            })?;
        // whisker lists each winning seat once, in seat order.
        if last.is_some_and(|l| l >= seat) {
            return Err(format!(
                "field `winners`: `{}` does not list seats once each, in order",
                fields[winners]
            ));
        }
        last = Some(seat);
        outcome.winners |= 1 << seat;
    }
    for s in 0..players {
        outcome.scores[s] = number(
            scores + s,
            &format!("score_{s}"),
            i64::from(i32::MIN),
            i64::from(i32::MAX),
        )? as i32;
    }
    Ok(GameRow {
        game: whole(0, "game")?,
        rotation: whole(1, "rotation")?,
        seed: whole(2, "seed")?,
        outcome,
        unnamed_ending,
    })
}

/// Whether a row's ending agrees with its `capped` field, as whisker writes them: a game with
/// fixed endings names one for every game, its cap's exactly when capped; a game whose endings
/// are its own (a Mice Heist job) leaves the field blank exactly when capped; a game that names
/// none leaves it blank.
fn ending_fits(
    declared: &Declared,
    ending: &str,
    named: Option<usize>,
    capped: bool,
) -> Result<(), String> {
    let column = declared.ending;
    let wrong = |says: String| Err(format!("field `{column}`: {says}"));
    if declared.endings.is_empty() {
        return if ending.is_empty() {
            Ok(())
        } else {
            wrong(format!("`{ending}`, but this game names no endings"))
        };
    }
    match (declared.capped_ending, ending.is_empty()) {
        (Some(_), true) => wrong("blank; every game names its ending".into()),
        (Some(c), false) if (named == Some(c)) != capped => wrong(format!(
            "`{ending}` with `capped` {}: a game ends `{}` exactly when the turn cap stops it",
            u8::from(capped),
            declared.endings[c]
        )),
        (None, blank) if blank != capped => wrong(if capped {
            format!("`{ending}`, but the turn cap stopped this game: the field is blank then")
        } else {
            "blank, but `capped` is 0: a game the cap did not stop names its ending".into()
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_whisker_would_not_write_are_refused_by_field() {
        let game = crate::core::game::example::Coins::new(2);
        let good = "7,0,99,20,0,12,,1,10,30";
        let row = parse(good, &game, game.max_turns()).unwrap();
        assert_eq!(
            (row.game, row.outcome.turns, row.outcome.winners),
            (7, 20, 2)
        );
        for (bad, says) in [
            ("7,0,99,-1,0,12,,1,10,30", "field `turns`"),
            ("7,0,99,3000000000,0,12,,1,10,30", "field `turns`"),
            ("7,0,99,20,2,12,,1,10,30", "field `capped`"),
            ("7,0,99,20,0,21,A,1,10,30", "field `hits`"),
            ("7,0,99,20,0,12,,9,10,30", "field `winners`"),
            ("7,0,99,20,0,12,,1;0,10,30", "field `winners`"),
            ("7,0,99,20,0,12,,0;0,10,30", "field `winners`"),
            ("7,0,99,20,0,12,,1,x,30", "field `score_0`"),
            (
                "7,0,99,20,0,12,A,1,10,30",
                "field `ending`: `A`, but this game names no endings",
            ),
            ("7,0,99,20,0,12,,1,10", "fields"),
            ("-7,0,99,20,0,12,,1,10,30", "field `game`"),
        ] {
            let e = parse(bad, &game, game.max_turns())
                .and_then(|r| r.named(&game).map(|_| ()))
                .err()
                .unwrap();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    /// A row's ending and `capped` agree as whisker writes them, for both kinds of endings.
    #[test]
    fn an_ending_agrees_with_capped() {
        let mut fixed = Declared::new(&[], "ending");
        fixed.endings = vec!["trap_right".into(), "capped".into()];
        fixed.capped_ending = Some(1);
        let mut jobs = Declared::new(&[], "ending_job");
        jobs.endings = vec!["vault".into()];
        let fits = |d: &Declared, ending: &str, capped: bool| {
            let named = d.endings.iter().position(|n| n == ending);
            ending_fits(d, ending, named, capped)
        };
        assert_eq!(fits(&fixed, "trap_right", false), Ok(()));
        assert_eq!(fits(&fixed, "capped", true), Ok(()));
        assert_eq!(fits(&jobs, "vault", false), Ok(()));
        assert_eq!(fits(&jobs, "", true), Ok(()));
        // A job renamed since (a check against another config) is still an ending.
        assert_eq!(fits(&jobs, "safe", false), Ok(()));
        for (d, ending, capped, says) in [
            (&fixed, "", false, "blank; every game names"),
            (&fixed, "trap_right", true, "`trap_right` with `capped` 1"),
            (&fixed, "capped", false, "`capped` with `capped` 0"),
            (&jobs, "", false, "blank, but `capped` is 0"),
            (&jobs, "vault", true, "`vault`, but the turn cap stopped"),
        ] {
            let e = fits(d, ending, capped).unwrap_err();
            assert!(e.starts_with(&format!("field `{}`: ", d.ending)), "{e}");
            assert!(e.contains(says), "{ending} {capped}: {e}");
        }
    }
}
