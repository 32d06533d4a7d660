//! The `whisker` command line.

use std::path::PathBuf;

use clap::builder::TypedValueParser as _;
use clap::{Parser, Subcommand};

use crate::io::config::Override;

#[derive(Parser, Debug)]
#[command(
    name = "whisker",
    version,
    about = "Monte Carlo balance lab for tabletop games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// The command line, or the exit code when clap answered it itself: help and the version
    /// on standard output (a write that fails there fails the run, as every command's output
    /// does; a reader that stops early, `| head`, is no failure), a usage error on standard
    /// error with exit 2.
    pub fn parse_or_answer() -> Result<Self, std::process::ExitCode> {
        use clap::Parser as _;
        use std::io::{IsTerminal as _, Write as _};
        let e = match Self::try_parse_from(negatives_joined(std::env::args_os())) {
            Ok(cli) => return Ok(cli),
            Err(e) if !e.use_stderr() => e,
            Err(e) => {
                let mut text = if std::io::stderr().is_terminal() {
                    e.render().ansi().to_string()
                } else {
                    e.render().to_string()
                };
                if let (Some(var), Some(end)) = (from_environment(&e), text.find('\n')) {
                    text.insert_str(end + 1, &format!("  (the value is {var}'s, set in the environment; no such flag was given)\n"));
                }
                let _ = std::io::stderr().write_all(text.as_bytes());
                return Err(std::process::ExitCode::from(2));
            }
        };
        let mut out = std::io::stdout().lock();
        // Styled on a terminal only, as clap writes it.
        let text = if out.is_terminal() {
            e.render().ansi().to_string()
        } else {
            e.render().to_string()
        };
        Err(
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => {
                    std::process::ExitCode::SUCCESS
                }
                Err(err) => {
                    let _ = writeln!(
                        std::io::stderr(),
                        "error: writing to standard output: {err}"
                    );
                    std::process::ExitCode::from(1)
                }
            },
        )
    }
}

/// The environment variable a refused value came from, when its flag was not given: clap
/// names only the flag.
fn from_environment(e: &clap::Error) -> Option<&'static str> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    const FLAG: &str = "--strength";
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let given = std::env::args().any(|a| a == FLAG || a.starts_with("--strength="));
    (e.kind() == ErrorKind::ValueValidation
        && arg.starts_with(FLAG)
        && !given
        && std::env::var_os(STRENGTH_VAR).is_some())
    .then_some(STRENGTH_VAR)
}

