//! `whisker merge`: shards of one run, played anywhere, into the result a single run writes.
//! Every shard is checked against the slice of the run it says it holds — its counters, and its
//! `games.csv` row by row — so a damaged or incomplete shard is refused, naming the shard and
//! the field, instead of merging into wrong numbers.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::simulate::run_record;
use super::{recorded_lineup, say, written};
use crate::commands::cli::MergeArgs;
use crate::core::failure::Failure;
use crate::core::rng::game_seed;
use crate::core::runner::{COUNTERS, Plan, Played, Products, Totals, add_products};
use crate::games::with_game;
use crate::games::{self, Game, MAX_SEATS, MAX_VALUES, Registered};
use crate::io::config::Source;
use crate::io::export;
use crate::io::record::{self, RunRecord};
use crate::io::result_dir::ResultDir;
use crate::io::{games_csv, result_dir};
use crate::stats::Histogram;
use crate::stats::ints::require;
use crate::stats::ints::{Ints, from_text};
use crate::stats::metrics::Counts;

struct Shard {
    dir: PathBuf,
    record: RunRecord,
    index: u64,
    count: u64,
    config: String,
}

fn usage(message: String) -> anyhow::Error {
    Failure::Usage(message).into()
}

/// Refuses a shard whose files changed since whisker wrote them. Checked after everything else,
/// so a malformed file is named with its line and field; the marker's fingerprints then catch
/// any change that still reads well, even to a counter nothing else cross-checks.
fn unchanged(dir: &Path) -> anyhow::Result<()> {
    if !result_dir::is_result(dir) {
        return Err(usage(format!(
            "{}: no {} marker, so whisker cannot tell whether the shard is whole (copy shard folders with their hidden files: `cp -r DIR`, not `DIR/*`)",
            dir.display(),
            result_dir::MARKER
        )));
    }
    Ok(result_dir::unchanged(
        dir,
        "the shard is damaged; play it again",
    )?)
}

fn read_shard(dir: &Path) -> anyhow::Result<Shard> {
    let path = dir.join(record::RUN);
    if let Some(command) = crate::io::report::recordless_command(dir) {
        return Err(usage(format!(
            "{}: a `{command}` result, not a shard (shards are made with `whisker simulate --shard I/N`)",
            dir.display()
        )));
    }
    let text = fs::read_to_string(&path)
        .map_err(|e| usage(format!("{}: not a result folder ({e})", dir.display())))?;
    let record: RunRecord =
        toml::from_str(&text).map_err(|e| usage(record::read_error(&path, &text, &e)))?;
    let bad = |field: &str, why: &str| usage(format!("{}: field `{field}`: {why}", path.display()));
    let shard = record.shard.clone().ok_or_else(|| {
        usage(format!(
            "{}: not a shard (made without --shard)",
            dir.display()
        ))
    })?;
    if record.partial {
        // run.toml replays the games it played (`--stop-after K`); a merge needs them all.
        let whole = match record.reproduce.split_once(" --stop-after ") {
            Some((head, tail)) => {
                let rest = tail.split_once(' ').map_or("", |(_, r)| r);
                format!("{head} {rest}").trim_end().to_string()
            }
            None => record.reproduce.clone(),
        };
        return Err(usage(format!(
            "{}: an interrupted shard; play the whole shard again: {whole}",
            dir.display()
        )));
    }
    let (index, count) = shard
        .split_once('/')
        .and_then(|(i, n)| Some((i.parse::<u64>().ok()?, n.parse::<u64>().ok()?)))
        .filter(|&(i, n)| i < n)
        .ok_or_else(|| bad("shard", &format!("`{shard}` is not I/N with I < N")))?;
    if record.config.is_none() {
        return Err(bad("config", "missing"));
    }
    let config = fs::read_to_string(dir.join("config.toml"))
        .map_err(|e| usage(format!("{}: no config.toml ({e})", dir.display())))?;
    Ok(Shard {
        dir: dir.to_path_buf(),
        record,
        index,
        count,
        config,
    })
}

pub(crate) fn run(args: &MergeArgs) -> anyhow::Result<()> {
    // The merged result must not replace a shard it is made from.
    let out = fs::canonicalize(&args.out).ok();
    if let Some(dir) = args
        .shards
        .iter()
        .find(|d| out.is_some() && fs::canonicalize(d).ok() == out)
    {
        return Err(usage(format!(
            "--out {}: that is one of the shards being merged; choose another folder",
            dir.display()
        )));
    }
    let mut shards: Vec<Shard> = args
        .shards
        .iter()
        .map(|d| read_shard(d))
        .collect::<anyhow::Result<_>>()?;
    shards.sort_by_key(|s| s.index);
    let first = &shards[0];
    for s in &shards[1..] {
        // The configs as played (config.toml) must match, not the paths they were given by.
        let (a, b) = (&first.record, &s.record);
        let same = (a.seed, a.games, &a.bots, &a.set, a.rotate_seats)
            == (b.seed, b.games, &b.bots, &b.set, b.rotate_seats);
        if !same || s.config != first.config || s.count != first.count {
            return Err(usage(format!(
                "{} and {} are not shards of one run (config, seed, games, bots or shard count differ)",
                first.dir.display(),
                s.dir.display()
            )));
        }
    }
    let n = first.count;
    let indices: Vec<u64> = shards.iter().map(|s| s.index).collect();
    // Sorted: each of 0 to n - 1 exactly once is the list 0, 1, …, n - 1 (n can be near 2^64).
    let whole = indices.len() as u64 == n && indices.iter().zip(0..).all(|(&i, k)| i == k);
    if !whole {
        return Err(usage(format!(
            "shards {indices:?} given; a run of {n} shards needs each of 0 to {} exactly once",
            n - 1
        )));
    }
    // The config exactly as the shards played it, under the name the run recorded.
    let source = Source {
        name: first.record.config.clone().unwrap_or_default(),
        stem: String::new(),
        text: first.config.clone(),
    };
    with_game!(games::load(&source, &[], None)?, game => merge_game(&*game, &shards, &source, args))
}

