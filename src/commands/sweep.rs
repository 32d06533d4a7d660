//! `whisker sweep`: one rule set played at every point of a grid of values, on the same seeds.

use std::path::PathBuf;
use std::time::Instant;

use super::{host_record, lineup, say, source};
use crate::cli::SweepArgs;
use crate::config::{Override, Source};
use crate::export;
use crate::games::{self, BotNames, Game, Loaded};
use crate::output::{Interrupted, MARKER, ResultDir, SummaryRow, UsageError};
use crate::progress::games_bar;
use crate::runner::{self, Plan};
use crate::stats::{Histogram, wilson};
use crate::with_game;

/// `--vary KEY=V1,V2,…` or `--vary KEY=LO..HI` (integers, both ends included).
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    pub key: String,
    pub values: Vec<Override>,
}

impl std::str::FromStr for Vary {
    type Err = String;

    fn from_str(arg: &str) -> Result<Self, String> {
        let (key, list) = arg
            .split_once('=')
            .ok_or_else(|| format!("`{arg}` is not KEY=V1,V2,… or KEY=LO..HI"))?;
        let raw: Vec<String> = match list.split_once("..") {
            Some((lo, hi)) => {
                let bound = |s: &str| {
                    s.trim()
                        .parse::<i64>()
                        .map_err(|_| format!("`{arg}`: a range takes whole numbers, like 2..6"))
                };
                let (lo, hi) = (bound(lo)?, bound(hi)?);
                if lo > hi || hi - lo > 1000 {
                    return Err(format!(
                        "`{arg}`: a range runs upwards, at most 1001 values"
                    ));
                }
                (lo..=hi).map(|v| v.to_string()).collect()
            }
            None => list
                .split(',')
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .collect(),
        };
        if raw.is_empty() {
            return Err(format!("`{arg}`: no values to vary over"));
        }
        let values = raw
            .iter()
            .map(|v| format!("{key}={v}").parse())
            .collect::<Result<_, _>>()?;
        Ok(Self {
            key: key.trim().to_string(),
            values,
        })
    }
}

/// Every combination of the varied values, the first `--vary` changing slowest.
fn grid(vary: &[Vary]) -> Vec<Vec<Override>> {
    vary.iter().fold(vec![Vec::new()], |points, v| {
        points
            .iter()
            .flat_map(|p| {
                v.values.iter().map(move |value| {
                    let mut point = p.clone();
                    point.push(value.clone());
                    point
                })
            })
            .collect()
    })
}

pub fn run(args: &SweepArgs) -> anyhow::Result<()> {
    let source = source(args.config.as_ref())?;
    for (i, v) in args.vary.iter().enumerate() {
        if args.vary[..i].iter().any(|w| w.key == v.key) {
            return Err(UsageError(format!(
                "--vary {} is given twice: list all its values in one --vary",
                v.key
            ))
            .into());
        }
    }
    let points = grid(&args.vary);
    // Every point is loaded (and so validated) before any game is played.
    let mut games = Vec::new();
    for point in &points {
        let mut overrides = args.set.clone();
        overrides.extend(point.iter().cloned());
        games.push(games::load(&source, &overrides, args.run.players)?);
    }
    let first = games.remove(0);
    with_game!(first, g => {
        let mut all = vec![g];
        for other in games {
            all.push(same_game(other, &*all[0])?);
        }
        sweep_game(&all, &points, args, &source)
    })
}

/// The game in `loaded`, if it is the same kind of game as `like` (a sweep varies values, not
/// games).
fn same_game<G: Game + 'static>(loaded: Loaded, _like: &G) -> Result<Box<G>, UsageError> {
    let any: Box<dyn std::any::Any> = with_game!(loaded, g => g);
    any.downcast::<G>().map_err(|_| {
        UsageError("--vary: every point of a sweep must be the same game and edition".into())
    })
}

