//! `whisker merge`: shards of one run, played anywhere, into the result a single run writes.

use std::fs;
use std::path::{Path, PathBuf};

use super::simulate::run_record;
use super::{lineup, say};
use crate::cli::MergeArgs;
use crate::config::Source;
use crate::export;
use crate::games::{self, BotNames, Counters, Game};
use crate::ints::from_text;
use crate::output::{MARKER, ResultDir, UsageError};
use crate::runner::{COUNTERS, Plan, Played, Totals};
use crate::with_game;

/// What a shard's `run.toml` says.
#[derive(serde::Deserialize, PartialEq, Debug)]
struct ShardRecord {
    config: String,
    seed: u64,
    games: u64,
    bots: Vec<String>,
    #[serde(default)]
    set: Vec<String>,
    #[serde(default)]
    rotate_seats: bool,
    #[serde(default)]
    partial: bool,
    shard: Option<String>,
    first_unit: Option<u64>,
    end_unit: Option<u64>,
}

struct Shard {
    dir: PathBuf,
    record: ShardRecord,
    index: u64,
    count: u64,
    config: String,
}

fn usage(message: String) -> anyhow::Error {
    UsageError(message).into()
}

fn read_shard(dir: &Path) -> anyhow::Result<Shard> {
    let text = fs::read_to_string(dir.join(MARKER))
        .map_err(|e| usage(format!("{}: not a result folder ({e})", dir.display())))?;
    let record: ShardRecord = toml::from_str(&text)
        .map_err(|e| usage(format!("{}: {}", dir.join(MARKER).display(), e.message())))?;
    let shard = record.shard.clone().ok_or_else(|| {
        usage(format!(
            "{}: not a shard (made without --shard)",
            dir.display()
        ))
    })?;
    if record.partial {
        return Err(usage(format!(
            "{}: an interrupted shard; play it again",
            dir.display()
        )));
    }
    let (i, n) = shard
        .split_once('/')
        .ok_or_else(|| usage(format!("{}: bad shard `{shard}`", dir.display())))?;
    let (index, count) = (i.parse().unwrap_or(u64::MAX), n.parse().unwrap_or(0));
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

pub fn run(args: &MergeArgs) -> anyhow::Result<()> {
    let mut shards: Vec<Shard> = args
        .shards
        .iter()
        .map(|d| read_shard(d))
        .collect::<anyhow::Result<_>>()?;
    shards.sort_by_key(|s| s.index);
    let first = &shards[0];
    for s in &shards[1..] {
        let same = |a: &ShardRecord, b: &ShardRecord| {
            (
                a.config == b.config,
                a.seed == b.seed,
                a.games == b.games,
                a.bots == b.bots,
                a.set == b.set,
                a.rotate_seats == b.rotate_seats,
            ) == (true, true, true, true, true, true)
        };
        if !same(&first.record, &s.record) || s.config != first.config || s.count != first.count {
            return Err(usage(format!(
                "{} and {} are not shards of one run (config, seed, games, bots or shard count differ)",
                first.dir.display(),
                s.dir.display()
            )));
        }
    }
    let n = first.count;
    let indices: Vec<u64> = shards.iter().map(|s| s.index).collect();
    if indices != (0..n).collect::<Vec<_>>() {
        return Err(usage(format!(
            "shards {indices:?} given; a run of {n} shards needs each of 0 to {} exactly once",
            n - 1
        )));
    }
    let mut next = 0;
    for s in &shards {
        if s.record.first_unit != Some(next) {
            return Err(usage(format!(
                "{}: its games do not follow the previous shard's",
                s.dir.display()
            )));
        }
        next = s.record.end_unit.unwrap_or(next);
    }
    // The config exactly as the shards played it, under the name the run recorded.
    let source = Source {
        name: first.record.config.clone(),
        stem: String::new(),
        text: first.config.clone(),
    };
    let sets: Vec<String> = first.record.set.clone();
    with_game!(games::load(&source, &[], None)?, game => merge_game(&*game, &shards, &source, &sets, next, args))
}

fn merge_game<G: Game>(
    game: &G,
    shards: &[Shard],
    source: &Source,
    sets: &[String],
    units: u64,
    args: &MergeArgs,
) -> anyhow::Result<()>
where
    G::Bot: BotNames,
{
    let record = &shards[0].record;
    let plan = Plan {
        games: record.games,
        seed: record.seed,
        lineup: lineup::<G::Bot>(&record.bots, game.players())?,
        rotate: record.rotate_seats,
        threads: None,
        shard: None,
    };
    if units != plan.total() {
        return Err(usage(format!(
            "the shards hold {units} games; the run has {}",
            plan.total()
        )));
    }
    let mut totals = Totals::for_bots(plan.bots().len());
    let mut counters = G::Counters::default();
    for s in shards {
        let text = fs::read_to_string(s.dir.join(COUNTERS))
            .map_err(|e| usage(format!("{}: no {COUNTERS} ({e})", s.dir.display())))?;
        let (t, c): (Totals, G::Counters) = from_text(&text)
            .ok_or_else(|| usage(format!("{}: {COUNTERS} is damaged", s.dir.display())))?;
        totals.merge(&t);
        counters.merge(&c);
    }
    let dir = ResultDir::create(&args.out)?;
    let (summary, seats) = export::write(game, &plan, &totals, &counters, &dir)?;
    dir.text("config.toml", &shards[0].config)?;
    dir.text(
        MARKER,
        &run_record(
            sets,
            source,
            &plan,
            Played {
                units,
                complete: true,
            },
        ),
    )?;
    let with_games: Vec<_> = shards
        .iter()
        .map(|s| s.dir.join("games.csv"))
        .filter(|p| p.is_file())
        .collect();
    if with_games.len() == shards.len() {
        let mut all = String::new();
        for (i, path) in with_games.iter().enumerate() {
            let text = fs::read_to_string(path)?;
            let body = if i == 0 {
                text.as_str()
            } else {
                text.split_once('\n').map_or("", |(_, rest)| rest)
            };
            all.push_str(body);
        }
        dir.text("games.csv", &all)?;
    }
    dir.text(
        "host.toml",
        &format!(
            "# Merged from {} shards.\ncommand = {:?}\n",
            shards.len(),
            std::env::args().collect::<Vec<_>>().join(" ")
        ),
    )?;
    let path = dir.commit()?;
    let mut text = format!(
        "whisker {} — {} shards merged: {} games\n\n",
        env!("CARGO_PKG_VERSION"),
        shards.len(),
        units
    );
    text += &export::table(&summary, &seats);
    text += &format!("\nresults in {}/\n", path.display());
    say(&text);
    Ok(())
}