/// The shard's counters, checked against the slice of `plan` it must hold.
fn shard_counters<G: Game>(
    game: &G,
    shard: &Shard,
    plan: &Plan,
) -> anyhow::Result<(Totals, Counts)> {
    let path = shard.dir.join(COUNTERS);
    let text = fs::read_to_string(&path)
        .map_err(|e| usage(format!("{}: cannot read it ({e})", path.display())))?;
    let (totals, counts): (Totals, Counts) = from_text(&text).ok_or_else(|| {
        usage(format!(
            "{}: damaged, or written by another version of whisker (not the counters of this game)",
            path.display()
        ))
    })?;
    let wrong = |why: String| usage(format!("{}: {why}", path.display()));
    let units = plan.units();
    if totals.games != units.end - units.start {
        return Err(wrong(format!(
            "field `games`: {} games, but shard {} of {} holds {} (games {} to {})",
            totals.games,
            shard.index,
            shard.count,
            units.end - units.start,
            units.start / plan.rotations(),
            units.end / plan.rotations()
        )));
    }
    totals.check(plan).map_err(wrong)?;
    let turns = totals.turns_played();
    for (k, v) in game.declared().values.iter().enumerate() {
        require(!v.per_turn || totals.values[k] <= turns, "values", || {
            format!(
                "{} {} in games lasting {turns} turns",
                totals.values[k], v.name
            )
        })
        .map_err(wrong)?;
    }
    game.declared()
        .check(&counts, totals.games, totals.turns_played())
        .map_err(wrong)?;
    Ok((totals, counts))
}

/// Checks a shard's `games.csv` row by row against its slice and its counters, copying each row
/// to `out`.
fn copy_games<G: Game>(
    game: &G,
    shard: &Shard,
    plan: &Plan,
    totals: &Totals,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let path = shard.dir.join(games_csv::FILE);
    let (units, rotations) = (plan.units(), plan.rotations());
    let (mut next, mut turns, mut wins) = (units.start, Histogram::default(), [0u64; MAX_SEATS]);
    let mut scores: [Histogram; MAX_SEATS] = Default::default();
    let mut capped = 0;
    let mut values = [0u64; MAX_VALUES];
    let mut products = Products::default();
    games_csv::read(&path, (game, false), game.max_turns(), |row, line| {
        let want = (next / rotations, next % rotations);
        if row.seed != game_seed(plan.seed, row.game) {
            return Err(usage(format!(
                "{}: game {} has seed {}, not the run's {}",
                path.display(),
                row.game,
                row.seed,
                game_seed(plan.seed, row.game)
            )));
        }
        if next >= units.end || (row.game, row.rotation) != want {
            return Err(usage(format!(
                "{}: game {} rotation {} where shard {} of {} has game {} rotation {}{}",
                path.display(),
                row.game,
                row.rotation,
                shard.index,
                shard.count,
                want.0,
                want.1,
                if next >= units.end {
                    " (past its end)"
                } else {
                    ""
                }
            )));
        }
        next += 1;
        turns.add(row.outcome.turns as usize);
        capped += u64::from(row.outcome.capped);
        for (sum, &v) in values.iter_mut().zip(&row.outcome.values) {
            *sum += u64::from(v);
        }
        add_products(&mut products, &row.outcome);
        for (s, w) in wins.iter_mut().enumerate() {
            *w += u64::from(row.outcome.won(s));
        }
        for (s, h) in scores.iter_mut().enumerate().take(game.players()) {
            h.add(row.outcome.scores[s].max(0) as usize);
        }
        out.write_all(line).context("writing the merged games.csv")
    })?;
    let rows = next - units.start;
    let whole = rows == totals.games;
    let agree = turns == totals.turns
        && capped == totals.capped
        && wins == totals.seat_wins
        && scores == totals.seat_scores
        && values == totals.values
        && products == totals.products;
    if !whole || !agree {
        return Err(usage(format!(
            "{}: {}",
            path.display(),
            if whole {
                format!(
                    "its rows disagree with {COUNTERS} (turns, caps, wins, scores, per-game values or their products)"
                )
            } else {
                format!("{rows} rows, but the shard holds {} games", totals.games)
            }
        )));
    }
    Ok(())
}

