//! `whisker compare`: two rule sets on the same seeds, and how they differ.

use std::path::PathBuf;
use std::time::Instant;

use super::{host_record, lineup, say, source};
use crate::cli::CompareArgs;
use crate::compare::{self, Paired};
use crate::config::{Override, Source};
use crate::games::{self, BotNames, Game};
use crate::output::{MARKER, ResultDir};
use crate::progress::games_bar;
use crate::runner::{self, Plan};
use crate::with_game;

pub fn run(args: &CompareArgs) -> anyhow::Result<()> {
    let a = source(args.a.as_ref())?;
    let b = match &args.b {
        Some(path) => Source::from_file(path)?,
        None => a.clone(),
    };
    let game_a = games::load(&a, &args.set_a, args.run.players)?;
    let game_b = games::load(&b, &args.set_b, args.run.players)?;
    with_game!(game_a, ga => with_game!(game_b, gb => {
        compare_games(&*ga, &ga.resolved, &*gb, &gb.resolved, args, [&a, &b])
    }))
}

fn compare_games<GA: Game, GB: Game>(
    ga: &GA,
    resolved_a: &toml::Table,
    gb: &GB,
    resolved_b: &toml::Table,
    args: &CompareArgs,
    sources: [&Source; 2],
) -> anyhow::Result<()>
where
    GA::Bot: BotNames,
    GB::Bot: BotNames,
{
    let (pa, pb) = (ga.players(), gb.players());
    let plan = Plan {
        games: args.run.games,
        seed: args.run.seed,
        lineup: lineup::<GA::Bot>(&args.run.bots, pa)?,
        rotate: false,
        threads: args.run.threads.map(|t| t as usize),
        shard: None,
    };
    let lineup_b = lineup::<GB::Bot>(&args.run.bots, pb)?;
    let out = args.out.clone().unwrap_or_else(|| {
        // Each variant gets its own folder: `--set-b chips.blue.high=3` writes to
        // compare-cheese-vs-cheese-b-chips.blue.high-3, not over the last comparison.
        let mut name = format!("compare-{}-vs-{}", sources[0].stem, sources[1].stem);
        for (side, sets) in [("a", &args.set_a), ("b", &args.set_b)] {
            for o in sets.iter() {
                let arg: String = o
                    .arg
                    .chars()
                    .map(|c| {
                        if c.is_alphanumeric() || c == '.' || c == '_' {
                            c
                        } else {
                            '-'
                        }
                    })
                    .collect();
                name += &format!("-{side}-{arg}");
            }
        }
        PathBuf::from("results").join(name)
    });
    let dir = ResultDir::create(&out)?;

    let started = Instant::now();
    let bar = games_bar(plan.total(), args.run.quiet);
    let mut paired = Paired::default();
    runner::play_all(
        &plan,
        &bar,
        || {
            let scratch = (GA::Scratch::default(), GB::Scratch::default());
            let counters = (GA::Counters::default(), GB::Counters::default());
            (Paired::default(), scratch, counters)
        },
        |(p, (sa, sb), (ca, cb)), unit, lineup| {
            // Common random numbers: both sides play game `i` from the same seed.
            let a = ga.play(unit.seed, &lineup[..pa], sa, ca);
            let b = gb.play(unit.seed, &lineup_b, sb, cb);
            p.add(&a, &b);
        },
        |(p, ..)| {
            paired.merge(&p);
            Ok(())
        },
    )?;
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();

    let rows = compare::rows(&paired, pa, pb);
    dir.csv("compare.csv", rows.iter())?;
    dir.csv("game_length.csv", compare::lengths(&paired))?;
    dir.text("config_a.toml", &toml::to_string(resolved_a)?)?;
    dir.text("config_b.toml", &toml::to_string(resolved_b)?)?;
    dir.text(MARKER, &compare_record(args, sources, &plan))?;
    dir.text(
        "host.toml",
        &host_record(plan.threads, elapsed, 2 * plan.total()),
    )?;
    if args.run.report {
        dir.report();
    }
    let path = dir.commit()?;

    let side = |s: &Source, sets: &[Override]| {
        let sets: Vec<&str> = sets.iter().map(|o| o.arg.as_str()).collect();
        if sets.is_empty() {
            s.name.clone()
        } else {
            format!("{} with {}", s.name, sets.join(", "))
        }
    };
    let mut text = format!(
        "whisker {} — compare, {} games each, seed {}\n",
        env!("CARGO_PKG_VERSION"),
        plan.games,
        plan.seed
    );
    text += &format!(
        "  A: {}\n  B: {}\n\n",
        side(sources[0], &args.set_a),
        side(sources[1], &args.set_b)
    );
    text += &compare::table(&rows);
    text += &format!("\nresults in {}/\n", path.display());
    say(&text);
    Ok(())
}

/// `run.toml` of a comparison.
fn compare_record<B: BotNames + Copy + PartialEq>(
    args: &CompareArgs,
    sources: [&Source; 2],
    plan: &Plan<B>,
) -> String {
    let bots: Vec<&str> = plan.lineup.iter().map(|b| b.name()).collect();
    let sets = |v: &[Override]| v.iter().map(|o| o.arg.clone()).collect::<Vec<_>>();
    let mut reproduce = String::from("whisker compare");
    for p in [&args.a, &args.b].into_iter().flatten() {
        reproduce += &format!(" {}", p.display());
    }
    reproduce += &format!(
        " --games {} --seed {} --players {} --bots {}",
        plan.games,
        plan.seed,
        plan.lineup.len(),
        bots.join(",")
    );
    for (flag, v) in [("--set-a", &args.set_a), ("--set-b", &args.set_b)] {
        for o in v {
            reproduce += &format!(" {flag} '{}'", o.arg);
        }
    }
    format!(
        "whisker_version = {:?}\ncommand = \"compare\"\nconfig_a = {:?}\nconfig_b = {:?}\nset_a = {:?}\nset_b = {:?}\nseed = {}\ngames = {}\nbots = {:?}\nreproduce = {:?}\n",
        env!("CARGO_PKG_VERSION"),
        sources[0].name,
        sources[1].name,
        sets(&args.set_a),
        sets(&args.set_b),
        plan.seed,
        plan.games,
        bots,
        reproduce,
    )
}
