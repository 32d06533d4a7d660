//! `whisker check`: replays a committed baseline's games with the current code and config, and
//! fails when a metric moved by more than the designer allows.

use std::collections::BTreeMap;
use std::path::Path;

use super::{lineup, say};
use crate::cli::{CheckArgs, Format};
use crate::compare::{self, Paired};
use crate::config::{Override, Source};
use crate::games::{self, BotNames, Game, MAX_SEATS, Outcome};
use crate::output::{MARKER, UsageError};
use crate::progress::games_bar;
use crate::runner::{self, Plan};
use crate::with_game;

/// Tolerances a baseline folder may hold beside its results.
pub const TOLERANCES: &str = "tolerances.toml";

/// How far each metric may move before a significant change counts as a regression.
fn default_tolerance(metric: &str) -> Option<f64> {
    Some(match metric {
        "mean_turns" => 0.5,
        "balance" => 0.03,
        "shared_victory_rate" | "test_success_rate" => 0.01,
        "capped_rate" => 0.005,
        "game_length_distribution_ks" => 0.05,
        m if m.ends_with("_win_rate") => 0.02,
        m if m.ends_with("_mean_score") => 1.0,
        _ => return None,
    })
}

/// The metrics a check tests, for `players` seats.
fn checked_metrics(players: usize) -> Vec<String> {
    let mut names: Vec<String> = [
        "mean_turns",
        "balance",
        "first_seat_win_rate",
        "shared_victory_rate",
        "capped_rate",
        "test_success_rate",
    ]
    .map(String::from)
    .into();
    names.extend((0..players).map(|s| format!("seat_{s}_win_rate")));
    names.extend((0..players).map(|s| format!("seat_{s}_mean_score")));
    names.push("game_length_distribution_ks".into());
    names
}

/// What `run.toml` of a baseline says about its run.
#[derive(serde::Deserialize)]
struct Recorded {
    config: String,
    seed: u64,
    games: u64,
    bots: Vec<String>,
    #[serde(default)]
    set: Vec<String>,
    #[serde(default)]
    rotate_seats: bool,
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
        })
    }
}

fn usage(message: String) -> anyhow::Error {
    UsageError(message).into()
}

pub fn run(args: &CheckArgs) -> anyhow::Result<i32> {
    let dir = &args.baseline;
    let record_text = std::fs::read_to_string(dir.join(MARKER))
        .map_err(|e| usage(format!("--baseline {}: no {MARKER} there ({e}); make one with `whisker simulate … --games-csv --out {}`", dir.display(), dir.display())))?;
    let record: Recorded = toml::from_str(&record_text)
        .map_err(|e| usage(format!("{}: {}", dir.join(MARKER).display(), e.message())))?;
    let source = match &args.config {
        Some(path) => Source::from_file(path)?,
        None if record.config.starts_with("<built-in") => games::builtin(&record.config)
            .ok_or_else(|| {
                usage(format!(
                    "the baseline's config {} is not built into this version",
                    record.config
                ))
            })?,
        None => Source::from_file(Path::new(&record.config))?,
    };
    let sets: Vec<Override> = record
        .set
        .iter()
        .map(|s| s.parse())
        .collect::<Result<_, String>>()
        .map_err(usage)?;
    // Each tolerance with where it came from, for messages.
    let mut tolerances: BTreeMap<String, (f64, String)> = BTreeMap::new();
    let file = dir.join(TOLERANCES);
    if let Ok(text) = std::fs::read_to_string(&file) {
        let table: BTreeMap<String, f64> = toml::from_str(&text)
            .map_err(|e| usage(format!("{}: {}", file.display(), e.message())))?;
        for (metric, value) in table {
            tolerances.insert(metric, (value, file.display().to_string()));
        }
    }
    for t in &args.tolerance {
        let (metric, value) = t
            .split_once('=')
            .and_then(|(m, v)| Some((m.trim().to_string(), v.trim().parse::<f64>().ok()?)))
            .ok_or_else(|| {
                usage(format!(
                    "--tolerance `{t}`: expected METRIC=NUMBER, like balance=0.05"
                ))
            })?;
        tolerances.insert(metric, (value, format!("--tolerance {t}")));
    }
    let loaded = games::load(&source, &sets, None)?;
    with_game!(loaded, game => check_game(&*game, &record, &tolerances, args))
}

