//! `whisker check`: replays a committed baseline's games with the current code and config, and
//! fails when a metric moved by more than the designer allows.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use super::{recorded_lineup, say, strong_lineup};
use crate::commands::cli::{CheckArgs, Format};
use crate::core::cost::Cost;
use crate::core::failure::Failure;
use crate::core::rng::game_seed;
use crate::core::runner::{self, Plan};
use crate::core::signals;
use crate::games::with_game;
use crate::games::{self, Bot, Game, Outcome, Registered, Roles, seat_name, seat_number};
use crate::io::config::{ConfigError, Override, Source};
use crate::io::record::{self, RUN, RunRecord};
use crate::io::{games_csv, result_dir};
use crate::stats::compare::{self, Paired};
use crate::stats::metrics::SummaryMetric;
use crate::stats::sequential::{self, Call};
use crate::stats::strength;
use crate::stats::{Estimate, num};

/// Tolerances a baseline folder may hold beside its results.
pub(crate) const TOLERANCES: &str = "tolerances.toml";

/// Each metric's tolerance, with where it was given (for messages).
type Tolerances = BTreeMap<String, (f64, String)>;

/// The metrics a check tests, for `players` seats, the game's declared rates, the `bots` of
/// a rotated baseline and the game's `endings` ([`compare::ending_metrics`]).
fn checked_metrics(
    players: usize,
    declared: &[SummaryMetric],
    bots: &[&str],
    scored: bool,
    endings: &[Option<String>],
) -> Vec<String> {
    let mut names: Vec<String> = [
        "mean_turns",
        "seat_gap",
        "first_seat_win_rate",
        "shared_victory_rate",
        "capped_rate",
    ]
    .map(String::from)
    .into();
    names.extend(declared.iter().filter_map(|m| match m {
        SummaryMetric::Rate { name, .. } => Some(name.to_string()),
        SummaryMetric::Count(..) => None,
    }));
    names.extend((0..players).map(|s| format!("seat_{}_win_rate", seat_number(s))));
    if scored {
        names.extend((0..players).map(|s| format!("seat_{}_mean_score", seat_number(s))));
    }
    names.extend(bots.iter().map(|b| format!("bot_{b}_win_rate")));
    names.extend(endings.iter().flatten().cloned());
    names.push("game_length_distribution_ks".into());
    names
}

struct Verdict {
    metric: String,
    baseline: String,
    current: String,
    diff: String,
    ci_low: String,
    ci_high: String,
    p_holm: String,
    tolerance: String,
    /// `same`, `moved` (significant but within tolerance), or `regressed`.
    status: &'static str,
    /// The change under strong play, with its interval, when the check played a sample.
    strong: Option<Estimate>,
    /// What the sample says of it ([`strong_word`]); empty without a sample.
    strong_play: &'static str,
    /// With `--sequential`, the sequential test's call.
    sequential: Option<Call>,
}

impl Verdict {
    /// The verdict for machines: numbers as numbers, blanks as null.
    fn json(&self) -> serde_json::Value {
        let number = |s: &str| {
            s.parse::<f64>()
                .map_or(serde_json::Value::Null, serde_json::Value::from)
        };
        serde_json::json!({
            "metric": self.metric,
            "baseline": number(&self.baseline),
            "current": number(&self.current),
            "diff": number(&self.diff),
            "ci_low": number(&self.ci_low),
            "ci_high": number(&self.ci_high),
            "p_holm": number(&self.p_holm),
            "tolerance": number(&self.tolerance),
            "status": self.status,
            "strong_change": self.strong.map(|e| e.value),
            "strong_ci_low": self.strong.map(|e| e.low),
            "strong_ci_high": self.strong.map(|e| e.high),
            "strong_play": (!self.strong_play.is_empty()).then_some(self.strong_play),
            "sequential": self.sequential.map(Call::word),
        })
    }
}

fn usage(message: String) -> anyhow::Error {
    Failure::Usage(message).into()
}

