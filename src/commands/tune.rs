//! `whisker tune`: the values of one or more config keys (or bot parameters) that put the
//! figures a designer names inside their target bands, found by racing the points of the keys'
//! grid on common seeds: every point still in the race plays the same games, twice as many each
//! round, until one is confirmed (each target figure's 95% interval inside its band), or every
//! point is out (some figure's interval wholly outside its band), or the budget is spent.

use std::collections::BTreeMap;
use std::path::Path;

use super::{finished, lineup, page, result_dir, say, source, strong_lineup, written};
use crate::commands::cli::TuneArgs;
use crate::commands::target::Target;
use crate::commands::vary::{bot_param, check_keys, grid, value_of};
use crate::core::failure::Failure;
use crate::core::lineup::{Bot, with_args};
use crate::core::progress::{Progress, round_bar};
use crate::core::runner::{self, Plan};
use crate::core::signals;
use crate::games::{self, Game, Registered, with_game};
use crate::io::config::{Override, Source};
use crate::io::record::quote;
use crate::stats::{Estimate, num};

/// Games each point plays in the first round; each round doubles it.
const FIRST_ROUND: u64 = 1_000;
/// A grid of more points than this starts at a quarter of [`FIRST_ROUND`]: most of a large
/// grid is far from the answer, and fewer games show it.
const MANY_POINTS: usize = 16;
/// The most points a tune's grid may have.
const MAX_POINTS: usize = 1_000;

/// Where a point stands against the targets after a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// Every target's interval inside its band (on the race's seeds: a point is confirmed only
    /// when it is also inside on fresh ones).
    Inside,
    /// Some target's interval wholly outside its band: no more games can bring it in.
    Out,
    /// Not clear yet.
    Racing,
}

impl Standing {
    /// The word for a point on fresh seeds: inside there, it is confirmed.
    fn fresh(self) -> &'static str {
        match self {
            Self::Inside => "confirmed",
            _ => self.word(),
        }
    }

    fn word(self) -> &'static str {
        match self {
            Self::Inside => "inside",
            Self::Out => "out",
            Self::Racing => "racing",
        }
    }
}

/// A point's figures, by the names `--target` gives them.
type Figures = BTreeMap<String, Estimate>;

/// A figure by its name; unknown (no interval, so neither in nor out) where these games have
/// nothing to count it by (a rate of an event none of them had).
fn figure(figures: &Figures, metric: &str) -> Estimate {
    figures.get(metric).copied().unwrap_or(Estimate::UNKNOWN)
}

/// Every figure `tune` can aim at, by the name it takes: `summary.csv`'s metrics, each seat's
/// and role's win rate (`seat_1_win_rate`, `mouse_win_rate`) and each ending's share
/// (`ending_<name>`), with their intervals.
fn figures<G: Game>(game: &G, report: &runner::Report) -> Figures {
    let mut out = BTreeMap::new();
    for (from, name, e) in crate::stats::strength::headline(game, &report.totals, &report.counts) {
        let key = match from {
            "seats" => format!("seat_{}_win_rate", name.trim_start_matches("seat ").trim()),
            "roles" => format!("{name}_win_rate"),
            "endings" => crate::stats::compare::ending_metric(game.declared().ending, &name),
            _ => name,
        };
        out.insert(key, e);
    }
    // summary.csv's other name for seat 1's.
    if let Some(&e) = out.get("seat_1_win_rate") {
        out.insert("first_seat_win_rate".into(), e);
    }
    // A scored game's points: each seat's mean score, and every seat's together, as
    // `seats.csv` and `sweep.csv` give them.
    if game.scored() {
        let seats = &report.totals.seat_scores[..game.players()];
        let mut all = crate::stats::Histogram::default();
        for (s, h) in seats.iter().enumerate() {
            let name = format!("seat_{}_mean_score", crate::core::game::seat_number(s));
            out.insert(name, h.mean());
            all.merge(h);
        }
        out.insert("mean_score".into(), all.mean());
    }
    out
}

/// The config overrides at `point`: every `--set`, then the point's config keys.
fn config_at(args: &TuneArgs, point: &[Override]) -> Vec<Override> {
    let keys = point.iter().filter(|o| bot_param(o).is_none());
    args.set.iter().chain(keys).cloned().collect()
}

/// The lineup at `point`: `--bots` (or the game's own), with each bot parameter the point
/// sets given to every seat that plays that bot.
fn lineup_at<G: Registered>(
    game: &G,
    args: &TuneArgs,
    point: &[Override],
) -> Result<Vec<Bot>, Failure> {
    let mut bots = lineup(game, args.seats.bots.as_deref(), game.players(), false)?;
    for o in point {
        let Some((kind, param)) = bot_param(o) else {
            continue;
        };
        let seats = bots.iter().filter(|b| b.kind.name == kind).count();
        if seats == 0 {
            return Err(Failure::Usage(format!(
                "--vary {}: no seat plays `{kind}`; the lineup is {}",
                o.arg,
                labels(&bots)
            )));
        }
        for bot in bots.iter_mut().filter(|b| b.kind.name == kind) {
            let set = format!("{param}={}", value_of(o));
            *bot = with_args(*bot, Some(&set), &o.arg).map_err(|f| match f {
                Failure::Usage(m) => {
                    Failure::Usage(m.replacen("--bots", &format!("--vary {}", o.arg), 1))
                }
                other => other,
            })?;
        }
    }
    Ok(bots)
}

/// The figures of a point played in the race, or `None` once a signal stopped its games (kept
/// in `stopped`); a refusal now, after every point was checked, is an error.
fn figures_of(
    result: Result<Played, String>,
    stopped: &mut Option<i32>,
) -> anyhow::Result<Option<Figures>> {
    match result {
        Ok(Ok(figures)) => Ok(Some(figures)),
        Ok(Err(signal)) => {
            *stopped = Some(signal);
            Ok(None)
        }
        Err(why) => Err(Failure::Usage(why).into()),
    }
}

/// A lineup as `--bots` takes it back: each seat's bot in turn.
fn labels(bots: &[Bot]) -> String {
    bots.iter().map(Bot::label).collect::<Vec<_>>().join(",")
}

/// A window of the run's seeds: `games` games from game `skip` on (a confirmation plays seeds
/// the race never played).
type Window = (u64, u64);

