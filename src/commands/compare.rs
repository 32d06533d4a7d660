//! `whisker compare`: two rule sets on the same seeds, and how they differ.

use std::collections::BTreeMap;
use std::time::Instant;

use super::{
    finished, lineup, page, result_dir, run_plan, say, source, stopped_empty, strong_lineup,
    written,
};
use crate::commands::cli::CompareArgs;
use crate::core::cost::Cost;
use crate::core::failure::Failure;
use crate::core::game::{Roles, seat_name};
use crate::core::lineup::Bot;
use crate::core::runner::{self, Plan, Played};
use crate::core::signals;
use crate::games::with_game;
use crate::games::{self, MAX_SEATS, Registered};
use crate::io::config::{Override, Source};
use crate::io::record::{self, HostRecord, RunRecord, quote};
use crate::io::report::headline::Naming;
use crate::io::report::headline::compared_stall;
use crate::stats::compare::items::{self, ItemPlan, ItemSums};
use crate::stats::compare::{self, Paired, findings};
use crate::stats::sequential::{self, Call};
use crate::stats::strength::{self, Sign};

pub(crate) fn run(args: &CompareArgs) -> anyhow::Result<()> {
    let a = source(args.a.as_ref())?;
    let b = match &args.b {
        Some(path) => source(Some(path))?,
        None => a.clone(),
    };
    super::players_once(args.run.seats.players, &args.set_a)?;
    super::players_once(args.run.seats.players, &args.set_b)?;
    // Both sides are checked before either is refused, so every mistake shows at once.
    let (game_a, game_b) = match (
        games::load(&a, &args.set_a, args.run.seats.players),
        games::load(&b, &args.set_b, args.run.seats.players),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), Ok(_)) | (Ok(_), Err(e)) => return Err(e.into()),
        (Err(ea), Err(eb)) => {
            let (ea, eb) = (ea.to_string(), eb.to_string());
            // The same file's own mistake, read for both sides, is said once.
            let both = if ea == eb { ea } else { format!("{ea}\n{eb}") };
            return Err(Failure::Usage(both).into());
        }
    };
    with_game!(game_a, ga => with_game!(game_b, gb => {
        compare_games(&*ga, &*gb, args, [&a, &b])
    }))
}

/// What this command line changes, for the default folder `results/compare-<A>-vs-<B>+…`: each
/// variant gets its own folder, so `--set-b rules.max_turns=80` writes to
/// `compare-my-game-vs-my-game+b-rules.max_turns=80`, not over the last comparison.
/// The flags that change what a comparison plays but not its folder's name: a folder made
/// without them is not overwritten by a run with them, nor the other way round.
fn unnamed_parts(args: &CompareArgs) -> Vec<String> {
    let mut parts = args.sample.unnamed_parts();
    if args.sequential {
        parts.push("sequential".into());
    }
    parts.extend(args.tolerance.iter().map(|t| format!("tolerance-{t}")));
    parts
}

fn folder_parts(args: &CompareArgs, default_games: u64) -> Vec<String> {
    let mut parts = args.run.folder_parts(default_games);
    for (side, sets) in [("a", &args.set_a), ("b", &args.set_b)] {
        parts.extend(sets.iter().map(|o| format!("{side}-{}", o.arg)));
    }
    parts
}