pub(crate) fn run(args: &CheckArgs) -> anyhow::Result<i32> {
    let dir = &args.baseline;
    let path = dir.join(RUN);
    // A ladder's or a tune's folder: making a baseline there would replace its result.
    if let Some(command) = crate::io::report::recordless_command(dir) {
        return Err(usage(format!(
            "--baseline {}: a baseline is a `simulate` result; this one is `{command}`",
            dir.display()
        )));
    }
    let record_text = std::fs::read_to_string(&path).map_err(|e| {
        usage(format!(
            "--baseline {}: cannot read {RUN} ({e}); make a baseline with `whisker simulate … --games-csv --out {}`",
            dir.display(),
            dir.display()
        ))
    })?;
    let record: RunRecord = toml::from_str(&record_text)
        .map_err(|e| usage(record::read_error(&path, &record_text, &e)))?;
    let Some(config) = record
        .config
        .clone()
        .filter(|_| record.command == "simulate")
    else {
        return Err(usage(format!(
            "{}: a baseline is a `simulate` result; this one is `{}`",
            path.display(),
            record.command
        )));
    };
    if record.partial || record.shard.is_some() {
        return Err(usage(format!(
            "{}: an interrupted run or a shard is not a baseline; use a complete run (or merge the shards)",
            path.display()
        )));
    }
    let source = match &args.config {
        Some(path) => super::source(Some(path))?,
        None if config.starts_with("<built-in") => games::builtin(&config).ok_or_else(|| {
            usage(format!(
                "the baseline's config {config} is not built into this version"
            ))
        })?,
        None if !Path::new(&config).is_file() => {
            let cwd =
                std::env::current_dir().map_or_else(|_| ".".into(), |d| d.display().to_string());
            let where_ = if Path::new(&config).is_absolute() {
                "is no longer there".to_string()
            } else {
                format!(
                    "is not in the folder you run from ({cwd}), which is where whisker looks for it (the path is as given to the run that made the baseline)"
                )
            };
            let file = Path::new(&config)
                .file_name()
                .map_or_else(|| config.clone(), |n| n.to_string_lossy().into_owned());
            return Err(usage(format!(
                "{}: the baseline's config `{config}` {where_}; run check from that folder, or name the config by its path from here: `whisker check PATH/TO/{file} --baseline {}`",
                path.display(),
                dir.display()
            )));
        }
        None => Source::from_file(Path::new(&config)).map_err(Failure::from)?,
    };
    // Another game's baseline would be refused only later, by a bot or a key this game lacks.
    let game_of = |text: &str| games::entry_of(text).map(|e| (e.game, e.edition));
    let baseline_game = fs::read_to_string(dir.join("config.toml"))
        .ok()
        .and_then(|t| game_of(&t));
    if let (Some(then), Some(now)) = (baseline_game, game_of(&source.text))
        && then != now
    {
        let name = |(game, edition): (&str, &str)| {
            if edition.is_empty() {
                game.to_string()
            } else {
                format!("{game} ({edition} edition)")
            }
        };
        return Err(usage(format!(
            "{}: that config is {}, and the baseline {} is a run of {}: check a config against a baseline of its own game",
            source.name,
            name(now),
            dir.display(),
            name(then)
        )));
    }
    let mut sets: Vec<Override> = record
        .set
        .iter()
        .map(|s| {
            s.parse()
                .map(|o: Override| o.read_from(&path.display().to_string()))
        })
        .collect::<Result<_, String>>()
        .map_err(|e| usage(format!("{}: field `set`: {e}", path.display())))?;
    let seats = record.bots.len();
    if let Some(o) = super::other_count(&args.set, seats) {
        return Err(usage(format!(
            "{}: check replays the baseline's games, at its {seats} players; another table size needs a baseline of its own (`whisker simulate --players N --games-csv`)",
            o.arg
        )));
    }
    sets.extend(args.set.iter().cloned());
    let mut tolerances = Tolerances::new();
    let file = dir.join(TOLERANCES);
    if file.exists() {
        tolerances.extend(tolerances_file(&file)?);
    }
    for (t, (metric, value)) in args
        .tolerance
        .iter()
        .zip(super::tolerance_args(&args.tolerance)?)
    {
        tolerances.insert(metric, (value, format!("--tolerance {t}")));
    }
    // The baseline's table, as it was seated (`--players` is not a config value to --set).
    // A table size the game does not take is the baseline's record's, not a flag's.
    let loaded = games::load(&source, &sets, Some(seats)).map_err(|f| match f {
        Failure::Usage(m) => Failure::Usage(m.replacen(
            &format!("--players {seats}:"),
            &format!("{}: field `bots` seats {seats} players:", path.display()),
            1,
        )),
        other => other,
    })?;
    with_game!(loaded, game => check_game(&*game, &record, &tolerances, args))
}