/// The metrics of one point, as `(name, estimate)` rows.
fn metrics<G: Game>(game: &G, report: &runner::Report<G::Counters>) -> Vec<SummaryRow> {
    let totals = &report.totals;
    let mut rows = export::summary(game, totals, &report.counters);
    for s in 0..game.players() {
        rows.push(SummaryRow::estimate(
            &format!("seat_{s}_win_rate"),
            wilson(totals.seat_wins[s], totals.games),
        ));
    }
    let mut scores = Histogram::default();
    for h in &totals.seat_scores[..game.players()] {
        scores.merge(h);
    }
    rows.push(SummaryRow::estimate("mean_score", scores.mean()));
    rows
}

fn sweep_game<G: Game>(
    games: &[Box<G>],
    points: &[Vec<Override>],
    args: &SweepArgs,
    source: &Source,
) -> anyhow::Result<()>
where
    G::Bot: BotNames,
{
    let players = games[0].players();
    let plan = Plan {
        games: args.run.games,
        seed: args.run.seed,
        lineup: lineup::<G::Bot>(&args.run.bots, players)?,
        rotate: false,
        threads: args.run.threads.map(|t| t as usize),
        shard: None,
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(format!("sweep-{}", source.stem)));
    let dir = ResultDir::create(&out)?;
    let started = Instant::now();
    // One bar for the whole sweep.
    let bar = games_bar(plan.total() * points.len() as u64, args.run.quiet);
    // Ctrl-C stops the sweep; the points finished so far are written, marked partial.
    let _ = ctrlc::set_handler(|| runner::STOP.store(true, std::sync::atomic::Ordering::Relaxed));
    let mut results = Vec::new();
    for game in games {
        let report = runner::run(&**game, &plan, &bar, None)?;
        if !report.played.complete {
            break;
        }
        results.push(metrics(&**game, &report));
    }
    if results.is_empty() {
        return Err(UsageError(
            "interrupted before the first point was finished: nothing to write".into(),
        )
        .into());
    }
    let finished = results.len();
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();

    let keys: Vec<&str> = args.vary.iter().map(|v| v.key.as_str()).collect();
    let mut csv = csv::Writer::from_path(dir.file("sweep.csv"))?;
    let mut header: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
    for row in &results[0] {
        header.push(row.metric.clone());
        if !row.ci_low.is_empty() {
            header.push(format!("{}_ci_low", row.metric));
            header.push(format!("{}_ci_high", row.metric));
        }
    }
    csv.write_record(&header)?;
    for (point, rows) in points.iter().zip(&results) {
        let mut record: Vec<String> = point.iter().map(|o| value_text(&o.value)).collect();
        for (row, first) in rows.iter().zip(&results[0]) {
            record.push(row.value.clone());
            if !first.ci_low.is_empty() {
                record.push(row.ci_low.clone());
                record.push(row.ci_high.clone());
            }
        }
        csv.write_record(&record)?;
    }
    csv.flush()?;
    drop(csv);
    let vary: Vec<String> = args
        .vary
        .iter()
        .map(|v| {
            let values: Vec<String> = v.values.iter().map(|o| value_text(&o.value)).collect();
            format!("{}={}", v.key, values.join(","))
        })
        .collect();
    let sets: Vec<String> = args.set.iter().map(|o| o.arg.clone()).collect();
    let bots: Vec<&str> = plan.lineup.iter().map(|b| b.name()).collect();
    let config_arg = if source.is_builtin() {
        String::new()
    } else {
        format!(" {}", source.name)
    };
    let mut reproduce = format!("whisker sweep{config_arg}");
    for v in &vary {
        reproduce += &format!(" --vary '{v}'");
    }
    reproduce += &format!(
        " --games {} --seed {} --players {} --bots {}",
        plan.games,
        plan.seed,
        bots.len(),
        bots.join(",")
    );
    for s in &sets {
        reproduce += &format!(" --set '{s}'");
    }
    let mut run = format!(
        "whisker_version = {:?}\ncommand = \"sweep\"\nconfig = {:?}\nseed = {}\ngames = {}\nbots = {:?}\nvary = {vary:?}\nset = {sets:?}\nreproduce = {reproduce:?}\n",
        env!("CARGO_PKG_VERSION"),
        source.name,
        plan.seed,
        plan.games,
        bots,
    );
    run.push_str(&format!("points = {}\n", points.len()));
    if finished < points.len() {
        run.push_str(&format!("partial = true\npoints_finished = {finished}\n"));
    }
    dir.text(MARKER, &run)?;
    dir.text(
        "host.toml",
        &host_record(plan.threads, elapsed, plan.total() * points.len() as u64),
    )?;
    if args.run.report {
        dir.report();
    }
    let path = dir.commit()?;

    let pick = |rows: &[SummaryRow], m: &str| {
        rows.iter()
            .find(|r| r.metric == m)
            .map_or(String::new(), |r| {
                if r.ci_low.is_empty() {
                    r.value.clone()
                } else {
                    format!("{} ±{}", short(&r.value), half_width(r))
                }
            })
    };
    let mut text = format!(
        "whisker {} — sweep of {}, {} points × {} games, seed {}\n\n",
        env!("CARGO_PKG_VERSION"),
        source.name,
        points.len(),
        plan.games,
        plan.seed
    );
    let widths: Vec<usize> = keys.iter().map(|k| k.len().max(6)).collect();
    for (k, w) in keys.iter().zip(&widths) {
        text += &format!("  {k:>w$}");
    }
    text += &format!(
        "  {:>16}  {:>16}  {:>16}  {:>16}\n",
        "mean turns", "balance", "first seat wins", "mean score"
    );
    for (point, rows) in points.iter().zip(&results) {
        for (o, w) in point.iter().zip(&widths) {
            text += &format!("  {:>w$}", value_text(&o.value));
        }
        text += &format!(
            "  {:>16}  {:>16}  {:>16}  {:>16}\n",
            pick(rows, "mean_turns"),
            pick(rows, "balance"),
            pick(rows, "first_seat_win_rate"),
            pick(rows, "mean_score")
        );
    }
    text += &format!(
        "\n  ± is the half-width of the 95% interval\nresults in {}/\n",
        path.display()
    );
    if finished < points.len() {
        text += &format!(
            "INTERRUPTED: {finished} of {} points finished (marked partial)\n",
            points.len()
        );
    }
    say(&text);
    if finished < points.len() {
        return Err(Interrupted.into());
    }
    Ok(())
}