fn compare_games<GA: Registered, GB: Registered>(
    ga: &GA,
    gb: &GB,
    args: &CompareArgs,
    sources: [&Source; 2],
) -> anyhow::Result<()> {
    let (resolved_a, resolved_b) = (ga.resolved(), gb.resolved());
    let (pa, pb) = (ga.players(), gb.players());
    if args.run.rotate_seats && pa != pb {
        return Err(Failure::Usage(format!(
            "--rotate-seats: A has {pa} players and B {pb}; seats rotate the same way on both sides only with as many players (give --players)"
        ))
        .into());
    }
    // Both sides play as many games: as many as the slower one plays when not told.
    let default_games = ga.default_games().min(gb.default_games());
    let (bots, rotate) = (args.run.seats.bots.as_deref(), args.run.rotate_seats);
    let lineup_b = lineup(gb, bots, pb, rotate);
    // A `--bots` one side's config takes and the other's refuses (a preset set on one side
    // only): the refusal says which side it is.
    if bots.is_some() {
        let lineup_a = lineup(ga, bots, pa, rotate);
        if let (Err(e), Ok(_)) | (Ok(_), Err(e)) = (&lineup_a, &lineup_b) {
            let (refuses, takes) = if lineup_a.is_err() {
                ("A", "B")
            } else {
                ("B", "A")
            };
            return Err(Failure::Usage(format!(
                "{e} (in {refuses}; {takes}'s config takes this --bots)"
            ))
            .into());
        }
    }
    let plan = run_plan(ga, &args.run, args.run.games.unwrap_or(default_games), pa)?;
    plan.check()?;
    let lineup_b = lineup_b?;
    let plan_b = Plan {
        lineup: lineup_b.clone(),
        roles: gb.roles(),
        ..plan.clone()
    };
    if let Some(s) = (0..pa.min(pb)).find(|&s| plan.lineup[s].label() != lineup_b[s].label()) {
        if bots.is_none() {
            // No --bots was given: each side's default seats a bot the other may not offer.
            return Err(Failure::Usage(format!(
                "A and B seat different default bots ({} gets {} in A but {} in B), and compare pairs the same bots on both sides: give --bots with bots both offer (`whisker bots CONFIG` lists them), such as --bots random",
                seat_name(s),
                plan.lineup[s].label(),
                lineup_b[s].label()
            ))
            .into());
        }
        return Err(Failure::Usage(format!(
            "--bots: {} gets {} in A but {} in B (a preset means a different bot in each config); compare pairs the same bots on both sides: to measure one bot against another, play them in one run with --rotate-seats", seat_name(s),
            plan.lineup[s].label(),
            lineup_b[s].label()
        ))
        .into());
    }
    if plan_b.offsets() != plan.offsets() {
        return Err(Failure::Usage(
            "--bots: A and B seat these bots differently (their seats' roles differ), so their games cannot be paired"
                .into(),
        )
        .into());
    }
    let bots = plan.bots();
    let bot_names: Vec<String> = bots.iter().map(Bot::label).collect();
    let bot_names: Vec<&str> = bot_names.iter().map(String::as_str).collect();
    let bot_rows = if plan.rotate { &bot_names[..] } else { &[] };
    let sides = [
        compare::Side {
            players: pa,
            summary: &ga.declared().summary,
            scored: ga.scored(),
            endings: &[],
        },
        compare::Side {
            players: pb,
            summary: &gb.declared().summary,
            scored: gb.scored(),
            endings: &[],
        },
    ];
    let tolerances = tolerances(args, sides, bot_rows)?;
    let limit_of = |metric: &str| {
        tolerances
            .get(metric)
            .copied()
            .or_else(|| sequential::tolerance(metric, sides[0].summary))
    };
    let dir = result_dir(
        args.out.as_ref(),
        "compare",
        &format!("{} {}", sources[0].name, sources[1].name),
        &format!("compare-{}-vs-{}", sources[0].stem, sources[1].stem),
        &folder_parts(args, default_games),
        &unnamed_parts(args),
    )?;

    let started = Instant::now();
    signals::catch();
    let bar = plan.bar(args.run.workers.quiet, Cost::compare);
    let item_plan = ItemPlan::new(ga.declared(), gb.declared());
    let looks = sequential::looks_of(args.sequential, plan.games);
    let looks_n = looks.len();
    // Each tested metric's call, kept from the look that made it.
    let mut calls: BTreeMap<String, Call> = BTreeMap::new();
    let (paired, item_sums, played) = play_pairs(
        ga,
        gb,
        (&plan, &looks),
        &lineup_b,
        &item_plan,
        &bar,
        |paired| {
            args.sequential
                && sequential::look(paired, sides, bot_rows, &limit_of, (&mut calls, looks_n))
        },
    )?;
    bar.finish_and_clear();
    if let (0, Some(signal)) = (played.units, played.stopped) {
        return Err(stopped_empty(signal, "any game"));
    }
    let elapsed = started.elapsed().as_secs_f64();
    // Stopped by the sequential test, the comparison is one of the games it played, and its
    // record replays exactly those.
    let asked = plan.total();
    let plan = if played.complete() {
        Plan {
            games: played.units / plan.rotations(),
            ..plan
        }
    } else {
        plan
    };
    let mut rows = compare::rows(&paired, sides, bot_rows);
    let sample = strength_pairs(ga, gb, (&plan, &lineup_b), &item_plan, args, played)?;
    let (strong_rows, none) = match &sample {
        SamplePair::Played { paired, .. } if paired.games() > 0 => {
            (compare::rows(paired, sides, &[]), Sign::NotPlayed)
        }
        SamplePair::Itself(_) => (Vec::new(), Sign::Itself),
        _ => (Vec::new(), Sign::NotPlayed),
    };
    compare::with_strength(&mut rows, &strong_rows, none);
    dir.csv("compare.csv", rows.iter())?;
    let item_rows = items::item_rows(&item_plan, &item_sums, compare::fair_shares(pa, pb));
    dir.table(items::FILE, &item_rows)?;
    dir.csv("game_length.csv", compare::lengths(&paired))?;
    dir.text("config_a.toml", &toml::to_string(resolved_a)?)?;
    dir.text("config_b.toml", &toml::to_string(resolved_b)?)?;
    // Seats are named by their roles, on the terminal and the page, where both sides' games
    // give each seat the same one (two games' seats are named by number alone).
    let roles = if ga.roles() == gb.roles() {
        Roles::of_seats(ga.roles(), pa.min(pb))
    } else {
        Vec::new()
    };
    let record = RunRecord {
        roles: roles.clone(),
        // Sides of different sizes seat different lineups: each is named.
        bots_b: if pa == pb {
            Vec::new()
        } else {
            lineup_b.iter().map(Bot::label).collect()
        },
        // Between two games or editions most rows differ by design; within one, a row on one
        // side only is a change the designer made.
        unpaired: if GA::GAME == GB::GAME && GA::EDITION == GB::EDITION {
            items::unpaired(ga.declared(), gb.declared())
        } else {
            Vec::new()
        },
        ..compare_record(args, sources, &plan, played, pb, &sample)
    };
    dir.text(record::RUN, &record.to_toml()?)?;
    dir.text(
        record::HOST,
        &HostRecord::new(plan.threads, elapsed, 2 * played.units).to_toml()?,
    )?;
    let page = page(&dir, args.run.report, crate::io::report::parts::NONE);
    let path = dir.commit(!played.complete())?;

    let side = |s: &Source, sets: &[Override]| {
        let sets: Vec<&str> = sets.iter().map(|o| o.arg.as_str()).collect();
        if sets.is_empty() {
            s.name.clone()
        } else {
            format!("{} with {}", s.name, sets.join(", "))
        }
    };
    let mut text = format!(
        "whisker {} — compare, {} each, seed {}, bots {}\n",
        env!("CARGO_PKG_VERSION"),
        crate::io::report::headline::games(paired.games()),
        plan.seed,
        record.bots.join(",")
            + &if record.bots_b.is_empty() {
                String::new()
            } else {
                format!(" in A, {} in B", record.bots_b.join(","))
            }
    );
    text += &format!(
        "  A: {}\n  B: {}\n\n",
        side(sources[0], &args.set_a),
        side(sources[1], &args.set_b)
    );
    // A change that leaves the config as it was (a value set to its default) plays the same
    // games twice: that is said, not left to read from a table of zeros.
    if resolved_a == resolved_b {
        text += "  B is the same game as A: its config resolves to the same rules and values, so B plays A's games again and every difference is 0.\n\n";
    }
    if let Some(signal) = played.stopped {
        text += &format!(
            "INTERRUPTED by {}: {} of {} games played on each side; the comparison below is of those (marked partial)\n\n",
            signals::name(signal),
            played.units,
            plan.total()
        );
    }
    let capped = rows.iter().find(|r| r.metric == "capped_rate");
    let share = |s: &str| s.parse::<f64>().unwrap_or(0.0);
    if let Some(stall) = capped
        .and_then(|r| compared_stall(share(&r.a), share(&r.b), [GA::REPORT.cap, GB::REPORT.cap]))
    {
        text += &format!("  ! {stall}\n\n");
    }
    if let SamplePair::Played {
        paired: p,
        elapsed,
        stopped,
        bots,
    } = &sample
    {
        text += &format!(
            "strength sample: {} games in {elapsed:.2} s ({:.0} games/s): the first {} seeds on each side, {}\n\n",
            2 * p.games(),
            2.0 * p.games() as f64 / elapsed.max(1e-9),
            p.games(),
            strength::played_by(bots)
        );
        if let Some(signal) = stopped {
            text += &format!(
                "INTERRUPTED by {} during the strength sample: its first {} games a side are kept; every game of the comparison was played\n\n",
                signals::name(*signal),
                p.games()
            );
        }
    }
    text += "  B − A: each change is B (the change tried) minus A (the reference); seats count from 1.\n";
    if let Some(counts) = findings::seat_counts_sentence(pa, pb) {
        text += &format!("  ! {counts}\n");
    }
    if args.sequential && played.complete() {
        let called: Vec<(&str, Call)> = rows
            .iter()
            .filter_map(|r| Some((r.metric.as_str(), *calls.get(&r.metric)?)))
            .collect();
        let took = format!("{} of {asked} games a side", played.units);
        let early = played.units < asked;
        text += &format!(
            "  {}\n",
            sequential::sentence(&called, early, &took, "comparison")
        );
    }
    // A length in the game's turns, where both sides' games call a turn the same.
    let naming = Naming {
        roles: &roles,
        turn: if GA::REPORT.turn == GB::REPORT.turn {
            GA::REPORT.turn
        } else {
            Naming::PLAIN.turn
        },
    };
    text += &format!("  {}\n\n", strength_sentence(&rows, &sample, naming));
    let sampled = matches!(sample, SamplePair::Played { .. });
    text += &findings::rank(findings::changes(&rows, &item_rows, naming)).text(sampled);
    text += &items::headline(&item_rows);
    if let Some(only) = items::unpaired_sentence(&record.unpaired) {
        text += &format!("  ! {only}\n");
    }
    text += "\n";
    text += &compare::table(&rows);
    text += &written(&path, args.run.report);
    // A run stopped by a signal keeps its exit code though its answer could not be written.
    let said = say(&text);
    finished(&path, page, played.stopped.or(sample.stopped())).and(said)
}