/// A baseline's tolerances.toml: each metric's tolerance, written as `--tolerance` takes it
/// (a number, or a rate's percentage as text: `seat_gap = "3%"`), with the file and line it
/// came from; a mistake is a config error at its line.
fn tolerances_file(file: &Path) -> Result<Tolerances, Failure> {
    let source = Source::from_file(file)?;
    let table = crate::io::config::parse(&source)?;
    let mut read = Tolerances::new();
    for (metric, value) in table {
        // A key is one name, dots and all (`"seat.gap"`), not a path.
        let line = source.line_of_keys(std::iter::once(metric.as_str()));
        let refused = |message: String| ConfigError {
            file: source.name.clone(),
            line,
            field: metric.clone(),
            message,
        };
        let text = match &value {
            toml::Value::Integer(n) => n.to_string(),
            toml::Value::Float(x) => x.to_string(),
            toml::Value::String(s) => s.clone(),
            other => {
                return Err(refused(format!(
                    "invalid type: {}, expected a number (0.02), or a rate's percentage as text (\"2%\")",
                    other.type_str()
                ))
                .into());
            }
        };
        let tolerance =
            super::tolerance(&metric, text.trim()).map_err(|why| refused(why.to_string()))?;
        let origin = match line {
            Some(line) => format!("{}:{line}", source.name),
            None => source.name.clone(),
        };
        read.insert(metric, (tolerance, origin));
    }
    Ok(read)
}