/// A varied value as the CSV shows it: strings bare, everything else as TOML writes it.
fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn short(value: &str) -> String {
    value
        .parse::<f64>()
        .map_or(value.to_string(), |v| format!("{v:.4}"))
}

fn half_width(r: &SummaryRow) -> String {
    match (r.ci_low.parse::<f64>(), r.ci_high.parse::<f64>()) {
        (Ok(lo), Ok(hi)) => format!("{:.4}", (hi - lo) / 2.0),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_ranges_parse() {
        let v: Vary = "chips.blue.high=2..5".parse().unwrap();
        assert_eq!(v.key, "chips.blue.high");
        assert_eq!(
            v.values.iter().map(|o| o.arg.as_str()).collect::<Vec<_>>(),
            [
                "chips.blue.high=2",
                "chips.blue.high=3",
                "chips.blue.high=4",
                "chips.blue.high=5"
            ]
        );
        let v: Vary = "rules.game_end=immediate,finish_round".parse().unwrap();
        assert_eq!(v.values.len(), 2);
        assert_eq!(
            v.values[1].value,
            toml::Value::String("finish_round".into())
        );
        for bad in ["novalue", "k=", "k=5..2", "k=a..b"] {
            assert!(bad.parse::<Vary>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_grid_is_every_combination_first_key_slowest() {
        let vary: Vec<Vary> = ["a=1,2", "b=x,y,z"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let g = grid(&vary);
        let names: Vec<String> = g
            .iter()
            .map(|p| {
                p.iter()
                    .map(|o| o.arg.clone())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(
            names,
            [
                "a=1 b=x", "a=1 b=y", "a=1 b=z", "a=2 b=x", "a=2 b=y", "a=2 b=z"
            ]
        );
    }
}