/// `--tolerance`s, each for a metric the sequential test weighs, at least 0; only with
/// `--sequential`, the one thing they change.
fn tolerances(
    args: &CompareArgs,
    sides: [compare::Side; 2],
    bots: &[&str],
) -> anyhow::Result<BTreeMap<String, f64>> {
    if !args.tolerance.is_empty() && !args.sequential {
        return Err(Failure::Usage(
            "--tolerance: tolerances are for --sequential (the comparison itself reports every change); add --sequential"
                .into(),
        )
        .into());
    }
    let tested: Vec<String> = compare::changes(&Paired::default(), sides, bots)
        .into_iter()
        .map(|c| c.metric)
        .collect();
    let mut out = BTreeMap::new();
    for (t, (metric, value)) in args
        .tolerance
        .iter()
        .zip(super::tolerance_args(&args.tolerance)?)
    {
        if !tested.contains(&metric) {
            return Err(Failure::Usage(format!(
                "--tolerance {t}: no metric `{metric}` is tested; tested: {}",
                tested.join(", ")
            ))
            .into());
        }
        // NaN is not a distance either.
        if value.is_nan() || value < 0.0 {
            return Err(Failure::Usage(format!(
                "--tolerance {t}: a tolerance is a distance, at least 0"
            ))
            .into());
        }
        out.insert(metric, value);
    }
    Ok(out)
}