fn check_game<G: Registered>(
    game: &G,
    record: &RunRecord,
    tolerances: &Tolerances,
    args: &CheckArgs,
) -> anyhow::Result<i32> {
    let players = game.players();
    if record.bots.len() != players {
        return Err(usage(format!(
            "the baseline seated {} bots; the config now has {players} players",
            record.bots.len()
        )));
    }
    let plan = Plan {
        games: record.games,
        seed: record.seed,
        lineup: recorded_lineup(game, &record.bots, players, &args.baseline.join(RUN))?,
        rotate: record.rotate_seats,
        roles: game.roles(),
        threads: args.workers.threads,
        shard: None,
        stop_after: None,
        skip: 0,
    };
    plan.check()?;
    let bots = plan.bots();
    let seat_bots = plan.seat_bots();
    let labels: Vec<String> = if plan.rotate {
        bots.iter().map(Bot::label).collect()
    } else {
        Vec::new()
    };
    let bot_names: Vec<&str> = labels.iter().map(String::as_str).collect();
    let (baseline, others) = read_games(&args.baseline, game, &plan)?;
    // After the strict read (which names a malformed row's line and field), the marker's
    // fingerprints catch any edit that still reads well.
    result_dir::unchanged(
        &args.baseline,
        "remake the baseline (the `reproduce` line in its run.toml, or scripts/update-baselines.sh)",
    )?;
    let endings = compare::ending_metrics(game.declared(), &others);
    let checked = checked_metrics(
        players,
        &game.declared().summary,
        &bot_names,
        game.scored(),
        &endings,
    );
    let mut tolerances = tolerances.clone();
    // Before 0.3 the seat gap was `balance`, 1 − the gap: a tolerance on it is one on the gap.
    if let Some(t) = tolerances.remove("balance") {
        crate::core::failure::warn(&format!(
            "{}: `balance` is now `seat_gap` (the best seat's win rate minus the worst's); its tolerance is used for seat_gap",
            t.1
        ));
        tolerances.entry("seat_gap".into()).or_insert(t);
    }
    let tolerances = &tolerances;
    for (metric, (_, origin)) in tolerances {
        if !checked.contains(metric) {
            return Err(usage(format!(
                "{origin}: no metric `{metric}` is checked; checked: {}",
                checked.join(", ")
            )));
        }
    }

    let bar = plan.bar(args.workers.quiet, |games, _| Cost::check(games));
    let side = compare::Side {
        players,
        summary: &game.declared().summary,
        scored: game.scored(),
        endings: &endings,
    };
    let limit_of = |metric: &str| {
        tolerances
            .get(metric)
            .map(|t| t.0)
            .or_else(|| sequential::tolerance(metric, side.summary))
    };
    let mut paired = Paired::default();
    let rotations = plan.rotations();
    let looks = sequential::looks_of(args.sequential, plan.games);
    let looks_n = looks.len();
    // Each tested metric's call, kept from the look that made it.
    let mut calls: BTreeMap<String, Call> = BTreeMap::new();
    signals::catch();
    let played = runner::play_in_looks(
        (&plan, &looks),
        &bar,
        &mut paired,
        || {
            (
                Paired::default(),
                G::Scratch::default(),
                game.declared().counts(),
            )
        },
        |(p, scratch, counters), unit, lineup| {
            let now = game.play(unit.seed, &lineup[..players], scratch, counters);
            // The baseline is the reference, A; now is the change, B: B − A is now − baseline.
            p.add(
                &baseline[(unit.game * rotations + unit.rotation) as usize],
                &now,
                &seat_bots[unit.offset],
            );
        },
        |paired, (p, ..)| paired.merge(&p),
        |paired| {
            args.sequential
                && sequential::look(
                    paired,
                    [side, side],
                    &bot_names,
                    &limit_of,
                    (&mut calls, looks_n),
                )
        },
    )?;
    bar.finish_and_clear();
    if let Some(signal) = played.stopped {
        // Stopped by a signal, the check exits with it whether or not this note is written.
        let _ = say(&format!(
            "INTERRUPTED by {}: nothing checked\n",
            signals::name(signal)
        ));
        return Err(Failure::Interrupted(signal).into());
    }

    let replayed = paired.games();
    // Stopped before the baseline's last game, the sequential test's calls decide; played to
    // it, the check is the full one, as without --sequential.
    let early = replayed < plan.total();
    let sample = strength_sample(game, record, &plan, args)?;
    let verdicts: Vec<Verdict> = compare::rows(&paired, [side, side], &bot_names)
        .into_iter()
        .filter_map(|row| {
            let limit = limit_of(&row.metric)?;
            let diff: f64 = row.diff.parse().unwrap_or(0.0);
            let significant = row.significant == "yes";
            let call = calls.get(&row.metric).copied();
            // Stopped early, only a call fails a metric: one not yet called is shown on the
            // games played, too few to fail on.
            let status = match (early, call, significant, diff.abs() > limit) {
                (true, Some(Call::Beyond), ..) | (false, _, true, true) => "regressed",
                (_, _, true, _) => "moved",
                _ => "same",
            };
            let strong = match &sample {
                Strong::Played { changes, .. } => changes.get(&row.metric).copied(),
                Strong::Not(_) | Strong::Itself(_) => None,
            };
            Some(Verdict {
                strong_play: strong.map_or("", |s| strong_word(status, diff, s)),
                strong,
                baseline: row.a,
                current: row.b,
                diff: row.diff,
                ci_low: row.ci_low,
                ci_high: row.ci_high,
                p_holm: row.p_holm,
                tolerance: limit.to_string(),
                status,
                sequential: call,
                metric: row.metric,
            })
        })
        .collect();
    let regressed = verdicts.iter().any(|v| v.status == "regressed");
    match args.format {
        Format::Json => {
            let mut report = serde_json::json!({
                "baseline": args.baseline.display().to_string(),
                "games": replayed,
                "regressed": regressed,
                "strength": sample.json(),
                "metrics": verdicts.iter().map(Verdict::json).collect::<Vec<_>>(),
            });
            if args.sequential {
                report["sequential"] = serde_json::json!({
                    "games": replayed,
                    "of": plan.total(),
                    "stopped_early": early,
                });
            }
            say(&format!("{}\n", serde_json::to_string_pretty(&report)?))?;
        }
        Format::Table => {
            let seats = seats_line(game.roles(), players);
            // The baseline's own lineup, which need not be the game's default today.
            let lineup = crate::core::lineup::named(&record.bots.join(","));
            let mut text = table(
                &verdicts,
                &args.baseline,
                (replayed, &lineup, &seats),
                regressed,
            );
            if args.sequential {
                let called: Vec<(&str, Call)> = verdicts
                    .iter()
                    .map(|v| (v.metric.as_str(), v.sequential.unwrap_or(Call::Open)))
                    .collect();
                let took = format!("{replayed} of the baseline's {} games", plan.total());
                text += &format!("{}\n", sequential::sentence(&called, early, &took, "check"));
            }
            text += &format!("{}\n", sample.sentence(&verdicts));
            say(&text)?;
        }
    }
    Ok(i32::from(regressed))
}