fn check_game<G: Game>(
    game: &G,
    record: &Recorded,
    tolerances: &BTreeMap<String, (f64, String)>,
    args: &CheckArgs,
) -> anyhow::Result<i32>
where
    G::Bot: BotNames,
{
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
        lineup: lineup::<G::Bot>(&record.bots, players)?,
        rotate: record.rotate_seats,
        threads: args.threads.map(|t| t as usize),
        shard: None,
    };
    let baseline = read_games(&args.baseline, players, plan.total())?;
    let checked = checked_metrics(players);
    for (metric, (value, origin)) in tolerances {
        if !checked.contains(metric) {
            return Err(usage(format!(
                "{origin}: no metric `{metric}` is checked; checked: {}",
                checked.join(", ")
            )));
        }
        // NaN is not a distance either.
        if value.is_nan() || *value < 0.0 {
            return Err(usage(format!(
                "{origin}: a tolerance is a distance, at least 0"
            )));
        }
    }

    let bar = games_bar(plan.total(), args.quiet);
    let mut paired = Paired::default();
    let rotations = plan.rotations();
    runner::play_all(
        &plan,
        &bar,
        || {
            (
                Paired::default(),
                G::Scratch::default(),
                G::Counters::default(),
            )
        },
        |(p, scratch, counters), unit, lineup| {
            let now = game.play(unit.seed, &lineup[..players], scratch, counters);
            p.add(
                &now,
                &baseline[(unit.game * rotations + unit.rotation) as usize],
            );
        },
        |(p, ..)| {
            paired.merge(&p);
            Ok(())
        },
    )?;
    bar.finish_and_clear();

    let verdicts: Vec<Verdict> = compare::rows(&paired, players, players)
        .into_iter()
        .filter_map(|row| {
            let limit = tolerances
                .get(&row.metric)
                .map(|t| t.0)
                .or_else(|| default_tolerance(&row.metric))?;
            let diff: f64 = row.diff.parse().unwrap_or(0.0);
            let significant = row.significant == "yes";
            let status = match (significant, diff.abs() > limit) {
                (true, true) => "regressed",
                (true, false) => "moved",
                _ => "same",
            };
            Some(Verdict {
                baseline: row.b,
                current: row.a,
                diff: row.diff,
                ci_low: row.ci_low,
                ci_high: row.ci_high,
                p_holm: row.p_holm,
                tolerance: limit.to_string(),
                status,
                metric: row.metric,
            })
        })
        .collect();
    let regressed = verdicts.iter().any(|v| v.status == "regressed");
    match args.format {
        Format::Json => {
            let report = serde_json::json!({
                "baseline": args.baseline.display().to_string(),
                "games": plan.total(),
                "regressed": regressed,
                "metrics": verdicts.iter().map(Verdict::json).collect::<Vec<_>>(),
            });
            say(&format!("{}\n", serde_json::to_string_pretty(&report)?));
        }
        Format::Table => say(&table(&verdicts, &args.baseline, plan.total(), regressed)),
    }
    Ok(i32::from(regressed))
}

/// The baseline's per-game outcomes, in game order, from its `games.csv`.
fn read_games(dir: &Path, players: usize, expected: u64) -> anyhow::Result<Vec<Outcome>> {
    let path = dir.join("games.csv");
    let mut reader = csv::Reader::from_path(&path).map_err(|e| {
        usage(format!(
            "{}: {e}; make the baseline with `whisker simulate … --games-csv`",
            path.display()
        ))
    })?;
    let headers = reader.headers()?.clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| usage(format!("{}: no `{name}` column", path.display())))
    };
    let (turns, capped, successes, winners) = (
        column("turns")?,
        column("capped")?,
        column("successes")?,
        column("winners")?,
    );
    let scores: Vec<usize> = (0..players)
        .map(|s| column(&format!("score_{s}")))
        .collect::<Result<_, _>>()?;
    let bad = |line: u64| usage(format!("{}: line {line} is not a game row", path.display()));
    let mut games = Vec::new();
    for (i, row) in reader.records().enumerate() {
        let row = row?;
        let line = i as u64 + 2;
        let num = |c: usize| {
            row.get(c)
                .and_then(|v| v.parse::<i64>().ok())
                .ok_or_else(|| bad(line))
        };
        let mut o = Outcome {
            turns: num(turns)? as u32,
            capped: num(capped)? == 1,
            scores: [0; MAX_SEATS],
            winners: 0,
            ending: None,
            successes: num(successes)? as u32,
        };
        for (s, &c) in scores.iter().enumerate() {
            o.scores[s] = num(c)? as i32;
        }
        for w in row
            .get(winners)
            .unwrap_or("")
            .split(';')
            .filter(|w| !w.is_empty())
        {
            let seat: usize = w.parse().map_err(|_| bad(line))?;
            o.winners |= 1 << seat.min(MAX_SEATS - 1);
        }
        games.push(o);
    }
    if games.len() as u64 != expected {
        return Err(usage(format!(
            "{}: {} games, but its run.toml says {expected}",
            path.display(),
            games.len()
        )));
    }
    Ok(games)
}

fn table(verdicts: &[Verdict], baseline: &Path, games: u64, regressed: bool) -> String {
    use std::fmt::Write as _;
    let w = verdicts.iter().map(|v| v.metric.len()).max().unwrap_or(6);
    let mut out = format!(
        "whisker check against {} ({games} games replayed)\n\n",
        baseline.display()
    );
    let _ = writeln!(
        out,
        "  {:w$}  {:>12}  {:>12}  {:>10}  {:^25}  {:>8}  {:>9}  status",
        "metric", "baseline", "now", "change", "95% CI of change", "p (Holm)", "tolerance"
    );
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
        let _ = writeln!(
            out,
            "  {:w$}  {:>12}  {:>12}  {:>10}  {:^25}  {:>8}  {:>9}  {mark}",
            v.metric, v.baseline, v.current, v.diff, ci, v.p_holm, v.tolerance
        );
    }
    out.push_str(if regressed {
        "\nFAILED: a metric moved significantly (Holm-corrected p < 0.05) by more than its tolerance.\n"
    } else {
        "\nOK: no metric moved by more than its tolerance.\n"
    });
    out
}