/// Plays `plan`'s games on both sides, game by game on the same seeds: A with the plan's lineup,
/// B with `lineup_b` in the same seats.
fn play_pairs<GA: Registered, GB: Registered>(
    ga: &GA,
    gb: &GB,
    (plan, looks): (&Plan, &[u64]),
    lineup_b: &[Bot],
    item_plan: &ItemPlan,
    bar: &crate::core::progress::Progress,
    done: impl FnMut(&Paired) -> bool,
) -> anyhow::Result<(Paired, ItemSums, Played)> {
    let (pa, pb) = (ga.players(), gb.players());
    let seat_bots = plan.seat_bots();
    let mut sums = (Paired::default(), item_plan.sums());
    let mut done = done;
    let played = runner::play_in_looks(
        (plan, looks),
        bar,
        &mut sums,
        || {
            let scratch = (GA::Scratch::default(), GB::Scratch::default());
            let counts = (ga.declared().counts(), gb.declared().counts());
            (Paired::default(), item_plan.sums(), scratch, counts)
        },
        |(p, items, (sa, sb), (ca, cb)), unit, lineup| {
            // Common random numbers: both sides play game `i`, in the same seats, from the
            // same seed. B's bots are named alike, so its seats take A's rotation.
            let seats_b: [Bot; MAX_SEATS] =
                std::array::from_fn(|s| lineup_b[(s + unit.offset) % pb]);
            // Each game counts alone: its rows are compared game by game.
            ca.clear();
            cb.clear();
            let a = ga.play(unit.seed, &lineup[..pa], sa, ca);
            let b = gb.play(unit.seed, &seats_b[..pb], sb, cb);
            p.add(&a, &b, &seat_bots[unit.offset]);
            items.add(item_plan, ca, cb);
        },
        |(paired, item_sums), (p, items, ..)| {
            paired.merge(&p);
            item_sums.merge(&items);
        },
        |(paired, _)| done(paired),
    )?;
    Ok((sums.0, sums.1, played))
}