/// What the check's strength sample found, or why it played none.
enum Strong {
    Played {
        /// Its lineup, as the baseline recorded it.
        bots: String,
        games: u64,
        /// The baseline's own sample's games, which `--strength N` may play fewer of.
        recorded: u64,
        /// The games `--strength N` asked for, where more than the baseline's sample has.
        asked: Option<u64>,
        /// Each checked metric's change under strong play, now − baseline, by its name.
        changes: BTreeMap<String, Estimate>,
    },
    /// None, since the baseline's own bots (these) are its strength lineup.
    Itself(String),
    /// Why not, as the end of "no strength sample was played …".
    Not(String),
}

impl Strong {
    fn json(&self) -> serde_json::Value {
        match self {
            Self::Played { bots, games, .. } => serde_json::json!({"bots": bots, "games": games}),
            Self::Itself(bots) => serde_json::json!({"itself": bots}),
            Self::Not(why) => serde_json::json!({"not_played": why}),
        }
    }

    /// The sentence under the check's table: whether what moved moves the same way under
    /// strong play, and what moved there only.
    fn sentence(&self, verdicts: &[Verdict]) -> String {
        let Self::Played {
            bots,
            games,
            recorded,
            asked,
            ..
        } = self
        else {
            let why = match self {
                Self::Not(why) => why,
                Self::Itself(bots) => {
                    return strength::itself_sentence(bots, "changes")
                        .replace("the run's bots", "the baseline's bots");
                }
                Self::Played { .. } => unreachable!(),
            };
            // With nothing moved there is no change whose strength is in question.
            return if verdicts.iter().all(|v| v.status == "same") {
                format!("No strength sample was played {why}; nothing moved here to hold or not.")
            } else {
                format!(
                    "No strength sample was played {why}: whether these changes hold for good players is not known."
                )
            };
        };
        // The sample replays the baseline's, so it is never more games than that had.
        let all = asked.map_or_else(String::new, |n| {
            format!(" (all of the baseline's sample: --strength {n} asks for more than it played)")
        });
        // Fewer games than the baseline's sample are set against the whole of it, not against
        // the same seeds: the sentence says so, since an unchanged game then moves too.
        let against = if games < recorded {
            format!(
                ", against the baseline's whole sample of {recorded}: even an unchanged game moves by chance there"
            )
        } else {
            String::new()
        };
        let of = format!(
            "{}, on the baseline's first {games} seeds{all}{against}",
            strength::played_by(bots)
        );
        let named = |word: &str| -> Vec<&str> {
            verdicts
                .iter()
                .filter(|v| v.strong_play == word)
                .map(|v| v.metric.as_str())
                .collect()
        };
        let mut parts = Vec::new();
        for word in [KEEPS, FLIPS, UNSETTLED] {
            let metrics = named(word);
            if !metrics.is_empty() {
                parts.push(format!("{word}: {}", metrics.join(", ")));
            }
        }
        // Every metric that moved is counted; those the sample has no figure for (the length
        // distribution's KS) are named as such, so the count matches the table's.
        let moved = verdicts.iter().filter(|v| v.status != "same").count();
        let unmeasured: Vec<&str> = verdicts
            .iter()
            .filter(|v| v.status != "same" && v.strong.is_none())
            .map(|v| v.metric.as_str())
            .collect();
        if !unmeasured.is_empty() {
            parts.push(format!(
                "no figure under strong play: {}",
                unmeasured.join(", ")
            ));
        }
        let mut said = if moved == 0 {
            format!(
                "{}: nothing moved here to hold or not.",
                strength::under(bots, &of)
            )
        } else {
            let metrics = if moved == 1 { "metric" } else { "metrics" };
            format!(
                "{}, of the {moved} {metrics} that moved: {}.",
                strength::under(bots, &of),
                parts.join("; ")
            )
        };
        let only = named(MOVES_THERE);
        if !only.is_empty() {
            said += &format!(
                " ! Moved under strong play only: {} (the `strong play` column).",
                only.join(", ")
            );
        }
        if !named(FLIPS).is_empty() {
            said.insert_str(0, "! ");
        }
        said
    }
}

