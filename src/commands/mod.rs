//! The subcommands, and what they share: finding the config, naming the bots, reporting.

use std::io::Write;

use anyhow::Context;
use std::path::{Path, PathBuf};

use crate::commands::cli::Command;
use crate::core::failure::Failure;
use crate::core::game::{Roles, seat_name};
use crate::core::lineup::{self, Bot, Kind};
use crate::games::{self, Registered, with_game};
use crate::io::config::{Override, Source};
use crate::io::naming;
use crate::io::result_dir::ResultDir;

pub(crate) mod check;
pub(crate) mod cli;
pub(crate) mod compare;
pub(crate) mod ladder;
pub(crate) mod merge;
pub(crate) mod replay;
pub(crate) mod report;
pub(crate) mod simulate;
pub(crate) mod sweep;
pub(crate) mod target;
pub(crate) mod tune;
pub(crate) mod vary;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Simulate(args) => simulate::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Sweep(args) => sweep::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Ladder(args) => ladder::run(&args),
        Command::Games => {
            say(&games::list()?)?;
            Ok(())
        }
        Command::Bots(args) => {
            let source = source(args.config.as_ref())?;
            let listed = with_game!(games::load(&source, &[], None)?, game => bots_of(&*game));
            say(&format!("bots of {}{listed}", source.name))?;
            Ok(())
        }
        Command::Check(args) => {
            if check::run(&args)? != 0 {
                return Err(crate::core::failure::Failure::Regressed.into());
            }
            Ok(())
        }
        Command::Tune(args) => {
            if tune::run(&args)? != 0 {
                return Err(crate::core::failure::Failure::Unmet.into());
            }
            Ok(())
        }
    }
}

/// `whisker bots`: how `--bots` names them in this game, its default, and every bot.
fn bots_of<G: Registered>(game: &G) -> String {
    let how = match game.roles() {
        Some(r) => {
            let seats: Vec<String> = (0..game.players())
                .map(|s| format!("{} ({})", r.of(s), seat_name(s)))
                .collect();
            format!("one per role, as ROLE=BOT: {}", seats.join(", "))
        }
        None => "one per seat; a shorter list repeats".to_string(),
    };
    format!(
        " (`--bots 'NAME(PARAM=VALUE,…),…'`, {how}; without --bots: `{}`):\n\n{}",
        game.default_bots(),
        lineup::listing(game.bots(), &games::presets(game.resolved()))
    )
}

/// The config a command plays: a file, a built-in config's name, or the default.
pub(crate) fn source(path: Option<&PathBuf>) -> anyhow::Result<Source> {
    Ok(match path {
        // A file of that name comes first: a designer's own file beats a built-in name. A
        // folder is no config, so one named like a built-in (a result written with `--out
        // cat-and-the-mouse`) leaves the name to the built-in.
        Some(path)
            if path.exists()
                && !(path.is_dir() && games::builtin(&path.to_string_lossy()).is_some()) =>
        {
            Source::from_file(path).map_err(Failure::from)?
        }
        Some(path) => match games::builtin(&path.to_string_lossy()) {
            Some(source) => source,
            None => {
                let mut e = Source::from_file(path)
                    .err()
                    .unwrap_or_else(|| unreachable!());
                e.message += &format!(
                    "; nor is it a built-in config ({})",
                    games::REGISTRY
                        .iter()
                        .map(games::Registration::name)
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                return Err(Failure::from(e).into());
            }
        },
        None => games::default_source(),
    })
}

/// Writes `text` to stdout. A closed pipe (`| head`) is not an error: the results are already
/// written. Any other failure is (a full disk under `> answer.txt`): for `check` the text is
/// the whole answer.
pub(crate) fn say(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(e).context("writing to standard output"))
        }
        _ => Ok(()),
    }
}

/// The result folder: `--out` as given, or else the default folder `results/BASE+PARTS`, kept
/// for this command line (`command` on `config` with `parts`, and the flags `unnamed` that the
/// name leaves out) alone: another command line goes to `BASE+PARTS-2`, never over it.
pub(crate) fn result_dir(
    out: Option<&PathBuf>,
    command: &str,
    config: &str,
    base: &str,
    parts: &[String],
    unnamed: &[String],
) -> anyhow::Result<ResultDir> {
    match out {
        Some(path) => ResultDir::create(path),
        None => {
            let all: Vec<&String> = parts.iter().chain(unnamed).collect();
            let made_by = format!(
                "{command} {config} {}",
                all.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
            );
            ResultDir::create_default(&naming::folder(base, parts), made_by.trim_end())
        }
    }
}