fn merge_game<G: Registered>(
    game: &G,
    shards: &[Shard],
    source: &Source,
    args: &MergeArgs,
) -> anyhow::Result<()> {
    let record = &shards[0].record;
    let plan = Plan {
        games: record.games,
        seed: record.seed,
        lineup: recorded_lineup(
            game,
            &record.bots,
            game.players(),
            &shards[0].dir.join(record::RUN),
        )?,
        rotate: record.rotate_seats,
        roles: game.roles(),
        threads: None,
        shard: None,
        stop_after: None,
        skip: 0,
    };
    plan.check()?;
    let shard_plan = |s: &Shard| Plan {
        shard: Some((s.index, s.count)),
        ..plan.clone()
    };
    for s in shards {
        let units = shard_plan(s).units();
        let declared = (s.record.first_unit, s.record.end_unit);
        if declared != (Some(units.start), Some(units.end)) {
            let unit = |u: Option<u64>| u.map_or_else(|| "none".to_string(), |u| u.to_string());
            return Err(usage(format!(
                "{}: fields `first_unit`, `end_unit`: {} to {}, but shard {} of {} holds units {} to {} (a shard played with --stop-after is not whole)",
                s.dir.join(record::RUN).display(),
                unit(declared.0),
                unit(declared.1),
                s.index,
                s.count,
                units.start,
                units.end
            )));
        }
    }
    let mut totals = Totals::for_bots(plan.bots().len());
    let mut counts = game.declared().counts();
    let mut parts = Vec::new();
    // Every number of every shard, added up, fits in a u64: then no total made from them can
    // overflow (real runs are nowhere near it; a damaged file can be).
    let mut grand = 0u64;
    for s in shards {
        let (t, c) = shard_counters(game, s, &shard_plan(s))?;
        let too_large = || {
            usage(format!(
                "{}: its counts are too large to be a run's; the file is damaged",
                s.dir.join(COUNTERS).display()
            ))
        };
        let mut numbers = Vec::new();
        t.put(&mut numbers);
        c.put(&mut numbers);
        grand = crate::stats::ints::sum(&numbers)
            .and_then(|n| grand.checked_add(n))
            .ok_or_else(too_large)?;
        totals.add(&t).map_err(|_| too_large())?;
        counts.add(&c).map_err(|_| too_large())?;
        parts.push(t);
    }
    let with_games: Vec<bool> = shards
        .iter()
        .map(|s| s.dir.join(games_csv::FILE).is_file())
        .collect();
    if with_games.iter().any(|&g| g) && !with_games.iter().all(|&g| g) {
        // A shard that wrote games.csv and lost it is damaged, not played without the flag.
        for (s, _) in shards.iter().zip(&with_games).filter(|(_, g)| !**g) {
            unchanged(&s.dir)?;
        }
        let missing: Vec<String> = shards
            .iter()
            .zip(&with_games)
            .filter(|(_, g)| !**g)
            .map(|(s, _)| s.dir.display().to_string())
            .collect();
        return Err(usage(format!(
            "some shards have games.csv and {} not: play every shard with --games-csv or none",
            missing.join(", ")
        )));
    }
    let dir = ResultDir::create(&args.out)?;
    if with_games[0] {
        let path = dir.file(games_csv::FILE);
        let context = || format!("writing {}", path.display());
        let mut out = BufWriter::new(result_dir::create_file(&path)?);
        writeln!(out, "{}", games_csv::header(game)).with_context(context)?;
        for (s, t) in shards.iter().zip(&parts) {
            copy_games(game, s, &shard_plan(s), t, &mut out)?;
        }
        out.flush().with_context(context)?;
    }
    for s in shards {
        unchanged(&s.dir)?;
    }
    let strong = crate::stats::strength::Strong::Not(crate::stats::strength::NONE_IN_SHARDS.into());
    let shown = export::write(game, &plan, &totals, &counts, &strong, &dir)?;
    dir.text("config.toml", &shards[0].config)?;
    let played = Played {
        units: plan.total(),
        stopped: None,
    };
    dir.text(
        record::RUN,
        &run_record(
            &record.set,
            source,
            &plan,
            played,
            with_games[0],
            &strong.sample(),
        )
        .to_toml()?,
    )?;
    dir.text(
        record::HOST,
        &format!(
            "# Merged from {} shards.\ncommand = {}\n",
            shards.len(),
            toml::Value::String(record::command_line(std::env::args_os()))
        ),
    )?;
    let page = super::page(&dir, args.report, G::REPORT);
    let path = dir.commit(false)?;
    let mut text = format!(
        "whisker {} — {} shards merged: {} games\n\n",
        env!("CARGO_PKG_VERSION"),
        shards.len(),
        plan.total()
    );
    text += &shown.text(&G::REPORT);
    text += &written(&path, args.report);
    let said = say(&text);
    super::finished(&path, page, None).and(said)
}