const KEEPS: &str = "keeps its sign";
const FLIPS: &str = "flips";
const UNSETTLED: &str = "unsettled";
const MOVES_THERE: &str = "moves";
const SAME_THERE: &str = "same";

/// What the strength sample says of a metric that `status` (with the change `diff`): whether a
/// change that moved keeps its sign there, or whether one that did not moves there.
fn strong_word(status: &str, diff: f64, strong: Estimate) -> &'static str {
    if status == "same" {
        return if strong.low > 0.0 || strong.high < 0.0 {
            MOVES_THERE
        } else {
            SAME_THERE
        };
    }
    match strength::Sign::of(diff, strong.low, strong.high) {
        strength::Sign::Keeps => KEEPS,
        strength::Sign::Flips => FLIPS,
        _ => UNSETTLED,
    }
}

/// Plays the baseline's strength sample again with the current code and config, as `--strength`
/// asks: its lineup on its first seeds, so an unchanged game plays the same games.
fn strength_sample<G: Registered>(
    game: &G,
    record: &RunRecord,
    plan: &Plan,
    args: &CheckArgs,
) -> anyhow::Result<Strong> {
    let (Some(bots), Some(recorded)) = (&record.strength_bots, record.strength_games) else {
        if played_itself(&args.baseline) {
            return Ok(Strong::Itself(record.bots.join(",")));
        }
        // Its own command would make it without one again.
        let why = if record.reproduce.contains(" --strength off") {
            "(the baseline was made with --strength off: remake it with the `reproduce` line of its run.toml, less `--strength off`)"
        } else {
            "(the baseline has none: remake it with the `reproduce` line of its run.toml, or scripts/update-baselines.sh)"
        };
        return Ok(Strong::Not(why.into()));
    };
    let games = args.strength.games(recorded, recorded);
    if games == 0 {
        let why = match args.strength {
            strength::Asked::Off => args.strength.none().to_string(),
            // An older baseline's, played before a sample had to have two games.
            _ => format!("(the baseline's sample has {recorded} game: too few to judge by)"),
        };
        return Ok(Strong::Not(why));
    }
    let then = read_strength(&args.baseline)?;
    let (lineup, _) = strong_lineup(game, bots)?;
    let sample = plan.strength_sample(games, lineup);
    let bar = sample.bar(args.workers.quiet, |games, _| Cost::check(games));
    let report = runner::run(game, &sample, &bar, None)?;
    bar.finish_and_clear();
    if let Some(signal) = report.played.stopped {
        // Stopped by a signal, the check exits with it whether or not this note is written.
        let _ = say(&format!(
            "INTERRUPTED by {} during the strength sample: nothing checked\n",
            signals::name(signal)
        ));
        return Err(Failure::Interrupted(signal).into());
    }
    let mut changes = BTreeMap::new();
    for (from, name, now) in strength::headline(game, &report.totals, &report.counts) {
        let Some(then) = then.get(&(from.to_string(), name.clone())) else {
            continue;
        };
        let change = strength::change(now, *then);
        // The check's names for the figure: a seat's win rate, seat 1's as the first seat's too.
        let mut names = Vec::new();
        match (from, name.strip_prefix("seat ")) {
            ("seats", Some(n)) => {
                names.push(format!("seat_{n}_win_rate"));
                if n == "1" {
                    names.push("first_seat_win_rate".into());
                }
            }
            ("summary", _) => names.push(name),
            ("endings", _) => names.push(compare::ending_metric(game.declared().ending, &name)),
            _ => {}
        }
        for n in names {
            changes.insert(n, change);
        }
    }
    let asked = match args.strength {
        strength::Asked::Games(n) if n > games => Some(n),
        _ => None,
    };
    Ok(Strong::Played {
        bots: bots.clone(),
        games,
        recorded,
        asked,
        changes,
    })
}

