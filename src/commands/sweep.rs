//! `whisker sweep`: one rule set played at every point of a grid of values, on the same seeds.

use std::time::Instant;

use super::{page, result_dir, run_plan, say, source, stopped_empty, strong_lineup, written};
use crate::commands::cli::SweepArgs;
use crate::commands::vary::grid;
use crate::core::cost::Cost;
use crate::core::failure::Failure;
use crate::core::game::Roles;
use crate::core::progress::games_bar;
use crate::core::runner::{self, Plan};
use crate::core::signals;
use crate::games::with_game;
use crate::games::{self, Game, Loaded, Registered};
use crate::io::config::{Override, Source};
use crate::io::record::{self, HostRecord, RunRecord, quote};
use crate::io::report::headline::{
    Naming, STALLED, is_seat_rate, metric_words, pct, swept_stall, swept_stalls, swept_tables,
    tenths,
};
use crate::io::report::{Gap, SweepPoints, evenness};
use crate::stats::figures::SummaryRow;
use crate::stats::num;
use crate::stats::strength::{self, Verdict};
use crate::stats::{Histogram, wilson};

/// Points a sweep may have: every combination of the varied values.
const MAX_POINTS: u64 = 10_000;

/// Refuses a sweep that varies a key twice, varies the player count against `--players`, or
/// has more points than [`MAX_POINTS`], before anything is built.
fn check_vary(args: &SweepArgs) -> Result<(), Failure> {
    crate::commands::vary::check_keys(&args.vary, &args.set, args.run.seats.players)?;
    // A bot's parameter is no config value: sweep would call it a missing key.
    let bot = args.vary.iter().find_map(|v| {
        let (kind, param) = crate::commands::vary::bot_param(v.values.first()?)?;
        Some((v, kind, param))
    });
    if let Some((v, kind, param)) = bot {
        return Err(Failure::Usage(format!(
            "--vary {}: a bot's parameter is varied by `whisker tune` (which takes this key), not by sweep; or sweep once per value with --bots '{kind}({param}=…)'",
            v.arg
        )));
    }
    let sizes: Vec<String> = args
        .vary
        .iter()
        .map(|v| v.values.len().to_string())
        .collect();
    let points = args
        .vary
        .iter()
        .try_fold(1u64, |n, v| n.checked_mul(v.values.len() as u64));
    match points {
        Some(n) if n <= MAX_POINTS => Ok(()),
        _ => Err(Failure::Usage(format!(
            "--vary: the grid has {} points ({}); a sweep has at most {MAX_POINTS}",
            points.map_or_else(|| "too many".to_string(), |n| n.to_string()),
            sizes.join(" × ")
        ))),
    }
}

pub(crate) fn run(args: &SweepArgs) -> anyhow::Result<()> {
    let source = source(args.config.as_ref())?;
    check_vary(args)?;
    let points = grid(&args.vary);
    let load = |point: &[Override]| {
        let mut overrides = args.set.clone();
        overrides.extend(point.iter().cloned());
        games::load(&source, &overrides, args.run.seats.players)
    };
    let first = load(&points[0])?;
    with_game!(first, g => sweep_game(&*g, &points, &load, args, &source))
}

/// The game in `loaded`, if it is the same kind of game as `like` (a sweep varies values, not
/// games).
fn same_game<G: Game + 'static>(loaded: Loaded, _like: &G) -> Result<Box<G>, Failure> {
    let any: Box<dyn std::any::Any> = with_game!(loaded, g => g);
    any.downcast::<G>().map_err(|_| {
        Failure::Usage("--vary: every point of a sweep must be the same game and edition".into())
    })
}

/// The metrics of one point, as `(name, estimate)` rows.
fn metrics<G: Game>(game: &G, plan: &Plan, report: &runner::Report) -> Vec<SummaryRow> {
    let totals = &report.totals;
    let mut rows = crate::stats::figures::summary(game, totals);
    for s in 0..game.players() {
        rows.push(SummaryRow::estimate(
            &format!("seat_{}_win_rate", crate::core::game::seat_number(s)),
            wilson(totals.seat_wins[s], totals.games),
        ));
    }
    let mut scores = Histogram::default();
    for h in &totals.seat_scores[..game.players()] {
        scores.merge(h);
    }
    if game.scored() {
        rows.push(SummaryRow::estimate("mean_score", scores.mean()));
    }
    if plan.rotate {
        for (b, bot) in plan.bots().iter().enumerate() {
            rows.push(SummaryRow::estimate(
                &format!("bot_{}_win_rate", bot.label()),
                wilson(totals.bot_wins[b], totals.games),
            ));
        }
    }
    rows
}