/// What a point's games gave: its figures, or the signal that stopped them.
type Played = Result<Figures, i32>;

/// A table a point plays at besides the run's own, as a target names it after `@`: another
/// player count (`mean_turns@5`), or strong play, the strength sample's lineup
/// (`seat_1_win_rate@strong`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Table {
    Players(usize),
    Strong,
}

impl Table {
    fn of(name: &str) -> Option<Self> {
        match name.split_once('@')?.1 {
            "strong" => Some(Self::Strong),
            p => p.parse().ok().map(Self::Players),
        }
    }

    fn suffix(self) -> String {
        match self {
            Self::Players(p) => format!("@{p}"),
            Self::Strong => "@strong".into(),
        }
    }
}

/// How a tune plays its points: at the run's own table and at every other a target names
/// ([`Table`]), the changes a target names (`mean_turns@5-mean_turns@4`), and each kept
/// figure's change from the config as given (`mean_turns_change`), all on the same seeds.
struct Plays<'a> {
    source: &'a Source,
    args: &'a TuneArgs,
    /// The tables beyond the run's own that targets name.
    others: Vec<Table>,
    /// The kept figures.
    keeps: Vec<String>,
    /// The config as given, by window: what kept figures are measured against.
    baseline: BTreeMap<Window, Figures>,
    /// Games played so far, every table counted.
    spent: u64,
    /// The round's bar.
    bar: Progress,
    /// The most games a default `simulate` of any point's config plays.
    default_games: u64,
    /// The fewest games the strength sample of any point's config plays in about ten seconds.
    strength_games: u64,
    /// Players at the own table of the point last loaded: a `@P` naming that count is that table.
    players: usize,
}

impl<'a> Plays<'a> {
    fn new(source: &'a Source, args: &'a TuneArgs) -> Self {
        let mut others = Vec::new();
        for name in args
            .target
            .iter()
            .flat_map(|t| t.metric.split('-'))
            .chain(args.keep.iter().map(|k| k.metric.as_str()))
        {
            if let Some(table) = Table::of(name)
                && !others.contains(&table)
            {
                others.push(table);
            }
        }
        others.sort_unstable();
        Self {
            source,
            args,
            others,
            keeps: Vec::new(),
            baseline: BTreeMap::new(),
            spent: 0,
            bar: Progress::hidden(),
            default_games: 0,
            strength_games: u64::MAX,
            players: 0,
        }
    }

    /// Tables each point plays at.
    fn tables(&self) -> u64 {
        // `@P` at the own count is the own table, played once (see `tables_at`).
        let own = Table::Players(self.players);
        1 + self.others.iter().filter(|&t| *t != own).count() as u64
    }

    /// Games a round of `points` points costs on `window`, the config as given included when a
    /// figure is kept and it has not played these seeds yet.
    fn cost(&self, points: usize, (games, skip): Window) -> u64 {
        let baseline = !self.keeps.is_empty() && !self.baseline.contains_key(&(games, skip));
        games * self.tables() * (points as u64 + u64::from(baseline))
    }

    /// One table at `point` (the run's own for `None`): `Err(why)` when the config or the
    /// lineup refuses it.
    fn table(
        &mut self,
        point: &[Override],
        table: Option<Table>,
        (games, skip): Window,
    ) -> anyhow::Result<Result<Played, String>> {
        let args = self.args;
        let players = match table {
            Some(Table::Players(p)) => Some(p),
            _ => args.seats.players,
        };
        let refused = |e: &dyn std::fmt::Display| {
            let mut flags: Vec<String> =
                point.iter().map(|o| format!("--vary {}", o.arg)).collect();
            if flags.is_empty() {
                // The config as given, which a --keep measures its figures against.
                flags.push(
                    "the config as given (a --keep's figures are measured against it)".into(),
                );
            }
            let at = match table {
                Some(Table::Players(p)) => {
                    format!(" at {p} players (@{p} in a --target or --keep)")
                }
                Some(Table::Strong) => {
                    " under strong play (@strong in a --target or --keep)".into()
                }
                None => String::new(),
            };
            let said = e.to_string();
            // A refusal that names its --vary already is not told it twice.
            match flags.iter().find(|f| said.starts_with(&format!("{f}:"))) {
                Some(_) if at.is_empty() => said,
                _ => format!("{}{at}: {said}", flags.join(" ")),
            }
        };
        let loaded = match games::load(self.source, &config_at(args, point), players) {
            Ok(loaded) => loaded,
            Err(e) => return Ok(Err(refused(&e))),
        };
        with_game!(loaded, game => {
            self.default_games = self.default_games.max(game.default_games());
            self.strength_games = self.strength_games.min(game.strength_games());
            if table.is_none() {
                self.players = game.players();
            }
            let mut plan = match plan_of(&*game, args, point, skip + games) {
                Ok(plan) => Plan { skip, ..plan },
                Err(e) => return Ok(Err(refused(&e))),
            };
            if table == Some(Table::Strong) {
                match strong_lineup(&*game, crate::stats::strength::BOTS) {
                    Ok((strong, _)) => plan.lineup = strong,
                    Err(e) => return Ok(Err(refused(&e))),
                }
            }
            self.spent += games;
            let report = runner::run(&*game, &plan, &self.bar, None)?;
            Ok(Ok(match report.played.stopped {
                Some(signal) => Err(signal),
                None => Ok(figures(&*game, &report)),
            }))
        })
    }

    /// Every table at `point`, and the changes targets name.
    fn tables_at(
        &mut self,
        point: &[Override],
        window: Window,
    ) -> anyhow::Result<Result<Played, String>> {
        let mut all = Figures::new();
        let mut own = (0, Figures::new());
        for table in std::iter::once(None).chain(self.others.clone().into_iter().map(Some)) {
            // `@P` at the point's own player count is its own table, not played twice.
            if table == Some(Table::Players(own.0)) {
                let suffix = Table::Players(own.0).suffix();
                all.extend(own.1.iter().map(|(k, &e)| (k.clone() + &suffix, e)));
                continue;
            }
            let figures = match self.table(point, table, window)? {
                Ok(Ok(figures)) => figures,
                other => return Ok(other),
            };
            if table.is_none() {
                own = (self.players, figures.clone());
            }
            match table {
                Some(t) => all.extend(figures.into_iter().map(|(k, e)| (k + &t.suffix(), e))),
                None => all.extend(figures),
            }
        }
        for t in &self.args.target {
            if let Some((a, b)) = t.metric.split_once('-')
                && let (Some(&ea), Some(&eb)) = (all.get(a), all.get(b))
            {
                all.insert(t.metric.clone(), crate::stats::strength::change(ea, eb));
            }
        }
        Ok(Ok(Ok(all)))
    }