/// The command line with a negative number after a flag joined to it (`--games -5` read as
/// `--games=-5`): no whisker flag takes one, and clap would otherwise refuse `-5` as an unknown
/// flag and suggest `-- -5`, where the flag's own check names the flag. Only a whole argument
/// that is a number is joined (a file `-1.toml` is not), and nothing after `--`.
fn negatives_joined(args: impl Iterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let number = |a: &str| {
        a.strip_prefix('-')
            .is_some_and(|n| !n.is_empty() && n.parse::<f64>().is_ok_and(f64::is_finite))
    };
    let flag = |f: &str| f.starts_with("--") && f.len() > 2 && !f.contains('=');
    let mut out: Vec<std::ffi::OsString> = Vec::new();
    let mut ended = false;
    for arg in args {
        let text = arg.to_str().unwrap_or("");
        match out.last_mut() {
            Some(last) if !ended && number(text) && last.to_str().is_some_and(flag) => {
                last.push("=");
                last.push(&arg);
            }
            _ => {
                ended |= text == "--";
                out.push(arg);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::negatives_joined;

    fn joined(args: &[&str]) -> Vec<String> {
        negatives_joined(args.iter().map(std::ffi::OsString::from))
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect()
    }

    #[test]
    fn a_seed_that_is_not_a_whole_number_from_0_is_named() {
        assert_eq!(super::seed(" 42 "), Ok(42));
        for bad in ["-1", "1.5", "abc", "18446744073709551616"] {
            assert_eq!(
                super::seed(bad),
                Err(format!(
                    "`{bad}` is not a seed: give a whole number from 0 to 18446744073709551615"
                ))
            );
        }
    }

    #[test]
    fn only_a_negative_number_after_a_flag_is_joined_to_it() {
        assert_eq!(joined(&["w", "--games", "-5"]), ["w", "--games=-5"]);
        assert_eq!(joined(&["w", "--seed", "-1.5"]), ["w", "--seed=-1.5"]);
        // Values that hold their own minus sign, a file named like a number, a flag given
        // its value with `=`, and anything after `--` are left as they are.
        for args in [
            &["w", "--set", "rules.x=-1"][..],
            &["w", "--quiet", "-1.toml"],
            &["w", "--games=-5", "-3"],
            &["w", "--", "--odd", "-1"],
            &["w", "-5"],
            &["w", "--games", "-"],
        ] {
            assert_eq!(joined(args), args, "{args:?}");
        }
    }
}

/// The environment variable `--strength` falls back on (CI sets it to `off`).
const STRENGTH_VAR: &str = "WHISKER_STRENGTH";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play many seeded games with bots and write balance statistics.
    Simulate(SimulateArgs),
    /// Play two rule sets on the same seeds and measure how they differ.
    Compare(CompareArgs),
    /// Play one rule set at every combination of some values, on the same seeds.
    Sweep(SweepArgs),
    /// Join the shards of one run into the result a single run writes.
    Merge(MergeArgs),
    /// Tell one game of a run turn by turn.
    Replay(ReplayArgs),
    /// Replay a baseline's games with the current code and config; exit 1 if a metric moved beyond its tolerance.
    Check(CheckArgs),
    /// Write a result folder's charts as one self-contained HTML page.
    Report(ReportArgs),
    /// List the built-in game configs, by the names `simulate NAME` takes.
    Games,
    /// List a game's bots, their parameters with defaults and meaning, and the config's presets.
    Bots(BotsArgs),
    /// Play bots of several strengths against each other: win-rate matrix, ratings, and the
    /// seats' balance with the highest-rated (or the strength reference, where the ratings
    /// cannot tell them apart).
    Ladder(LadderArgs),
    /// Find the values of config keys (one or several, a grid) that put chosen figures inside
    /// target bands; exit 1 if no value can.
    Tune(TuneArgs),
}

#[derive(clap::Args, Debug, Clone)]
pub struct TuneArgs {
    /// Game config: a TOML file, or a built-in config's name (`whisker games` lists them). Default: mice-heist-cheese.
    pub config: Option<PathBuf>,
    /// A config key to tune and the values it may take: KEY=LO..HI (whole numbers) or
    /// KEY=V1,V2,…, as `sweep --vary` takes them; or a bot's parameter, bots.BOT.PARAM=LO..HI
    /// (bots.thief.flee_at=40..80), for every seat that bot plays. Repeatable: every
    /// combination is a point of the grid it searches.
    #[arg(long, value_name = "KEY=VALUES", required = true)]
    pub vary: Vec<crate::commands::vary::Vary>,
    /// A band a figure must lie in (repeatable: all must hold): METRIC=VALUE±TOL (or +-),
    /// METRIC=LO..HI, or open at one end, METRIC=LO.. (at least) or METRIC=..HI (at most). A
    /// figure at another player count is METRIC@P (mean_turns@5), one under strong play (the
    /// strength sample's lineup) METRIC@strong, a change A-B, A minus B
    /// (mean_turns@5-mean_turns@4=0±0.5). A `%` reads a number as a percentage
    /// (seat_1_win_rate=25%±1%). METRIC: a metric of summary.csv (mean_turns, seat_gap,
    /// capped_rate, the game's own rates), seat_N_win_rate (seats counted from 1), ROLE_win_rate
    /// (mouse_win_rate), ending_NAME (the share of games ending so), and in a scored game
    /// seat_N_mean_score and mean_score; a name the game does not have is refused with a list of
    /// the names it has.
    #[arg(long = "target", value_name = "METRIC=BAND", required = true)]
    pub target: Vec<crate::commands::target::Target>,
    /// A figure that must not move (repeatable): METRIC, or METRIC=TOL; its change from the
    /// config as given (--set, before any --vary), on the same games, must lie within ±TOL
    /// (default: the tolerance `check` gives it), as a target on METRIC_change.
    #[arg(long = "keep", value_name = "METRIC[=TOL]")]
    pub keep: Vec<crate::commands::target::Keep>,
    /// Override a config value at every value tried (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<Override>,
    /// The most games it plays in all (default: ten default `simulate` runs' worth).
    #[arg(long, value_parser = games)]
    pub max_games: Option<u64>,
    /// Master seed: every value plays the same seeds.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = seed)]
    pub seed: u64,
    #[command(flatten)]
    pub seats: Seats,
    /// Result folder (default: results/tune-<config name>+<what makes this tune>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write report.html: the answer, and each target figure against the keys' values.
    #[arg(long)]
    pub report: bool,
    #[command(flatten)]
    pub workers: Workers,
}

#[derive(clap::Args, Debug, Clone)]
pub struct LadderArgs {
    /// Game config: a TOML file, or a built-in config's name. Default: mice-heist-cheese.
    pub config: Option<PathBuf>,
    /// The bots, comma-separated; in a game with roles, bots joined by `+` share an entry, each
    /// seat taking the first that plays its role (`sleuth+thief`). Default: random, the game's
    /// own, ismcts at the game's smaller budgets and at its default, and the config's strength
    /// reference when it names one.
    #[arg(long)]
    pub bots: Option<String>,
    /// Seeds per pairing: each bot plays each seat once among another's copies on each seed.
    #[arg(long, default_value_t = LADDER_GAMES, value_parser = games)]
    pub games: u64,
    /// Master seed: the same seeds for every pairing.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = seed)]
    pub seed: u64,
    #[arg(long, help = crate::games::players_help(), value_parser = clap::value_parser!(u16).map(usize::from))]
    pub players: Option<usize>,
    #[command(flatten)]
    pub workers: Workers,
    /// Override a config value: --set rules.max_turns=300 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<Override>,
    /// Result folder (default: results/<config name>+ladder[+what differs]/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write report.html: the matrix and the strength curve.
    #[arg(long)]
    pub report: bool,
}

#[derive(clap::Args, Debug, Clone)]
pub struct BotsArgs {
    /// Game config: a TOML file or a built-in config's name. Default: mice-heist-cheese.
    pub config: Option<PathBuf>,
}

#[derive(clap::Args, Debug, Clone)]
pub struct ReportArgs {
    /// A result folder made by simulate, compare, sweep, merge, ladder or tune.
    pub dir: PathBuf,
    /// Where to write the page (default: DIR/report.html).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Table,
    Json,
}

#[derive(clap::Args, Debug, Clone)]
pub struct MergeArgs {
    /// Shard folders made by `simulate --shard I/N`.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// The merged result folder.
    #[arg(long)]
    pub out: PathBuf,
    /// Also write report.html: the merged result's charts on one page (as `whisker report` does).
    #[arg(long)]
    pub report: bool,
}

#[derive(clap::Args, Debug, Clone)]
pub struct ReplayArgs {
    /// Game config: a TOML file, or a built-in config's name (`whisker games` lists them). Default: mice-heist-cheese.
    pub config: Option<PathBuf>,
    /// The run's master seed.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    /// Which game of the run (its `game` in games.csv, from 0).
    #[arg(long)]
    pub game: u64,
    /// Which seat rotation of it, for a `--rotate-seats` run (its `rotation` in games.csv).
    #[arg(long, default_value_t = 0)]
    pub rotation: usize,
    #[command(flatten)]
    pub seats: Seats,
    /// Override a config value (repeatable), as the run did.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<Override>,
    /// `table` for people, `json` for one JSON object per line.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    /// The config to check, a file or a built-in config's name (default: the one the baseline recorded).
    pub config: Option<PathBuf>,
    /// A result folder made by `simulate --games-csv`.
    #[arg(long)]
    pub baseline: PathBuf,
    /// Override a config value (repeatable), on top of the baseline's own overrides: is the
    /// balance the same with this change?
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<Override>,
    /// How far METRIC may move (repeatable), overriding the defaults and the baseline's
    /// tolerances.toml.
    #[arg(long = "tolerance", value_name = "METRIC=X")]
    pub tolerance: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Replay the baseline's games a look at a time (1,000 seeds, then half as many again each
    /// time) and stop as soon as every metric is clearly within its tolerance or one is
    /// clearly beyond it: a sequential test with at most 5% false alarms across the check and
    /// 5% misses a metric. Says how many games it took; one that never stops is the full check.
    #[arg(long)]
    pub sequential: bool,
    #[command(flatten)]
    pub workers: Workers,
    /// Also play the baseline's strength sample again (its strong lineup on its first seeds)
    /// and say whether each metric that moved moves the same way under strong play: `auto`
    /// (the baseline's own sample), its first N games (at least 2), or `off`.
    #[arg(
        long,
        value_name = "off|auto|N",
        default_value = "auto",
        env = STRENGTH_VAR
    )]
    pub strength: crate::stats::strength::Asked,
}