/// A run stopped by `signal` before `what` was finished: it says so, writes nothing, and exits
/// 128 + the signal.
pub(crate) fn stopped_empty(signal: i32, what: &str) -> anyhow::Error {
    // The run fails with the signal's code either way; a note that cannot be written adds
    // nothing to it.
    let _ = say(&format!(
        "INTERRUPTED by {} before {what} was finished: nothing written\n",
        crate::core::signals::name(signal)
    ));
    crate::core::failure::Failure::Interrupted(signal).into()
}

/// Writes the report page of a result being written, if `asked`. Its error is for after the
/// result is put in place ([`finished`]): a page that cannot be written never costs the games.
pub(crate) fn page(
    dir: &crate::io::result_dir::ResultDir,
    asked: bool,
    parts: crate::io::report::parts::Parts,
) -> anyhow::Result<()> {
    if asked {
        crate::io::report::add_to(dir, parts)
    } else {
        Ok(())
    }
}

/// A command's end once its result is in `path`: the page's failure (exit 1) if it had one,
/// else the signal that stopped it (exit 128 + the signal), else success.
pub(crate) fn finished(
    path: &std::path::Path,
    page: anyhow::Result<()>,
    stopped: Option<i32>,
) -> anyhow::Result<()> {
    let page = page.with_context(|| format!("the result is in {}", path.display()));
    match (stopped, page) {
        // The exit code says the result is partial; the page's failure is still told.
        (Some(signal), page) => {
            if let Err(e) = page {
                crate::core::failure::warn(&format!("{e:#}"));
            }
            Err(Failure::Interrupted(signal).into())
        }
        (None, page) => page,
    }
}

/// The last lines of a command's output: where its result went, and its report if it has one.
pub(crate) fn written(path: &std::path::Path, report: bool) -> String {
    let mut text = format!("\nresults in {}/\n", path.display());
    let page = path.join(crate::io::report::FILE);
    if report && page.is_file() {
        text += &format!("report in {}\n", page.display());
    }
    text
}

/// The run the command line asks for: `games` games of `game` at `players` seats, with
/// `--bots`, `--seed`, `--rotate-seats` and `--threads` as given, whole (no shard).
pub(crate) fn run_plan<G: Registered>(
    game: &G,
    run: &crate::commands::cli::RunArgs,
    games: u64,
    players: usize,
) -> Result<crate::core::runner::Plan, Failure> {
    let plan = crate::core::runner::Plan {
        games,
        seed: run.seed,
        lineup: lineup(game, run.seats.bots.as_deref(), players, run.rotate_seats)?,
        rotate: run.rotate_seats,
        roles: game.roles(),
        threads: run.workers.threads,
        shard: None,
        stop_after: None,
        skip: 0,
    };
    // Bots that each play one role (in a game with roles) have one seating:
    // "rotated" would name a run where nothing moved, and set a role's win rate against a
    // fair share of seats.
    let labels: Vec<String> = plan.lineup.iter().map(Bot::label).collect();
    if plan.rotate && plan.rotations() == 1 && labels.iter().any(|l| *l != labels[0]) {
        return Err(Failure::Usage(format!(
            "--rotate-seats: no other seating puts each of {} in a role it plays, so nothing would rotate; leave it out (roles.csv gives each role's win rate)",
            labels.join(", ")
        )));
    }
    Ok(plan)
}

/// Parses `--bots` into one bot per seat: `game`'s bots and its config's presets, in seat
/// order (a shorter list repeats) or, in a game with roles, by role (`hunter=greedy,prey=random`).
/// Every bot must play its seat's role. Without `--bots`, the game's own default.
///
/// With `rotate` (`--rotate-seats`), a list in any order that some rotation seats in roles its
/// bots play is taken, turned to the first such rotation: `random,sleuth` and `sleuth,random`
/// are the same lineups, and give the same answer.
pub(crate) fn lineup<G: Registered>(
    game: &G,
    bots: Option<&str>,
    players: usize,
    rotate: bool,
) -> Result<Vec<Bot>, Failure> {
    let names = lineup::split(bots.unwrap_or(game.default_bots()));
    let mut lineup = lineup_of(game, &names, players);
    if let (Err(_), true, Some(_)) = (&lineup, rotate, game.roles()) {
        // Refused as listed: the first rotation of the list that fits, if one does.
        let mut turned = names.clone();
        let fits = (1..names.len()).find_map(|_| {
            turned.rotate_left(1);
            lineup_of(game, &turned, players).ok()
        });
        if let Some(l) = fits {
            lineup = Ok(l);
        }
    }
    lineup
}