    /// The figures of `point` on `window`: `Err(why)` when the config or the lineup refuses it.
    fn at(&mut self, point: &[Override], window: Window) -> anyhow::Result<Result<Played, String>> {
        let mut all = match self.tables_at(point, window)? {
            Ok(Ok(all)) => all,
            other => return Ok(other),
        };
        if self.keeps.is_empty() {
            return Ok(Ok(Ok(all)));
        }
        if !self.baseline.contains_key(&window) {
            let now = match self.tables_at(&[], window)? {
                Ok(Ok(now)) => now,
                Ok(Err(signal)) => return Ok(Ok(Err(signal))),
                Err(why) => return Err(Failure::Usage(why).into()),
            };
            self.baseline.insert(window, now);
        }
        let now = &self.baseline[&window];
        for metric in &self.keeps {
            if let (Some(&e), Some(&then)) = (all.get(metric), now.get(metric)) {
                let change = crate::stats::strength::change(e, then);
                all.insert(format!("{metric}_change"), change);
            }
        }
        Ok(Ok(Ok(all)))
    }
}

fn plan_of<G: Registered>(
    game: &G,
    args: &TuneArgs,
    point: &[Override],
    games: u64,
) -> Result<Plan, Failure> {
    Ok(Plan {
        games,
        seed: args.seed,
        lineup: lineup_at(game, args, point)?,
        rotate: false,
        roles: game.roles(),
        threads: args.workers.threads,
        shard: None,
        stop_after: None,
        skip: 0,
    })
}

/// A point's standing on its figures.
fn standing(targets: &[Target], figures: &Figures) -> Standing {
    let mut all_in = true;
    for t in targets {
        let e = figure(figures, &t.metric);
        if t.misses(e.low, e.high) {
            return Standing::Out;
        }
        all_in &= t.holds(e);
    }
    if all_in {
        Standing::Inside
    } else {
        Standing::Racing
    }
}