/// The master seed when `--seed` is not given.
pub(crate) const DEFAULT_SEED: u64 = 1;

/// Seeds a ladder plays each pairing on when not told: a search bot plays slowly.
pub(crate) const LADDER_GAMES: u64 = 20;

/// `--games`: a whole number of games, at least 1.
fn games(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err("play at least 1 game".into()),
        Ok(n) => Ok(n),
        Err(_) if s.trim().starts_with('-') => Err("play at least 1 game".into()),
        Err(_) if s.trim().bytes().all(|b| b.is_ascii_digit()) && !s.trim().is_empty() => {
            Err(format!("at most {} games", u64::MAX))
        }
        Err(_) => Err(format!("`{s}` is not a whole number of games")),
    }
}

/// A master seed: any whole number from 0 up, said so when it is not one.
fn seed(s: &str) -> Result<u64, String> {
    s.trim().parse::<u64>().map_err(|_| {
        format!(
            "`{s}` is not a seed: give a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// Who sits at the table: how many, and which bots.
#[derive(clap::Args, Debug, Clone)]
pub struct Seats {
    #[arg(long, help = crate::games::players_help(), value_parser = clap::value_parser!(u16).map(usize::from))]
    pub players: Option<usize>,
    /// Bot per seat in turn order, comma-separated; a shorter list repeats, and a game with
    /// roles takes ROLE=BOT (default: the game's own, as `whisker bots` shows).
    #[arg(long)]
    pub bots: Option<String>,
}

/// How a run uses the machine, and what it says while it plays: never what it finds.
#[derive(clap::Args, Debug, Clone)]
pub struct Workers {
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024).map(|t| t as usize))]
    pub threads: Option<usize>,
    /// No progress bar, and no note on how long a long run will take.
    #[arg(long)]
    pub quiet: bool,
}

/// What every run shares: how many games, which seed, who plays.
#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    /// Games to play (with --rotate-seats, each is played once per distinct rotation).
    /// Default: 100,000.
    #[arg(long, value_parser = games)]
    pub games: Option<u64>,
    /// Master seed: the same seed and config give the same files, byte for byte.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = seed)]
    pub seed: u64,
    #[command(flatten)]
    pub seats: Seats,
    /// Play each game once per distinct rotation of the bots around the table, same seed.
    #[arg(long)]
    pub rotate_seats: bool,
    #[command(flatten)]
    pub workers: Workers,
    /// Also write report.html: the result's charts on one page (as `whisker report` does).
    #[arg(long)]
    pub report: bool,
}