/// The strength sample's lineup (`--strength-bots`), and how `run.toml` and the run's words name
/// it: one bot's label, spelled out, when it plays every seat, else each seat's in turn.
pub(crate) fn strong_lineup<G: Registered>(
    game: &G,
    bots: &str,
) -> Result<(Vec<Bot>, String), Failure> {
    let strong = lineup(game, Some(bots), game.players(), false).map_err(|f| match f {
        Failure::Usage(m) => Failure::Usage(m.replacen("--bots", "--strength-bots", 1)),
        other => other,
    })?;
    let labels: Vec<String> = strong.iter().map(Bot::label).collect();
    let name = if labels.iter().all(|l| *l == labels[0]) {
        labels[0].clone()
    } else {
        labels.join(",")
    };
    Ok((strong, name))
}

/// [`lineup_of`] for the lineup a result folder's `record` (its run.toml) holds: a bot that is
/// not one is that file's mistake, not a flag's.
pub(crate) fn recorded_lineup<G: Registered>(
    game: &G,
    names: &[String],
    players: usize,
    record: &Path,
) -> Result<Vec<Bot>, Failure> {
    lineup_of(game, names, players).map_err(|f| match f {
        Failure::Usage(m) => Failure::Usage(m.replacen(
            "--bots:",
            &format!("{}: field `bots`:", record.display()),
            1,
        )),
        other => other,
    })
}

/// [`lineup`] from a list as `lineup::split` cuts it (as a result folder records it).
pub(crate) fn lineup_of<G: Registered>(
    game: &G,
    names: &[String],
    players: usize,
) -> Result<Vec<Bot>, Failure> {
    let presets = games::presets(game.resolved());
    // Only a game with roles fills a seat from its default lineup.
    let fallback = match game.roles() {
        Some(_) => {
            let default = lineup::split(game.default_bots());
            Some(seat(
                game.bots(),
                game.roles(),
                &presets,
                &default,
                players,
                None,
            )?)
        }
        None => None,
    };
    seat(
        game.bots(),
        game.roles(),
        &presets,
        names,
        players,
        fallback.as_deref(),
    )
}

/// [`lineup`] from a game's bots, roles and presets; a role given no bot plays the one
/// `fallback` (the game's default lineup) seats there.
fn seat(
    kinds: &'static [Kind],
    roles: Option<Roles>,
    presets: &[(String, String)],
    names: &[String],
    players: usize,
    fallback: Option<&[Bot]>,
) -> Result<Vec<Bot>, Failure> {
    let parse = |n: &str| lineup::parse(n, kinds, presets);
    let err = |m: String| Failure::Usage(format!("--bots: {m}"));
    // `ROLE=BOT`: an `=` before any parameter list.
    let entries: Vec<(Option<&str>, &str)> = names
        .iter()
        .map(|n| match n.split_once('=') {
            Some((role, bot)) if !role.contains('(') => (Some(role.trim()), bot.trim()),
            _ => (None, n.as_str()),
        })
        .collect();
    if entries.is_empty() || entries.iter().any(|(_, b)| b.is_empty()) {
        return Err(err("name at least one bot, and no empty ones".into()));
    }
    let lineup: Vec<Bot> = match (entries.iter().find_map(|e| e.0), roles) {
        (Some(role), None) => {
            return Err(err(format!(
                "`{role}=…`: this game's seats have no roles; list one bot per seat"
            )));
        }
        (Some(_), Some(r)) => {
            let mut by_role: Vec<(&str, Bot)> = Vec::new();
            for (role, bot) in &entries {
                let Some(role) = role.filter(|x| r.names.contains(x)) else {
                    return Err(err(format!(
                        "`{}`: give each role its bot, as ROLE=BOT; the roles: {}",
                        role.unwrap_or(bot),
                        r.names.join(", ")
                    )));
                };
                if by_role.iter().any(|(x, _)| *x == role) {
                    return Err(err(format!("the {role} is given two bots")));
                }
                by_role.push((role, parse(bot)?));
            }
            (0..players)
                .map(|s| {
                    by_role
                        .iter()
                        .find(|(x, _)| *x == r.of(s))
                        .map(|(_, b)| *b)
                        .or_else(|| fallback.map(|f| f[s]))
                        .ok_or_else(|| {
                            err(format!("no bot for the {} ({})", r.of(s), seat_name(s)))
                        })
                })
                .collect::<Result<_, _>>()?
        }
        (None, _) => {
            let bots = entries
                .iter()
                .map(|(_, n)| parse(n))
                .collect::<Result<Vec<Bot>, _>>()?;
            if bots.len() > players {
                return Err(Failure::Usage(format!(
                    "--bots names {} bots for {players} players",
                    bots.len()
                )));
            }
            (0..players).map(|s| bots[s % bots.len()]).collect()
        }
    };
    if let Some(r) = roles
        && let Some(s) = (0..players).find(|&s| !lineup[s].kind.plays(r.of(s)))
    {
        return Err(err(format!(
            "{} does not play the {} ({}); it plays: {} (give a bot by role, as ROLE=BOT: a role not named plays the game's default)",
            lineup[s].label(),
            r.of(s),
            seat_name(s),
            lineup[s].kind.roles.join(", ")
        )));
    }
    Ok(lineup)
}