/// Whether the baseline's bots were its strength lineup, as its `strength.csv` says in every
/// row: the check then replays strong play's games, or those of the lineup the baseline was
/// told is strong.
fn played_itself(dir: &Path) -> bool {
    let Ok(mut reader) = csv::Reader::from_path(dir.join(strength::FILE)) else {
        return false;
    };
    let Ok(header) = reader.headers().cloned() else {
        return false;
    };
    let Some(at) = header.iter().position(|h| h == "strong_play") else {
        return false;
    };
    let words: Vec<String> = reader
        .records()
        .map_while(Result::ok)
        .filter_map(|r| r.get(at).map(String::from))
        .collect();
    !words.is_empty() && words.iter().all(|w| w == strength::Verdict::Itself.word())
}

/// The baseline's strength sample, figure by figure, from its `strength.csv`.
fn read_strength(dir: &Path) -> anyhow::Result<BTreeMap<(String, String), Estimate>> {
    #[derive(serde::Deserialize)]
    struct Row {
        from: String,
        figure: String,
        strong_value: String,
        strong_ci_low: String,
        strong_ci_high: String,
    }
    let path = dir.join(strength::FILE);
    let bad = |e: &dyn std::fmt::Display| {
        usage(format!(
            "{}: {e}; its {RUN} records a strength sample, so remake the baseline",
            path.display()
        ))
    };
    let mut reader = csv::Reader::from_path(&path).map_err(|e| bad(&e))?;
    let mut out = BTreeMap::new();
    for row in reader.deserialize::<Row>() {
        let row = row.map_err(|e| bad(&e))?;
        let [value, low, high] =
            [&row.strong_value, &row.strong_ci_low, &row.strong_ci_high].map(|s| s.parse::<f64>());
        if let (Ok(value), Ok(low), Ok(high)) = (value, low, high) {
            out.insert((row.from, row.figure), Estimate { value, low, high });
        }
    }
    Ok(out)
}

/// The turn cap the baseline's games were played under (its config.toml, as played), which its
/// games.csv keeps to: a check may change the cap (`--set rules.max_turns=30`) and still read
/// the games played under the old one.
fn baseline_cap<G: Game>(dir: &Path, game: &G) -> u32 {
    fs::read_to_string(dir.join("config.toml"))
        .ok()
        .and_then(|t| t.parse::<toml::Table>().ok())
        .and_then(|t| t.get("rules")?.get("max_turns")?.as_integer())
        .and_then(|n| u32::try_from(n).ok())
        .unwrap_or_else(|| game.max_turns())
}

/// The baseline's per-game outcomes, in game order, from its `games.csv`: one row for each game
/// and rotation the plan plays, in that order.
/// The baseline's games, and the endings among them the config no longer names (a job since
/// renamed), numbered after the game's own.
fn read_games<G: Game>(
    dir: &Path,
    game: &G,
    plan: &Plan,
) -> anyhow::Result<(Vec<Outcome>, Vec<String>)> {
    let path = dir.join(games_csv::FILE);
    if !path.is_file() {
        return Err(usage(format!(
            "{}: no such file; make the baseline with `whisker simulate … --games-csv`",
            path.display()
        )));
    }
    let (expected, rotations) = (plan.total(), plan.rotations());
    let mut games = Vec::new();
    let mut others: Vec<String> = Vec::new();
    let named = game.declared().endings.len();
    games_csv::read(&path, (game, true), baseline_cap(dir, game), |row, _| {
        let unit = games.len() as u64;
        if unit >= expected {
            return Err(usage(format!(
                "{}:{}: more rows than the run's {expected} games",
                path.display(),
                unit + 2
            )));
        }
        if row.seed != game_seed(plan.seed, row.game) {
            return Err(usage(format!(
                "{}:{}: field `seed`: {}, but the run gives game {} the seed {}",
                path.display(),
                unit + 2,
                row.seed,
                row.game,
                game_seed(plan.seed, row.game)
            )));
        }
        if (row.game, row.rotation) != (unit / rotations, unit % rotations) {
            return Err(usage(format!(
                "{}:{}: game {} rotation {}, but the run's game {} rotation {} comes here",
                path.display(),
                unit + 2,
                row.game,
                row.rotation,
                unit / rotations,
                unit % rotations
            )));
        }
        let mut outcome = row.outcome;
        if let Some(label) = &row.unnamed_ending {
            let at = others.iter().position(|o| o == label).unwrap_or_else(|| {
                others.push(label.clone());
                others.len() - 1
            });
            outcome.ending = u8::try_from(named + at).ok();
        }
        games.push(outcome);
        Ok(())
    })?;
    if games.len() as u64 != expected {
        return Err(usage(format!(
            "{}: {} games, but its {RUN} says {expected}",
            path.display(),
            games.len()
        )));
    }
    Ok((games, others))
}