impl RunArgs {
    /// What sets this run apart from the default one, for its default folder's name: a run of
    /// `default_games`, the games it plays when not told, names none.
    pub fn folder_parts(&self, default_games: u64) -> Vec<String> {
        let mut parts = Vec::new();
        if let Some(p) = self.seats.players {
            parts.push(format!("players-{p}"));
        }
        if let Some(bots) = &self.seats.bots {
            parts.push(format!("bots-{bots}"));
        }
        if self.rotate_seats {
            parts.push("rotated".into());
        }
        if self.seed != DEFAULT_SEED {
            parts.push(format!("seed-{}", self.seed));
        }
        if let Some(games) = self.games.filter(|&g| g != default_games) {
            parts.push(format!("games-{games}"));
        }
        parts
    }
}

#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {
    /// Game config: a TOML file, or a built-in config's name (`whisker games` lists them). Default: mice-heist-cheese.
    pub config: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Override a config value: --set rules.track_length=12 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<Override>,
    /// Result folder (default: results/<config name>[+what differs from the defaults]/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write games.csv, one row per game.
    #[arg(long)]
    pub games_csv: bool,
    /// Play only shard I of N (I from 0): a slice of the games, to merge later with
    /// `whisker merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Play only the first K games of the run (or of its --shard): how an interrupted shard's
    /// run.toml reproduces exactly the games it holds.
    #[arg(long, value_name = "K", value_parser = games)]
    pub stop_after: Option<u64>,
    #[command(flatten)]
    pub sample: StrengthArgs,
}