/// A comparison's strength sample: played, or why not.
enum SamplePair {
    Played {
        paired: Box<Paired>,
        elapsed: f64,
        stopped: Option<i32>,
        /// The lineup, as the record names it.
        bots: String,
    },
    /// Both sides' lineups are the strong one, so named.
    Itself(String),
    Not(&'static str),
}

impl SamplePair {
    /// Games a side it played and its lineup, for the record (none: no sample, or none
    /// finished).
    fn games(&self) -> Option<(u64, &str)> {
        match self {
            Self::Played { paired, bots, .. } => {
                Some((paired.games(), bots.as_str())).filter(|&(g, _)| g > 0)
            }
            _ => None,
        }
    }

    /// The sample as the run's words name it.
    fn said(&self) -> strength::Sample {
        match self {
            Self::Played { paired, bots, .. } if paired.games() > 0 => {
                strength::Sample::Played(bots.clone(), paired.games())
            }
            Self::Played { .. } => strength::Sample::Not(strength::STOPPED_FIRST.into()),
            Self::Itself(bots) => strength::Sample::Itself(bots.clone()),
            Self::Not(why) => strength::Sample::Not((*why).into()),
        }
    }

    fn stopped(&self) -> Option<i32> {
        match self {
            Self::Played { stopped, .. } => *stopped,
            _ => None,
        }
    }
}

/// Plays the comparison's first games again on both sides with the strong lineup, as
/// `--strength` asks (its auto size halved: each game is played on two sides), once the
/// comparison (`played`) is finished.
fn strength_pairs<GA: Registered, GB: Registered>(
    ga: &GA,
    gb: &GB,
    (plan, lineup_b): (&Plan, &[Bot]),
    item_plan: &ItemPlan,
    args: &CompareArgs,
    played: Played,
) -> anyhow::Result<SamplePair> {
    let (strong_a, name_a) = strong_lineup(ga, &args.sample.strength_bots)?;
    let (strong_b, name_b) = strong_lineup(gb, &args.sample.strength_bots)?;
    // Named as each side spells it out when they agree, else as it was asked: both sides'
    // configs are recorded, so that reproduces it.
    let bots = if name_a == name_b {
        name_a
    } else {
        args.sample.strength_bots.clone()
    };
    if plan.is_strong(&strong_a) && lineup_b == strong_b {
        return Ok(SamplePair::Itself(bots));
    }
    let auto = ga.strength_games().min(gb.strength_games()) / 2;
    let games = args.sample.strength.games(auto, plan.games);
    if games == 0 {
        return Ok(SamplePair::Not(args.sample.strength.none()));
    }
    if !played.complete() {
        return Ok(SamplePair::Not("(the comparison was stopped first)"));
    }
    let sample = plan.strength_sample(games, strong_a);
    let started = Instant::now();
    let bar = sample.bar(args.run.workers.quiet, Cost::compare);
    let (paired, _, played) = play_pairs(
        ga,
        gb,
        (&sample, &[sample.games]),
        &strong_b,
        item_plan,
        &bar,
        |_| false,
    )?;
    bar.finish_and_clear();
    Ok(SamplePair::Played {
        paired: Box::new(paired),
        elapsed: started.elapsed().as_secs_f64(),
        stopped: played.stopped,
        bots,
    })
}

/// The sentence that says whether the comparison's significant differences keep their sign
/// under strong play.
fn strength_sentence(rows: &[compare::Row], sample: &SamplePair, naming: Naming) -> String {
    let said = sample.said();
    let found: Vec<compare::Checked> = rows
        .iter()
        .filter(|r| r.significant == "yes")
        .filter(|r| !compare::read_over_fair(&r.metric, rows.iter().map(|o| o.metric.as_str())))
        .map(|r| compare::Checked {
            metric: &r.metric,
            diff: &r.diff,
            strong: [&r.strong_diff, &r.strong_ci_low, &r.strong_ci_high],
            play: r.strong_play,
        })
        .collect();
    let (warns, sentence) = compare::strength_sentence(&found, &said, naming);
    format!("{}{sentence}", if warns { "! " } else { "" })
}

/// `run.toml` of a comparison.
fn compare_record(
    args: &CompareArgs,
    sources: [&Source; 2],
    plan: &Plan,
    played: Played,
    players_b: usize,
    sample: &SamplePair,
) -> RunRecord {
    let strength = sample.games();
    let bots: Vec<String> = plan.lineup.iter().map(Bot::label).collect();
    let sets = |v: &[Override]| v.iter().map(|o| o.arg.clone()).collect::<Vec<_>>();
    let mut reproduce = String::from("whisker compare");
    for p in [&args.a, &args.b].into_iter().flatten() {
        reproduce += &format!(" {}", quote(&p.to_string_lossy()));
    }
    // A partial comparison is reproduced by the run of the whole games it holds.
    let games = if played.complete() {
        plan.games
    } else {
        played.units / plan.rotations()
    };
    reproduce += &format!(" --games {games} --seed {}", plan.seed);
    // `--players` sets both sides: named only when it was given, so sides of different sizes
    // are played again at their own.
    if let Some(p) = args.run.seats.players {
        reproduce += &format!(" --players {p}");
    }
    // The bots as given; not given, as seated, unless the sides differ in size (`players_b`)
    // and each took its own default.
    match &args.run.seats.bots {
        Some(given) => reproduce += &format!(" --bots {}", quote(given)),
        None if players_b == plan.lineup.len() => {
            reproduce += &format!(" --bots {}", quote(&bots.join(",")));
        }
        None => {}
    }
    if plan.rotate {
        reproduce += " --rotate-seats";
    }
    for (flag, v) in [("--set-a", &args.set_a), ("--set-b", &args.set_b)] {
        for o in v {
            reproduce += &format!(" {flag} {}", quote(&o.arg));
        }
    }
    reproduce += &sample.said().reproduce();
    RunRecord {
        config_a: Some(sources[0].name.clone()),
        config_b: Some(sources[1].name.clone()),
        set_a: sets(&args.set_a),
        set_b: sets(&args.set_b),
        seed: plan.seed,
        games: plan.games,
        rotate_seats: plan.rotate,
        played: Some(played.units),
        partial: !played.complete(),
        bots,
        strength_bots: strength.map(|s| s.1.to_string()),
        strength_games: strength.map(|s| s.0),
        reproduce,
        ..RunRecord::new("compare")
    }
}