/// Refuses a `--set rules.players` beside `--players`: the flag replaces the config's count,
/// so the set would be dropped without a word (the same count twice is no conflict).
pub(crate) fn players_once(players: Option<usize>, sets: &[Override]) -> Result<(), Failure> {
    match players.and_then(|n| other_count(sets, n).map(|o| (n, o))) {
        Some((n, o)) => Err(Failure::Usage(format!(
            "{}: the table size is already {n} here (--players): give it once, with --players",
            o.named()
        ))),
        None => Ok(()),
    }
}

/// The `--set rules.players` among `sets` that asks for another table than `n` players.
pub(crate) fn other_count(sets: &[Override], n: usize) -> Option<&Override> {
    sets.iter()
        .find(|o| o.path == "rules.players" && o.value.as_integer() != Some(n as i64))
}

/// A `--tolerance METRIC=X` as given (`check`, `compare --sequential`).
pub(crate) fn tolerance_arg(t: &str) -> Result<(String, f64), Failure> {
    let refused = |why: &str| Failure::Usage(format!("--tolerance `{t}`: {why}"));
    let (metric, value) = t
        .split_once('=')
        .map(|(m, v)| (m.trim().to_string(), v.trim()))
        .ok_or_else(|| refused("expected METRIC=NUMBER, like seat_gap=0.05"))?;
    match tolerance(&metric, value) {
        Ok(value) => Ok((metric, value)),
        Err(Refusal::NotANumber) => Err(refused(
            "expected METRIC=NUMBER, a number at least 0, like seat_gap=0.05",
        )),
        Err(why) => Err(refused(&why.to_string())),
    }
}

/// Every `--tolerance` as given, in order; a metric given twice is refused, as the later one
/// would otherwise win unsaid.
pub(crate) fn tolerance_args(all: &[String]) -> Result<Vec<(String, f64)>, Failure> {
    let mut read: Vec<(String, f64)> = Vec::with_capacity(all.len());
    for t in all {
        let (metric, value) = tolerance_arg(t)?;
        if let Some(j) = read.iter().position(|(m, _)| *m == metric) {
            return Err(Failure::Usage(format!(
                "--tolerance {} and --tolerance {t} both set {metric}; give one",
                all[j]
            )));
        }
        read.push((metric, value));
    }
    Ok(read)
}

/// Why a tolerance as written is refused.
#[derive(Debug, PartialEq)]
pub(crate) enum Refusal {
    NotANumber,
    /// A `%` on a figure that is not a rate.
    NotARate(String),
    /// A rate's tolerance over 1: a `%` left out.
    RateOverOne(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotANumber => write!(f, "expected a number at least 0, like 0.05"),
            Self::NotARate(metric) => {
                write!(
                    f,
                    "{metric} is not a rate: give its tolerance in its own unit"
                )
            }
            Self::RateOverOne(metric) => write!(
                f,
                "{metric} is a rate, between 0 and 1: write its tolerance with its % (2%) or as a fraction (0.02)"
            ),
        }
    }
}