/// How the table's rows count seats, and in a game with roles what each seat plays: the rows
/// say `seat_1_win_rate`, the designer thinks of the Inspector.
fn seats_line(roles: Option<Roles>, players: usize) -> String {
    let played: Vec<String> = Roles::of_seats(roles, players)
        .iter()
        .enumerate()
        .map(|(s, role)| format!("{} {role}", seat_name(s)))
        .collect();
    if played.is_empty() {
        "seats counted from 1".into()
    } else {
        format!("seats counted from 1: {}", played.join(", "))
    }
}

fn table(
    verdicts: &[Verdict],
    baseline: &Path,
    (games, lineup, seats): (u64, &str, &str),
    regressed: bool,
) -> String {
    use std::fmt::Write as _;
    let w = verdicts.iter().map(|v| v.metric.len()).max().unwrap_or(6);
    let mut out = format!(
        "whisker check against {} ({games} games replayed, {lineup})\nchange = now − baseline; {seats}\n\n",
        baseline.display()
    );
    let strong = verdicts.iter().any(|v| v.strong.is_some());
    let header = format!(
        "  {:w$}  {:>12}  {:>12}  {:>10}  {:^25}  {:>8}  {:>9}  {:9}{}",
        "metric",
        "baseline",
        "now",
        "change",
        "95% CI of change",
        "p (Holm)",
        "tolerance",
        "status",
        if strong {
            "  strong play: change (95% CI)"
        } else {
            ""
        }
    );
    let _ = writeln!(out, "{}", header.trim_end());
    for v in verdicts {
        let ci = if v.ci_low.is_empty() {
            String::new()
        } else {
            format!("{} – {}", v.ci_low, v.ci_high)
        };
        let mark = if v.status == "regressed" {
            "REGRESSED"
        } else {
            v.status
        };
        let under = v.strong.map_or(String::new(), |s| {
            format!(
                "  {:>10} ({} – {}) {}",
                num(s.value),
                num(s.low),
                num(s.high),
                v.strong_play
            )
        });
        let line = format!(
            "  {:w$}  {:>12}  {:>12}  {:>10}  {:^25}  {:>8}  {:>9}  {mark:9}{under}",
            v.metric, v.baseline, v.current, v.diff, ci, v.p_holm, v.tolerance
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let called: Vec<&str> = verdicts
        .iter()
        .filter(|v| v.sequential == Some(Call::Beyond))
        .map(|v| v.metric.as_str())
        .collect();
    let moved: Vec<&str> = verdicts
        .iter()
        .filter(|v| v.status == "regressed")
        .map(|v| v.metric.as_str())
        .collect();
    let _ = if !called.is_empty() {
        writeln!(
            out,
            "\nFAILED: {} by more than {} tolerance, as the sequential test below says.",
            which_moved(&called),
            its(&called)
        )
    } else if regressed {
        writeln!(
            out,
            "\nFAILED: {} significantly (Holm-corrected p < 0.05) by more than {} tolerance.",
            which_moved(&moved),
            its(&moved)
        )
    } else if verdicts.iter().any(|v| v.sequential.is_some()) {
        writeln!(
            out,
            "\nOK: the sequential test called no metric beyond its tolerance."
        )
    } else {
        // A change past its tolerance on few games may still be chance: OK says what it
        // tested, not that nothing moved.
        writeln!(
            out,
            "\nOK: no metric moved significantly (Holm-corrected p < 0.05) by more than its tolerance."
        )
    };
    out
}

/// "mean_turns moved", or "2 metrics moved (a, b)", as the FAILED line names them.
fn which_moved(metrics: &[&str]) -> String {
    match metrics {
        [] => "a metric moved".into(),
        [one] => format!("{one} moved"),
        many => format!("{} metrics moved ({})", many.len(), many.join(", ")),
    }
}

/// The possessive that goes with [`which_moved`]'s subject.
fn its(metrics: &[&str]) -> &'static str {
    if metrics.len() > 1 { "their" } else { "its" }
}