/// One figure of a point beside the strength sample's.
struct Checked {
    metric: String,
    /// The sample's row, if it was played.
    strong: Option<SummaryRow>,
    verdict: Verdict,
    /// Whether it is marked `!`: not confirmed, by enough to act on.
    marked: bool,
}

/// A point's figures with an interval, each beside the strength sample's (`sample`: none when
/// no sample is played), but the first seat's win rate (seat 1's row says it).
fn point_verdicts(rows: &[SummaryRow], sample: Option<&[SummaryRow]>) -> Vec<Checked> {
    rows.iter()
        .filter(|r| r.metric != "first_seat_win_rate")
        .filter_map(|r| Some((r, r.parsed()?)))
        .map(|(r, ours)| {
            let strong = sample.and_then(|s| s.iter().find(|x| x.metric == r.metric).cloned());
            let theirs = strong.as_ref().and_then(SummaryRow::parsed);
            let verdict = theirs.map_or(Verdict::NotPlayed, |theirs| Verdict::of(ours, theirs));
            let marked = verdict == Verdict::NotConfirmed
                && theirs.is_some_and(|t| {
                    strength::by_enough("summary", &r.metric, ours.value, t.value)
                });
            Checked {
                metric: r.metric.clone(),
                strong,
                verdict,
                marked,
            }
        })
        .collect()
}

/// What is varied and changed, for the default folder `results/sweep-<config>+…`.
fn folder_parts(args: &SweepArgs, default_games: u64) -> Vec<String> {
    let mut parts: Vec<String> = args.vary.iter().map(|v| v.arg.clone()).collect();
    parts.extend(args.run.folder_parts(default_games));
    parts.extend(args.set.iter().map(|o| format!("set-{}", o.arg)));
    parts
}

/// Column names of `sweep.csv` after the keys: every point's metrics, in the order of the point
/// that has the most (points with more players have more seat columns), then any others.
fn columns(results: &[Vec<SummaryRow>]) -> Vec<(String, bool)> {
    let widest = results.iter().max_by_key(|r| r.len()).expect("a point");
    let mut names: Vec<(String, bool)> = Vec::new();
    for rows in std::iter::once(widest).chain(results) {
        for r in rows {
            if !names.iter().any(|(n, _)| *n == r.metric) {
                names.push((r.metric.clone(), !r.ci_low.is_empty()));
            }
        }
    }
    names
}