/// `--strength`, for the commands that play a strength sample.
#[derive(clap::Args, Debug, Clone)]
pub struct StrengthArgs {
    /// Also play the run's first games again, on the same seeds, with the default search at
    /// every seat, and say which figures hold under strong play: `auto` (about ten seconds on
    /// two cores, as many games as that takes), N games (at least 2), or `off` (or 0).
    #[arg(
        long,
        value_name = "off|auto|N",
        default_value = "auto",
        env = STRENGTH_VAR
    )]
    pub strength: crate::stats::strength::Asked,
    /// The strong lineup the sample plays, as `--bots` names one: a config's `reference`
    /// preset, for one (`whisker bots CONFIG` lists them), or a search of another budget.
    #[arg(long, value_name = "BOTS", default_value = crate::stats::strength::BOTS)]
    pub strength_bots: String,
}

impl StrengthArgs {
    /// The strength flags that differ from their defaults, for the result folder's record of
    /// the command line that made it (see `commands::result_dir`).
    pub fn unnamed_parts(&self) -> Vec<String> {
        let mut parts = Vec::new();
        match self.strength {
            crate::stats::strength::Asked::Auto => {}
            crate::stats::strength::Asked::Off => parts.push("strength-off".into()),
            crate::stats::strength::Asked::Games(n) => parts.push(format!("strength-{n}")),
        }
        if self.strength_bots != crate::stats::strength::BOTS {
            parts.push(format!("strength-bots-{}", self.strength_bots));
        }
        parts
    }
}

/// `--shard I/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

/// `arg` cut at its first `sep`, or why it is not `form` (an argument's shape, `KEY=VALUE`).
pub(crate) fn halves<'a>(
    arg: &'a str,
    sep: char,
    form: &str,
) -> Result<(&'a str, &'a str), String> {
    arg.split_once(sep)
        .ok_or_else(|| format!("`{arg}` is not {form}"))
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (i, n) = halves(s, '/', "I/N, like 0/8")?;
        let (index, count) = (i.trim().parse::<u64>(), n.trim().parse::<u64>());
        match (index, count) {
            (Ok(index), Ok(count)) if count > 0 && index < count => Ok(Self { index, count }),
            _ => Err(format!("`{s}`: I/N needs 0 ≤ I < N")),
        }
    }
}

#[derive(clap::Args, Debug, Clone)]
pub struct CompareArgs {
    /// Config A: a TOML file or a built-in config's name (`whisker games`). Default: mice-heist-cheese.
    pub a: Option<PathBuf>,
    /// Config B, a file or a built-in config's name. Default: the same as A (then vary it with --set-b).
    pub b: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Override a value of A only (repeatable).
    #[arg(long = "set-a", value_name = "KEY=VALUE", value_parser = |arg: &str| given_by(arg, "--set-a"))]
    pub set_a: Vec<Override>,
    /// Override a value of B only (repeatable).
    #[arg(long = "set-b", value_name = "KEY=VALUE", value_parser = |arg: &str| given_by(arg, "--set-b"))]
    pub set_b: Vec<Override>,
    /// Result folder (default: results/compare-<A>-vs-<B>[+what differs]/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Play the games a look at a time (1,000 seeds, then half as many again each time) and
    /// stop as soon as every metric's change is clearly within its tolerance or one is clearly
    /// beyond it (`check`'s tolerances and sequential test); the result is then that of the
    /// games played, and its run.toml replays exactly them.
    #[arg(long)]
    pub sequential: bool,
    /// How far METRIC may move (repeatable), for --sequential: as `check --tolerance`.
    #[arg(long = "tolerance", value_name = "METRIC=X")]
    pub tolerance: Vec<String>,
    #[command(flatten)]
    pub sample: StrengthArgs,
}

#[derive(clap::Args, Debug, Clone)]
pub struct SweepArgs {
    /// Game config: a TOML file, or a built-in config's name (`whisker games` lists them). Default: mice-heist-cheese.
    pub config: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    /// A value to vary: KEY=V1,V2,… or KEY=LO..HI (whole numbers, both ends included).
    /// Repeat for a grid of every combination.
    #[arg(long = "vary", value_name = "KEY=VALUES", required = true)]
    pub vary: Vec<crate::commands::vary::Vary>,
    /// Override a config value at every point (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<Override>,
    /// Result folder (default: results/sweep-<config name>+<what is varied>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The strength sample at every point: `auto` shares simulate's among the points.
    #[command(flatten)]
    pub sample: StrengthArgs,
}

/// An override given by `flag` (compare's `--set-a`, `--set-b`), named by it in messages.
fn given_by(arg: &str, flag: &'static str) -> Result<Override, String> {
    arg.parse().map(|o: Override| o.given_by(flag))
}