/// The tolerance `value` gives `metric`, in the figure's own unit: a rate's as a fraction or
/// with its `%`. The same rules hold for `--tolerance` and a baseline's tolerances.toml.
pub(crate) fn tolerance(metric: &str, value: &str) -> Result<f64, Refusal> {
    // `balance` is check's old name for the seat gap.
    let rate = crate::stats::is_rate(metric) || metric == "balance";
    // A rate's tolerance may be written as a percentage; a rate lies between 0 and 1, so a
    // bare 20 is a `%` left out, never a tolerance.
    let (number, percent) = match value.strip_suffix('%') {
        Some(n) if rate => (n.trim(), 100.0),
        Some(_) => return Err(Refusal::NotARate(metric.to_string())),
        None => (value, 1.0),
    };
    let value = number
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
        .ok_or(Refusal::NotANumber)?
        / percent;
    if rate && value > 1.0 {
        return Err(Refusal::RateOverOne(metric.to_string()));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::example::{ROLE_KINDS, ROLES};

    #[test]
    fn a_tolerance_is_in_its_figures_unit_and_never_negative() {
        let ok = |t: &str| tolerance_arg(t).map_err(|e| e.to_string());
        assert_eq!(ok("seat_gap=0.05"), Ok(("seat_gap".into(), 0.05)));
        assert_eq!(
            ok("seat_1_win_rate=2%"),
            Ok(("seat_1_win_rate".into(), 0.02))
        );
        assert_eq!(ok("mean_turns=1.5"), Ok(("mean_turns".into(), 1.5)));
        for (t, says) in [
            ("seat_1_win_rate=20", "is a rate, between 0 and 1"),
            ("seat_gap=5", "is a rate, between 0 and 1"),
            ("mean_turns=5%", "mean_turns is not a rate"),
            ("mean_turns=-1", "at least 0"),
            ("mean_turns", "expected METRIC=NUMBER"),
        ] {
            let e = ok(t).unwrap_err();
            assert!(e.contains(says), "{t}: {e}");
        }
    }

    fn seated(list: &str) -> Result<Vec<String>, String> {
        seat(ROLE_KINDS, Some(ROLES), &[], &lineup::split(list), 2, None)
            .map(|l| l.iter().map(Bot::label).collect())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn bots_are_seated_by_role_and_only_where_they_play() {
        assert_eq!(seated("any,mouser").unwrap(), ["any", "mouser"]);
        assert_eq!(seated("mouse=mouser,cat=any").unwrap(), ["any", "mouser"]);
        for (list, says) in [
            (
                "mouser,any",
                "mouser does not play the cat (seat 1); it plays: mouse",
            ),
            ("cat=any", "no bot for the mouse (seat 2)"),
            ("cat=any,cat=any", "the cat is given two bots"),
            (
                "dog=any",
                "give each role its bot, as ROLE=BOT; the roles: cat, mouse",
            ),
            ("cat=any,mouser", "give each role its bot"),
        ] {
            let e = seated(list).unwrap_err();
            assert!(e.contains(says), "{list}: {e}");
        }
        let e = seat(ROLE_KINDS, None, &[], &lineup::split("cat=any"), 2, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("this game's seats have no roles"), "{e}");
        // With the game's default lineup, a role not named plays its default bot, and a bot
        // named for a role it does not play is the error.
        let default = [Bot::new(&ROLE_KINDS[2]), Bot::new(&ROLE_KINDS[1])];
        let with = |list: &str| {
            seat(
                ROLE_KINDS,
                Some(ROLES),
                &[],
                &lineup::split(list),
                2,
                Some(&default),
            )
            .map(|l| l.iter().map(Bot::label).collect::<Vec<_>>())
            .map_err(|e| e.to_string())
        };
        assert_eq!(with("cat=any").unwrap(), ["any", "mouser"]);
        assert_eq!(with("mouse=any").unwrap(), ["other", "any"]);
        let e = with("cat=mouser").unwrap_err();
        assert!(e.contains("mouser does not play the cat"), "{e}");
    }
}