fn sweep_game<G: Registered>(
    first: &G,
    points: &[Vec<Override>],
    load: &dyn Fn(&[Override]) -> Result<Loaded, Failure>,
    args: &SweepArgs,
    source: &Source,
) -> anyhow::Result<()> {
    // Every point plays as many games: as many as its slowest plays when not told.
    let mut default_games = first.default_games();
    for point in &points[1..] {
        default_games = default_games.min(same_game(load(point)?, first)?.default_games());
    }
    let games = args.run.games.unwrap_or(default_games);
    let plan_for = |game: &G| -> anyhow::Result<Plan> {
        let plan = run_plan(game, &args.run, games, game.players())?;
        plan.check()?;
        Ok(plan)
    };
    // Every point is loaded, and so validated, before any game is played; each is loaded again
    // when it is played, so a large grid never holds every config at once.
    // The strength sample at each point: `auto` shares simulate's among the points, so the
    // whole sample takes about as long as simulate's.
    let auto = (first.strength_games() / points.len() as u64).max(strength::MIN_GAMES);
    let sample_games = args.sample.strength.games(auto, games);
    let sample_for = |game: &G, plan: &Plan| -> anyhow::Result<Option<Plan>> {
        let (strong, _) = strong_lineup(game, &args.sample.strength_bots)?;
        let itself = plan.is_strong(&strong);
        Ok((sample_games > 0 && !itself).then(|| plan.strength_sample(sample_games, strong)))
    };
    let units = |game: &G| -> anyhow::Result<u64> {
        let plan = plan_for(game)?;
        let sample = sample_for(game, &plan)?.map_or(0, |s| s.total());
        Ok(plan.total() + sample)
    };
    let mut total: u64 = units(first)?;
    for point in &points[1..] {
        let game = same_game(load(point)?, first)?;
        let units = units(&game)?;
        total = total.checked_add(units).ok_or_else(|| {
            Failure::Usage("the sweep has more games than whisker counts: play fewer".into())
        })?;
    }
    let dir = result_dir(
        args.out.as_ref(),
        "sweep",
        &source.name,
        &format!("sweep-{}", source.stem),
        &folder_parts(args, default_games),
        &args.sample.unnamed_parts(),
    )?;
    let started = Instant::now();
    // One bar for the whole sweep.
    let shape = plan_for(first)?;
    let bar = games_bar(
        total,
        args.run.workers.quiet,
        Cost::sweep(shape.games, shape.rotations()),
    );
    signals::catch();
    let mut results = Vec::new();
    // Each point's per-item rows: (file, item, column, value, ci_low, ci_high) as text.
    let mut items: Vec<Vec<[String; 6]>> = Vec::new();
    let mut played_units = 0;
    let mut stopped = None;
    // Each point's figures beside the strength sample's, with their verdicts.
    let mut verdicts: Vec<Vec<Checked>> = Vec::new();
    for (i, point) in points.iter().enumerate() {
        let loaded;
        let game: &G = if i == 0 {
            first
        } else {
            loaded = same_game(load(point)?, first)?;
            &loaded
        };
        let plan = plan_for(game)?;
        let report = runner::run(game, &plan, &bar, None)?;
        if let Some(signal) = report.played.stopped {
            stopped = Some(signal);
            break;
        }
        // A point stopped in its strength sample is unfinished, as one stopped in its own
        // games is: the sweep keeps the points before it, each whole.
        let sample = match sample_for(game, &plan)? {
            Some(sample) => {
                let r = runner::run(game, &sample, &bar, None)?;
                if let Some(signal) = r.played.stopped {
                    stopped = Some(signal);
                    break;
                }
                Some(metrics(game, &sample, &r))
            }
            None => None,
        };
        played_units += report.played.units;
        results.push(metrics(game, &plan, &report));
        let mine = results.last().expect("this point's");
        let mut checked = point_verdicts(mine, sample.as_deref());
        // Asked for, but not played: this point's own bots are the strong lineup.
        if sample.is_none() && sample_games > 0 {
            for c in &mut checked {
                c.verdict = Verdict::Itself;
            }
        }
        verdicts.push(checked);
        let values = game
            .declared()
            .item_values(&report.counts, report.totals.games);
        items.push(
            values
                .iter()
                .map(|v| {
                    [
                        v.file.to_string(),
                        v.item.to_string(),
                        v.column.to_string(),
                        num(v.value.value),
                        num(v.value.low),
                        num(v.value.high),
                    ]
                })
                .collect(),
        );
    }
    bar.finish_and_clear();
    if results.is_empty() {
        let signal = stopped.expect("every point finished or a signal stopped the sweep");
        return Err(stopped_empty(signal, "the first point"));
    }
    let finished = results.len();
    let elapsed = started.elapsed().as_secs_f64();

    let keys: Vec<&str> = args.vary.iter().map(|v| v.key.as_str()).collect();
    let columns = columns(&results);
    let mut header: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
    for (name, interval) in &columns {
        header.push(name.clone());
        if *interval {
            header.push(format!("{name}_ci_low"));
            header.push(format!("{name}_ci_high"));
        }
    }
    let records = points.iter().zip(&results).map(|(point, rows)| {
        let mut record: Vec<String> = point.iter().map(|o| value_text(&o.value)).collect();
        for (name, interval) in &columns {
            let row = rows.iter().find(|r| r.metric == *name);
            record.push(row.map_or_else(String::new, |r| r.value.clone()));
            if *interval {
                record.push(row.map_or_else(String::new, |r| r.ci_low.clone()));
                record.push(row.map_or_else(String::new, |r| r.ci_high.clone()));
            }
        }
        record
    });
    dir.records("sweep.csv", &header, records)?;
    let mut item_header: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
    item_header.extend(["file", "item", "column", "value", "ci_low", "ci_high"].map(String::from));
    let item_records = points.iter().zip(&items).flat_map(|(point, rows)| {
        rows.iter().map(move |row| {
            let mut record: Vec<String> = point.iter().map(|o| value_text(&o.value)).collect();
            record.extend(row.iter().cloned());
            record
        })
    });
    dir.records("sweep_items.csv", &item_header, item_records)?;
    // Points whose own bots are the strong lineup played no sample: their figures are strong
    // play's. A sample was played if any point played one.
    let itself = sample_games > 0
        && verdicts
            .iter()
            .flatten()
            .all(|c| c.verdict == Verdict::Itself);
    let played_sample = !itself && sample_games > 0;
    let mut strength_header: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
    strength_header.extend(
        [
            "metric",
            "value",
            "ci_low",
            "ci_high",
            "strong_value",
            "strong_ci_low",
            "strong_ci_high",
            "strong_play",
        ]
        .map(String::from),
    );
    let strength_records =
        points
            .iter()
            .zip(results.iter().zip(&verdicts))
            .flat_map(|(point, (rows, checked))| {
                checked.iter().map(move |c| {
                    let mut record: Vec<String> =
                        point.iter().map(|o| value_text(&o.value)).collect();
                    let ours = rows.iter().find(|r| r.metric == c.metric).expect("its row");
                    record.extend([
                        c.metric.clone(),
                        ours.value.clone(),
                        ours.ci_low.clone(),
                        ours.ci_high.clone(),
                    ]);
                    match &c.strong {
                        Some(t) => {
                            record.extend([t.value.clone(), t.ci_low.clone(), t.ci_high.clone()])
                        }
                        None => record.extend([String::new(), String::new(), String::new()]),
                    }
                    record.push(c.verdict.word().to_string());
                    record
                })
            });
    dir.records(strength::SWEEP_FILE, &strength_header, strength_records)?;
    let vary: Vec<String> = args
        .vary
        .iter()
        .map(|v| {
            let values: Vec<String> = v.values.iter().map(|o| value_text(&o.value)).collect();
            format!("{}={}", v.key, values.join(","))
        })
        .collect();
    let sets: Vec<String> = args.set.iter().map(|o| o.arg.clone()).collect();
    // The command as given: the seats follow each point's player count.
    let mut reproduce = String::from("whisker sweep");
    reproduce += &format!(" {}", quote(&crate::games::arg_of(source)));
    for v in &vary {
        reproduce += &format!(" --vary {}", quote(v));
    }
    reproduce += &format!(" --games {games} --seed {}", args.run.seed);
    if let Some(p) = args.run.seats.players {
        reproduce += &format!(" --players {p}");
    }
    if let Some(bots) = &args.run.seats.bots {
        reproduce += &format!(" --bots {}", quote(bots));
    }
    if args.run.rotate_seats {
        reproduce += " --rotate-seats";
    }
    for s in &sets {
        reproduce += &format!(" --set {}", quote(s));
    }
    // Named as the first point spells it out: the points differ in values, not in bots.
    let strong_name = strong_lineup(first, &args.sample.strength_bots)?.1;
    reproduce += &strength::reproduce(
        match (itself, played_sample) {
            (true, _) => None,
            (_, true) => Some(sample_games),
            _ => Some(0),
        },
        Some(&strong_name),
    );
    let said = if itself {
        strength::Sample::Itself(strong_name.clone())
    } else if played_sample {
        strength::Sample::Played(strong_name.clone(), sample_games)
    } else {
        strength::Sample::Not(args.sample.strength.none().into())
    };
    let record = RunRecord {
        config: Some(source.name.clone()),
        seed: args.run.seed,
        games,
        rotate_seats: args.run.rotate_seats,
        played: Some(played_units),
        bots: crate::core::lineup::split(
            args.run
                .seats
                .bots
                .as_deref()
                .unwrap_or(first.default_bots()),
        ),
        roles: Roles::of_seats(first.roles(), first.players()),
        set: sets,
        vary,
        points: Some(points.len() as u64),
        points_finished: (finished < points.len()).then_some(finished as u64),
        partial: finished < points.len(),
        strength_bots: played_sample.then_some(strong_name),
        strength_games: played_sample.then_some(sample_games),
        reproduce,
        ..RunRecord::new("sweep")
    };
    dir.text(record::RUN, &record.to_toml()?)?;
    // The game the sweep plays, for its page: each point changes this as sweep.csv says.
    dir.text(
        "config.toml",
        &format!(
            "# The first point's config; each point sets the values in sweep.csv's first columns.\n{}",
            toml::to_string(first.resolved())?
        ),
    )?;
    dir.text(
        record::HOST,
        &HostRecord::new(args.run.workers.threads, elapsed, played_units).to_toml()?,
    )?;
    let page = page(&dir, args.run.report, crate::io::report::parts::NONE);
    let path = dir.commit(finished < points.len())?;

    // Each figure with its 95% interval as the CSV holds it: a rate's interval is not
    // symmetric, so a "±" half-width would misplace both ends.
    let pick = |rows: &[SummaryRow], m: &str| {
        rows.iter()
            .find(|r| r.metric == m)
            .map_or(String::new(), |r| {
                let (Ok(v), Some((lo, hi))) = (r.value.parse::<f64>(), interval(r)) else {
                    return r.value.clone();
                };
                if m == "seat_gap" {
                    format!("{} ({}–{})", tenths(v), tenths(lo), tenths(hi))
                } else if m.ends_with("_rate") {
                    // As every share reads: a tenth, more decimals only near 0% and 100%.
                    format!(
                        "{} ({}–{})",
                        pct(v),
                        pct(lo).trim_end_matches('%'),
                        pct(hi).trim_end_matches('%')
                    )
                } else {
                    format!("{v:.2} ({lo:.2}–{hi:.2})")
                }
            })
    };
    let mut text = format!(
        "whisker {} — sweep of {}, {} point{} × {}, seed {}, bots {}\n\n",
        env!("CARGO_PKG_VERSION"),
        source.name,
        points.len(),
        if points.len() == 1 { "" } else { "s" },
        crate::io::report::headline::games(games),
        args.run.seed,
        record.bots.join(",")
    );
    // Points whose games stall at the turn cap: said before any figure, as simulate says it,
    // naming the points as the table below does.
    let name = |point: &[Override]| -> String {
        keys.iter()
            .zip(point)
            .map(|(k, o)| format!("{k}={}", value_text(&o.value)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let capped: Vec<(String, f64)> = points
        .iter()
        .zip(&results)
        .filter_map(|(point, rows)| {
            let row = rows.iter().find(|r| r.metric == "capped_rate")?;
            Some((name(point), row.value.parse().ok()?))
        })
        .collect();
    if let Some(stall) = swept_stall(&capped, G::REPORT.cap) {
        text += &format!("  ! {stall}\n\n");
    }
    // And the endings the game names as stalls, as simulate's headline says them.
    let shares = |ending: &str| -> Vec<(String, f64)> {
        points
            .iter()
            .zip(&items)
            .filter_map(|(point, rows)| {
                let row = rows
                    .iter()
                    .find(|r| r[0] == "endings.csv" && r[1] == ending && r[2] == "share")?;
                Some((name(point), row[3].parse().ok()?))
            })
            .collect()
    };
    for stall in swept_stalls(G::REPORT.stalls, shares) {
        text += &format!("  ! {stall}\n\n");
    }
    // Each point's seats, those with a win rate: where the count moves, so do fair shares.
    let seats: Vec<usize> = results
        .iter()
        .map(|rows| rows.iter().filter(|r| is_seat_rate(&r.metric)).count())
        .collect();
    if let Some(tables) = swept_tables(&seats) {
        text += &format!("  ! {tables}\n\n");
    }
    let doubted = verdicts
        .iter()
        .filter(|v| v.iter().any(|c| c.verdict == Verdict::NotConfirmed))
        .count();
    let marked = verdicts
        .iter()
        .filter(|v| v.iter().any(|c| c.marked))
        .count();
    let (warns, sentence) = said.points_sentence(doubted, marked, verdicts.len());
    let caveat = said.points_caveat(doubted);
    text += &format!("  {}{sentence}{caveat}\n\n", if warns { "! " } else { "" });
    let naming = Naming {
        roles: &record.roles,
        turn: G::REPORT.turn,
    };
    // The answer, as the page says it: the most even point, among those that do not stall
    // (and were played: a stopped sweep has results for its first points only).
    let names: Vec<String> = points.iter().take(results.len()).map(|p| name(p)).collect();
    let gaps: Vec<Option<Gap>> = results
        .iter()
        .map(|rows| {
            let r = rows.iter().find(|r| r.metric == "seat_gap")?;
            Some((r.value.parse().ok()?, interval(r)))
        })
        .collect();
    // The points at or past STALLED at the cap or in a declared stall, each list read once (a
    // grid may have thousands of points).
    let mut stalling: std::collections::HashSet<String> = std::collections::HashSet::new();
    for list in std::iter::once(capped.clone())
        .chain(G::REPORT.stalls.iter().map(|stall| shares(stall.ending)))
    {
        stalling.extend(
            list.into_iter()
                .filter(|(_, share)| *share >= STALLED)
                .map(|(n, _)| n),
        );
    }
    let stalled: Vec<bool> = names.iter().map(|n| stalling.contains(n)).collect();
    let answer = evenness(
        &SweepPoints {
            names: &names,
            gaps: &gaps,
            stalled: &stalled,
            seats: &seats,
        },
        |best| {
            verdicts[best]
                .iter()
                .filter(|c| c.verdict == Verdict::NotConfirmed)
                .filter(|c| c.metric.ends_with("_win_rate") || c.metric == "seat_gap")
                .map(|c| metric_words(&c.metric, naming))
                .collect()
        },
    );
    for said in answer.finding.iter().chain(&answer.paragraph) {
        text += &format!("  {said}\n\n");
    }
    let widths: Vec<usize> = keys.iter().map(|k| k.len().max(6)).collect();
    for (k, w) in keys.iter().zip(&widths) {
        text += &format!("  {k:>w$}");
    }
    // A game without scores has no mean score column.
    let scored = results.iter().flatten().any(|r| r.metric == "mean_score");
    let (length, first_seat) = (
        metric_words("mean_turns", naming),
        metric_words("seat_1_wins", naming),
    );
    let header = [
        length.as_str(),
        "seat gap, points",
        &first_seat,
        "mean score",
        "under strong play",
    ];
    // As wide as the widest figure with its interval or its heading, so no row is pushed out of line.
    let w = results
        .iter()
        .flat_map(|rows| {
            [
                "mean_turns",
                "seat_gap",
                "first_seat_win_rate",
                "mean_score",
            ]
            .map(|m| pick(rows, m).chars().count())
        })
        .chain(header[..4].iter().map(|h| h.chars().count()))
        .fold(20, usize::max);
    let columns = |cells: [&str; 5]| {
        let mut line = format!("  {:>w$}  {:>w$}  {:>w$}", cells[0], cells[1], cells[2]);
        if scored {
            line += &format!("  {:>w$}", cells[3]);
        }
        if played_sample {
            line += &format!("  {}", cells[4]);
        }
        line + "\n"
    };
    text += &columns(header);
    for (point, (rows, checked)) in points.iter().zip(results.iter().zip(&verdicts)) {
        for (o, w) in point.iter().zip(&widths) {
            text += &format!("  {:>w$}", value_text(&o.value));
        }
        let doubted: Vec<String> = checked
            .iter()
            .filter(|c| c.verdict == Verdict::NotConfirmed)
            .map(|c| metric_words(&c.metric, naming))
            .collect();
        let strong = match (doubted.is_empty(), checked.first().map(|c| c.verdict)) {
            (_, Some(Verdict::NotPlayed) | None) => "not played".to_string(),
            (true, _) => "all confirmed".to_string(),
            (false, _) => format!(
                "{}not confirmed: {}",
                if checked.iter().any(|c| c.marked) {
                    "! "
                } else {
                    ""
                },
                doubted.join(", ")
            ),
        };
        text += &columns([
            &pick(rows, "mean_turns"),
            &pick(rows, "seat_gap"),
            &pick(rows, "first_seat_win_rate"),
            &pick(rows, "mean_score"),
            &strong,
        ]);
    }
    text += "\n  in brackets, the 95% interval; the seat gap is the best seat's win rate minus the worst's, in points\n";
    text += &written(&path, args.run.report);
    if let Some(signal) = stopped {
        text += &format!(
            "INTERRUPTED by {}: {finished} of {} points finished (marked partial)\n",
            signals::name(signal),
            points.len()
        );
    }
    // A run stopped by a signal keeps its exit code though its answer could not be written.
    let said = say(&text);
    super::finished(&path, page, stopped).and(said)
}

/// A varied value as the CSV shows it: strings bare, everything else as TOML writes it.
fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn interval(r: &SummaryRow) -> Option<(f64, f64)> {
    match (r.ci_low.parse::<f64>(), r.ci_high.parse::<f64>()) {
        (Ok(lo), Ok(hi)) => Some((lo, hi)),
        _ => None,
    }
}