/// How far a point's figures are from their bands, the farthest ([`Target::off_centre`]).
fn off_centre(targets: &[Target], figures: &Figures) -> f64 {
    targets
        .iter()
        .map(|t| t.off_centre(figure(figures, &t.metric).value))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// `n point(s)`, or `value(s)` with one key.
fn points(n: usize, keys: usize) -> String {
    let word = if keys == 1 { "value" } else { "point" };
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// A point as the words say it: `rules.rooms = 13`, `rules.rooms = 13, rules.room_loot = 2`.
fn label(point: &[Override]) -> String {
    point
        .iter()
        .map(|o| format!("{} = {}", o.path, value_of(o)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses what [`check_keys`] refuses, or a grid too large.
fn check_vary(args: &TuneArgs) -> Result<(), Failure> {
    check_keys(&args.vary, &args.set, args.seats.players)?;
    let size = args
        .vary
        .iter()
        .try_fold(1usize, |n, v| n.checked_mul(v.values.len()));
    match size {
        Some(n) if n <= MAX_POINTS => Ok(()),
        _ => Err(Failure::Usage(format!(
            "--vary: the grid of every combination has more than {MAX_POINTS} points; a tune tries at most {MAX_POINTS}: give fewer values"
        ))),
    }
}

/// The keys that changed nothing: points that differ in that key alone played the very same
/// games, by every figure. Each is the index of its `--vary`.
fn idle_keys(index: &[Vec<usize>], played: &BTreeMap<usize, Figures>, keys: usize) -> Vec<usize> {
    (0..keys)
        .filter(|&k| {
            let mut by_rest: BTreeMap<Vec<usize>, &Figures> = BTreeMap::new();
            let mut pairs = 0;
            for (&p, f) in played {
                let mut rest = index[p].clone();
                rest[k] = 0;
                match by_rest.get(&rest) {
                    Some(&first) if first != f => return false,
                    Some(_) => pairs += 1,
                    None => {
                        by_rest.insert(rest, f);
                    }
                }
            }
            pairs > 0
        })
        .collect()
}

/// Where a target figure jumps over its band between neighbouring values of one key, the
/// other keys alike: one value's interval wholly below the band and the next one's wholly
/// above (or the reverse), so no value of that key between them can meet it.
fn cliffs(
    args: &TuneArgs,
    targets: &[Target],
    grid: &[Vec<Override>],
    index: &[Vec<usize>],
    latest: &BTreeMap<usize, (Figures, u64)>,
) -> Vec<String> {
    // Only a key whose values run upwards has neighbours with nothing between them.
    let upwards: Vec<bool> = args
        .vary
        .iter()
        .map(|v| {
            let numbers: Option<Vec<f64>> =
                v.values.iter().map(|o| value_of(o).parse().ok()).collect();
            numbers.is_some_and(|n| n.windows(2).all(|w| w[0] < w[1]))
        })
        .collect();
    let mut out = Vec::new();
    for (&a, (fa, _)) in latest {
        for (&b, (fb, _)) in latest {
            let Some(k) = (0..args.vary.len()).find(|&k| index[b][k] == index[a][k] + 1) else {
                continue;
            };
            if !upwards[k] {
                continue;
            }
            if (0..args.vary.len()).any(|j| j != k && index[a][j] != index[b][j]) {
                continue;
            }
            for t in targets {
                let (ea, eb) = (figure(fa, &t.metric), figure(fb, &t.metric));
                let below = |e: Estimate| e.high < t.low;
                let above = |e: Estimate| e.low > t.high;
                if (below(ea) && above(eb)) || (above(ea) && below(eb)) {
                    out.push(format!(
                        "{} jumps over its band ({}) from {} at {} to {} at {}",
                        t.metric,
                        t.band(),
                        t.shown(ea.value),
                        label(&grid[a]),
                        t.shown(eb.value),
                        label(&grid[b])
                    ));
                }
            }
        }
    }
    out
}

/// The first few of a list, joined, and how many more there are.
fn at_most(mut list: Vec<String>) -> String {
    const SHOWN: usize = 4;
    let more = list.len().saturating_sub(SHOWN);
    list.truncate(SHOWN);
    let mut text = list.join("; ");
    if more > 0 {
        text += &format!("; and {more} more");
    }
    text
}

/// The figures of the targets, as the words say them.
fn said(targets: &[Target], figures: &Figures) -> String {
    targets
        .iter()
        .map(|t| {
            let e = figure(figures, &t.metric);
            format!(
                "{} {} ({}–{}; target {})",
                t.metric,
                t.shown(e.value),
                t.shown(e.low),
                t.shown(e.high),
                t.band()
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The default folder's name after the config's: everything that makes the tune what it is, so
/// that two tunes never share a folder (a second target once replaced the first's answer).
fn folder_parts(args: &TuneArgs) -> Vec<String> {
    let mut parts: Vec<String> = args.vary.iter().map(|v| v.arg.clone()).collect();
    parts.extend(args.target.iter().map(|t| t.arg.clone()));
    parts.extend(args.keep.iter().map(|k| format!("keep-{}", k.arg)));
    parts.extend(args.set.iter().map(|o| format!("set-{}", o.arg)));
    if let Some(p) = args.seats.players {
        parts.push(format!("players-{p}"));
    }
    if let Some(bots) = &args.seats.bots {
        parts.push(format!("bots-{bots}"));
    }
    if args.seed != crate::commands::cli::DEFAULT_SEED {
        parts.push(format!("seed-{}", args.seed));
    }
    if let Some(games) = args.max_games {
        parts.push(format!("max-games-{games}"));
    }
    parts
}

/// What the budget's games under strong play may cost, said before they are played when it is
/// more than about a minute and a half: the search is hundreds of times slower than the
/// default bots, and its share of the budget is a table's. The rate is the one the strength
/// sample is sized by (about ten seconds of it on two cores), not timed, so the line is the
/// same on any machine.
fn strong_cost(plays: &Plays, budget: u64) -> String {
    if !plays.others.contains(&Table::Strong) || plays.strength_games == u64::MAX {
        return String::new();
    }
    let strong = budget / plays.tables();
    let rate = plays.strength_games as f64 / 10.0;
    let seconds = strong as f64 / rate;
    if seconds < 90.0 {
        return String::new();
    }
    format!(
        ", up to {strong} of them under strong play: at about {} games/s on two cores, up to {} (Ctrl-C keeps every finished round)",
        crate::core::cost::rate_text(rate),
        crate::core::cost::duration(seconds)
    )
}

pub(crate) fn run(args: &TuneArgs) -> anyhow::Result<i32> {
    let source = source(args.config.as_ref())?;
    check_vary(args)?;
    // `--keep X` holds X's change: `--keep X_change` is X's change's change, no figure at all.
    for k in &args.keep {
        if k.metric
            .split('@')
            .next()
            .is_some_and(|m| m.ends_with("_change"))
        {
            return Err(Failure::Usage(format!(
                "--keep {}: --keep names a figure and holds its change from the config as given: --keep {}",
                k.arg,
                k.arg.replacen("_change", "", 1)
            ))
            .into());
        }
    }
    // A rate lies between 0 and 1: `..15` is a `%` left out, never a band a rate can miss.
    for t in &args.target {
        // A change of rates lies between -1 and 1.
        let range = if t.metric.contains('-') {
            -1.0..=1.0
        } else {
            0.0..=1.0
        };
        let rate = t.metric.split('-').all(crate::stats::is_rate);
        if rate
            && [t.low, t.high]
                .iter()
                .any(|x| x.is_finite() && !range.contains(x))
        {
            return Err(Failure::Usage(format!(
                "--target {}: {} is a rate, between {} and 1: write a percentage with its % (15%) or a fraction (0.15)",
                t.arg,
                t.metric,
                range.start()
            ))
            .into());
        }
    }
    let keys = args.vary.len();
    let grid = grid(&args.vary);
    // Each point's value of each key, as an index into its `--vary`'s values.
    let index: Vec<Vec<usize>> = (0..grid.len())
        .map(|p| {
            let mut rest = p;
            let mut at = vec![0; keys];
            for (k, v) in args.vary.iter().enumerate().rev() {
                at[k] = rest % v.values.len();
                rest /= v.values.len();
            }
            at
        })
        .collect();
    // Every point is loaded, and so checked, before the race, and one game of each names the
    // figures it has (a seat's win rate exists only at tables that seat it). A grid may hold
    // points the config refuses (too many chips in the bag): they are left out, and said; when
    // every point is, the first refusal is the error.
    let mut plays = Plays::new(&source, args);
    plays.keeps = args.keep.iter().map(|k| k.metric.clone()).collect();
    let mut refused: Vec<(usize, String)> = Vec::new();
    let mut usable: Vec<usize> = Vec::new();
    for (p, point) in grid.iter().enumerate() {
        let names: Vec<String> = match plays.at(point, (1, 0))? {
            Ok(Ok(figures)) => figures.into_keys().collect(),
            Ok(Err(signal)) => return Err(Failure::Interrupted(signal).into()),
            Err(why) => {
                refused.push((p, why));
                continue;
            }
        };
        usable.push(p);
        // `X@P` at the config's own count is the run's own table: `mean_turns@4-mean_turns`
        // at 4 players compares a figure with itself, as `mean_turns-mean_turns` does.
        let own = format!("@{}", plays.players);
        let alone = |m: &str| m.strip_suffix(own.as_str()).unwrap_or(m).to_string();
        if !args.vary.iter().any(|v| v.key == "rules.players")
            && let Some(t) = args.target.iter().find(|t| {
                t.metric
                    .split_once('-')
                    .is_some_and(|(a, b)| alone(a) == alone(b))
            })
        {
            let why = if t.metric.contains(own.as_str()) {
                format!(" ({own} is the config's own table)")
            } else {
                String::new()
            };
            return Err(Failure::Usage(format!(
                "--target {}: compares a figure with itself{why}, which every value meets: name two figures, like mean_turns@5-mean_turns@4",
                t.arg
            ))
            .into());
        }
        let keeps = args
            .keep
            .iter()
            .map(|k| ("--keep", &k.arg, format!("{}_change", k.metric)));
        let asked = args
            .target
            .iter()
            .map(|t| ("--target", &t.arg, t.metric.clone()));
        for (flag, arg, metric) in asked.chain(keeps) {
            let plain = metric.trim_end_matches("_change");
            if flag == "--target"
                && !names.contains(&metric)
                && plain != metric
                && names.iter().any(|n| n == plain)
            {
                return Err(Failure::Usage(format!(
                    "{flag} {arg}: a figure's change from the config as given is held by --keep {plain}=TOL (within ±TOL), not a target"
                ))
                .into());
            }
            if !names.contains(&metric) {
                let shown = names
                    .iter()
                    .filter(|n| !n.ends_with("_change") && !n.contains('-'));
                return Err(Failure::Usage(format!(
                    "{flag} {arg}: no figure `{}` at {}; its figures: {}",
                    metric.trim_end_matches("_change"),
                    label(point),
                    shown.cloned().collect::<Vec<_>>().join(", ")
                ))
                .into());
            }
        }
    }
    // One band a figure: a second is either the same or one no value can meet with the first.
    for (i, t) in args.target.iter().enumerate() {
        if let Some(first) = args.target[..i].iter().find(|u| u.metric == t.metric) {
            return Err(Failure::Usage(format!(
                "--target {} and --target {} both set a band on {}; give one",
                first.arg, t.arg, t.metric
            ))
            .into());
        }
    }
    // How far each kept figure may move: as given, or the tolerance `check` gives it.
    let mut kept = Vec::new();
    for (i, k) in args.keep.iter().enumerate() {
        if args.keep[..i].iter().any(|j| j.metric == k.metric)
            || args
                .target
                .iter()
                .any(|t| t.metric == format!("{}_change", k.metric))
        {
            return Err(Failure::Usage(format!(
                "--keep {}: {} is kept twice; give one tolerance",
                k.arg, k.metric
            ))
            .into());
        }
        let plain = k
            .metric
            .split_once('@')
            .map_or(k.metric.as_str(), |(m, _)| m);
        let tolerance = match k.tolerance {
            Some(tol) => Some(tol),
            None => {
                let base = games::load(&source, &config_at(args, &[]), args.seats.players)
                    .map_err(|e| {
                        Failure::Usage(format!(
                            "--keep {}: a kept figure is measured against the config as given, which it refuses: {e}",
                            k.arg
                        ))
                    })?;
                with_game!(base, game => {
                    crate::stats::sequential::tolerance(plain, &game.declared().summary)
                })
            }
        };
        let example = if crate::stats::is_rate(plain) {
            "2%"
        } else {
            "1"
        };
        let Some(tol) = tolerance else {
            return Err(Failure::Usage(format!(
                "--keep {}: {} has no default tolerance; give one, as --keep {}={example}",
                k.arg, k.metric, k.metric
            ))
            .into());
        };
        if crate::stats::is_rate(plain) && tol > 1.0 {
            return Err(Failure::Usage(format!(
                "--keep {}: {} is a rate, between 0 and 1: write its tolerance with its % (2%) or as a fraction (0.02)",
                k.arg, k.metric
            ))
            .into());
        }
        kept.push(Target {
            metric: format!("{}_change", k.metric),
            low: -tol,
            high: tol,
            arg: k.arg.clone(),
        });
    }
    // A value refused wherever the other keys are is a mistake (a typo, a value out of range),
    // never a combination to leave out.
    for (k, vary) in args.vary.iter().enumerate() {
        for v in 0..vary.values.len() {
            let everywhere = usable.iter().all(|&p| index[p][k] != v);
            if let Some((_, why)) = refused
                .iter()
                .find(|(p, _)| everywhere && index[*p][k] == v)
            {
                return Err(Failure::Usage(why.clone()).into());
            }
        }
    }
    let budget = args.max_games.unwrap_or(10 * plays.default_games);
    // The games that checked each point are not the tune's.
    plays.spent = 0;
    let first = if usable.len() > MANY_POINTS {
        FIRST_ROUND / 4
    } else {
        FIRST_ROUND
    };
    // Known before the race (only the game that checked each point is played): a budget that
    // cannot pay for one round is the flag's mistake, not an answer that no value meets the
    // targets.
    let first_cost = plays.cost(usable.len(), (first, 0));
    if first_cost > budget {
        return Err(Failure::Usage(format!(
            "--max-games {budget} does not pay for the first round ({}{} × {first} games at {} table{}: {first_cost} games); give at least {first_cost}",
            points(usable.len(), keys),
            if args.keep.is_empty() { "" } else { " and the config as given (for --keep)" },
            plays.tables(),
            if plays.tables() == 1 { "" } else { "s" },
        ))
        .into());
    }
    let key_names: Vec<String> = args.vary.iter().map(|v| v.key.clone()).collect();
    let dir = result_dir(
        args.out.as_ref(),
        "tune",
        &source.name,
        &format!("tune-{}", source.stem),
        &folder_parts(args),
        &[],
    )?;
    let tell = |line: String| {
        if !args.workers.quiet {
            eprintln!("{line}");
        }
    };
    tell(format!(
        "tune: {} of {}, at most {budget} games (--max-games){}",
        points(usable.len(), keys),
        key_names.join(" × "),
        strong_cost(&plays, budget)
    ));
    let mut notes = String::new();
    if let Some(first) = refused.first() {
        notes += &format!(
            "Left out {} of the grid's {}, which the config refuses: {}{}\n",
            refused.len(),
            points(grid.len(), keys),
            first.1.trim_end().replace('\n', "; "),
            if refused.len() > 1 { "; …" } else { "" }
        );
    }

    signals::catch();
    // Games of the rounds finished: what `tune.toml` counts when a signal stops a round.
    let mut kept_games = 0u64;
    // A kept figure is a target on its change from the config as given.
    let mut targets = args.target.clone();
    targets.extend(kept);
    let targets = &targets;

    let mut racing = usable.clone();
    let mut rows: Vec<Vec<String>> = Vec::new();
    // Each point's figures on the most games it played in the race.
    let mut latest: BTreeMap<usize, (Figures, u64)> = BTreeMap::new();
    // The point confirmed on fresh seeds, its figures there, and the games it took.
    let mut confirmed: Option<(usize, Figures, u64)> = None;
    // Points inside every band in the race, not yet tried on fresh seeds.
    let mut inside_too: Vec<usize> = Vec::new();
    // Points tried on fresh seeds in any round: one that missed there is no alternative.
    let mut tried_fresh: std::collections::BTreeSet<usize> = Default::default();
    // Each point that was inside in the race but missed on fresh seeds, with its figures there
    // the last time: the answer says why it is not the one.
    let mut missed_fresh: BTreeMap<usize, Figures> = BTreeMap::new();
    // The keys that changed nothing in the first round, and the games it played.
    let mut idle: Vec<usize> = Vec::new();
    let mut round = 0u32;
    let mut games = first;
    let mut stopped = None;
    let mut row =
        |round: u32, seeds: &str, p: usize, games: u64, figures: &Figures, standing: &str| {
            for t in targets {
                let e = figure(figures, &t.metric);
                let bound = |x: f64| if x.is_finite() { num(x) } else { String::new() };
                let mut record = vec![round.to_string(), seeds.to_string()];
                record.extend(grid[p].iter().map(value_of));
                record.extend([
                    games.to_string(),
                    t.metric.clone(),
                    num(e.value),
                    num(e.low),
                    num(e.high),
                    bound(t.low),
                    bound(t.high),
                    standing.to_string(),
                ]);
                rows.push(record);
            }
        };
    'rounds: while !racing.is_empty() && confirmed.is_none() {
        let cost = plays.cost(racing.len(), (games, 0));
        if plays.spent + cost > budget {
            break;
        }
        round += 1;
        kept_games = plays.spent;
        let mut next = Vec::new();
        let mut inside = Vec::new();
        let mut played = BTreeMap::new();
        plays.bar = round_bar(cost, args.workers.quiet);
        for (n, &p) in racing.iter().enumerate() {
            plays.bar.say(format!(
                "round {round}, {} {} of {}: {}",
                if keys == 1 { "value" } else { "point" },
                n + 1,
                racing.len(),
                label(&grid[p])
            ));
            let figures = figures_of(plays.at(&grid[p], (games, 0))?, &mut stopped)?;
            let Some(figures) = figures else {
                plays.bar.finish_and_clear();
                break 'rounds;
            };
            let s = standing(targets, &figures);
            row(round, "race", p, games, &figures, s.word());
            latest.insert(p, (figures.clone(), games));
            match s {
                Standing::Inside => inside.push(p),
                Standing::Racing => next.push(p),
                Standing::Out => {}
            }
            played.insert(p, figures);
        }
        plays.bar.finish_and_clear();
        if round == 1 {
            // A key that changed nothing races on at one value only: where the other keys are
            // alike, the first the config takes.
            idle = idle_keys(&index, &played, keys);
            let group = |p: usize| {
                let mut at = index[p].clone();
                for &k in &idle {
                    at[k] = 0;
                }
                at
            };
            let mut first_of: BTreeMap<Vec<usize>, usize> = BTreeMap::new();
            for &p in &usable {
                first_of.entry(group(p)).or_insert(p);
            }
            let first_taken = |p: &usize| first_of[&group(*p)] == *p;
            next.retain(first_taken);
            inside.retain(first_taken);
            for &k in &idle {
                tell(format!(
                    "{} changed nothing in round 1: its values played the very same games",
                    args.vary[k].key
                ));
            }
        }
        // Inside every band after looking every round at every point is not yet sure: the
        // nearest the bands' middles plays as many games again on seeds the race never
        // played, and is confirmed only if it is inside there too.
        inside.sort_by(|&a, &b| {
            off_centre(targets, &latest[&a].0).total_cmp(&off_centre(targets, &latest[&b].0))
        });
        let nearest = played
            .iter()
            .min_by(|a, b| off_centre(targets, a.1).total_cmp(&off_centre(targets, b.1)))
            .map_or(String::new(), |(&p, f)| {
                format!("; nearest: {}: {}", label(&grid[p]), said(targets, f))
            });
        tell(format!(
            "round {round}: {} × {games} games; {} inside every band, {} still racing; {} games so far{nearest}",
            points(racing.len(), keys),
            inside.len(),
            next.len(),
            plays.spent
        ));
        for (k, &p) in inside.iter().enumerate() {
            let cost = plays.cost(1, (games, games));
            if plays.spent + cost > budget {
                next.extend(&inside[k..]);
                break;
            }
            plays.bar = round_bar(cost, args.workers.quiet);
            plays.bar.say(format!(
                "round {round}, confirming on fresh games: {}",
                label(&grid[p])
            ));
            let figures = figures_of(plays.at(&grid[p], (games, games))?, &mut stopped)?;
            plays.bar.finish_and_clear();
            let Some(figures) = figures else {
                break 'rounds;
            };
            let s = standing(targets, &figures);
            row(round, "fresh", p, games, &figures, s.fresh());
            tried_fresh.insert(p);
            if s == Standing::Inside {
                confirmed = Some((p, figures, games));
                inside_too.extend(inside.iter().filter(|w| !tried_fresh.contains(w)));
                break;
            }
            // Not inside on fresh seeds: it races on.
            missed_fresh.insert(p, figures);
            next.push(p);
        }
        next.sort_unstable();
        racing = next;
        games *= 2;
    }

    // The rows of a round cut short are left out: each point's rows are of whole rounds.
    rows.retain(|r| stopped.is_none() || r[0] != round.to_string());
    let mut header: Vec<String> = vec!["round".into(), "seeds".into()];
    header.extend(key_names.iter().cloned());
    header.extend(
        [
            "games",
            "metric",
            "estimate",
            "ci_low",
            "ci_high",
            "target_low",
            "target_high",
            "standing",
        ]
        .map(String::from),
    );
    dir.records("candidates.csv", &header, rows)?;
    let spent = |stopped: bool| if stopped { kept_games } else { plays.spent };
    let record = |answer: String| -> anyhow::Result<()> {
        let mut record = TuneRecord::new(args, &source, budget, spent(stopped.is_some()));
        record.answer = answer;
        record.partial = stopped.is_some();
        dir.text("tune.toml", &toml::to_string(&record)?)
    };
    if let Some(signal) = stopped {
        record(String::new())?;
        let page = page(&dir, args.report, crate::io::report::parts::NONE);
        let path = dir.commit(true)?;
        // Stopped by a signal, the run exits with it whether or not this note can be written.
        let _ = say(&format!(
            "INTERRUPTED by {} in round {round}: the rounds before it are kept in candidates.csv\n{}",
            signals::name(signal),
            written(&path, args.report)
        ));
        finished(&path, page, Some(signal))?;
        return Err(Failure::Interrupted(signal).into());
    }
    for &k in &idle {
        notes += &format!(
            "{} changes nothing the targets measure here: its values played the very same games in round 1 ({first} games each), so only {} raced on.\n",
            args.vary[k].key,
            value_of(&args.vary[k].values[index[usable[0]][k]])
        );
    }
    // Of the points that raced longest, the one whose figures are nearest their bands'
    // middles: the best of many points on a few games is mostly luck (the default chips, 40%,
    // looked like 32% in one of 175 points' first 250 games).
    let closest = latest
        .iter()
        .map(|(&p, (figures, games))| (off_centre(targets, figures), p, figures, *games))
        .min_by(|a, b| b.3.cmp(&a.3).then(a.0.total_cmp(&b.0)));
    // Whose figures the answer gives, at each table a target names, and whether they hold for
    // strong play.
    let strong_checked = plays.others.contains(&Table::Strong);
    // Whether a target or a kept figure reads the run's own table: a term with no `@TABLE`.
    let own_named = targets
        .iter()
        .map(|t| t.metric.as_str())
        .chain(plays.keeps.iter().map(String::as_str))
        .any(|m| m.split('-').any(|term| !term.contains('@')));
    let bots_at = |point: &[Override], players: Option<usize>| -> anyhow::Result<String> {
        let loaded = games::load(&source, &config_at(args, point), players)?;
        Ok(with_game!(loaded, game => labels(&lineup_at(&*game, args, point)?)))
    };
    let whose = |point: &[Override], bots: &str| -> anyhow::Result<String> {
        let mut at_tables = String::new();
        for &table in &plays.others {
            // `@P` at the run's own count is the own table, its bots already named.
            if let Table::Players(p) = table
                && p != plays.players
            {
                at_tables += &format!(
                    "; the {} ones, of {}",
                    table.suffix(),
                    crate::core::lineup::named(&bots_at(point, Some(p))?)
                );
            }
        }
        let bots = crate::core::lineup::named(bots);
        Ok(if strong_checked && !own_named {
            // Only @strong figures (and other tables') are asked for: the answer's figures
            // are the strong lineup's, though the run's own bots played each point too.
            format!(
                "The figures are the strong lineup's ({} at every seat){at_tables}; no target names those of {bots}, which also played each point.\n",
                crate::stats::strength::BOTS
            )
        } else if strong_checked {
            format!(
                "The figures are those of {bots}{at_tables}; the @strong ones, of the strong lineup ({} at every seat).\n",
                crate::stats::strength::BOTS
            )
        } else {
            format!(
                "The figures are those of {bots}{at_tables}, not checked under strong play: a target METRIC@strong also plays the strong lineup ({} at every seat).\n",
                crate::stats::strength::BOTS
            )
        })
    };
    let (text, code) = match (&confirmed, &closest) {
        (Some((p, figures, games)), _) => {
            let point = &grid[*p];
            let loaded = games::load(&source, &config_at(args, point), args.seats.players)?;
            let tuned_bots = point.iter().any(|o| bot_param(o).is_some());
            let bots = with_game!(loaded, game => {
                let bots = labels(&lineup_at(&*game, args, point)?);
                // A bot's parameters are not the config's: the file says which bots it was
                // tuned with.
                let with = if tuned_bots {
                    format!("# Tuned for these bots: simulate it with --bots {}\n", quote(&bots))
                } else {
                    String::new()
                };
                dir.text("tuned.toml", &format!("{with}{}", toml::to_string(game.resolved())?))?;
                bots
            });
            let also = if inside_too.is_empty() {
                String::new()
            } else {
                format!(
                    " Also inside every band in the race, not yet tried on fresh games: {}.",
                    at_most(inside_too.iter().map(|&w| label(&grid[w])).collect())
                )
            };
            let missed: Vec<String> = missed_fresh
                .iter()
                .filter(|(w, _)| *w != p)
                .map(|(&w, f)| format!("{}: {}", label(&grid[w]), said(targets, f)))
                .collect();
            let missed = if missed.is_empty() {
                String::new()
            } else {
                format!(
                    " Inside in the race but not on fresh games (candidates.csv): {}.",
                    missed.join("; ")
                )
            };
            let whose = whose(point, &bots)?;
            let bots = if tuned_bots || args.seats.bots.is_some() {
                format!(" --bots {}", quote(&bots))
            } else {
                String::new()
            };
            (
                format!(
                    "CONFIRMED: {} puts every target inside its band, in the race and on {games} fresh games: {}.{also}{missed}\n{stall}{whose}The tuned config is tuned.toml; {} games in all. Check it with more games: whisker simulate TUNED.toml{bots}\n{strong}",
                    label(point),
                    said(targets, figures),
                    plays.spent,
                    // A point whose games stall meets its bands with games the cap ended.
                    stall = match figures.get("capped_rate") {
                        Some(e) if e.value >= crate::io::report::headline::STALLED => format!(
                            "! But {} of its games hit the turn cap: the cap ended them, not the rules, and its figures count them.\n",
                            crate::io::report::headline::pct(e.value)
                        ),
                        _ => String::new(),
                    },
                    strong = if plays.others.contains(&Table::Strong) {
                        format!(
                            "and its @strong figures with the strong lineup: whisker simulate TUNED.toml --bots {} --games 10000 --strength off\n",
                            crate::stats::strength::BOTS
                        )
                    } else {
                        String::new()
                    }
                ),
                0,
            )
        }
        (None, Some((_, p, figures, games))) => {
            let why = if racing.is_empty() {
                // The targets no point came near: every point's interval wholly outside.
                let unreachable: Vec<String> = targets
                    .iter()
                    .filter(|t| {
                        latest.values().all(|(f, _)| {
                            let e = figure(f, &t.metric);
                            t.misses(e.low, e.high)
                        })
                    })
                    .map(Target::wanted)
                    .collect();
                let which = if unreachable.is_empty() {
                    "no one target is out of reach everywhere, but at each point one is".to_string()
                } else {
                    format!("out of reach at every point: {}", unreachable.join(", "))
                };
                format!(
                    "no {} meets the targets: each has a figure whose 95% interval lies wholly outside its band ({which})",
                    if keys == 1 { "value" } else { "point" }
                )
            } else {
                "not confirmed within --max-games".to_string()
            };
            let jumps = cliffs(args, targets, &grid, &index, &latest);
            let jumps = if jumps.is_empty() {
                String::new()
            } else {
                // Every one: no file but this answer names them.
                format!("Cliffs: {}.\n", jumps.join("; "))
            };
            (
                format!(
                    "NOT FOUND: {why}. The closest: {} on {games} games: {}. {} games in all; no tuned config is written.\n{}{jumps}",
                    label(&grid[*p]),
                    said(targets, figures),
                    plays.spent,
                    whose(&grid[*p], &bots_at(&grid[*p], args.seats.players)?)?
                ),
                1,
            )
        }
        // The first round is paid for before any is played, and a stopped one returned above.
        (None, None) => unreachable!("a tune that played no round"),
    };
    // The recorded answer's commands run from where this one did, as the terminal's do.
    let tuned = |folder: &Path| folder.join("tuned.toml").display().to_string();
    record(format!("{notes}{text}").replace("TUNED.toml", &tuned(dir.shown())))?;
    let page = page(&dir, args.report, crate::io::report::parts::NONE);
    let path = dir.commit(false)?;
    let text = text.replace("TUNED.toml", &tuned(&path));
    let said = say(&format!("{notes}{text}{}", written(&path, args.report)));
    finished(&path, page, None)?;
    said?;
    Ok(code)
}

/// `tune.toml`: how the tune was run, and the command that runs it again.
#[derive(serde::Serialize)]
struct TuneRecord<'a> {
    whisker_version: &'a str,
    config: &'a str,
    vary: Vec<&'a str>,
    target: Vec<&'a str>,
    keep: Vec<&'a str>,
    set: Vec<&'a str>,
    seed: u64,
    max_games: u64,
    games_played: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bots: Option<&'a str>,
    reproduce: String,
    /// What the tune said: the first lines of its answer (none when it was stopped first).
    #[serde(skip_serializing_if = "String::is_empty")]
    answer: String,
    /// Stopped by a signal before it answered: `reproduce` plays the whole tune, not the
    /// rounds it finished.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    partial: bool,
}

impl<'a> TuneRecord<'a> {
    fn new(args: &'a TuneArgs, source: &'a Source, max_games: u64, games_played: u64) -> Self {
        let mut reproduce = format!("whisker tune {}", quote(&crate::games::arg_of(source)));
        for v in &args.vary {
            reproduce += &format!(" --vary {}", quote(&v.arg));
        }
        for t in &args.target {
            reproduce += &format!(" --target {}", quote(&t.arg));
        }
        for k in &args.keep {
            reproduce += &format!(" --keep {}", quote(&k.arg));
        }
        for o in &args.set {
            reproduce += &format!(" --set {}", quote(&o.arg));
        }
        reproduce += &format!(" --seed {} --max-games {max_games}", args.seed);
        if let Some(p) = args.seats.players {
            reproduce += &format!(" --players {p}");
        }
        if let Some(b) = &args.seats.bots {
            reproduce += &format!(" --bots {}", quote(b));
        }
        Self {
            whisker_version: env!("CARGO_PKG_VERSION"),
            config: &source.name,
            vary: args.vary.iter().map(|v| v.arg.as_str()).collect(),
            target: args.target.iter().map(|t| t.arg.as_str()).collect(),
            keep: args.keep.iter().map(|k| k.arg.as_str()).collect(),
            set: args.set.iter().map(|o| o.arg.as_str()).collect(),
            seed: args.seed,
            max_games,
            games_played,
            players: args.seats.players,
            bots: args.seats.bots.as_deref(),
            reproduce,
            answer: String::new(),
            partial: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(rate: f64) -> Figures {
        let e = Estimate {
            value: rate,
            low: rate - 0.01,
            high: rate + 0.01,
        };
        BTreeMap::from([("mouse_win_rate".to_string(), e)])
    }

    #[test]
    fn a_key_is_idle_only_when_every_pair_it_alone_tells_apart_played_alike() {
        // Two keys of two values each; the second changes nothing, the first does.
        let index = vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]];
        let played: BTreeMap<usize, Figures> = [0.2, 0.2, 0.3, 0.3]
            .into_iter()
            .map(figures)
            .enumerate()
            .collect();
        assert_eq!(idle_keys(&index, &played, 2), [1]);
        // One pair apart in the second key: it moves something after all.
        let mut moved = played.clone();
        moved.insert(3, figures(0.31));
        assert!(idle_keys(&index, &moved, 2).is_empty());
        // A key with one value has no pair to tell it by: never idle.
        let single = vec![vec![0], vec![0]];
        let one: BTreeMap<usize, Figures> = BTreeMap::from([(0, figures(0.2))]);
        assert!(idle_keys(&single, &one, 1).is_empty());
    }

    #[test]
    fn a_figure_names_its_table_after_an_at() {
        assert_eq!(Table::of("mean_turns@5"), Some(Table::Players(5)));
        assert_eq!(Table::of("seat_1_win_rate@strong"), Some(Table::Strong));
        assert_eq!(Table::of("mean_turns"), None);
        assert_eq!(Table::of("mean_turns@five"), None);
        assert_eq!(Table::Players(5).suffix(), "@5");
        assert_eq!(Table::Strong.suffix(), "@strong");
    }

    #[test]
    fn long_lists_say_how_many_more() {
        let list = |n: usize| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>();
        assert_eq!(at_most(list(4)), "1; 2; 3; 4");
        assert_eq!(at_most(list(6)), "1; 2; 3; 4; and 2 more");
    }
}
